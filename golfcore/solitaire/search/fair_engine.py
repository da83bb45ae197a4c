"""The bridge between :class:`~.fair_search.Search` and the rank engine: which engine answers
(the compiled kernel ``golfcore.solitaire.search._fairkernel`` when it was built, else the
pure-Python :class:`~.fair_rank.RankEngine`; the same algorithm, the same doubles), and the
questions at the root (the value, the best action, every action's value).

The rank engine answers when the rule set's verdicts read ranks only and its outcome and draw
rules are the standard ones (:class:`~.fair_tables.FairTables` ``by_rank`` and ``standard``: all
eight built-in variants) and the values are floats; otherwise the general search of
:mod:`~.fair_search` does (cards as classes, third-party rules asked through their hooks,
``fraction=True``).

**Forcing the pure-Python path**: set the environment variable ``GOLFCORE_FAIR_PURE=1`` (read
when a search starts), or pass ``pure=True`` to :func:`rank_engine`.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from golfcore.solitaire.moves import Move
from golfcore.solitaire.position import Position
from golfcore.solitaire.search.cards import INDEX
from golfcore.solitaire.search.fair_rank import DRAW, STATE, RankEngine, Stop
from golfcore.solitaire.search.fair_tables import FairTables

if TYPE_CHECKING:
    from golfcore.solitaire.search.fair_search import Search

try:
    from golfcore.solitaire.search import _fairkernel  # type: ignore[attr-defined]
except ImportError:      # no compiler when installed: the pure-Python engine answers
    _fairkernel = None

#: The environment variable that forces the pure-Python engine.
PURE_ENV = "GOLFCORE_FAIR_PURE"
#: The states the general search may spend first: its bounds prove many lost deals at once
#: (a position it finishes is answered by it, kernel or not, so both paths still agree).
QUICK = 64
#: How far the proved root interval is widened, for the rounding of the doubles it sums.
ROUNDING = 1e-12


def kernel_available() -> bool:
    """Whether the compiled kernel was built (it is optional: without a C compiler at install
    time the pure-Python engine answers, identically)."""
    return _fairkernel is not None


def use_kernel() -> bool:
    """Whether a search starting now uses the compiled kernel."""
    return _fairkernel is not None and os.environ.get(PURE_ENV, "") in ("", "0")


def rank_engine(tables: FairTables, position: Position, *, pure: bool | None = None) -> Any:
    """The rank engine for a deal's tableau, or ``None`` when these rules or this position need
    the general search. ``pure``: force (True) or refuse (False) the pure-Python engine; by
    default the kernel when it is there and :data:`PURE_ENV` does not say otherwise."""
    t = tables
    if not (t.by_rank and t.standard) or t.ncls > 15 or len(position.columns) != 7:
        return None
    columns = [[t.cls[INDEX[c]] for c in col] for col in position.columns]
    counts = [0] * t.ncls
    for card in position.stock:
        counts[t.cls[INDEX[card]]] += 1
    if any(len(c) > 7 for c in columns) or max(counts) > 7 or len(position.stock) > 24:
        return None
    draw_table = t.draw_table
    assert draw_table is not None
    draw = (bool(draw_table[False]), bool(draw_table[True]))
    chains = ((t.linked, t.ender_rank, t.bipartite) if t.segments else None)
    kernel = use_kernel() if pure is None else not pure
    if kernel and _fairkernel is not None:
        return _fairkernel.Engine(t.ncls, list(t.feed), draw, columns, chains)
    return RankEngine(t.ncls, t.feed, draw, columns, chains)


class Root:
    """The root questions of a :class:`~.fair_search.Search` answered by its rank engine, with
    the search's budget (states, deadline, progress) and its count of states."""

    def __init__(self, search: Search, engine: Any) -> None:
        self.search = search
        self.engine = engine

    def _run(self, action: int, alpha: float, beta: float) -> float:
        from golfcore.solitaire.search.fair_search import PROGRESS_EVERY, Budget

        s = self.search
        e = self.engine
        e.set_state(s.heights, s.waste, s.ucount)
        start = e.states
        base = s.count
        e.limit = None if s.limit is None else start + max(0, s.limit - base)

        def tick(states: int) -> None:
            before = s.count
            s.count = base + states - start
            # a report each time the count passes a multiple of PROGRESS_EVERY
            s.tick(report=s.count // PROGRESS_EVERY > before // PROGRESS_EVERY)

        e.tick = tick if (s.deadline is not None or s.progress is not None) else None
        try:
            return float(e.solve(action, alpha, beta))
        except Stop:
            raise Budget("states") from None
        finally:
            s.count = base + e.states - start
            e.tick = None

    def value(self) -> float:
        if not self.search.left:
            return 1.0
        found = self.search.quick(QUICK)
        if found is not None:
            return float(found[1])
        return self._run(STATE, -1.0, 2.0)

    def actions(self) -> list[tuple[Move, float]]:
        return [(m, self._run(_action(m), -1.0, 2.0)) for m in self.search.legal()]

    def best(self, proved: list[Any]) -> tuple[Move | None, float]:
        legal = self.search.legal()
        if not legal:
            return None, float(not self.search.left)
        found = self.search.quick(QUICK)
        if found is not None:
            proved.append(float(found[1]))
            return found[0], float(found[1])
        best_move: Move | None = None
        best = -1.0
        for move in legal:
            v = self._run(_action(move), best, 2.0)
            if v > best:            # above the window's floor: exact
                proved.append(v)
                best_move, best = move, v
                if best >= 1.0:
                    break
        return best_move, best

    def proved(self, exact: list[Any]) -> tuple[float, float]:
        """The interval the memo proves for the current state's value: the best exact action
        and the largest upper bound the memo holds for an action (1 for an action it knows
        nothing of), widened by :data:`ROUNDING`."""
        s = self.search
        e = self.engine
        e.set_state(s.heights, s.waste, s.ucount)
        low = max([float(v) for v in exact], default=0.0)
        high = 0.0
        for move in s.legal():
            lo, hi = e.peek(_action(move))
            low = max(low, lo)
            high = max(high, hi)
        return max(0.0, low - ROUNDING), min(1.0, high + ROUNDING)


def _action(move: Move) -> int:
    return DRAW if move.is_draw else move.column - 1
