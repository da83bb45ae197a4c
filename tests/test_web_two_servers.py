"""Two real ``golf web`` processes on one SQLite file never serve a table older than the file:
``open`` and ``state`` on one server read the version the other one just saved, and a seat
connected to one server is pushed the other server's actions (the change feed,
:mod:`golfcore.web.changes`)."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

import websockets

from golfcore.protocol.solitaire import state_of
from golfcore.solitaire.game import Game
from test_web_durability_server import UNHURRIED, Tab, apply_solitaire, solitaire_request
from test_web_server import Server

CODE = "GO1-E-AAAAAAB"
#: How long a push from the other server may take to arrive (the feed looks every 50 ms).
FEED_SECONDS = 2.0


async def pushed(tab: Tab, version: int) -> dict[str, Any]:
    """The first push of ``tab`` at ``version`` or later, within :data:`FEED_SECONDS`."""
    deadline = time.monotonic() + FEED_SECONDS
    for push in tab.pushes:
        if push.get("version", -1) >= version:
            return push
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"no push of version {version} within {FEED_SECONDS} s"
        try:
            message = json.loads(await asyncio.wait_for(tab.ws.recv(), left))
        except asyncio.TimeoutError:
            raise AssertionError(f"no push of version {version} within {FEED_SECONDS} s") \
                from None
        tab.pushes.append(message)
        if message.get("push") == "update" and message.get("version", -1) >= version:
            return message


def test_the_second_server_serves_what_the_first_one_saved(tmp_path):
    second_server_serves_what_the_first_one_saved(tmp_path / "games.sqlite3")


def second_server_serves_what_the_first_one_saved(db: Path | str) -> None:
    one, two = Server(db, *UNHURRIED), Server(db, *UNHURRIED)
    rng = random.Random(7)

    async def play() -> None:
        async with websockets.connect(one.ws_url) as ws_a, \
                websockets.connect(two.ws_url) as ws_b, \
                websockets.connect(two.ws_url) as ws_watch:
            a, b, watcher = Tab(ws_a), Tab(ws_b), Tab(ws_watch)
            new = await a("new", code=CODE)
            token = new["tokens"]["0"]
            assert (await b("open", tokens=[token]))["version"] == 0
            assert (await watcher("open", tokens=[token]))["version"] == 0
            game = Game.from_code(CODE)
            version = 0
            for n in range(1, 31):
                request = solitaire_request(game, rng)
                if request["cmd"] == "draw" and not game.legal(0):
                    break
                reply = await a(**request)
                assert reply["ok"] is True and reply["version"] == n, reply
                apply_solitaire(game, request)
                version = n
                if n % 2:
                    # at once, on the other server: what the file holds, not its memory
                    opened = await b("open", tokens=[token])
                    assert opened["version"] == n, (n, opened["version"])
                    assert opened["state"] == reply["state"] == state_of(game)
                    state = await b("state")
                    assert state["version"] == n and state["state"] == reply["state"]
                else:
                    # no request on the other server: the seat there is pushed the action
                    push = await pushed(watcher, n)
                    assert push["version"] == n and push["state"] == reply["state"]
                    assert push["last"] is None          # made on another server
            assert version > 10, "too few actions were played"
            # the other server, caught up, plays on: the first one follows it
            request = solitaire_request(game, rng)
            reply = await b(**request, version=version)
            assert reply["ok"] is True and reply["version"] == version + 1, reply
            state = await a("state")
            assert state["version"] == version + 1 and state["state"] == reply["state"]

    try:
        asyncio.run(play())
    finally:
        one.stop()
        two.stop()
    assert one.process.returncode == two.process.returncode == 130


def test_a_card_game_seat_on_the_second_server_follows_the_first_one(tmp_path):
    card_seat_on_the_second_server_follows(tmp_path / "games.sqlite3")


def card_seat_on_the_second_server_follows(db: Path | str) -> None:
    one, two = Server(db, *UNHURRIED), Server(db, *UNHURRIED)

    async def play() -> None:
        async with websockets.connect(one.ws_url) as ws_a, \
                websockets.connect(two.ws_url) as ws_b, \
                websockets.connect(two.ws_url) as ws_watch:
            a, b, watcher = Tab(ws_a), Tab(ws_b), Tab(ws_watch)
            new = await a("new", game="card-game", variant="card-golf", seed=5,
                          seat_kinds=["human", "human"])
            tokens = new["tokens"]
            assert (await watcher("open", tokens=[tokens["1"]]))["version"] == 0
            observations = new["observations"]
            for n in range(1, 9):
                seat = next(int(s) for s, obs in observations.items() if obs["legal"])
                action = observations[str(seat)]["legal"][0]
                reply = await a("act", seat=seat, action=action, version=n - 1)
                assert reply["ok"] is True and reply["version"] == n, reply
                observations = (await a("open", tokens=[tokens["0"], tokens["1"]])
                                )["observations"]
                if n % 2:
                    opened = await b("open", tokens=[tokens["1"]])
                    assert opened["version"] == n
                    assert opened["observations"]["1"] == observations["1"]
                else:
                    push = await pushed(watcher, n)
                    assert push["version"] == n and push["last"] is None
                    assert push["observations"] == {"1": observations["1"]}

    try:
        asyncio.run(play())
    finally:
        one.stop()
        two.stop()


def test_the_change_feed_names_the_tables_with_new_actions(tmp_path):
    """In one process: the feed reports each table that got actions, with its latest version,
    once; a commit that adds no action (a new table) reports nothing."""
    from golfcore.web.changes import ChangeFeed
    from golfcore.web.store import Store
    from web_tables import solitaire

    async def watch() -> None:
        news: asyncio.Queue[list[tuple[str, int]]] = asyncio.Queue()
        with Store(tmp_path / "games.sqlite3") as store:
            before = solitaire(store, actions=2)
            feed = ChangeFeed(store.path, asyncio.get_running_loop(), news.put_nowait,
                              interval=0.01)
            feed.start()
            try:
                solitaire(store, actions=0)                 # no action: no news
                table = solitaire(store, actions=3).id
                seen: list[tuple[str, int]] = []
                while not seen or seen[-1][1] < 3:
                    seen += await asyncio.wait_for(news.get(), FEED_SECONDS)
                # in order, each version at most once (a poll may see several commits)
                assert {t for t, _ in seen} == {table}
                versions = [v for _, v in seen]
                assert versions == sorted(set(versions)) and versions[-1] == 3
                await asyncio.sleep(0.05)
                assert news.empty()                         # nothing new: no news
                before.act("draw")
                assert await asyncio.wait_for(news.get(), FEED_SECONDS) == [(before.id, 3)]
            finally:
                feed.stop()

    asyncio.run(watch())
