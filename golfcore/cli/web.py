"""``golf web``: serve the browser front end (``docs/web.md``).

``golf web [--host 127.0.0.1] [--port 8000] [--db PATH] [--open] [--bot-delay SECONDS]`` opens
the database (``golfcore.web.store.default_path()`` unless ``--db``), prints the page's address
and runs the app (:func:`golfcore.web.app.create_app`) under uvicorn until Ctrl-C (exit status
0). A host other
than a loopback address prints a warning: the server has no accounts, so whoever reaches it can
play. ``--open`` opens the page in the default browser once the server listens.
"""

from __future__ import annotations

import argparse
import ipaddress
import math
import socket
import sys
from pathlib import Path

from golfcore.cli.output import OK, err, out

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_BOT_DELAY = 0.8


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help=f"the address to listen on (default {DEFAULT_HOST}: this machine "
                             f"only; any other address lets others on the network play)")
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT,
                        help=f"the port to listen on (default {DEFAULT_PORT}; 0 picks a free "
                             f"one)")
    parser.add_argument("--db", metavar="PATH",
                        help="the database of saved games and statistics (default: "
                             "golf.sqlite3 in your data folder)")
    parser.add_argument("--open", action="store_true",
                        help="open the page in the default web browser")
    parser.add_argument("--bot-delay", type=_delay, default=DEFAULT_BOT_DELAY,
                        metavar="SECONDS",
                        help=f"how long computer players wait before they act (default "
                             f"{DEFAULT_BOT_DELAY})")


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 0 to 65535, not "
                                         f"{text!r}")
    return port


def _delay(text: str) -> float:
    try:
        delay = float(text)
    except ValueError:
        delay = math.nan
    if not 0 <= delay <= 60:
        raise argparse.ArgumentTypeError(f"a delay is a number of seconds from 0 to 60, not "
                                         f"{text!r}")
    return delay


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def url(host: str, port: int) -> str:
    """The page's address for ``host`` and ``port``."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else "[::1]" if host == "::" else host
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def run(args: argparse.Namespace) -> int:
    """Serve the page until Ctrl-C; the exit status."""
    import uvicorn

    from golfcore.web.app import create_app
    from golfcore.web.store import Store, default_path

    if not is_loopback(args.host):
        err(f"golf web: warning: listening on {args.host}: anyone who can reach this address "
            f"can play and see every saved game (there are no accounts); use --host "
            f"{DEFAULT_HOST} to play on this machine only")
    store = Store(Path(args.db) if args.db else default_path())
    try:
        app = create_app(store, bot_delay=args.bot_delay)
        config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning")

        class Server(uvicorn.Server):
            async def startup(self, sockets: list[socket.socket] | None = None) -> None:
                await super().startup(sockets=sockets)
                if self.should_exit:
                    return
                port = args.port
                for server in self.servers:       # the real port (--port 0 picks one)
                    for sock in server.sockets:
                        port = sock.getsockname()[1]
                address = url(args.host, port)
                out(f"golf web: {address} (database {store.path}; Ctrl-C stops)")
                sys.stdout.flush()
                if args.open:
                    import webbrowser

                    webbrowser.open(address)

        try:
            Server(config).run()
        except KeyboardInterrupt:  # Ctrl-C is how the server is stopped: not an error
            pass
    finally:
        store.close()
    return OK
