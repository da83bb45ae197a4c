"""The embedding protocol: newline-delimited JSON, one request a line, one reply a line.

A front end in any language starts ``golf serve`` and talks to it over stdin/stdout; the
conformance runner (:mod:`golfcore.conformance.runner`) speaks the same protocol to our own engine
(in process) and to any other engine (``golf conform --program CMD``). ``docs/protocol.md`` is the
guide, with a transcript that a test replays.

A session plays one game at a time: the solitaire (:mod:`golfcore.protocol.solitaire`) or a
match of the card game (:mod:`golfcore.protocol.cardgame`). This module reads requests, checks
what every command shares (the command, its fields, that a game exists and is the right one)
and dispatches the rest to the game being played.

Requests are JSON objects with a ``cmd`` and, optionally, an ``id`` echoed in the reply:

============  ===================================================================================
``hello``     protocol version, engine name, every game's variants, features
``new``       start a game: ``game`` (``solitaire``, the default, or ``card-game``) and how
``quit``      end the session
solitaire     ``state``, ``legal``, ``play``, ``draw``, ``undo``, ``hint``, ``solve``
card game     ``observe``, ``legal`` (with ``seat``), ``act``, ``referee``
============  ===================================================================================

Solitaire replies carry ``state``; a refused action has ``ok: false``, ``reason`` (a reason
code) and ``messages`` (``es`` and ``en``), and the state is unchanged. Card-game replies
addressed to a seat carry that seat's ``observation`` and nothing else. A line that is not a
valid request (a blank one included) gets ``ok: false`` with ``error`` and ``message``, and the
session goes on.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import IO, Any, Protocol

from golfcore import jsonio
from golfcore.cardgame.match import Match
from golfcore.errors import GolfError, error_texts
from golfcore.framework.registry import registries, registry
from golfcore.protocol import cardgame, solitaire
from golfcore.protocol.cardgame import CardGameTable
from golfcore.protocol.solitaire import SolitaireTable
from golfcore.solitaire.game import Game
from golfcore.version import __version__

PROTOCOL = 1
FEATURES = ("code", "deal", "position", "undo", "hint", "score", "messages", "jokers",
            "empty-waste", "compose", "solve", "card-game", "redeal", "perft")

BAD_JSON = "bad-json"
BAD_REQUEST = "bad-request"
BAD_INPUT = "bad-input"
NO_GAME = "no-game"
WRONG_GAME = "wrong-game"
NOT_YOUR_SEAT = cardgame.NOT_YOUR_SEAT
NOT_REFEREE = cardgame.NOT_REFEREE
INTERNAL = "internal-error"


class Table(Protocol):
    """The game a session plays: what :mod:`~golfcore.protocol.solitaire` and
    :mod:`~golfcore.protocol.cardgame` have in common."""

    game_name: str
    fields: dict[str, set[str]]

    def started(self) -> dict[str, Any]: ...

    def handle(self, cmd: str, request: dict[str, Any]) -> dict[str, Any]: ...

    def on_error(self) -> dict[str, Any]: ...


#: Each game: its commands' fields (``new`` included) and how ``new`` starts it.
GAMES: dict[str, tuple[dict[str, set[str]], Callable[[dict[str, Any]], Table]]] = {
    solitaire.GAME: (solitaire.FIELDS, solitaire.start),
    cardgame.GAME: (cardgame.FIELDS, cardgame.start),
}
#: Every command, in the order the error for an unknown one lists them.
COMMANDS = ("hello", "new", *dict.fromkeys(
    cmd for fields, _ in GAMES.values() for cmd in fields if cmd != "new"), "quit")


def _describe(game: str) -> str:
    return "a solitaire game" if game == solitaire.GAME else "a card-game match"


class Session:
    """One protocol session: at most one game at a time. :meth:`handle` is pure I/O-free."""

    def __init__(self) -> None:
        self.table: Table | None = None
        self.done = False

    @property
    def game(self) -> Game | None:
        """The solitaire game being played, if that is what is played."""
        return self.table.game if isinstance(self.table, SolitaireTable) else None

    @property
    def match(self) -> Match | None:
        """The card-game match being played, if that is what is played."""
        return self.table.match if isinstance(self.table, CardGameTable) else None

    # -- entry points ------------------------------------------------------------------------------

    def handle_line(self, line: str | bytes) -> str:
        """One request line in, one reply line out (without the newline).

        ``line`` may be bytes (what ``golf serve`` reads): bytes that are not UTF-8 become
        U+FFFD. The reply is always one line of valid JSON that encodes to valid UTF-8: a lone
        surrogate (``"\\ud800"``) is written as its escape, and so are the characters some
        readers take for a line break (U+0085, U+2028, U+2029)."""
        request, error = read_request(line)
        if error is not None:
            return _dump(error)
        return _dump(self.handle(request))

    def handle(self, request: Any) -> dict[str, Any]:
        """One request object in, one reply object out."""
        refused = check_request(request)
        if refused is not None:
            return refused
        rid = request.get("id")
        try:
            reply = self._dispatch(request, rid)
        except Exception as exc:  # a bug must not end the session; say so and go on
            reply = _error(INTERNAL, f"internal error: {type(exc).__name__}: {exc}", rid)
        if request.get("cmd") == "new" and not reply["ok"] and self.table is not None:
            reply["message"] += (f" (nothing changed: {_describe(self.table.game_name)} "
                                 f"is still being played)")
        return reply

    def _dispatch(self, request: dict[str, Any], rid: Any) -> dict[str, Any]:
        cmd = request.get("cmd")
        if not isinstance(cmd, str) or cmd not in COMMANDS:
            return _error(BAD_REQUEST, f"unknown command {cmd!r}: expected one of "
                          f"{', '.join(COMMANDS)}", rid)
        table = self.table
        if cmd == "new":
            game = request.get("game", solitaire.GAME)
            if not isinstance(game, str) or game not in GAMES:
                return _error(BAD_INPUT, f"unknown game {game!r}: expected one of "
                              f"{', '.join(GAMES)}", rid)
            allowed = GAMES[game][0]["new"] | {"game"}
        elif cmd in ("hello", "quit"):
            allowed = set()
        elif table is None:
            allowed = set().union(*(f[cmd] for f, _ in GAMES.values() if cmd in f))
        elif cmd not in table.fields:
            owner = next(g for g, (f, _) in GAMES.items() if cmd in f)
            return _error(WRONG_GAME, f"{cmd!r} is a {owner} command, but the game being "
                          f"played is {_describe(table.game_name)}: send 'new' with 'game': "
                          f"{owner!r} first", rid, game=table.game_name)
        else:
            allowed = table.fields[cmd]
        extra = sorted(set(request) - {"id", "cmd"} - allowed)
        if extra:
            return _error(BAD_REQUEST, f"unknown field(s) for {cmd!r}: {', '.join(extra)}", rid)
        if cmd not in ("hello", "new", "quit") and table is None:
            return _error(NO_GAME, "no game yet: send 'new' first", rid)
        try:
            if cmd == "hello":
                reply = self._hello()
            elif cmd == "quit":
                self.done = True
                reply = {"bye": True}
            elif cmd == "new":
                reply = self._new(request)
            else:
                assert table is not None
                reply = table.handle(cmd, request)
        except GolfError as exc:
            reply = _error(getattr(exc, "kind", BAD_INPUT), str(exc), rid, **error_texts(exc))
            if cmd != "new" and table is not None:
                reply.update(table.on_error())
            return reply
        reply = {"ok": reply.pop("ok", True), **reply}
        if rid is not None:
            reply = {"id": rid, **reply}
        return reply

    # -- commands shared by every game -------------------------------------------------------------

    def _hello(self) -> dict[str, Any]:
        return hello()

    def _new(self, request: dict[str, Any]) -> dict[str, Any]:
        game = request.get("game", solitaire.GAME)
        try:
            table = GAMES[game][1](request)
        except GolfError as exc:
            variant = request.get("variant")
            if isinstance(variant, str):
                hint = _other_game(variant, game)
                if hint:
                    raise GolfError(f"{exc} ({hint})") from None
            raise
        self.table = table
        return table.started()


# -- helpers shared with other front ends of the protocol (golfcore.web) ---------------------------


def read_request(line: str | bytes) -> tuple[Any, dict[str, Any] | None]:
    """One request line read as :meth:`Session.handle_line` reads it: ``(request, None)``, or
    ``(None, error reply)`` (``bad-json``) for a blank line or one that the strict reader
    (:func:`golfcore.jsonio.loads`) refuses: not JSON, a key twice in one object, ``NaN``,
    ``Infinity``, a number too large. Bytes that are not UTF-8 become U+FFFD."""
    if isinstance(line, (bytes, bytearray)):
        line = bytes(line).decode("utf-8", errors="replace")
    if not line.strip():
        return None, _error(BAD_JSON, "empty line: expected one JSON request", None)
    try:
        request = jsonio.loads(line, "the request")
    except jsonio.JsonError as exc:
        return None, _error(BAD_JSON, _clip(str(exc), 300), None)
    return request, None


def check_request(request: Any) -> dict[str, Any] | None:
    """``None`` for a JSON object whose ``id`` can be echoed, else the ``bad-request`` reply
    (as :meth:`Session.handle` gives it)."""
    if not isinstance(request, dict):
        return _error(BAD_REQUEST, "a request must be a JSON object", None)
    try:
        json.dumps(request.get("id"))
    except (ValueError, RecursionError):  # nested too deep to be written back
        return _error(BAD_REQUEST, "'id' is nested too deep to be echoed in the reply", None)
    return None


def hello() -> dict[str, Any]:
    """The reply to ``hello`` (without ``ok`` and ``id``)."""
    return {
        "protocol": PROTOCOL,
        "engine": f"golfcore {__version__}",
        "variants": [{"name": v.name, "letter": v.letter, "title": v.title, "game": v.game}
                     for reg in registries() for v in reg],
        "features": list(FEATURES),
    }


def error_reply(kind: str, message: str, rid: Any, **more: Any) -> dict[str, Any]:
    """An error reply as the session writes it: ``ok: false``, ``error``, ``message`` (clipped
    to about 1,000 characters), the ``id`` first when there is one, then ``more``."""
    return _error(kind, message, rid, **more)


def dump_reply(reply: dict[str, Any]) -> str:
    """One reply as one line of JSON, as :meth:`Session.handle_line` writes it."""
    return _dump(reply)


def other_game_hint(variant: str, game: str) -> str | None:
    """A hint when ``variant`` names a variant of another game than ``game``, else ``None``."""
    return _other_game(variant, game)


def _other_game(variant: str, game: str) -> str | None:
    """A hint when ``variant`` is another game's variant, else ``None``."""
    base = variant.split("+", 1)[0].strip()
    for name in GAMES:
        if name != game and registry(name).find(base) is not None:
            return f"{base} is a {name} variant: send 'game': {name!r}"
    return None


