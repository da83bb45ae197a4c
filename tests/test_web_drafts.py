"""Draft tables: a solitaire ``new`` with ``draft: true`` (what the page deals on a first visit)
is played in memory and saved only with its first accepted action, table and action in one
transaction (docs/web.md, *Drafts*).

What a player relies on, tried against a real ``golf web`` process on a real SQLite file:
looking at a page saves nothing and counts in no statistic; a reload (a new connection) deals
a table again without saving one; the first move, once acknowledged, is durable (kill -9 and
the table resumes); a first move that cannot be saved leaves no table behind."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import websockets

from golfcore.web.records import NewAction, NewTable, StoreError
from golfcore.web.store import Store
import test_web_api
from test_web_api import Browser
from test_web_durability import HeldLock
from test_web_server import GUARD, Server, Tab

# test_web_api's fixtures, which the tests below take by name
web, browser = test_web_api.web, test_web_api.browser


def rows(db: Path, sql: str) -> list[tuple[Any, ...]]:
    """The rows of ``sql`` on the server's file, read as another program reads it."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def counts(db: Path) -> tuple[int, int, int, int]:
    """How many tables, seats, actions and snapshots the file holds."""
    return tuple(rows(db, f"SELECT COUNT(*) FROM {name}")[0][0]  # type: ignore[return-value]
                 for name in ("tables", "seats", "actions", "snapshots"))


def first_action(state: dict[str, Any]) -> dict[str, Any]:
    """A legal first action of a solitaire ``state`` (a free card if one plays, else draw)."""
    plays = [m for m in state["legal"] if m != "draw"]
    return {"cmd": "play", "column": int(plays[0].split(".")[0])} if plays else {"cmd": "draw"}


async def look(url: str, db: Path) -> dict[str, Any]:
    """A page that deals a draft, looks at it every way that does not act, and goes away."""
    async with websockets.connect(url) as ws:
        tab = Tab(ws)
        new = await tab("new", variant="app-facil", draft=True)
        assert new["ok"] is True and new["draft"] is True and "tokens" not in new, new
        assert new["version"] == 0 and new["state"]["moves"] == 0
        assert new["state"]["position"]["stock"] is None
        assert (await tab("state"))["state"] == new["state"]
        assert (await tab("legal"))["legal"] == new["state"]["legal"]
        assert (await tab("hint"))["ok"] is True
        assert counts(db) == (0, 0, 0, 0)             # nothing while the page is open
        return new


async def play_first(url: str, db: Path) -> dict[str, Any]:
    """A reload deals a new draft; its first move is refused while another program holds the
    write lock (nothing saved), then saved with its table."""
    async with websockets.connect(url) as ws:
        tab = Tab(ws)
        new = await tab("new", variant="app-facil", draft=True)
        action = first_action(new["state"])
        lock = HeldLock(db)
        try:
            refused = await tab(**action, version=0)
            assert not lock.released.is_set()
        finally:
            lock.release()
        assert refused["error"] == "not-saved" and refused["version"] == 0, refused
        assert refused["state"] == new["state"]
        assert counts(db) == (0, 0, 0, 0)             # no table without its action
        done = await tab(**action, version=0)
        assert done["ok"] is True and done["version"] == 1, done
        assert set(done["tokens"]) == {"0"} and done["table"] == new["table"]
        # acknowledged: the table and the action are on the file together
        assert counts(db) == (1, 1, 1, 1)
        assert rows(db, "SELECT id, version FROM tables") == [(new["table"], 1)]
        assert rows(db, "SELECT version, seat FROM actions") == [(1, 0)]
        assert rows(db, "SELECT version FROM snapshots") == [(0,)]
        after = await tab("state")
        assert after["state"] == done["state"] and "tokens" not in after
        return {"new": new, "done": done, "action": action}


