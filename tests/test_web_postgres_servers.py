"""Several real ``golf web`` processes serving one site from one database: a PostgreSQL server
(tests/postgres_support.py starts a real one), and for comparison one SQLite file.

* the tests of two servers on one file, run again on PostgreSQL: the second process serves what
  the first one saved, a card-game seat on one follows the actions made on the other (pushed
  through LISTEN/NOTIFY), and two processes saving the same action get one ``ok`` and one
  ``stale``: the database orders each table's actions;
* a card-game match whose two people sit on different processes, with a computer player that
  both processes run: one process is killed with SIGKILL mid-match, with an action in flight;
  its seat reconnects to the other process, and the match goes on. Every acknowledged action is
  in the log, in order; the log holds no gap and no conflicting action; the table is what
  replaying the log with golfcore gives;
* a process killed at random moments and started again loses no acknowledged action (the test
  of the SQLite store, on PostgreSQL).

Slow: CI's slow run installs Debian's PostgreSQL and requires these tests.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
import websockets

from golfcore.cardgame.match import Match
from golfcore.web.store import Store
from postgres_support import pg_url, postgres  # noqa: F401 (fixtures)
from test_web_durability_server import (UNHURRIED, Tab, kill_and_restart,
                                        two_servers_stay_consistent)
from test_web_server import Server
from test_web_two_servers import (card_seat_on_the_second_server_follows, pushed,
                                  second_server_serves_what_the_first_one_saved)

pytestmark = pytest.mark.slow

SEED = 23
KINDS = ["human", "human", "bot:greedy"]


def test_the_second_process_serves_what_the_first_one_saved(pg_url):  # noqa: F811
    second_server_serves_what_the_first_one_saved(pg_url)


def test_a_card_seat_on_the_second_process_is_pushed_the_first_ones_actions(pg_url):  # noqa: F811,E501
    card_seat_on_the_second_server_follows(pg_url)


def test_two_processes_saving_the_same_action_get_one_ok_and_one_stale(pg_url):  # noqa: F811
    two_servers_stay_consistent(pg_url)


def test_a_process_killed_at_random_moments_loses_no_acknowledged_action(pg_url):  # noqa: F811
    kill_and_restart(pg_url, kills=3, seed=random.randrange(10**6))


@pytest.fixture(params=["postgresql", "sqlite"])
def shared_db(request, tmp_path) -> Path | str:
    if request.param == "sqlite":
        return tmp_path / "games.sqlite3"
    return request.getfixturevalue("pg_url")


def test_a_match_with_seats_on_two_processes_survives_killing_one(shared_db):
    one, two = Server(shared_db, *UNHURRIED), Server(shared_db, *UNHURRIED)
    acked: dict[int, tuple[int, str]] = {}          # version -> (seat, action), acknowledged
    facts: dict[str, Any] = {}

    async def turn(tabs: dict[int, Tab], tokens: dict[str, str]) -> bool:
        """One person's action, when one of them may act: whoever's turn it is, on their
        process; the other person, on the other process, must be pushed it."""
        for seat, tab in tabs.items():
            opened = await tab("open", tokens=[tokens[str(seat)]])
            obs, version = opened["observations"][str(seat)], opened["version"]
            if obs["legal"] and (obs["turn"] == seat or obs["step"] == "over"):
                reply = await tab("act", seat=seat, action=obs["legal"][0], version=version)
                if reply.get("error") == "stale":             # the computer was quicker
                    return False
                assert reply["ok"] is True, reply
                acked[reply["version"]] = (seat, reply["action"])
                other = tabs[1 - seat]
                if other is not tab:                          # across processes: NOTIFY
                    push = await pushed(other, reply["version"])
                    assert push["version"] >= reply["version"]
                return True
        await asyncio.sleep(0.02)                             # the computer's turn
        return False

    async def play() -> None:
        async with websockets.connect(one.ws_url) as ws_a, \
                websockets.connect(two.ws_url) as ws_b:
            a, b = Tab(ws_a), Tab(ws_b)
            new = await a("new", game="card-game", variant="card-golf", seed=SEED,
                          seat_kinds=KINDS)
            tokens, facts["table"] = new["tokens"], new["table"]
            await a("open", tokens=[tokens["0"]])             # one seat each
            await b("open", tokens=[tokens["1"]])
            tabs = {0: a, 1: b}
            played = 0
            while played < 8:
                played += await turn(tabs, tokens)
            # seat 0's next action is sent, and its process killed before the reply
            opened = await a("open", tokens=[tokens["0"]])
            while not opened["observations"]["0"]["legal"]:
                await asyncio.sleep(0.02)
                opened = await a("open", tokens=[tokens["0"]])
            obs = opened["observations"]["0"]
            facts["in_flight"] = (0, obs["legal"][0])
            await ws_a.send(json.dumps({"id": 999, "cmd": "act", "seat": 0,
                                        "action": obs["legal"][0],
                                        "version": opened["version"]}))
            one.kill()
            # seat 0 comes back on the surviving process, and the match goes on there
            async with websockets.connect(two.ws_url) as ws_c:
                c = Tab(ws_c)
                back = await c("open", tokens=[tokens["0"]])
                assert back["version"] >= max(acked)
                tabs = {0: c, 1: b}
                while played < 16:
                    played += await turn(tabs, tokens)
                facts["final"] = await c("open", tokens=[tokens["0"]])

    try:
        asyncio.run(play())
    finally:
        one.stop()
        two.stop()
    with Store(shared_db) as store:
        log = store.actions(facts["table"])
    assert [a["version"] for a in log] == list(range(1, len(log) + 1)), "a gap in the log"
    for version, (seat, action) in acked.items():
        assert (log[version - 1]["seat"], log[version - 1]["request"]["action"]) == \
            (seat, action), f"acknowledged action {version} was lost or replaced"
    final = facts["final"]                # (the computer may have played on since)
    match = Match("card-golf", players=len(KINDS), seed=SEED)
    for entry in log:                     # every action in the log is legal where it stands
        if entry["version"] == final["version"] + 1:
            assert final["observations"]["0"] == match.observation(0).to_json()
        assert match.act(entry["seat"], entry["request"]["action"]).accepted, entry
    assert final["version"] <= len(log)
    if final["version"] == len(log):
        assert final["observations"]["0"] == match.observation(0).to_json()
