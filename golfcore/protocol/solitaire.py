"""The solitaire's protocol commands: ``new`` (a deal, a code or a position), ``state``,
``legal``, ``play``, ``draw``, ``redeal`` (under a variant with passes through the stock),
``undo``, ``hint`` (a strategy of :mod:`golfcore.solitaire.hints`:
``legal``, ``solver`` or ``fair``; a strategy that shows a chance, the fair one, replies with
its ``chance``) and ``solve``.

:class:`SolitaireTable` holds one :class:`~golfcore.solitaire.game.Game`; the session
(:mod:`golfcore.protocol.server`) dispatches the solitaire's commands to it. Every reply carries
``state`` (:func:`state_of`: the player's observation, no stock order), and so does a
``bad-input`` error once the game exists.
"""

from __future__ import annotations

import math
import reprlib
from collections.abc import Callable
from typing import Any

from golfcore.protocol.perft import FIELDS as PERFT_FIELDS, perft_reply
from golfcore.errors import GolfError
from golfcore.framework.compose import find_variant
from golfcore.notation import parse_card
from golfcore.solitaire import hints
from golfcore.solitaire.engine import ActionResult
from golfcore.solitaire.game import Game
from golfcore.solitaire.moves import Move
from golfcore.solitaire.position import Position

GAME = "solitaire"
#: The variant of a ``new`` without ``variant`` (an empty ``variant`` is refused, not this).
DEFAULT_VARIANT = "app-facil"

#: The fields each command takes (besides ``cmd`` and ``id``); ``new`` also takes ``game``.
FIELDS: dict[str, set[str]] = {
    "new": {"variant", "code", "deal", "position"}, "state": set(), "legal": set(),
    "play": {"column", "row", "card"}, "draw": set(), "redeal": set(), "undo": set(),
    "hint": {"strategy", "limit", "seconds"}, "solve": {"best", "limit", "seconds"},
    "perft": PERFT_FIELDS,
}


def state_of(game: Game) -> dict[str, Any]:
    """A game's ``state`` as ``golf serve`` and ``golf web`` send it: exactly what its player
    sees (:meth:`Game.observation`'s ``to_json()``: the stock's count and cards, never their
    order), with the game's ``code`` and ``deal`` beside it."""
    return {**game.observation().to_json(), "code": game.code, "deal": game.deal}


def start(request: dict[str, Any]) -> SolitaireTable:
    """The game a ``new`` request asks for; :class:`GolfError` when it cannot be started."""
    starts = [k for k in ("code", "deal", "position") if k in request]
    if len(starts) != 1:
        raise GolfError("'new' needs exactly one of 'code', 'deal' or 'position'")
    variant = request.get("variant")
    if variant is not None:
        if not isinstance(variant, str):
            raise GolfError(f"'variant' must be a variant name, got {variant!r}")
        find_variant(variant)               # an empty name is refused, not the default
    if "code" in request:
        code = request["code"]
        if not isinstance(code, str):
            raise GolfError(f"'code' must be a game code such as 'GO1-E-AAAAAAB', "
                            f"got {code!r}")
        game = Game.from_code(code)
        if variant is not None and find_variant(variant).name != game.variant.name:
            raise GolfError(f"code {code!r} names variant {game.variant.name}, "
                            f"not {variant}")
    elif "deal" in request:
        number = request["deal"]
        if isinstance(number, bool) or not isinstance(number, int):
            raise GolfError(f"'deal' must be a deal number, got {number!r}")
        game = Game(DEFAULT_VARIANT if variant is None else variant, deal=number)
    else:
        raw = request["position"]
        if isinstance(raw, str):
            position = Position.from_text(raw, source="position")
        else:
            _check_columns(raw)
            position = Position.from_json(raw)
        game = Game(DEFAULT_VARIANT if variant is None else variant, position=position)
    return SolitaireTable(game)


def _check_columns(raw: Any) -> None:
    """Refuse a position object whose ``columns`` holds something other than lists."""
    columns = raw.get("columns") if isinstance(raw, dict) else None
    if isinstance(columns, list):
        for i, column in enumerate(columns, start=1):
            if not isinstance(column, list):
                raise GolfError(f"column {i} must be a list of cards, not "
                                f"{reprlib.repr(column)}")


#: The most positions (information states, for the fair hint) a hint searches over the web,
#: and a fair hint through any protocol session (``golf serve`` too).
SEARCH_LIMIT = 200_000


def bounded_hint(request: dict[str, Any], every_search: bool = True) -> dict[str, Any]:
    """A ``hint`` request with its search bounded. A strategy with a time of its own (the fair
    hint's :data:`~golfcore.solitaire.search.hints.FAIR_HINT_SECONDS`: 5 s of exact search,
    and as long again of sampling) is bounded to :data:`SEARCH_LIMIT` information states and
    that time; with ``every_search`` (``golf web``) every strategy that searches (the solver's
    too) is bounded to :data:`SEARCH_LIMIT` positions. A value that is not a number is left for
    :func:`search_limits` to refuse; a strategy that is not registered, for ``hint``."""
    strategy = request.get("strategy")
    if not hints.is_search(strategy):
        return request
    most = hints.hint_strategy(strategy).seconds
    if most is None and not every_search:
        return request
    limit, seconds = request.get("limit"), request.get("seconds")
    if limit is None or isinstance(limit, int) and not isinstance(limit, bool) \
            and limit > SEARCH_LIMIT:
        request = {**request, "limit": SEARCH_LIMIT}
    if most is not None and (
            seconds is None or isinstance(seconds, (int, float)) and not isinstance(seconds, bool)
            and seconds > most):
        request = {**request, "seconds": most}
    return request


