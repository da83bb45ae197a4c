"""Replays of ``golf web``: a finished or saved game shown again, one step per action.

A ``replay`` request gives the sequence of views of a game, from its deal to its last action
(docs/web.md, *Replays and share links*), in one of three ways:

* ``{"cmd": "replay"}``: the connection's own table (the seats it opened or created): a
  solitaire game at any point, a card-game match only once it is over;
* ``{"cmd": "replay", "code": "GO1-E-AAAAAAB", "moves": "3d5u"}``: a solitaire game given
  whole, its game code and its moves (:func:`parse_moves`): the self-contained form of a share
  link, which any server replays without its database;
* ``{"cmd": "replay", "code": "GK1-..."}``: the finished card-game match dealt from that replay
  code (the 128-bit secret a replay code carries is shown to the seats only once the match is
  over, so holding it proves one saw the end; a ``GC1-`` match code, a seed anyone may try, is
  refused).

**Hidden information.** A step of the solitaire is what its player saw then
(:func:`golfcore.protocol.solitaire.state_of`: never the stock's order); a step of the card game
is the spectator's view (:meth:`Match.observation` of no seat: never a face-down card, nor a card
held from the stock), and no step of a match that is not over is ever sent. **Bounds**: a
request's ``moves`` has at most :data:`MAX_MOVES` moves, a reply at most :data:`MAX_STEPS` steps,
each a compact view (:func:`solitaire_step`, :func:`card_step`).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from golfcore.errors import GolfError
from golfcore.protocol import solitaire as sol_protocol
from golfcore.protocol.cardgame import RequestError
from golfcore.web.records import LoggedAction, SeatRecord
from golfcore.web.resume import from_snapshot, replay
from golfcore.web.seats import HUMAN
from golfcore.web.store import Store
from golfcore.web.tables import CARD_GAME, SOLITAIRE, LiveCardGame, LiveSolitaire, LiveTable

#: The most moves a ``replay`` request's ``moves`` may hold (the message is bounded anyway).
MAX_MOVES = 500
#: The most steps (views) a ``replay`` reply holds: a longer game is refused (``too-long``).
MAX_STEPS = 2000
#: The form of the codes a replay takes, checked before anything is parsed.
_SOLITAIRE_CODE = re.compile(r"GO1-[A-Z]-[A-Z]{7}")
_REPLAY_CODE = re.compile(r"GK1-[A-Z][2-6][1-9][1-9](?:-[A-Z]{7}){4}")
_MOVES = re.compile(r"[1-9dru]*")
#: A move of a ``moves`` text, and the request it is.
_LETTERS = {"d": "draw", "r": "redeal", "u": "undo"}

NOT_OVER = "not-over"
NO_REPLAY = "no-replay"
TOO_LONG = "too-long"
BAD_REPLAY = "bad-replay"
MESSAGES: dict[str, dict[str, str]] = {
    NOT_OVER: {"es": "La repetición de una partida de cartas se ve cuando la partida ha "
                     "terminado.",
               "en": "A card-game match can be replayed once it is over."},
    NO_REPLAY: {"es": "No hay ninguna partida terminada con ese código en este servidor.",
                "en": "No finished match with that code is saved on this server."},
    TOO_LONG: {"es": "Esta partida es demasiado larga para verla repetida.",
               "en": "This game is too long to be replayed."},
    BAD_REPLAY: {"es": "Esa repetición no sirve: el código o las jugadas no son válidos.",
                 "en": "That replay is not valid: its code or its moves are wrong."},
}


def refused(kind: str, detail: str) -> RequestError:
    return RequestError(kind, detail, dict(MESSAGES[kind]))


# -- the views ------------------------------------------------------------------------------------

def solitaire_step(table: LiveSolitaire, last: dict[str, Any] | None) -> dict[str, Any]:
    """One step of a solitaire replay: what the player saw (never the stock's order)."""
    state = table.state()
    position = state.get("position") or {}
    return {"columns": position.get("columns"), "waste": state.get("waste"),
            "stock": state.get("stock"), "moves": state.get("moves"),
            "score": state.get("score"), "status": state.get("status"),
            "action": None if last is None else last.get("action"),
            "card": None if last is None else last.get("card"),
            "hole": None if table.course is None else table.course.hole}


def card_step(table: LiveCardGame, last: dict[str, Any] | None) -> dict[str, Any]:
    """One step of a card-game replay: the spectator's view (no face-down card)."""
    obs = table.match.observation(None).to_json()
    keep = ("round", "step", "turn", "boards", "discard", "stock_count", "totals", "over",
            "winners", "shape")
    view = {key: obs.get(key) for key in keep}
    view["seat"] = None if last is None else last.get("seat")
    view["action"] = None if last is None else last.get("action")
    return view


def step_of(table: LiveTable, last: dict[str, Any] | None) -> dict[str, Any]:
    if isinstance(table, LiveSolitaire):
        return solitaire_step(table, last)
    return card_step(table, last)


def steps(table: LiveTable, actions: Sequence[LoggedAction]
          ) -> tuple[list[dict[str, Any]], LiveTable, str | None]:
    """The views of ``table`` and of the table after each of ``actions`` (replayed as a
    resume does: a refused action is an error), the table after the last one, and the
    solitaire's moves as a share link writes them (:func:`parse_moves`; ``None`` when one of
    them has no letter, and for the card game)."""
    if len(actions) + 1 > MAX_STEPS:
        raise refused(TOO_LONG, f"the game has {len(actions)} actions: a replay shows at "
                                f"most {MAX_STEPS - 1}")
    views = [step_of(table, None)]
    letters: list[str] | None = [] if isinstance(table, LiveSolitaire) else None
    for action in actions:
        if letters is not None:
            letter = _letter(table, action.request)
            letters = None if letter is None else letters
            if letters is not None and letter is not None:
                letters.append(letter)
        table = replay(table, action)
        views.append(step_of(table, _last(table, action)))
    return views, table, None if letters is None else "".join(letters)


def _last(after: LiveTable, action: LoggedAction) -> dict[str, Any]:
    request = action.request
    cmd = str(request.get("cmd"))
    if isinstance(after, LiveCardGame):
        return {"seat": action.seat, "action": request.get("action")}
    text = f"play {request.get('column')}" if cmd == "play" else cmd
    card = None
    if isinstance(after, LiveSolitaire) and cmd in ("play", "draw"):
        card = after.state().get("waste")
    return {"action": text, "card": card}


# -- moves as text --------------------------------------------------------------------------------

def parse_moves(text: object) -> list[LoggedAction]:
    """The solitaire moves of a share link: one character each, ``1``-``9`` a column's free
    card, ``d`` draw, ``r`` redeal (turn the waste over), ``u`` undo."""
    if not isinstance(text, str) or len(text) > MAX_MOVES or not _MOVES.fullmatch(text):
        raise refused(BAD_REPLAY, f"'moves' must be at most {MAX_MOVES} of 1-9, d, r, u")
    requests = [{"cmd": "play", "column": int(ch)} if ch.isdigit() else {"cmd": _LETTERS[ch]}
                for ch in text]
    return [LoggedAction(n, 0, request, 0.0) for n, request in enumerate(requests, 1)]


def moves_text(table: LiveTable, actions: Sequence[LoggedAction]) -> str | None:
    """The moves of a solitaire log from ``table`` as :func:`parse_moves` reads them; ``None``
    when one of them has no letter (a play of another card than the free one, a round's next
    hole). A play that names the free card's row (as the page's touch does) is its column."""
    return steps(table, actions)[2]


def _letter(table: LiveTable, request: dict[str, Any]) -> str | None:
    cmd, column, row = request.get("cmd"), request.get("column"), request.get("row")
    if cmd in ("draw", "redeal", "undo"):
        return str(cmd)[0]
    if cmd != "play" or not set(request) <= {"cmd", "column", "row", "card", "version"} \
            or isinstance(column, bool) or not isinstance(column, int) or not 1 <= column <= 9:
        return None
    if "card" in request or not isinstance(table, LiveSolitaire):
        return None
    columns = (table.state().get("position") or {}).get("columns") or []
    if row is not None and (column > len(columns) or row != len(columns[column - 1])):
        return None
    return str(column)


# -- the request ----------------------------------------------------------------------------------

def reply_of(table: LiveTable, actions: Sequence[LoggedAction],
             kinds: Sequence[str] | None = None) -> dict[str, Any]:
    """The reply to a ``replay`` of ``table`` (as dealt) and its ``actions``: refused for a
    match that is not over."""
    views, final, moves = steps(table, actions)
    if isinstance(table, LiveCardGame):
        if not isinstance(final, LiveCardGame) or not final.match.is_over:
            raise refused(NOT_OVER, "the match is not over: a replay of it would show the "
                                    "cards of a game still being played")
        return {"game": CARD_GAME, "variant": table.variant, "code": final.match.code,
                "players": table.match.players, "kinds": list(kinds or table.kinds),
                "steps": views}
    assert isinstance(table, LiveSolitaire)
    code = table.state().get("code")
    return {"game": SOLITAIRE, "variant": table.variant, "code": code,
            "moves": moves if table.course is None and code and moves is not None
            and len(moves) <= MAX_MOVES else None,
            "round": None if table.course is None else str(table.course.code),
            "steps": views}


def check_request(request: dict[str, Any]) -> tuple[str | None, str | None]:
    """``(code, moves)`` of a ``replay`` request, their form checked: both ``None`` for the
    connection's own table."""
    code, moves = request.get("code"), request.get("moves")
    if code is None:
        if moves is not None:
            raise refused(BAD_REPLAY, "'moves' comes with the solitaire's 'code'")
        return None, None
    if not isinstance(code, str) or len(code) > 60:
        raise refused(BAD_REPLAY, "'code' must be a game code or a replay code")
    code = code.strip().upper()
    if _SOLITAIRE_CODE.fullmatch(code):
        if not isinstance(moves, str):
            raise refused(BAD_REPLAY, "a solitaire replay gives its 'moves' with its 'code'")
        return code, moves
    if moves is not None:
        raise refused(BAD_REPLAY, "only a solitaire replay gives 'moves'")
    if _REPLAY_CODE.fullmatch(code):
        return code, None
    if code.startswith("GC1-"):
        raise refused(NO_REPLAY, "a match code (GC1-) names a seed anyone may try: a match is "
                                 "replayed from its replay code (GK1-), or from its own table")
    raise refused(BAD_REPLAY, f"{code[:40]!r} is neither a game code (GO1-) nor a replay "
                              f"code (GK1-)")


def from_moves(code: str, moves: str) -> dict[str, Any]:
    """The reply to the self-contained form: the game of ``code`` and ``moves``."""
    actions = parse_moves(moves)
    try:
        game = sol_protocol.start({"code": code}).game
        table = LiveSolitaire("", 0, (SeatRecord(0, HUMAN, None),), game)
        return reply_of(table, actions)
    except RequestError:
        raise
    except GolfError as exc:
        raise refused(BAD_REPLAY, str(exc)[:200]) from None


def from_log(game: str, seats: tuple[SeatRecord, ...], first: dict[str, Any],
             actions: Sequence[LoggedAction]) -> dict[str, Any]:
    """The reply for a saved table: its first snapshot (``{version, snapshot}``) and the
    actions after it."""
    version = int(first["version"])
    table = from_snapshot(game, "", version, seats, first["snapshot"])
    later = [a for a in actions if a.version > version]
    return reply_of(table, later, [s.kind for s in seats])


Read = Callable[..., Awaitable[Any]]


async def answer(request: dict[str, Any], *, read: Read, store: Store, table_id: str | None,
                 draft: LiveTable | None) -> dict[str, Any]:
    """The reply to a ``replay`` request; every read of the store through ``read`` (a worker
    thread), the replay itself too (a long log takes a few milliseconds per hundred actions)."""
    code, moves = check_request(request)
    if code is not None and moves is not None:
        return await read(from_moves, code, moves)
    if code is not None:
        found = await read(store.finished_with_code, code)
        if found is None:
            raise refused(NO_REPLAY, "no finished match of this server has that replay code")
        reply = await read(_saved, store, found)
        if reply is None:                     # deleted meanwhile
            raise refused(NO_REPLAY, "the match of that replay code is no longer saved")
        return reply
    if table_id is None:
        raise RequestError("no-table", "no table yet: 'replay' without 'code' replays the "
                                       "connection's own table")
    if draft is not None:                     # dealt, never played: its one step
        return reply_of(draft, [])
    own = await read(_saved, store, table_id)
    if own is None:
        raise RequestError("no-table", "this table is no longer in the database")
    return own


def _saved(store: Store, table_id: str) -> dict[str, Any] | None:
    log = store.log_of(table_id)
    if log is None:
        return None
    game, seats, first, actions = log
    return from_log(game, seats, first, actions)


__all__ = ["BAD_REPLAY", "MAX_MOVES", "MAX_STEPS", "MESSAGES", "NOT_OVER", "NO_REPLAY",
           "TOO_LONG", "answer", "card_step", "check_request", "from_log", "from_moves",
           "moves_text", "parse_moves", "reply_of", "solitaire_step", "steps"]