async def reopen(url: str, played: dict[str, Any]) -> None:
    async with websockets.connect(url) as ws:
        tab = Tab(ws)
        opened = await tab("open", tokens=[played["done"]["tokens"]["0"]])
        assert opened["ok"] is True and opened["version"] == 1, opened
        assert opened["state"] == played["done"]["state"]
        assert (await tab("undo", version=1))["state"]["moves"] == 1


def stats(server: Server) -> dict[str, Any]:
    with urllib.request.urlopen(server.url + "api/stats", timeout=GUARD) as response:
        return json.load(response)


def test_a_draft_is_saved_with_its_first_action_only(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    server = Server(db, "--messages-per-second", "1000", "--save-timeout", "0.5")
    try:
        seen = asyncio.run(look(server.ws_url, db))
        assert counts(db) == (0, 0, 0, 0)             # the page went away: still nothing
        assert stats(server)["solitaire"] == []       # and no game counted
        played = asyncio.run(play_first(server.ws_url, db))
        assert played["new"]["table"] != seen["table"]    # a reload: another draft
        line, = stats(server)["solitaire"]
        assert line["variant"] == "app-facil" and line["played"] == 0   # being played
        server.kill()                                 # the acknowledged move is durable
    finally:
        server.stop()
    again = Server(db)
    try:
        asyncio.run(reopen(again.ws_url, played))
    finally:
        again.stop()
    assert again.process.returncode == 130                # stopped by Ctrl-C
    assert list(again.stderr.queue) == ["golf: interrupted"]


def test_a_draft_table_and_its_first_action_are_one_write(tmp_path: Path) -> None:
    with Store(tmp_path / "games.sqlite3") as store:
        snapshot = {"format": "test"}
        summary = {"status": "playing", "games": [{"deal": 1, "code": "GO1-E-AAAAAAB",
                                                   "status": "playing", "moves": 0,
                                                   "score": None}], "round": None}
        job = store.new_table(game="solitaire", variant="app-facil", seat_kinds=["human"],
                              snapshot=snapshot, summary=summary)
        played = {**summary, "games": [{**summary["games"][0], "moves": 1}]}
        bad = NewAction(job.record.id, 1, 3, {"cmd": "draw"}, played)   # no seat 3
        outcome, = store.write([NewTable(job.record, first=bad)])
        assert isinstance(outcome, StoreError) and "no seat 3" in str(outcome)
        assert store.load(job.record.id) is None      # the table did not stay without it
        good = NewAction(job.record.id, 1, 0, {"cmd": "draw"}, played)
        assert store.write([NewTable(job.record, first=good)]) == [None]
        saved = store.load(job.record.id)
        assert saved is not None and saved.version == 1 and saved.snapshot_version == 0
        assert [a.request for a in saved.tail] == [{"cmd": "draw"}]


def test_a_draft_left_unplayed_is_forgotten(web: Any, browser: Browser) -> None:
    client, store = web
    hub = client.app.state.hub
    first = browser("new", draft=True)
    assert first["draft"] is True and first["table"] in hub.drafts
    assert browser("undo", version=0)["ok"] is False  # refused: nothing to save
    second = browser("new", code="GO1-E-AAAAAAB")     # another table: the draft is left
    assert "tokens" in second and first["table"] not in hub.tables
    assert not hub.drafts
    assert [line["variant"] for line in store.statistics()["solitaire"]] == ["app-facil"]
    assert len(store.export()["tables"]) == 1


@pytest.mark.parametrize("fields, says", [
    ({"draft": "yes"}, "'draft' must be true or false"),
    ({"draft": True, "winnable": True}, "takes no 'draft'"),
])
def test_a_bad_draft_is_refused(browser: Browser, fields: dict[str, Any], says: str) -> None:
    reply = browser("new", **fields)
    assert reply["error"] == "bad-input" and says in reply["message"], reply
    assert set(reply["messages"]) == {"es", "en"}


def test_a_card_game_has_no_draft(browser: Browser) -> None:
    reply = browser("new", game="card-game", draft=True)
    assert reply["error"] == "bad-request" and "draft" in reply["message"], reply
