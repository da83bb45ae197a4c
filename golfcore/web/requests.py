"""A ``new`` request of ``golf web``, checked, and the table it deals.

* the solitaire: a code, a deal, a position, a 9-hole round or a random deal
  (:func:`start_solitaire`), a draft (:func:`check_draft`), or a winnable deal
  (:func:`check_winnable`, found by :func:`find_winnable` in a search thread: :func:`is_search`);
* the card game: the seat kinds (people and computers), the seats this connection plays
  (``here``), and a chosen deal only for a table whose people all sit at this connection
  (:func:`start_card_game`: whoever chooses the deal knows every card).

Every bad field is a :class:`~golfcore.errors.GolfError` (``bad-input``) naming it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any

from golfcore.cardgame.match import Match
from golfcore.errors import GolfError
from golfcore.framework.compose import find_variant
from golfcore.protocol import cardgame as cg_protocol
from golfcore.protocol import computers
from golfcore.protocol import solitaire as sol_protocol
from golfcore.protocol.cardgame import RequestError
from golfcore.protocol.solitaire import SEARCH_LIMIT
from golfcore.solitaire import hints
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.solitaire.game import Game
from golfcore.web.courses import Course, start_course
from golfcore.web.exports import HUMAN
from golfcore.web.tables.solitaire import SOLITAIRE
from golfcore.web.tables.steps import strip

#: How many random deals a ``winnable: true`` search tries before it gives up.
WINNABLE_TRIES = 100
#: A chosen deal (``seed``, ``code``, ``round``) for a table other people would join.
CHOSEN_DEAL_SHARED = "chosen-deal-shared"
_CHOSEN_DEAL_SHARED = {
    "es": "Solo se puede elegir el reparto (semilla, código o ronda) en una mesa cuyos "
          "jugadores humanos estén todos en esta conexión: quien elige el reparto conoce "
          "todas las cartas",
    "en": "A deal may be chosen (seed, code or round) only for a table whose human seats are "
          "all held by this connection: whoever chooses the deal knows every card",
}


def start_solitaire(request: dict[str, Any],
                    randbelow: Callable[[int], int] = secrets.randbelow
                    ) -> tuple[Game, Course | None]:
    """The game (and round) a solitaire ``new`` asks for, but ``winnable: true``
    (:func:`find_winnable`): a code, a deal, a position, a round, or a random deal."""
    base = strip(request, "winnable", "round", "draft", "game", "cmd", "id")
    if request.get("round") not in (None, False):
        given = sorted(set(base) & {"code", "deal", "position"})
        if given or request.get("winnable") not in (None, False):
            raise GolfError(f"'round' deals its own holes: 'new' with 'round' takes no "
                            f"{' or '.join(map(repr, given or ['winnable']))}")
        return start_course(request["round"], request.get("variant"), randbelow)
    if not {"code", "deal", "position"} & set(base):
        base["deal"] = randbelow(MAX_DEAL) + 1
    return sol_protocol.start(base).game, None


def check_winnable(request: dict[str, Any]) -> bool:
    """Whether a solitaire ``new`` asks for a winnable deal (after checking the field)."""
    value = request.get("winnable", False)
    if not isinstance(value, bool):
        raise GolfError(f"'winnable' must be true or false, got {value!r}")
    if value:
        given = sorted(set(request) & {"code", "deal", "position", "round", "daily"})
        if request.get("draft") not in (None, False):
            given.append("draft")
        if given:
            raise GolfError(f"'winnable' deals a random deal: it takes no "
                            f"{' or '.join(map(repr, given))}")
        variant = request.get("variant", sol_protocol.DEFAULT_VARIANT)
        if not isinstance(variant, str):
            raise GolfError(f"'variant' must be a variant name, got {variant!r}")
        find_variant(variant)
    return value


def check_draft(request: dict[str, Any]) -> bool:
    """Whether a solitaire ``new`` asks for a draft: a table dealt and played in memory, saved
    with its first accepted action (and forgotten when its connection leaves it unplayed)."""
    value = request.get("draft", False)
    if not isinstance(value, bool):
        raise GolfError(f"'draft' must be true or false, got {value!r}")
    return value


def find_winnable(variant: str, *, tries: int = WINNABLE_TRIES, limit: int = SEARCH_LIMIT,
                  progress: Callable[[int], None] = lambda tried: None,
                  stopped: Callable[[], bool] = lambda: False,
                  randbelow: Callable[[int], int] = secrets.randbelow) -> Game | None:
    """A random deal of ``variant`` that the solver proves winnable, trying at most ``tries``
    deals with ``limit`` positions each; ``None`` when none was found (or ``stopped()``).
    ``progress(tried)`` is called after each deal. Slow: run it in a thread."""
    from golfcore.solitaire.search.solver import solver_for

    first = Game(variant, deal=1)
    solver = solver_for(first.rules)
    for tried in range(1, tries + 1):
        if stopped():
            return None
        game = Game(first.rules, deal=randbelow(MAX_DEAL) + 1)
        found = solver.solve(game.position, best=False, limit=limit).winnable
        progress(tried)
        if found:
            return game
    return None


def is_search(cmd: str, request: dict[str, Any]) -> bool:
    """Whether a request runs a search (a thread, one at a time per connection): a hint whose
    strategy searches (the solver's or the fair hint's), and the coach."""
    if cmd == "coach":
        return True
    if cmd == "hint":
        return hints.is_search(request.get("strategy"))
    return cmd == "new" and request.get("game", SOLITAIRE) == SOLITAIRE \
        and request.get("winnable") is True



def check_seat_kinds(value: Any) -> list[str]:
    """``seat_kinds`` of a card-game ``new``: 2-6 of ``human`` / ``bot:NAME[:KEY=VALUE,...]``,
    one human, as ``golf serve`` takes them (:func:`golfcore.protocol.computers.check_seat_kinds`:
    a bot's options only within its client limits)."""
    return list(computers.check_seat_kinds(value))


def _check_here(value: Any, kinds: Sequence[str]) -> tuple[int, ...]:
    humans = [i for i, kind in enumerate(kinds) if kind == HUMAN]
    if value is None:
        return tuple(humans)
    if not isinstance(value, list) or any(isinstance(s, bool) or not isinstance(s, int)
                                          for s in value):
        raise GolfError(f"'here' must be a list of the human seats this connection plays "
                        f"({', '.join(map(str, humans))}), got {value!r}")
    for seat in value:
        if seat not in humans:
            raise GolfError(f"'here': seat {seat} is not a human seat of this table: the "
                            f"human seats are {', '.join(map(str, humans))}")
    if len(set(value)) != len(value):
        raise GolfError(f"'here' names a seat twice: {value!r}")
    return tuple(sorted(value))


def start_card_game(request: dict[str, Any]) -> tuple[Match, list[str], tuple[int, ...]]:
    """The match, the seat kinds and the seats of the connection (``here``) that a card-game
    ``new`` asks for. A chosen deal (``seed``, ``code``, ``round``: its chooser knows every
    card) is refused with ``chosen-deal-shared`` unless this connection holds every human
    seat; without them the match is dealt from a fresh secret."""
    base = strip(request, "seat_kinds", "here", "game", "cmd", "id")
    kinds = None
    if "seat_kinds" in request:
        kinds = check_seat_kinds(request["seat_kinds"])
        if "players" in request:
            raise GolfError("'seat_kinds' gives the number of players: 'new' with "
                            "'seat_kinds' takes no 'players'")
        if "code" not in request and "round" not in request:
            base["players"] = len(kinds)
    match = cg_protocol.start(base).match
    if kinds is None:
        kinds = [HUMAN] * match.players
    elif len(kinds) != match.players:
        raise GolfError(f"'seat_kinds' has {len(kinds)} seats but the match has "
                        f"{match.players} players")
    here = _check_here(request.get("here"), kinds)
    humans = tuple(i for i, kind in enumerate(kinds) if kind == HUMAN)
    if match.chosen_deal and here != humans:
        others = ", ".join(str(seat) for seat in humans if seat not in here)
        raise RequestError(CHOSEN_DEAL_SHARED, f"{_CHOSEN_DEAL_SHARED['en']}: this table "
                           f"leaves human seat(s) {others} to others; leave out 'seed', "
                           f"'code' and 'round' for a secret deal", dict(_CHOSEN_DEAL_SHARED))
    return match, kinds, here



__all__ = ["CHOSEN_DEAL_SHARED", "SEARCH_LIMIT", "WINNABLE_TRIES", "check_draft",
           "check_seat_kinds", "check_winnable", "find_winnable", "is_search",
           "start_card_game", "start_solitaire"]
