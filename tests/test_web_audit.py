"""Defects of ``golf web`` found by an outside audit (issue 16), each with the test that showed
it: re-opening the tokens of the table a connection alone sits at, binary and invalid UTF-8
WebSocket messages, and bad ``--host`` and ``--db`` values."""

from __future__ import annotations

import asyncio
import warnings
from pathlib import Path
from collections.abc import Iterator

import pytest
import websockets
from test_web_api import HTTP, QUICK, WS, Browser
from test_web_server import GUARD, Server, Tab
from websockets.frames import Frame, Opcode

from golfcore.cli import main
from golfcore.web.app import create_app
from golfcore.web.store import Store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Browser]:
    store = Store(tmp_path / "web.sqlite3")
    with TestClient(create_app(store, bot_delay=0, limits=QUICK), base_url=HTTP) as client, \
            client.websocket_connect(WS) as ws:
        yield Browser(ws)
    store.close()


def test_reopening_the_table_a_connection_alone_sits_at_keeps_it(browser: Browser) -> None:
    new = browser("new", game="card-game", seat_kinds=["human", "human"])
    opened = browser("open", tokens=[new["tokens"]["1"]])
    assert opened["held"] == [1]
    seen = browser("observe", seat=1)
    assert seen["ok"] is True and seen["observation"]["seat"] == 1
    # the same with a computer seat: it goes on playing after the re-open
    match = browser("new", game="card-game", seat_kinds=["human", "bot:greedy"])
    assert browser("open", tokens=[match["tokens"]["0"]])["held"] == [0]
    assert browser("act", seat=0, action="draw", version=0)["ok"] is True
    assert browser("act", seat=0, action="replace 1", version=1)["ok"] is True
    while not browser.pushes or browser.pushes[-1]["observations"]["0"]["turn"] != 0:
        browser.pushes.append(browser.receive())          # the computer's turn, pushed
    assert {p["last"]["by"] for p in browser.pushes if p["table"] == match["table"]} == {"bot"}


def test_a_binary_message_is_refused_and_the_connection_stays_open(browser: Browser) -> None:
    browser.ws.send_bytes(b'{"id": 1, "cmd": "hello"}')
    refused = browser.reply()
    assert (refused["ok"], refused["error"]) == (False, "bad-request")
    assert "binary messages are not read" in refused["message"]
    assert browser("hello")["ok"] is True


def test_invalid_utf8_closes_that_connection_only_without_a_traceback(tmp_path: Path) -> None:
    """The WebSocket standard (RFC 6455, 8.1) requires a text message that is not UTF-8 to fail
    the connection (code 1007): no browser can send one. The server says so in one line and
    goes on serving everyone else."""
    server = Server(tmp_path / "web.sqlite3")

    async def attack() -> tuple[int, dict]:
        async with websockets.connect(server.ws_url) as bystander, \
                websockets.connect(server.ws_url) as ws:
            ws.protocol.send_frame(Frame(Opcode.TEXT, b'{"id": 1, "cmd": "\xff"}'))
            await ws.send(b"")                            # flush what the protocol wrote
            try:
                await asyncio.wait_for(ws.recv(), GUARD)
            except websockets.ConnectionClosed:
                pass
            assert ws.close_code is not None
            return ws.close_code, await Tab(bystander)("hello")

    try:
        code, hello = asyncio.run(attack())
    finally:
        server.stop()
    assert code == 1007 and hello["ok"] is True
    log = "\n".join(server.stderr.queue)
    assert "Traceback" not in log and "UnicodeDecodeError" not in log, log
    assert "not UTF-8" in log and "1007" in log


@pytest.mark.parametrize("args, message", [
    (["--host", "999.1.1.1"], "'999.1.1.1' is not an address or a host name"),
    (["--host", ""], "is not an address or a host name"),
    (["--host", "a b"], "is not an address or a host name"),
    (["--host", "no-such-host.invalid", "--port", "0"], "cannot resolve the host"),
    (["--db", ""], "--db needs a file name"),
    (["--db", "  "], "--db needs a file name"),
    (["--certfile", "cert.pem"], "--certfile and --keyfile go together"),
])
def test_bad_host_and_db_are_usage_errors(args: list[str], message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["web", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_an_address_that_is_not_this_machine_s_is_an_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["web", "--host", "192.0.2.1", "--port", "0"]) == 1     # TEST-NET-1
    assert "golf: error: cannot listen on 192.0.2.1" in capsys.readouterr().err


def test_the_doc_says_what_becomes_of_binary_and_invalid_messages() -> None:
    doc = (Path(__file__).resolve().parent.parent / "docs" / "web.md").read_text("utf-8")
    assert "binary messages are not read" in doc and "1007" in doc