def search_limits(request: dict[str, Any]) -> dict[str, Any]:
    """The solver's bounds a ``solve`` or ``hint`` request gives: ``limit`` (positions, a whole
    number of 1 or more) and ``seconds`` (a number above 0), as keyword arguments."""
    limits: dict[str, Any] = {}
    limit = request.get("limit")
    if limit is not None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise GolfError(f"'limit' must be a whole number of positions (information "
                            f"states for a fair hint), 1 or more, got {reprlib.repr(limit)}")
        limits["limit"] = limit
    seconds = request.get("seconds")
    if seconds is not None:
        try:
            value = float(seconds) if not isinstance(seconds, (bool, str)) else math.nan
        except (TypeError, OverflowError):
            value = math.nan
        if not 0 < value < math.inf:
            raise GolfError(f"'seconds' must be a number of seconds above 0, got "
                            f"{reprlib.repr(seconds)}")
        limits["seconds"] = value
    return limits


class SolitaireTable:
    """One solitaire game being played through the protocol."""

    game_name = GAME
    fields = FIELDS

    def __init__(self, game: Game) -> None:
        self.game = game
        self._commands: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "state": self._state, "legal": self._legal, "play": self._play,
            "draw": self._draw, "redeal": self._redeal, "undo": self._undo, "hint": self._hint,
            "solve": self._solve, "perft": self._perft,
        }

    def started(self) -> dict[str, Any]:
        """The reply to the ``new`` that started this game."""
        return {"state": state_of(self.game)}

    def handle(self, cmd: str, request: dict[str, Any]) -> dict[str, Any]:
        """Carry out ``cmd`` (one of :data:`FIELDS`' commands but ``new``)."""
        return self._commands[cmd](request)

    def on_error(self) -> dict[str, Any]:
        """What a ``bad-input`` error about this game carries: the (unchanged) state."""
        return {"state": state_of(self.game)}

    # -- commands ----------------------------------------------------------------------------------

    def _state(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"state": state_of(self.game)}

    def _legal(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self.game
        return {"legal": [str(m) for m in game.legal(0)], "state": state_of(game)}

    def _play(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self.game
        if "card" in request:
            if "column" in request or "row" in request:
                raise GolfError("'play' takes either 'card' or 'column' (with 'row'), not both")
            card = request["card"]
            if not isinstance(card, str):
                raise GolfError(f"'card' must be a card such as '9C', got {card!r}")
            return self._result(game.play(parse_card(card)))
        column, row = request.get("column"), request.get("row")
        for name, value in (("column", column), ("row", row)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise GolfError(f"'{name}' must be a whole number, got {value!r}")
        if column is None:
            raise GolfError("'play' needs 'column' (1-7) or 'card'")
        return self._result(game.act(0, Move.play(column, row)))

    def _draw(self, request: dict[str, Any]) -> dict[str, Any]:
        return self._result(self.game.draw())

    def _redeal(self, request: dict[str, Any]) -> dict[str, Any]:
        return self._result(self.game.redeal())

    def _undo(self, request: dict[str, Any]) -> dict[str, Any]:
        return self._result(self.game.undo())

    def _hint(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self.game
        strategy = request.get("strategy", hints.DEFAULT)
        if not isinstance(strategy, str) or strategy not in hints.hint_names():
            raise GolfError(f"'strategy' must be {hints.names_text()}, got "
                            f"{reprlib.repr(strategy)}")
        # a strategy that must be bounded (the fair hint: huge budgets would grow the search's
        # memory) is bounded as over the web
        limits = search_limits(bounded_hint(request, every_search=False))
        chosen = hints.hint_strategy(strategy)
        hint = game.suggest(strategy, **limits)
        reply = {"hint": str(hint.move) if hint.move is not None else None,
                 "strategy": strategy}
        if chosen.shows is not None:
            reply["chance"] = hint.chance.to_json() if hint.chance is not None else None
        return {**reply, "state": state_of(game)}

    def _solve(self, request: dict[str, Any]) -> dict[str, Any]:
        from golfcore.solitaire.search.solver import solver_for

        game = self.game
        best = request.get("best", False)
        if not isinstance(best, bool):
            raise GolfError(f"'best' must be true or false, got {best!r}")
        result = solver_for(game.rules).solve(game.position, best=best, **search_limits(request))
        data = result.to_json()
        if not best and result.winnable is not True:
            data["best"] = None                      # not searched: the verdict only
        return {"solve": data, "state": state_of(game)}

    def _perft(self, request: dict[str, Any]) -> dict[str, Any]:
        from golfcore.solitaire import perft

        rules, state = self.game.rules, self.game.state
        return perft_reply(request, lambda d, n: perft.perft(rules, state, d, n),
                           lambda d, n: perft.divide(rules, state, d, n))

    def _result(self, result: ActionResult) -> dict[str, Any]:
        reply: dict[str, Any] = {"ok": result.accepted, "action": result.action,
                                 "card": str(result.card) if result.card else None}
        if not result.accepted:
            reply["reason"] = result.reason
            reply["messages"] = result.messages
        reply["state"] = state_of(self.game)
        return reply
