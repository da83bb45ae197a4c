"""An exact solver for Golf solitaire under any rule set.

:func:`solve` answers, for a position and a variant: can the columns be emptied (with a winning
line), or is it proved impossible; and what is the best result the variant's scoring allows (most
cards removed; for stroke play, the win that leaves the most stock cards, C4-13).

The search is depth first over *(column heights, stock position, waste card)*, the same state
space as black-hole-solver's, but it searches less, with sound pruning only:

* **dead cards**: a tableau card can only leave when some card it may be played on is on the
  waste. The candidates are the cards still in the stock, on the tableau (except the cards it
  covers, which leave after it) and on top of the waste; buried waste cards never come back.
  When no candidate is left for some card, the columns can never be emptied. Deadness only
  grows, so it is checked incrementally, for the cards that could play on the buried card.
* **chain enders**: a card nothing may be played on (a king under ``king-ends-chain``) must be
  followed by a draw unless it is the last card; when the kings left need more draws than the
  stock holds, the branch is lost.
* **chain parts** (the win search): a chain of plays never crosses a rank gone from the
  tableau, so each connected part of the ranks left needs chains of its own, each started on
  the waste or a drawn card on which one of its cards may be played; when the stock left
  holds too few such cards, the branch is lost.
* **transpositions**: states already searched are not searched again; when the rules ignore
  suits (checked, not assumed) the waste card is reduced to its rank, merging equivalent states.
* **bounds** for the best result: cards that are dead, or covered by a dead card, can never be
  removed, which bounds what a branch can still achieve (branch and bound).

A state's key gives every stock index its own slot (the stride is the stock's length plus one),
so any stock the engine accepts (up to 54 cards) is searched exactly.

Every search can be bounded: ``limit`` caps the positions searched, ``seconds`` the time, and a
``progress`` callback hears from a long search every :data:`PROGRESS_EVERY` positions. A search
stopped by a cap says so (``complete`` false, ``stopped``) and answers ``winnable=None`` unless
it had already found a win or proved there is none: never a verdict it did not prove.

Plays are tried before draws, columns with more cards first. Nothing is cached across calls: the
answer for a deal is searched every time. The solver assumes the standard outcome (won when the
columns are empty) and asks the rule set every legality question (:class:`RuleSet` verdicts and
the draw policy), so it follows third-party rules too.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from golfcore.solitaire import engine
from golfcore.errors import GolfError
from golfcore.notation import quote
from golfcore.solitaire.moves import DRAW_MOVE, Move
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import RuleSet
from golfcore.solitaire.scoring import STROKES, Score
from golfcore.solitaire.state import GameState, Outcome

from golfcore.solitaire.search.solver_search import Limit, Search, SearchProgress
from golfcore.solitaire.search.tables import rule_tables


@dataclass(frozen=True)
class SolveResult:
    """What the solver found.

    ``winnable`` is ``None`` only when a cap (``limit`` positions or ``seconds``) stopped the
    search before an answer; ``complete`` is then false and ``stopped`` names the cap
    (``"positions"`` or ``"seconds"``).
    ``line`` is a winning line when winnable, else a line reaching the best result. ``best_*``
    describe the best result the scoring allows, after playing ``line`` and then drawing (or
    playing) until the game ends. ``visited`` counts the positions searched.
    """

    winnable: bool | None
    line: tuple[Move, ...]
    best_removed: int
    best_score: Score | None
    best_outcome: Outcome
    visited: int
    seconds: float
    complete: bool = True
    stats: dict[str, int] = field(default_factory=dict)
    stopped: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "winnable": self.winnable,
            "line": [str(m) for m in self.line],
            "best": {"removed": self.best_removed, "outcome": self.best_outcome.value,
                     "score": self.best_score.to_json() if self.best_score else None},
            "visited": self.visited,
            "seconds": round(self.seconds, 6),
            "complete": self.complete,
            **({"stopped": self.stopped} if self.stopped else {}),
        }


#: How often a search reports progress: every this many positions searched.

def check_limits(limit: int | None, seconds: float | None) -> None:
    """Refuse a cap that means nothing: ``limit`` a whole number >= 1, ``seconds`` a finite
    number > 0 (``None`` for no cap)."""
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                              or limit < 1):
        raise GolfError(f"the position limit must be a whole number >= 1, got "
                        f"{quote(limit)}")
    if seconds is not None and (isinstance(seconds, bool)
                                or not isinstance(seconds, (int, float))
                                or not math.isfinite(seconds) or seconds <= 0):
        raise GolfError(f"the time limit must be a finite number of seconds > 0, got "
                        f"{quote(seconds)}")


class Solver:
    """A solver bound to one rule set; reusable for many positions (its tables,
    :func:`~.tables.rule_tables`, are built once per rule set)."""

    def __init__(self, rules: RuleSet | str) -> None:
        self.rules = rules if isinstance(rules, RuleSet) else RuleSet(rules)
        #: the rule set compiled once, shared with every other search of it
        self.tables = rule_tables(self.rules)

    # -- public -------------------------------------------------------------------------------

    def solve(self, position: Position, best: bool = True, limit: int | None = None,
              seconds: float | None = None,
              progress: Callable[[SearchProgress], None] | None = None) -> SolveResult:
        """Solve ``position``. With ``best`` also search the best result when the deal is lost
        (and, for stroke play, the best win).

        ``limit`` caps the positions searched and ``seconds`` the time spent (both ``None``: no
        cap). A search stopped by either answers honestly: ``complete`` is false, ``stopped``
        says which cap stopped it, ``winnable`` is ``None`` unless the search had already found
        a win or finished proving there is none, and ``best_*`` describe the best line found so
        far, not a proved best. ``progress``, when given, is called with a
        :class:`SearchProgress` every :data:`PROGRESS_EVERY` positions searched.
        """
        check_limits(limit, seconds)
        started = time.perf_counter()
        search = Search(self, position, limit,
                         None if seconds is None else started + seconds, progress, started)
        search.want_seen = best     # the best-result search starts from the most cards seen
        strokes = self._kind(position) == STROKES
        complete = True
        stopped: str | None = None
        winnable: bool | None = None
        try:
            winnable = search.run(mode="win")
            line = search.best_line
            if best and (strokes if winnable else True):
                search.reset(seed=not winnable)
                search.run(mode="strokes" if winnable else "removed")
                line = search.best_line
        except Limit as stop:
            complete = False
            stopped = stop.what
            if winnable is None and search.found_win:
                winnable = True     # a win found is a win, whatever stopped the search
            line = search.best_line
        removed, score, outcome = self._finish(position, line)
        return SolveResult(winnable, tuple(line), removed, score, outcome, search.visited_total,
                           time.perf_counter() - started, complete, dict(search.stats), stopped)

    def hint(self, state: GameState, limit: int | None = None, seconds: float | None = None,
             progress: Callable[[SearchProgress], None] | None = None) -> Move | None:
        """A move that keeps a win possible; when none does, the first move toward the best
        result; ``None`` when the game is over. With ``limit`` or ``seconds`` (as for
        :meth:`solve`) a search stopped early suggests the first move of the best line found
        so far, or the first legal move when it found none."""
        legal = engine.legal_moves(self.rules, state)
        if not legal:
            return None
        result = self.solve(state.position, best=True, limit=limit, seconds=seconds,
                            progress=progress)
        if result.line:
            return result.line[0]
        return legal[0]

    # -- helpers ------------------------------------------------------------------------------

    def _kind(self, position: Position) -> str | None:
        score = self.rules.score(GameState(position), Outcome.PLAYING)
        return score.kind if score is not None else None

    def _finish(self, position: Position, line: list[Move]) -> tuple[int, Score | None, Outcome]:
        """Play ``line``, then keep drawing (or playing) until the game ends."""
        rules = self.rules
        state = GameState(position)
        for move in line:
            result = engine.apply(rules, state, move)
            if not result.accepted:  # pragma: no cover - the search only makes legal moves
                raise AssertionError(f"solver line refused at {move}: {result.reason}")
            state = result.state
        while True:
            legal = engine.legal_moves(rules, state)
            if not legal:
                break
            move = DRAW_MOVE if DRAW_MOVE in legal else legal[0]
            state = engine.apply(rules, state, move).state
        outcome = rules.outcome(state)
        removed = position.tableau_count - state.position.tableau_count
        return removed, rules.score(state, outcome), outcome




@functools.lru_cache(maxsize=64)
def solver_for(rules: RuleSet) -> Solver:
    """A :class:`Solver` for a rule set, built once per rule set (its tables only; answers are
    never cached). The cache is keyed by the rule set object itself (rule sets compare by
    identity) and keeps the 64 most recently used, like
    :func:`~golfcore.solitaire.rules.rule_set`."""
    return Solver(rules)


def solve(rules: RuleSet | str, position: Position, best: bool = True,
          limit: int | None = None, seconds: float | None = None,
          progress: Callable[[SearchProgress], None] | None = None) -> SolveResult:
    """Solve ``position`` under ``rules`` (a :class:`RuleSet` or a variant string); ``limit``,
    ``seconds`` and ``progress`` as for :meth:`Solver.solve`."""
    rule_set = rules if isinstance(rules, RuleSet) else RuleSet(rules)
    return solver_for(rule_set).solve(position, best=best, limit=limit, seconds=seconds,
                                      progress=progress)


__all__ = ["SolveResult", "Solver", "check_limits", "solve", "solver_for"]
