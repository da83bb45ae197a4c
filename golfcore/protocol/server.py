"""The embedding protocol: newline-delimited JSON, one request a line, one reply a line.

A front end in any language starts ``golf serve`` and talks to it over stdin/stdout; the
conformance runner (:mod:`golfcore.conformance.runner`) speaks the same protocol to our own engine (in
process) and to any other engine (``golf conform --program CMD``). ``docs/protocol.md`` is the
guide, with a transcript that a test replays.

Requests are JSON objects with a ``cmd`` and, optionally, an ``id`` echoed in the reply:

==========  =====================================================================================
``hello``   protocol version, engine name, variants, features
``new``     start a game: ``variant`` plus one of ``code``, ``deal`` or ``position``
            (a position object as :meth:`golfcore.position.Position.to_json` writes, or its text)
``state``   the current state
``legal``   the legal moves (also in every state)
``play``    ``column`` (1..7, optional ``row`` for a touched covered card) or ``card``
``draw``    turn the stock's top card
``undo``    take back the last action
``hint``    a suggested move; ``strategy``: ``legal`` (default) or ``solver``
``solve``   the solver's verdict on the current position (``best``: also the best result)
``quit``    end the session
==========  =====================================================================================

Every reply has ``ok`` and, once a game exists, ``state``. A refused action has ``ok: false``,
``reason`` (a reason code) and ``messages`` (``es`` and ``en``); the state is unchanged. A line
that is not a valid request gets ``ok: false`` with ``error`` and ``message``, and the session
goes on.
"""

from __future__ import annotations

import json
from typing import Any, Callable, TextIO

import golfcore
from golfcore.solitaire.engine import ActionResult
from golfcore.errors import GolfError
from golfcore.solitaire.game import Game
from golfcore.solitaire.position import Position
from golfcore.framework.registry import registry

PROTOCOL = 1
FEATURES = ("code", "deal", "position", "undo", "hint", "score", "messages", "jokers",
            "empty-waste", "compose", "solve")

BAD_JSON = "bad-json"
BAD_REQUEST = "bad-request"
BAD_INPUT = "bad-input"
NO_GAME = "no-game"


