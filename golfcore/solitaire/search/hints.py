"""The hint strategies that search (registered in ``golfcore.solitaire.hints``, see
:mod:`golfcore.solitaire.hints`):

* :data:`SOLVER` (``solver``): a move that keeps a win possible, or when none does, the first
  move toward the best result the variant's scoring allows (:mod:`~.solver`). It reads the
  stock's order. Its search is bounded by ``limit`` positions and ``seconds`` (no default cap);
  a search stopped early suggests the first move of the best line it found.
* :data:`FAIR` (``fair``): the move that maximises the fair chance, the chance of winning of a
  perfect player who cannot see the stock (:mod:`~.fair`), with that chance: exact, or a
  bracket when the exact search is capped (the move is then the non-peeking policy's first).
  It never reads the stock's order. ``limit`` caps the exact search in information states and
  ``seconds`` both it and then the bracket's sampling; without ``seconds``:
  :data:`FAIR_HINT_SECONDS` of each (a ``limit`` alone would let the sampling run without end),
  since a whole deal is rarely searched exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from golfcore.solitaire.hints import Hint, HintStrategy
from golfcore.solitaire.rules import RuleSet
from golfcore.solitaire.search.fair import fair_chance
from golfcore.solitaire.search.solver import solver_for
from golfcore.solitaire.state import GameState

__all__ = ["FAIR", "FAIR_HINT_SECONDS", "SOLVER"]

#: The seconds the fair hint searches exactly (then samples its bracket) when given no budget.
FAIR_HINT_SECONDS = 5.0


def _solver(rules: RuleSet, state: GameState, limit: int | None, seconds: float | None,
            progress: Callable[[Any], None] | None) -> Hint:
    return Hint(solver_for(rules).hint(state, limit=limit, seconds=seconds, progress=progress),
                "solver")


def _fair(rules: RuleSet, state: GameState, limit: int | None, seconds: float | None,
          progress: Callable[[Any], None] | None) -> Hint:
    result = fair_chance(rules, state.position, states=limit, seconds=seconds,
                         bracket_seconds=seconds, progress=progress)
    return Hint(result.best, "fair", result if result.best is not None else None)


SOLVER = HintStrategy(
    "solver", _solver, searches=True, reads_stock=True,
    summary="a move that keeps a win possible, else one toward the best result (the solver "
            "reads the stock's order)")
FAIR = HintStrategy(
    "fair", _fair, searches=True, seconds=FAIR_HINT_SECONDS, unit="information states",
    shows="fair chance",
    summary="the move that maximises the fair chance, the chance of winning of a perfect player "
            "who cannot see the stock, shown beside it: exact, or a bracket that holds it at "
            "95 % when the exact search is capped")
