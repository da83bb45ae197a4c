"""Running the ``golf web`` app under uvicorn: the listening socket, TLS, and the server's log.

The socket is bound here, before the app is built (:func:`listen`), so that the port is known
(``--port 0`` picks one) when the Host and Origin allowlists are made
(:class:`golfcore.web.security.Policy`). With a certificate and its key, uvicorn serves HTTPS
and WSS; :func:`check_tls` loads them first, so that a bad file is a clear error, not a
traceback. :class:`QuietUTF8` turns uvicorn's traceback for a text frame that is not UTF-8
(the connection is closed with code 1007, as the WebSocket standard requires) into one line;
:class:`QuietDenial` drops the error some uvicorn versions log for every WebSocket handshake
refused with a 403 (:data:`golfcore.web.security.DENIED`): a page of any site can make a
browser send those without end, and a refusal is no fault of the server's. A refused handshake
thus logs nothing at ``golf web``'s log level (warning), as a refused HTTP request does not.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import signal
import socket
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from golfcore.errors import GolfError
from golfcore.web.messages import MAX_MESSAGE
from golfcore.web.security import DENIED

#: The largest WebSocket message uvicorn reads, in bytes: room for :data:`MAX_MESSAGE`
#: characters of up to 4 bytes each (a longer one is answered ``too-large``); past this, the
#: connection is closed (code 1009) without reading the message.
WS_MAX_BYTES = 4 * MAX_MESSAGE + 4096


class ListenError(GolfError):
    """The address cannot be listened on (in use, not this machine's...)."""


class AddressError(GolfError):
    """The host is no address this machine can resolve (a usage error)."""


#: An environment variable naming a file: when set, the server appends to it one line per
#: garbage collection (``gc``: generation, milliseconds, objects collected), per late turn of
#: the event loop (``lag``: milliseconds an asyncio sleep overshot, when over 2) and per commit
#: of the writer thread (``commit``: writes, milliseconds), each after its
#: ``time.perf_counter()`` (the bench's clock): ``benchmarks/bench_web.py --trace`` sets it to
#: find where requests wait.
TRACE_ENV = "GOLF_WEB_TRACE"
_trace_file: Any = None
_trace_lock = threading.Lock()


def trace(kind: str, *values: float) -> None:
    """One line of the trace (see :data:`TRACE_ENV`); nothing when it is off."""
    if _trace_file is None:
        return
    line = f"{time.perf_counter():.6f} {kind} " + " ".join(f"{v:.3f}" for v in values) + "\n"
    with _trace_lock:
        _trace_file.write(line)


def _start_trace() -> None:
    global _trace_file
    path = os.environ.get(TRACE_ENV)
    if not path or _trace_file is not None:
        return
    _trace_file = open(path, "a", buffering=1, encoding="utf-8")
    started = [0.0]

    def collected(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            trace("gc", info["generation"], (time.perf_counter() - started[0]) * 1e3,
                  info["collected"])

    gc.callbacks.append(collected)


async def _watch_lag(period: float = 0.01) -> None:
    loop = asyncio.get_running_loop()
    while True:
        due = loop.time() + period
        await asyncio.sleep(period)
        late = (loop.time() - due) * 1e3
        if late > 2:
            trace("lag", late)


#: The collector's thresholds while serving (Python's are 700, 10, 10): a move allocates
#: thousands of short-lived objects, so that at 2,000 requests a second the default runs a
#: young collection several hundred times a second, and a full one (of every table in memory)
#: every few seconds, each one stalling every request for its whole length.
GC_THRESHOLDS = (50_000, 50, 100)


def tune_gc() -> None:
    """Once start-up is done: what is loaded by then (modules, the app) moves to a permanent
    generation no collection walks again (``gc.freeze``), and collections come less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port`` (not listening yet: uvicorn does that)."""
    bare = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    try:
        infos = socket.getaddrinfo(bare or None, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise AddressError(f"cannot resolve the host {host!r}: "
                           f"{getattr(exc, 'strerror', None) or exc}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise ListenError(f"cannot listen on {host} port {port}: {exc.strerror or exc}") \
            from None
    sock.set_inheritable(True)
    return sock


def check_tls(certfile: str, keyfile: str) -> None:
    """Load the certificate and its key as uvicorn will: ``GolfError`` saying what is wrong."""
    for name, path in (("--certfile", certfile), ("--keyfile", keyfile)):
        if not Path(path).is_file():
            raise GolfError(f"{name} {path}: no such file")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(certfile, keyfile, password=_no_password)
    except (ssl.SSLError, OSError, ValueError, TypeError) as exc:
        raise GolfError(f"cannot use the certificate {certfile} with the key {keyfile}: "
                        f"{getattr(exc, 'reason', None) or exc} (a PEM certificate and its "
                        f"unencrypted PEM key are needed)") from None


def _no_password() -> str:
    raise ValueError("the key is encrypted: give an unencrypted key")


class QuietUTF8(logging.Filter):
    """uvicorn logs a traceback when a client sends a text frame that is not UTF-8; the
    connection is closed (1007) as it must be, and one line says so."""

    MESSAGE = "Invalid UTF-8 sequence received from client."

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg == self.MESSAGE:
            record.msg = ("a client sent a text message that is not UTF-8: its connection was "
                          "closed (code 1007), as the WebSocket standard requires")
            record.args = ()
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


class QuietDenial(logging.Filter):
    """uvicorn 0.50 to 0.54 (``websockets-sansio``, their default WebSocket protocol) log
    "ASGI callable returned without completing handshake." at ERROR after every WebSocket
    handshake the app refused with a 403 of its own (the WebSocket Denial Response): they do not
    count that answer as the end of the handshake, though the client got it whole. The line is
    dropped when :class:`golfcore.web.security.Guard` sent that 403 in the connection's task
    (:data:`~golfcore.web.security.DENIED`); for any other handshake it stays, as the bug it
    then is."""

    MESSAGE = "ASGI callable returned without completing handshake."

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.msg == self.MESSAGE and DENIED.get())


def quiet_log(logger: logging.Logger) -> None:
    """Add :class:`QuietUTF8` and :class:`QuietDenial` to ``logger`` (uvicorn's
    ``uvicorn.error``), once."""
    for kind in (QuietUTF8, QuietDenial):
        if not any(isinstance(f, kind) for f in logger.filters):
            logger.addFilter(kind())


@dataclass(frozen=True)
class TLS:
    certfile: str
    keyfile: str


def serve(app: Any, sock: socket.socket, tls: TLS | None,
          ready: Callable[[int], None]) -> None:
    """Serve ``app`` on ``sock`` until Ctrl-C; ``ready(port)`` once it accepts connections.
    Ctrl-C stops the server cleanly, then raises :class:`KeyboardInterrupt` (``golf web`` exits
    130, as every command does)."""
    import uvicorn

    options: dict[str, Any] = {}
    if tls is not None:
        options.update(ssl_certfile=tls.certfile, ssl_keyfile=tls.keyfile)
    # no permessage-deflate: compressing every reply (and inflating every request) costs more
    # processor time than any other step of a move, for messages of a few kilobytes
    config = uvicorn.Config(app, log_level="warning", ws_max_size=WS_MAX_BYTES,
                            ws_per_message_deflate=False, **options)
    quiet_log(logging.getLogger("uvicorn.error"))

    class Server(uvicorn.Server):
        interrupted = False

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            tune_gc()
            if _trace_file is not None:
                self._lag = asyncio.ensure_future(_watch_lag())
            if not self.should_exit:
                ready(sock.getsockname()[1])

        def handle_exit(self, sig: int, frame: Any) -> None:
            if sig == signal.SIGINT:
                self.interrupted = True
            super().handle_exit(sig, frame)

    _start_trace()
    server = Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    if server.interrupted:      # uvicorn re-raises Ctrl-C once stopped, or (older) returns
        raise KeyboardInterrupt

