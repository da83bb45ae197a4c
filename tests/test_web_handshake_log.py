"""Refused WebSocket handshakes leave nothing in ``golf web``'s log.

A page of any site can make the user's browser open ``ws://127.0.0.1:8000/ws`` as often as it
likes; each attempt is refused (403, before the WebSocket opens), and must not add a line that
reads like a server bug. uvicorn 0.50 to 0.54 (``websockets-sansio``, their default) logged
"ERROR: ASGI callable returned without completing handshake." for every refusal answered with
the app's own 403; older Starlette answered a WebSocket to ``/static/...`` with a 500 and a
traceback. A real server (``python -m golfcore.cli web``) takes 50 refused handshakes of each
kind, then its whole output is read.
"""

from __future__ import annotations

import asyncio
import base64
import logging
import os
import socket
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from test_web_security import handshake
from test_web_server import GUARD, Server

from golfcore.web.security import Guard, Policy
from golfcore.web.serving import QuietDenial, quiet_log

TIMES = 50
EVIL = "http://evil.example"


def status(head: str) -> int:
    return int(head.split()[1])


def close_code(port: int) -> int:
    """Open a WebSocket (no Origin: no browser's) and read its first frame: a close frame."""
    key = base64.b64encode(os.urandom(16)).decode()
    request = (f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               f"Sec-WebSocket-Version: 13\r\n\r\n")
    with socket.create_connection(("127.0.0.1", port), timeout=GUARD) as sock:
        sock.sendall(request.encode())
        data = b""
        while b"\r\n\r\n" not in data or len(data) < data.index(b"\r\n\r\n") + 6:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    head, _, frame = data.partition(b"\r\n\r\n")
    assert status(head.decode("latin-1")) == 101, head
    assert frame[0] == 0x88, frame                    # FIN + close
    return int.from_bytes(frame[2:4], "big")


def held_connection(port: int) -> socket.socket:
    """An open WebSocket (the server's only one with ``--max-connections 1``)."""
    key = base64.b64encode(os.urandom(16)).decode()
    sock = socket.create_connection(("127.0.0.1", port), timeout=GUARD)
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(4096)
    assert status(head.decode("latin-1")) == 101, head
    return sock


def test_refused_handshakes_are_answered_403_and_log_nothing(tmp_path: Path) -> None:
    server = Server(tmp_path / "web.sqlite3", "--max-connections", "1")
    try:
        port = server.port
        own = ("Host", f"127.0.0.1:{port}")
        own_page = ("Origin", f"http://127.0.0.1:{port}")
        refused: dict[str, Callable[[], tuple[int, str]]] = {
            "another site's page": lambda: handshake(port, own, ("Origin", EVIL)),
            "DNS rebinding": lambda: handshake(port, ("Host", f"attacker.test:{port}"),
                                               ("Origin", f"http://attacker.test:{port}")),
            "DNS rebinding, no Origin": lambda: handshake(port, ("Host", f"attacker.test:{port}")),
            "a sandboxed frame": lambda: handshake(port, own, ("Origin", "null")),
            "another port": lambda: handshake(port, own,
                                              ("Origin", f"http://127.0.0.1:{port + 1}")),
            "no WebSocket there": lambda: handshake(port, own, own_page, path="/nothing"),
            "the page's files": lambda: handshake(port, own, own_page, path="/static/app.js"),
            "another site, no Upgrade": lambda: handshake(port, own, ("Origin", EVIL),
                                                          upgrade=False),
        }
        with held_connection(port):                   # the server has no room for another
            for what, attempt in refused.items():
                for _ in range(TIMES):
                    code, head = attempt()
                    assert code == 403, f"{what}: {head}"
            for _ in range(TIMES):                    # dropped before the answer is read
                handshake(port, own, ("Origin", EVIL), reset=True)
            for _ in range(TIMES):                    # no room: opened, then closed at once
                assert close_code(port) == 1013
    finally:
        server.stop()
    output = []
    for lines in (server.stdout, server.stderr):
        while not lines.empty():
            output.append(lines.get())
    errors = [line for line in output
              if "ERROR" in line or "Traceback" in line or "Exception" in line]
    assert not errors, "\n".join(output)
    assert len(output) < 10, "\n".join(output)        # no line per refusal


# -- the log filter, under the handshake uvicorn 0.50 to 0.54 run ----------------------------------

MESSAGE = "ASGI callable returned without completing handshake."


async def run_as_uvicorn_054(app: Callable[..., Awaitable[None]], log: logging.Logger,
                             scope: dict[str, Any]) -> list[dict[str, Any]]:
    """What uvicorn 0.50 to 0.54's ``websockets-sansio`` protocol does around the app, in the
    connection's own task: a denial response (``websocket.http.response.*``) is sent, but only
    ``websocket.accept`` or ``websocket.close`` completes the handshake, and the app returning
    before that logs :data:`MESSAGE` at ERROR."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "websocket.connect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def run_asgi() -> None:
        await app(scope, receive, send)
        if not any(m["type"] in ("websocket.accept", "websocket.close") for m in sent):
            log.error(MESSAGE)

    await asyncio.get_running_loop().create_task(run_asgi())
    return sent


def test_the_spurious_error_after_a_denial_is_dropped_and_a_real_one_is_not() -> None:
    log = logging.getLogger("test_web_handshake_log.uvicorn.error")
    quiet_log(log)
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    log.addHandler(Keep())
    log.propagate = False
    scope = {"type": "websocket", "path": "/ws", "scheme": "ws", "server": ("127.0.0.1", 8000),
             "headers": [(b"host", b"127.0.0.1:8000"), (b"origin", EVIL.encode())],
             "extensions": {"websocket.http.response": {}}}

    async def never_called(scope: Any, receive: Any, send: Any) -> None:
        raise AssertionError("a refused request reached the app")

    async def returns_without_answering(scope: Any, receive: Any, send: Any) -> None:
        await receive()

    guard = Guard(never_called, Policy(port=8000))
    sent = asyncio.run(run_as_uvicorn_054(guard, log, scope))
    assert sent[0]["type"] == "websocket.http.response.start" and sent[0]["status"] == 403
    assert records == []                              # the refusal: nothing logged
    own = {**scope, "headers": [(b"host", b"127.0.0.1:8000")]}
    asyncio.run(run_as_uvicorn_054(Guard(returns_without_answering, Policy(port=8000)), log, own))
    assert [r.getMessage() for r in records] == [MESSAGE]      # a real bug still shows
    assert sum(isinstance(f, QuietDenial) for f in log.filters) == 1
    quiet_log(log)
    assert sum(isinstance(f, QuietDenial) for f in log.filters) == 1