class Session:
    """One protocol session: at most one game at a time. :meth:`handle` is pure I/O-free."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.done = False
        self._commands: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "hello": self._hello, "new": self._new, "state": self._state, "legal": self._legal,
            "play": self._play, "draw": self._draw, "undo": self._undo, "hint": self._hint,
            "solve": self._solve, "quit": self._quit,
        }
        self._fields = {
            "hello": set(), "new": {"variant", "code", "deal", "position"}, "state": set(),
            "legal": set(), "play": {"column", "row", "card"}, "draw": set(), "undo": set(),
            "hint": {"strategy"}, "solve": {"best"}, "quit": set(),
        }

    # -- entry points ------------------------------------------------------------------------------

    def handle_line(self, line: str) -> str:
        """One request line in, one reply line out (without the newline)."""
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            return _dump(_error(BAD_JSON, f"not valid JSON: {exc}", None))
        return _dump(self.handle(request))

    def handle(self, request: Any) -> dict[str, Any]:
        """One request object in, one reply object out."""
        if not isinstance(request, dict):
            return _error(BAD_REQUEST, "a request must be a JSON object", None)
        rid = request.get("id")
        cmd = request.get("cmd")
        if not isinstance(cmd, str) or cmd not in self._commands:
            return _error(BAD_REQUEST, f"unknown command {cmd!r}: expected one of "
                          f"{', '.join(self._commands)}", rid)
        extra = sorted(set(request) - {"id", "cmd"} - self._fields[cmd])
        if extra:
            return _error(BAD_REQUEST, f"unknown field(s) for {cmd!r}: {', '.join(extra)}", rid)
        if cmd not in ("hello", "new", "quit") and self.game is None:
            return _error(NO_GAME, "no game yet: send 'new' first", rid)
        try:
            reply = self._commands[cmd](request)
        except GolfError as exc:
            reply = _error(BAD_INPUT, str(exc), rid)
            if self.game is not None:
                reply["state"] = self.game.summary()
            return reply
        reply = {"ok": reply.pop("ok", True), **reply}
        if rid is not None:
            reply = {"id": rid, **reply}
        return reply

    # -- commands ----------------------------------------------------------------------------------

    def _hello(self, request: dict[str, Any]) -> dict[str, Any]:
        return {
            "protocol": PROTOCOL,
            "engine": f"golfcore {golfcore.__version__}",
            "variants": [{"name": v.name, "letter": v.letter, "title": v.title}
                         for v in registry()],
            "features": list(FEATURES),
        }

    def _new(self, request: dict[str, Any]) -> dict[str, Any]:
        starts = [k for k in ("code", "deal", "position") if k in request]
        if len(starts) != 1:
            raise GolfError("'new' needs exactly one of 'code', 'deal' or 'position'")
        variant = request.get("variant")
        if variant is not None and not isinstance(variant, str):
            raise GolfError(f"'variant' must be a variant name, got {variant!r}")
        if "code" in request:
            code = request["code"]
            if not isinstance(code, str):
                raise GolfError(f"'code' must be a game code such as 'GO1-E-AAAAAAB', "
                                f"got {code!r}")
            game = Game.from_code(code)
            if variant is not None and golfcore.find_variant(variant).name != game.variant.name:
                raise GolfError(f"code {code!r} names variant {game.variant.name}, "
                                f"not {variant}")
        elif "deal" in request:
            number = request["deal"]
            if isinstance(number, bool) or not isinstance(number, int):
                raise GolfError(f"'deal' must be a deal number, got {number!r}")
            game = Game(variant or "app-facil", deal=number)
        else:
            raw = request["position"]
            if isinstance(raw, str):
                position = Position.from_text(raw, source="position")
            else:
                position = Position.from_json(raw)
            game = Game(variant or "app-facil", position=position)
        self.game = game
        return {"state": game.summary()}

    def _require(self) -> Game:
        assert self.game is not None
        return self.game

    def _state(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"state": self._require().summary()}

    def _legal(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self._require()
        return {"legal": [str(m) for m in game.legal_moves()], "state": game.summary()}

    def _play(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self._require()
        if "card" in request:
            if "column" in request or "row" in request:
                raise GolfError("'play' takes either 'card' or 'column' (with 'row'), not both")
            card = request["card"]
            if not isinstance(card, str):
                raise GolfError(f"'card' must be a card such as '9C', got {card!r}")
            return self._result(game.play(golfcore.parse_card(card)))
        column, row = request.get("column"), request.get("row")
        for name, value in (("column", column), ("row", row)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise GolfError(f"'{name}' must be a whole number, got {value!r}")
        if column is None:
            raise GolfError("'play' needs 'column' (1-7) or 'card'")
        return self._result(game.apply(golfcore.Move.play(column, row)))

    def _draw(self, request: dict[str, Any]) -> dict[str, Any]:
        return self._result(self._require().draw())

    def _undo(self, request: dict[str, Any]) -> dict[str, Any]:
        return self._result(self._require().undo())

    def _hint(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self._require()
        strategy = request.get("strategy", "legal")
        if not isinstance(strategy, str):
            raise GolfError(f"'strategy' must be 'legal' or 'solver', got {strategy!r}")
        move = game.hint(strategy)
        return {"hint": str(move) if move is not None else None, "strategy": strategy,
                "state": game.summary()}

    def _solve(self, request: dict[str, Any]) -> dict[str, Any]:
        from golfcore.solitaire.solver import solver_for

        game = self._require()
        best = request.get("best", True)
        if not isinstance(best, bool):
            raise GolfError(f"'best' must be true or false, got {best!r}")
        result = solver_for(game.rules).solve(game.position, best=best)
        return {"solve": result.to_json(), "state": game.summary()}

    def _quit(self, request: dict[str, Any]) -> dict[str, Any]:
        self.done = True
        return {"bye": True}

    def _result(self, result: ActionResult) -> dict[str, Any]:
        game = self._require()
        reply: dict[str, Any] = {"ok": result.accepted, "action": result.action,
                                 "card": str(result.card) if result.card else None}
        if not result.accepted:
            reply["reason"] = result.reason
            reply["messages"] = result.messages
        reply["state"] = game.summary()
        return reply


def _error(kind: str, message: str, rid: Any) -> dict[str, Any]:
    reply: dict[str, Any] = {"ok": False, "error": kind, "message": message}
    if rid is not None:
        reply = {"id": rid, **reply}
    return reply


def _dump(reply: dict[str, Any]) -> str:
    return json.dumps(reply, ensure_ascii=False, separators=(",", ":"))


def serve(stdin: TextIO, stdout: TextIO) -> int:
    """Run a session over two text streams until ``quit`` or end of input."""
    session = Session()
    for line in stdin:
        if not line.strip():
            continue
        stdout.write(session.handle_line(line) + "\n")
        stdout.flush()
        if session.done:
            break
    return 0
