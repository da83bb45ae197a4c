"""The bounds of ``golf web`` (docs/web.md, *Bounds*): one test per bound that crosses it.

Each runs the real app over a real SQLite file through Starlette's test client, with that bound
set low, and checks what a browser sees when it is crossed (the error, or the closed
connection), that the refused request changed nothing, and that the server goes on serving.
Every bound is also a ``golf web`` option: the last tests check the options and their help.
"""

from __future__ import annotations

import asyncio
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
import websockets
from test_web_api import GUARD, HTTP, WS, Browser
from test_web_server import Server, Tab

from golfcore.cli import main
from golfcore.web.app import create_app
from golfcore.web.limits import TRY_AGAIN_LATER, Idle, Limits, Rate
from golfcore.web.store import Store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

#: A fair hint that searches for a while (a fresh deal is far from solved in half a second).
LONG_HINT = {"strategy": "fair", "seconds": 0.5}
TWO_HUMANS = {"game": "card-game", "seat_kinds": ["human", "human"], "here": [0]}


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., tuple[TestClient, Store]]]:
    """``serve(**limits)``: the app with those bounds (the others as ``golf web``'s, but the
    message rate, which only its own test bounds)."""
    opened: list[tuple[TestClient, Store]] = []

    def make(**bounds: Any) -> tuple[TestClient, Store]:
        store = Store(tmp_path / f"web{len(opened)}.sqlite3")
        limits = Limits(**{"messages_per_second": 1e6, **bounds})
        client = TestClient(create_app(store, bot_delay=0, limits=limits), base_url=HTTP)
        client.__enter__()
        opened.append((client, store))
        return client, store

    yield make
    for client, store in opened:
        client.__exit__(None, None, None)
        store.close()


def until(check: Callable[[], Any], what: str) -> Any:
    deadline = time.monotonic() + GUARD
    while not (value := check()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)
    return value


def closed_with(ws: Any) -> int:
    """The close code of a connection the server closes (a hang guard, never a pause)."""
    async def guarded() -> Any:
        with anyio.fail_after(GUARD):
            return await ws._send_rx.receive()
    message = ws.portal.call(guarded)
    assert message["type"] == "websocket.close", message
    return int(message["code"])


def test_messages_beyond_the_rate_are_refused_and_change_nothing(serve: Any) -> None:
    client, store = serve(messages_per_second=0.5)         # a burst of 1, then one every 2 s
    with client.websocket_connect(WS) as ws:
        tab = Browser(ws)
        new = tab("new", code="GO1-E-AAAAAAB")
        assert new["ok"] is True
        drawn = tab("draw", version=0)
        assert (drawn["ok"], drawn["error"], drawn["id"]) == (False, "rate-limited", 2)
        assert "messages a second" in drawn["message"]
        ws.send_text("not even JSON")                       # refused unread: no id to give
        unread = tab.reply()
        assert (unread["ok"], unread["error"], "id" in unread) == (False, "rate-limited", False)
    record = store.load(new["table"])
    assert record is not None and record.version == 0       # the draw was never made


def test_the_rate_is_a_token_bucket() -> None:
    now = [100.0]
    rate = Rate(4, clock=lambda: now[0])
    assert [rate.allow() for _ in range(5)] == [True] * 4 + [False]   # a burst of 4
    now[0] += 0.25                                                     # a quarter second
    assert [rate.allow() for _ in range(2)] == [True, False]           # one more token
    now[0] += 60                                                       # never more than 4
    assert [rate.allow() for _ in range(5)] == [True] * 4 + [False]


def test_a_connection_has_at_most_so_many_live_tables(serve: Any) -> None:
    client, store = serve(tables_per_connection=2)
    with client.websocket_connect(WS) as host_ws, client.websocket_connect(WS) as guest_ws:
        host, guest = Browser(host_ws), Browser(guest_ws)
        first = host("new", **TWO_HUMANS)
        assert guest("open", tokens=[first["tokens"]["1"]])["ok"] is True  # keeps it live
        second = host("new", **TWO_HUMANS)                  # the host now sits at the second
        assert second["ok"] is True
        third = host("new", **TWO_HUMANS)
        assert (third["ok"], third["error"]) == (False, "too-many-tables")
        third = host("new", game="solitaire", winnable=True)      # a search creates one too
        assert (third["ok"], third["error"]) == (False, "too-many-tables")
        assert len(store.export()["tables"]) == 2           # nothing was created
        assert host("observe", seat=0)["table"] == second["table"]  # still at its table
        assert guest("quit")["bye"] is True                 # nobody sits at the first now
        assert host("new", **TWO_HUMANS)["ok"] is True      # so there is room for one more


def test_one_connection_runs_so_many_searches_at_once(serve: Any) -> None:
    client, _ = serve(searches_per_connection=1)
    with client.websocket_connect(WS) as ws:
        tab = Browser(ws)
        assert tab("new", code="GO1-E-AAAAAAB")["ok"] is True
        tab.ws.send_text('{"id": "a", "cmd": "hint", "strategy": "fair", "seconds": 0.5}')
        second = tab("hint", strategy="solver")
        assert (second["ok"], second["error"]) == (False, "busy")
        assert "this connection already runs 1 search" in second["message"]
        assert tab.reply("a")["strategy"] == "fair"          # the first one answers
        assert tab("hint", strategy="solver")["ok"] is True  # and then there is room again


