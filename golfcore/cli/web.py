"""``golf web``: serve the browser front end (``docs/web.md``).

``golf web [--host 127.0.0.1] [--port 8000] [--db PATH] [--open] [--bot-delay SECONDS]
[--save-timeout SECONDS] [--certfile PEM --keyfile PEM] [--allow-host HOST]...
[--allow-origin ORIGIN]... [bounds]``
opens the database (``golfcore.web.store.default_path()`` unless ``--db``), binds the address,
prints the page's address and runs the app (:func:`golfcore.web.app.create_app`) under uvicorn
until Ctrl-C (exit status 0). With ``--certfile`` and ``--keyfile`` it serves HTTPS and WSS.
A host other than a loopback address prints a warning (the server has no accounts, so whoever
reaches it can play), and a second one without TLS (seat links travel in clear). Only the
server's own page may drive it (Host and Origin allowlists: :mod:`golfcore.web.security`);
``--allow-host`` and ``--allow-origin`` add entries, for a reverse proxy. The bounds on what
connections may take are options too (:class:`golfcore.web.limits.Limits`). ``--open`` opens
the page in the default browser once the server listens.
"""

from __future__ import annotations

import argparse
import ipaddress
import math
import sys
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

from golfcore.cli.output import OK, err, error, out
from golfcore.web.limits import Limits
from golfcore.errors import GolfError
from golfcore.web.security import allow_host, allow_origin, host_name

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_BOT_DELAY = 0.8
_DEFAULTS = Limits()
#: The bounds' options: (option, Limits field, help).
BOUNDS: tuple[tuple[str, str, str], ...] = (
    ("--messages-per-second", "messages_per_second",
     "messages one connection may send a second, with a burst of as many; one more is "
     "answered 'rate-limited' and does nothing"),
    ("--tables-per-connection", "tables_per_connection",
     "tables one connection created that may be live at once (someone sits there or its "
     "computers play); one more 'new' is answered 'too-many-tables'"),
    ("--searches-per-connection", "searches_per_connection",
     "searches (winnable deals, solver and fair hints) one connection may run at once; one "
     "more is answered 'busy'"),
    ("--max-connections", "connections",
     "WebSocket connections the server takes at once; one more is closed at once (code 1013, "
     "try again later)"),
    ("--max-searches", "searches",
     "searches the whole server runs at once (each takes a processor)"),
    ("--search-queue", "search_queue",
     "searches that may wait for one of those; any more are answered 'busy' (0: none waits)"),
    ("--idle-seconds", "idle_seconds",
     "seconds after which a table nobody used is dropped from memory (the database keeps it: "
     "its next request reloads it)"),
    ("--saved-per-connection", "saved_per_connection",
     "unfinished saved tables one connection may have created; one more 'new' is answered "
     "'too-many-saved' (a finished table no longer counts)"),
    ("--saved-per-address", "saved_per_address",
     "unfinished saved tables all connections from one client address may have created "
     "(counted under a keyed hash of the address); one more is answered 'too-many-saved'"),
    ("--max-saved", "saved_tables",
     "unfinished saved tables in the whole database; one more is answered 'too-many-saved'"),
    ("--expire-days", "expire_days",
     "days after which an unfinished table nobody played is deleted from the database"),
    ("--max-db-megabytes", "db_megabytes",
     "megabytes the database (file and write-ahead log) may hold; past it 'new' is answered "
     "'storage-full' while saved tables go on being played"),
)
DEFAULT_SAVE_TIMEOUT = 5.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", type=_host, default=DEFAULT_HOST,
                        help=f"the address to listen on (default {DEFAULT_HOST}: this machine "
                             f"only; 0.0.0.0, or an address of this machine, lets others on the "
                             f"network play: give --certfile and --keyfile then)")
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT,
                        help=f"the port to listen on (default {DEFAULT_PORT}; 0 picks a free "
                             f"one)")
    parser.add_argument("--db", metavar="PATH", type=_db,
                        help="the database of saved games and statistics: a file, or a "
                             "postgresql:// URL that several golf web processes share "
                             "(default: golf.sqlite3 in your data folder)")
    parser.add_argument("--open", action="store_true",
                        help="open the page in the default web browser")
    parser.add_argument("--bot-delay", type=_delay, default=DEFAULT_BOT_DELAY,
                        metavar="SECONDS",
                        help=f"how long computer players wait before they act (default "
                             f"{DEFAULT_BOT_DELAY})")
    parser.add_argument("--save-timeout", type=_save_timeout, default=DEFAULT_SAVE_TIMEOUT,
                        metavar="SECONDS",
                        help=f"how long an action may wait for the database (locked by another "
                             f"program) before it is refused with 'not-saved', nothing changed "
                             f"(default {DEFAULT_SAVE_TIMEOUT:g})")
    net = parser.add_argument_group("TLS and who may use the server (docs/web.md, "
                                    "'Play with friends')")
    net.add_argument("--certfile", metavar="PEM",
                     help="serve HTTPS and WSS with this certificate (PEM; with --keyfile)")
    net.add_argument("--keyfile", metavar="PEM",
                     help="the certificate's private key (PEM, unencrypted)")
    net.add_argument("--allow-host", metavar="HOST[:PORT]", type=_checked(allow_host),
                     action="append", default=[],
                     help="one more name this server answers to in the Host header (as a "
                          "reverse proxy passes it); repeatable. By default only 127.0.0.1, "
                          "localhost, [::1] and --host, on the server's port")
    net.add_argument("--allow-origin", metavar="ORIGIN", type=_checked(allow_origin),
                     action="append", default=[],
                     help="one more origin (scheme://host[:port]) whose pages may use the "
                          "server, such as the https:// address of a reverse proxy; its host "
                          "is allowed as a Host too; repeatable. By default only the server's "
                          "own page")
    bounds = parser.add_argument_group("bounds (docs/web.md, 'Bounds')")
    for option, name, text in BOUNDS:
        default = getattr(_DEFAULTS, name)
        number = float if isinstance(default, float) else int
        bounds.add_argument(option, dest=name, type=_bound(option, number, name), default=default,
                            metavar="N", help=f"{text} (default {default:g})")