def _error(kind: str, message: str, rid: Any, **more: Any) -> dict[str, Any]:
    reply: dict[str, Any] = {"ok": False, "error": kind, "message": _clip(message, 1000),
                             **more}
    if rid is not None:
        reply = {"id": rid, **reply}
    return reply


def _clip(text: str, size: int = 200) -> str:
    """``text``, cut to ``size`` characters: an error quotes at most that much of a request."""
    return text if len(text) <= size else text[:size] + f"... ({len(text)} characters)"


#: Characters a reply writes as ``\\uXXXX`` escapes: lone surrogates (not encodable as UTF-8)
#: and those that some line readers (Python's ``splitlines``, JavaScript) take for a line break.
_ESCAPE = re.compile(r"[\ud800-\udfff\x85\u2028\u2029]")


def _dump(reply: dict[str, Any]) -> str:
    try:
        text = json.dumps(reply, ensure_ascii=False, separators=(",", ":"))
    except (ValueError, RecursionError) as exc:  # an ``id`` nested too deep to write back
        reply = {key: value for key, value in reply.items() if key != "id"}
        reply = {**reply, "ok": False, "error": BAD_REQUEST,
                 "message": f"the reply could not be written (its 'id' is left out): {exc}"}
        text = json.dumps(reply, ensure_ascii=False, separators=(",", ":"))
    return _ESCAPE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def serve(stdin: IO[Any] | None, stdout: IO[Any]) -> int:
    """Run a session over two streams until ``quit`` or end of input: one reply for every line,
    a blank or undecodable one included. Both streams are used as bytes (a text stream's
    ``buffer``) and replies are UTF-8 whatever the locale; a closed stdin (``None``) is an
    empty input."""
    if stdin is None:
        return 0
    source = getattr(stdin, "buffer", stdin)
    sink = getattr(stdout, "buffer", None)
    session = Session()
    for line in source:
        reply = session.handle_line(line) + "\n"
        if sink is not None:
            sink.write(reply.encode("utf-8"))
            sink.flush()
        else:
            stdout.write(reply)
            stdout.flush()
        if session.done:
            break
    return 0