def test_the_server_runs_so_many_searches_and_queues_so_many(serve: Any) -> None:
    client, _ = serve(searches=1, search_queue=1)
    with client.websocket_connect(WS) as a, client.websocket_connect(WS) as b, \
            client.websocket_connect(WS) as c:
        tabs = [Browser(ws) for ws in (a, b, c)]
        for tab in tabs:
            assert tab("new", code="GO1-E-AAAAAAB")["ok"] is True
        for n, tab in enumerate(tabs[:2]):
            tab.ws.send_text(f'{{"id": "search-{n}", "cmd": "hint", "strategy": "fair", '
                             f'"seconds": 0.5}}')
            assert tab("hello")["ok"] is True     # answered in order: the search was taken
        refused = tabs[2]("hint", **LONG_HINT)
        assert (refused["ok"], refused["error"]) == (False, "busy")
        assert "(1 running, 1 waiting)" in refused["message"]
        first, queued = tabs[0].reply("search-0"), tabs[1].reply("search-1")  # then this one
        assert first["ok"] is True and queued["ok"] is True
        assert queued["chance"]["method"] == "bracket"     # it searched as long as the first
        assert tabs[2]("hint", strategy="solver")["ok"] is True   # room again


def test_the_server_takes_so_many_connections(serve: Any) -> None:
    client, _ = serve(connections=2)
    with client.websocket_connect(WS) as a, client.websocket_connect(WS) as b:
        assert Browser(a)("hello")["ok"] is True and Browser(b)("hello")["ok"] is True
        with client.websocket_connect(WS) as c:
            assert closed_with(c) == TRY_AGAIN_LATER
        assert Browser(a)("hello")["ok"] is True            # the others go on
    # both are gone (the test client waits for the server to finish with them): room again
    with client.websocket_connect(WS) as d:
        assert Browser(d)("hello")["ok"] is True


def test_an_idle_table_leaves_memory_and_comes_back_from_the_database(serve: Any) -> None:
    client, store = serve(idle_seconds=0.2)
    hub = client.app.state.hub                               # type: ignore[attr-defined]
    with client.websocket_connect(WS) as ws, client.websocket_connect(WS) as other:
        tab = Browser(ws)
        new = tab("new", code="GO1-E-AAAAAAB")
        drawn = tab("draw", version=0)
        match = Browser(other)("new", **TWO_HUMANS)
        acted = Browser(other)("act", seat=0, action="draw", version=0)
        assert drawn["ok"] is True and acted["ok"] is True
        until(lambda: new["table"] not in hub.tables and match["table"] not in hub.tables,
              "both tables to be dropped from memory")
        # whoever sits there keeps the seat: the next request reloads the table as saved
        state = tab("state")
        assert (state["version"], state["state"]) == (1, drawn["state"])
        assert tab("draw", version=1)["version"] == 2
        until(lambda: match["table"] not in hub.tables, "the match to be dropped again")
        with client.websocket_connect(WS) as guest_ws:        # and 'open' reloads it too
            guest = Browser(guest_ws)
            opened = guest("open", tokens=[match["tokens"]["1"]])
            assert opened["version"] == 1 and opened["observations"]["1"]["seat"] == 1
    saved = store.load(new["table"])
    assert saved is not None and saved.version == 2


def test_idle_tables_are_found_oldest_first() -> None:
    now = [0.0]
    idle = Idle(10, clock=lambda: now[0])
    idle.touch("a")
    now[0] = 5
    idle.touch("b")
    now[0] = 12
    assert idle.idle() == ["a"]
    now[0] = 20
    assert idle.idle() == ["a", "b"]
    idle.touch("a")
    assert idle.idle() == ["b"] and idle.sweep_every() == 5


def test_the_options_bound_a_real_server(tmp_path: Path) -> None:
    server = Server(tmp_path / "web.sqlite3", "--max-connections", "1",
                    "--messages-per-second", "0.2")

    async def crowd() -> tuple[dict, dict, int | None]:
        async with websockets.connect(server.ws_url) as first:
            tab = Tab(first)
            # one every 5 s after a burst of 1
            hello, again = await tab("hello"), await tab("hello")
            async with websockets.connect(server.ws_url) as second:
                with pytest.raises(websockets.ConnectionClosed):
                    await asyncio.wait_for(second.recv(), GUARD)
                return hello, again, second.close_code

    try:
        hello, again, code = asyncio.run(crowd())
    finally:
        server.stop()
    assert hello["ok"] is True and (again["ok"], again["error"]) == (False, "rate-limited")
    assert code == TRY_AGAIN_LATER


@pytest.mark.parametrize("option, default", [
    ("--messages-per-second", "20"), ("--tables-per-connection", "4"),
    ("--searches-per-connection", "1"), ("--max-connections", "500"),
    ("--max-searches", "2"), ("--search-queue", "8"), ("--idle-seconds", "900"),
])
def test_every_bound_is_a_documented_option(option: str, default: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["web", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert option in help_text and f"(default {default})" in help_text
    doc = (Path(__file__).resolve().parent.parent / "docs" / "web.md").read_text("utf-8")
    assert f"`{option}" in doc
    for bad in ("0" if option != "--search-queue" else "-1", "x", "1e999", "٣"):
        assert main(["web", option, bad]) == 2
        assert f"argument {option}:" in capsys.readouterr().err