def _checked(check: Callable[[str], Any]) -> Callable[[str], Any]:
    def convert(text: str) -> Any:
        try:
            return check(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return convert


def _bound(option: str, number: type, name: str) -> Callable[[str], float | int]:
    least = 0 if name == "search_queue" else 1

    def convert(text: str) -> float | int:
        try:
            value = number(text) if text.isascii() else math.nan
        except ValueError:
            value = math.nan
        ok = (0 < value < 1e9) if number is float else (least <= value <= 10**6)
        if not ok:
            kind = "a number above 0" if number is float else f"a whole number of at least {least}"
            raise argparse.ArgumentTypeError(f"{option} is {kind}, not {text!r}")
        return value
    return convert


def _host(text: str) -> str:
    if not text.strip() or host_name(text) is None:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an address or a host name: give an address of this machine, "
            f"such as 127.0.0.1, 0.0.0.0 (every address) or 192.168.1.5, or a name")
    return text.strip()


def _db(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("--db needs a file name (leave --db out for the "
                                         "default database)")
    return text


def _port(text: str) -> int:
    try:
        port = int(text) if text.isascii() else -1
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 0 to 65535, not "
                                         f"{text!r}")
    return port


def _delay(text: str) -> float:
    try:
        delay = float(text) if text.isascii() else math.nan
    except ValueError:
        delay = math.nan
    if not 0 <= delay <= 60:
        raise argparse.ArgumentTypeError(f"a delay is a number of seconds from 0 to 60, not "
                                         f"{text!r}")
    return delay


def _save_timeout(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0.1 <= seconds <= 600:
        raise argparse.ArgumentTypeError(f"a save timeout is a number of seconds from 0.1 to "
                                         f"600, not {text!r}")
    return seconds


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def url(host: str, port: int, scheme: str = "http") -> str:
    """The page's address for ``host`` and ``port``."""
    name = host_name(host) or host
    shown = "127.0.0.1" if name in ("0.0.0.0", "") else "[::1]" if name == "[::]" else name
    return f"{scheme}://{shown}:{port}/"


def run(args: argparse.Namespace) -> int:
    """Serve the page until Ctrl-C; the exit status."""
    from golfcore.web.app import create_app
    from golfcore.web.security import Policy
    from golfcore.web.serving import TLS, AddressError, ListenError, check_tls, listen, serve
    from golfcore.web.database import is_url
    from golfcore.web.store import Store, default_path

    if (args.certfile is None) != (args.keyfile is None):
        args.parser.error("--certfile and --keyfile go together: give both, or neither")
    tls = TLS(args.certfile, args.keyfile) if args.certfile else None
    if tls is not None:
        try:
            check_tls(tls.certfile, tls.keyfile)
        except GolfError as exc:
            args.parser.error(str(exc))
    try:
        sock = listen(args.host, args.port)
    except AddressError as exc:
        args.parser.error(str(exc))
    except ListenError as exc:
        return error(str(exc))
    port = sock.getsockname()[1]
    if not is_loopback(args.host):
        err(f"golf web: warning: listening on {args.host}: anyone who can reach this address "
            f"can play, and whoever has a seat's link plays that seat (there are no accounts); "
            f"use --host {DEFAULT_HOST} to play on this machine only")
        if tls is None:
            err("golf web: warning: no TLS: the page, its seat links and every move travel in "
                "clear text, and anyone on the network can read them and take a seat; give "
                "--certfile and --keyfile to serve HTTPS (docs/web.md, 'Play with friends')")
    limits = Limits(**{f.name: getattr(args, f.name) for f in fields(Limits)})
    policy = Policy(port=port, host=args.host, tls=tls is not None,
                    hosts=tuple(args.allow_host), origins=tuple(args.allow_origin))
    try:
        store = Store((args.db if is_url(args.db) else Path(args.db)) if args.db
                      else default_path())
    except BaseException:
        sock.close()
        raise
    try:
        app = create_app(store, bot_delay=args.bot_delay, policy=policy, limits=limits,
                         save_seconds=args.save_timeout)
        address = url(args.host, port, policy.scheme)

        def ready(_: int) -> None:
            out(f"golf web: {address} (database {store.where}; Ctrl-C stops)")
            sys.stdout.flush()
            if args.open:
                import webbrowser

                webbrowser.open(address)

        serve(app, sock, tls, ready)
    finally:
        store.close()
    return OK

