"""Reading one WebSocket message of ``golf web``: the checks every request shares.

:func:`read_message` takes the text of a message and the game of the connection's table (or
``None`` before ``new``/``open``) and gives either a :class:`Message` (the command, its ``id``
and the request) or the error reply to send, in this order:

* ``too-large``: longer than :data:`MAX_MESSAGE` characters (nothing is read from it);
* ``bad-json``, then ``bad-request`` (not an object, an ``id`` nested too deep): exactly as
  ``golf serve`` reads a line (:func:`golfcore.protocol.server.read_request`);
* ``bad-request``: an unknown command (``solve`` among them: it is not offered over the web) or
  a field the command does not take;
* ``bad-input``: ``new`` for an unknown game;
* ``no-table``: a game's command before ``new`` or ``open``;
* ``wrong-game``: a command of the other game than the table's.

The values of the fields are checked by the tables (:mod:`golfcore.web.tables`) and
:mod:`golfcore.web.requests`: ``bad-input``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from golfcore.protocol import server
from golfcore.protocol.server import BAD_INPUT, BAD_REQUEST, WRONG_GAME, error_reply

#: The longest message read, in characters; a longer one gets ``too-large``.
MAX_MESSAGE = 65_536
TOO_LARGE = "too-large"
NO_TABLE = "no-table"
BAD_TOKEN = "bad-token"
BUSY = "busy"

SOLITAIRE = "solitaire"
CARD_GAME = "card-game"

#: Commands of no game: their fields.
SHARED: dict[str, set[str]] = {"hello": set(), "open": {"tokens"}, "stats": set(),
                               "replay": {"code", "moves"}, "daily": {"date"}, "quit": set()}
#: ``new``'s fields per game (``game`` besides).
NEW: dict[str, set[str]] = {
    SOLITAIRE: {"variant", "code", "deal", "position", "winnable", "round", "draft", "daily"},
    CARD_GAME: {"variant", "players", "seed", "code", "round", "seat_kinds", "here"},
}
#: Each game's commands and their fields.
GAME_COMMANDS: dict[str, dict[str, set[str]]] = {
    SOLITAIRE: {"state": set(), "legal": set(), "play": {"column", "row", "card", "version"},
                "draw": {"version"}, "redeal": {"version"}, "undo": {"version"},
                "hint": {"strategy", "limit", "seconds"}, "next-hole": {"version"},
                "coach": {"version", "review"}},
    CARD_GAME: {"observe": {"seat"}, "legal": {"seat"}, "act": {"seat", "action", "version"},
                "referee": set()},
}
#: Every command, in the order the error for an unknown one lists them.
COMMANDS = ("hello", "new", "open", *dict.fromkeys(
    cmd for game in GAME_COMMANDS.values() for cmd in game), "stats", "replay", "daily", "quit")


@dataclass(frozen=True)
class Message:
    """A request that passed the shared checks: ``cmd``, ``id`` (``None`` when absent) and the
    whole ``request`` object."""

    cmd: str
    id: Any
    request: dict[str, Any]


def read_message(text: str, game: str | None) -> Message | dict[str, Any]:
    """The request in ``text``, or the error reply (a dict) to send instead. ``game`` is the
    game of the connection's table, ``None`` when it has none."""
    if len(text) > MAX_MESSAGE:
        return error_reply(TOO_LARGE, f"the message has {len(text)} characters: the most a "
                           f"message may have is {MAX_MESSAGE} (nothing was read from it)",
                           None)
    request, error = server.read_request(text)
    if error is not None:
        return error
    refused = server.check_request(request)
    if refused is not None:
        return refused
    rid = request.get("id")
    cmd = request.get("cmd")
    if not isinstance(cmd, str) or cmd not in COMMANDS:
        extra = (" ('solve' is not offered over the web: ask 'hint' with 'strategy': "
                 "'solver')" if cmd == "solve" else "")
        return error_reply(BAD_REQUEST, f"unknown command {cmd!r}{extra}: expected one of "
                           f"{', '.join(COMMANDS)}", rid)
    if cmd == "new":
        new_game = request.get("game", SOLITAIRE)
        if not isinstance(new_game, str) or new_game not in NEW:
            return error_reply(BAD_INPUT, f"unknown game {new_game!r}: expected one of "
                               f"{', '.join(NEW)}", rid)
        allowed = NEW[new_game] | {"game"}
    elif cmd in SHARED:
        allowed = SHARED[cmd]
    elif game is None:
        allowed = set().union(*(c[cmd] for c in GAME_COMMANDS.values() if cmd in c))
    elif cmd not in GAME_COMMANDS[game]:
        owner = next(g for g, c in GAME_COMMANDS.items() if cmd in c)
        return error_reply(WRONG_GAME, f"{cmd!r} is a {owner} command, but this table plays "
                           f"{'a solitaire game' if game == SOLITAIRE else 'a card-game match'}"
                           f": send 'new' with 'game': {owner!r} first", rid, game=game)
    else:
        allowed = GAME_COMMANDS[game][cmd]
    extra_fields = sorted(set(request) - {"id", "cmd"} - allowed)
    if extra_fields:
        return error_reply(BAD_REQUEST, f"unknown field(s) for {cmd!r}: "
                           f"{', '.join(extra_fields)}", rid)
    if game is None and cmd not in SHARED and cmd != "new":
        return error_reply(NO_TABLE, "no table yet: send 'new', or 'open' with your tokens, "
                           "first", rid)
    return Message(cmd, rid, request)


def finish(reply: dict[str, Any], rid: Any) -> dict[str, Any]:
    """A reply as sent: ``id`` first (when there is one), then ``ok`` (default true)."""
    out = {"ok": reply.get("ok", True), **{k: v for k, v in reply.items() if k != "ok"}}
    return out if rid is None else {"id": rid, **out}
