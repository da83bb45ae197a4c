"""The storage bounds of ``golf web`` (docs/web.md, *Bounds*; :mod:`golfcore.web.quotas`).

The flood the bounds answer: each ``new`` leaves the previous table saved, so without them one
connection, or many from one address, fills the disk. Each test floods the real app over a
real SQLite file with that bound set low, and checks the refusal a browser sees (in Spanish and
English), that nothing was saved for it, and that the tables already saved go on being played.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from typing import Any

import pytest
from test_web_api import HTTP, WS, Browser
from test_web_limits import TWO_HUMANS, serve  # noqa: F401 (a fixture)

from golfcore.web.app import create_app
from golfcore.web.limits import Limits
from golfcore.web.store import Store

from starlette.testclient import TestClient

#: Every bound but the one a test crosses is out of the way.
WIDE = {"messages_per_second": 1e6, "tables_per_connection": 1000, "saved_per_connection": 1000,
        "saved_per_address": 1000, "saved_tables": 1000}


@pytest.fixture
def wide(serve: Callable[..., tuple[TestClient, Store]]  # noqa: F811 (the fixture)
         ) -> Callable[..., tuple[TestClient, Store]]:
    """``wide(**bounds)``: the app with those bounds and every other bound out of the way."""
    return lambda **bounds: serve(**{**WIDE, **bounds})


def saved(store: Store) -> int:
    return len(store.export()["tables"])


def refused(reply: dict[str, Any], error: str) -> None:
    assert (reply["ok"], reply["error"]) == (False, error), reply
    assert reply["messages"]["es"] and reply["messages"]["en"], reply
    assert reply["messages"]["es"] != reply["messages"]["en"]


@pytest.mark.parametrize("request_", [TWO_HUMANS, {"game": "solitaire", "code": "GO1-C-AAAAAAB"}],
                         ids=["card-game", "solitaire"])
def test_six_new_in_a_row_on_one_connection_save_only_so_many(wide, request_):
    client, store = wide(saved_per_connection=3)
    with client.websocket_connect(WS) as ws:
        tab = Browser(ws)
        replies = [tab("new", **request_) for _ in range(6)]
        assert [r["ok"] for r in replies] == [True, True, True, False, False, False]
        refused(replies[3], "too-many-saved")
        assert "this connection" in replies[3]["message"] and "(3)" in replies[3]["message"]
        assert saved(store) == 3
        # the refused new changed nothing: the tab still sits at its last table, which plays on
        if request_["game"] == "solitaire":
            assert tab("state")["table"] == replies[2]["table"]
            assert tab("draw")["ok"] is True
        else:
            assert tab("observe", seat=0)["table"] == replies[2]["table"]


def test_connections_from_one_address_share_a_bound(wide):
    client, store = wide(saved_per_connection=2, saved_per_address=5)
    answers = []
    for _ in range(4):                      # the test client's connections share one address
        with client.websocket_connect(WS) as ws:
            tab = Browser(ws)
            answers += [tab("new", **TWO_HUMANS) for _ in range(2)]
    assert [a["ok"] for a in answers] == [True] * 5 + [False] * 3
    refused(answers[5], "too-many-saved")
    assert "your address" in answers[5]["message"]
    assert saved(store) == 5


def test_the_address_is_kept_only_as_a_keyed_hash(wide, tmp_path):
    client, store = wide()
    with client.websocket_connect(WS) as ws:
        Browser(ws)("new", **TWO_HUMANS)
    conn = sqlite3.connect(store.path)
    (client_key,), = conn.execute("SELECT client FROM tables").fetchall()
    conn.close()
    address = "testclient"                  # Starlette's test client's address
    assert len(client_key) == 32 and all(c in "0123456789abcdef" for c in client_key)
    for name in (store.path.name, store.path.name + "-wal"):
        path = store.path.parent / name
        if path.exists():
            assert address.encode() not in path.read_bytes()
    # another database keys the same address otherwise: hashes do not link its players
    with Store(tmp_path / "other.sqlite3") as other:
        assert other.address_key(address) != client_key
        assert other.address_key(address) == other.address_key(address)


def test_the_whole_database_holds_so_many_unfinished_tables(wide):
    client, store = wide(saved_tables=4)
    with client.websocket_connect(WS) as ws:
        tab = Browser(ws)
        answers = [tab("new", **TWO_HUMANS) for _ in range(5)]
    assert [a["ok"] for a in answers] == [True] * 4 + [False]
    refused(answers[4], "too-many-saved")
    assert "the server" in answers[4]["message"]


def test_a_finished_table_no_longer_counts(wide):
    client, store = wide(saved_per_connection=2)
    with client.websocket_connect(WS) as ws:
        tab = Browser(ws)
        first = tab("new", **TWO_HUMANS)
        tab("new", **TWO_HUMANS)
        refused(tab("new", **TWO_HUMANS), "too-many-saved")
        conn = sqlite3.connect(store.path)   # the first one ends (as if played to its end)
        conn.execute("UPDATE tables SET status = 'over' WHERE id = ?", (first["table"],))
        conn.commit()
        conn.close()
        assert tab("new", **TWO_HUMANS)["ok"] is True


def test_a_full_database_refuses_new_tables(wide):
    client, store = wide(db_megabytes=0.001)            # 1 kB: any database is past it
    with client.websocket_connect(WS) as ws:
        tab = Browser(ws)
        refused(tab("new", **TWO_HUMANS), "storage-full")
        assert "MB" in tab("new", game="solitaire", code="GO1-C-AAAAAAB")["message"]
        assert saved(store) == 0
        assert tab("hello")["ok"] is True                 # the server goes on serving


def test_a_full_database_goes_on_saving_moves_at_tables_already_saved(tmp_path):
    path = tmp_path / "web.sqlite3"
    with Store(path) as store:
        with TestClient(create_app(store, bot_delay=0, limits=Limits(**WIDE)),
                        base_url=HTTP) as client, client.websocket_connect(WS) as ws:
            started = Browser(ws)("new", game="solitaire", code="GO1-C-AAAAAAB")
    with Store(path) as store:
        tight = Limits(**{**WIDE, "db_megabytes": 0.001})
        with TestClient(create_app(store, bot_delay=0, limits=tight),
                        base_url=HTTP) as client, client.websocket_connect(WS) as ws:
            tab = Browser(ws)
            assert tab("open", tokens=[started["tokens"]["0"]])["ok"] is True
            assert tab("draw")["ok"] is True          # saved at its table
            refused(tab("new", game="solitaire", code="GO1-C-AAAAAAB"), "storage-full")
        assert store.load(started["table"]).version == 1


def test_unfinished_tables_nobody_plays_expire(tmp_path):
    now = [1_000_000.0]
    with Store(tmp_path / "web.sqlite3", clock=lambda: now[0]) as store:
        with TestClient(create_app(store, bot_delay=0, limits=Limits(**WIDE)),
                        base_url=HTTP) as client, client.websocket_connect(WS) as ws:
            tab = Browser(ws)
            old = tab("new", **TWO_HUMANS)["table"]
            done = tab("new", **TWO_HUMANS)["table"]
            now[0] += 29 * 86400
            kept = tab("new", **TWO_HUMANS)["table"]
        conn = sqlite3.connect(store.path)
        conn.execute("UPDATE tables SET status = 'over' WHERE id = ?", (done,))
        conn.commit()
        conn.close()
        now[0] += 2 * 86400                                     # the first two are 31 days old
        before = now[0] - Limits().expire_days * 86400
        assert store.expire(before, keep={"nothing"}) == 1
        left = {t["id"] for t in store.export()["tables"]}
        assert left == {done, kept} and old not in left
        assert store.load(old) is None and store.seat_of("x" * 22) is None
        conn = sqlite3.connect(store.path)                      # its rows went with it
        for name in ("seats", "actions", "snapshots"):
            assert conn.execute(f"SELECT count(*) FROM {name} WHERE table_id = ?",
                                (old,)).fetchone() == (0,)
        conn.close()
        now[0] += 60 * 86400                                    # a live table is never expired
        assert store.expire(now[0] - 30 * 86400, keep={kept}) == 0


def test_the_running_server_expires_old_unfinished_tables(tmp_path):
    now = [1_000_000.0]
    with Store(tmp_path / "web.sqlite3", clock=lambda: now[0]) as store:
        limits = Limits(**{**WIDE, "idle_seconds": 0.1, "expire_days": 1.0})
        with TestClient(create_app(store, bot_delay=0, limits=limits),
                        base_url=HTTP) as client:
            with client.websocket_connect(WS) as ws:
                old = Browser(ws)("new", **TWO_HUMANS)["table"]
            now[0] += 2 * 86400                     # two days later, nobody came back
            with client.websocket_connect(WS) as ws:
                tab = Browser(ws)
                fresh = tab("new", **TWO_HUMANS)["table"]
                deadline = time.monotonic() + 10
                while store.load(old) is not None and time.monotonic() < deadline:
                    time.sleep(0.05)
                assert store.load(old) is None      # the sweep deleted it
                assert tab("observe", seat=0)["table"] == fresh   # the live one stays
            assert store.load(fresh) is not None
