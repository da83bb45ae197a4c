"""The exact search behind :mod:`golfcore.solitaire.search.fair`: expectimax over information
states.

An *information state* is what a player who cannot see the stock knows: the column heights
(the deal fixes which cards they hold), the waste's top card and the multiset of the cards still
in the stock. Its value, the fair chance, is 1 when the columns are empty, 0 when no action is
left, and otherwise the largest, over the legal actions, of: for a play, the value after it; for
a draw, the average over the unseen cards of the value with that card turned up.

**The memo key** is (heights, signature of the top, multiset of unseen signatures), cards being
first reduced to the classes the rule set cannot tell apart (:mod:`~.fair_tables`,
:mod:`~.fair_state`). A draw iterates over the distinct signatures, with their multiplicities.

**The draw node is shared**: a draw buries the waste's top, so its value depends on the heights
and the unseen cards only, whatever the top was; it is memoised on those.

**Zero bounds** (:mod:`~.fair_state`) end a branch that no order of the unseen cards wins; and
zero is inherited by fewer unseen cards (an order of part of them that wins, followed by the
rest, would win too), so the largest unseen sets proved lost at each heights and top are kept
and a state whose unseen cards are part of one is 0 at once. See ``docs/fair.md``.

**Pruning**: expectimax *Star1* with a lower bound ``alpha``: a draw node stops as soon as its
children seen so far, with an upper bound for each unseen one (0 when a bound already proves it
lost, else 1), cannot beat ``alpha``, and returns that upper bound flagged *inexact*; the memo
keeps exact values and upper bounds apart. A decision stops at the first action worth 1.

Floats by default; ``exact_fraction`` runs the same search in :class:`fractions.Fraction`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any, NamedTuple

from golfcore.solitaire.search.fair_engine import Root, rank_engine
from golfcore.solitaire.search.fair_state import InfoState
from golfcore.solitaire.search.fair_tables import FairTables
from golfcore.solitaire.moves import Move
from golfcore.solitaire.position import Position
from golfcore.solitaire.state import Outcome

_CLOCK_EVERY = 1024
#: How often a search reports progress: every this many information states searched.
PROGRESS_EVERY = 16384


class FairProgress(NamedTuple):
    """What a long computation of a fair chance reports to its ``progress`` callback: the phase
    (``"exact"``: the expectimax; ``"estimate"``: the Monte-Carlo fallback), the information
    states searched and the seconds spent so far, and for the estimate the orders sampled and
    the sum of their outcomes (see :class:`~golfcore.solitaire.search.fair.FairResult`)."""

    phase: str
    states: int
    seconds: float
    samples: int = 0
    total: float = 0.0


class Budget(Exception):
    """The search reached its cap: ``what`` is ``"states"`` or ``"seconds"``.

    ``root_low`` and ``root_high`` (floats) are what the search had *proved* about the value of
    the state it was asked about when the cap stopped it: the true value lies in
    ``[root_low, root_high]`` (up to the double rounding of an exact value, about 1e-15).
    Without a better proof they are 0 and 1."""

    def __init__(self, what: str, root_low: float = 0.0, root_high: float = 1.0) -> None:
        super().__init__(what)
        self.what = what
        self.root_low = root_low
        self.root_high = root_high


class Search(InfoState):
    """The expectimax over the information states of one deal's tableau. Mutable: it walks a
    current state (:meth:`play`, :meth:`draw`) and keeps its memo, so later questions about the
    same deal reuse what earlier ones searched."""

    def __init__(self, tables: FairTables, position: Position, *,
                 exact_fraction: bool = False) -> None:
        super().__init__(tables, position)
        self.limit: int | None = None
        self.deadline: float | None = None
        self.progress: Callable[[FairProgress], None] | None = None
        self.started = time.perf_counter()
        self.count = 0
        self.one: Any = Fraction(1) if exact_fraction else 1.0
        self.zero: Any = Fraction(0) if exact_fraction else 0.0
        self.exact = True
        # memos: decisions by (heights, waste signature, unseen), draws by (heights, unseen);
        # exact values, and upper bounds of searches cut short, kept apart
        self.memo: dict[int, Any] = {}
        self.bound: dict[int, Any] = {}
        self.dmemo: dict[int, Any] = {}
        self.dbound: dict[int, Any] = {}
        # zero is inherited by fewer unseen cards (an order of fewer cards that wins, followed
        # by the others, wins too): the largest unseen sets proved lost, by decision and draw
        self.zeros: dict[int, list[int]] = {}
        self.dzeros: dict[int, list[int]] = {}
        # the rank engine answers the questions when the rules allow (floats, ranks, standard
        # outcome and draw rules); the walk, the legal moves and the estimate's bounds stay here
        engine = None if exact_fraction else rank_engine(tables, position)
        self.root = Root(self, engine) if engine is not None else None

    # -- questions --------------------------------------------------------------------------------

    def value(self, limit: int | None = None, deadline: float | None = None,
              progress: Callable[[FairProgress], None] | None = None) -> Any:
        """The exact value of the current state; :class:`Budget` when a cap stops it (the
        current state and the memo stay usable)."""
        saved = self._save()
        self._arm(limit, deadline, progress)
        try:
            if self.root is not None:
                return self.root.value()
            if self.left and self.is_dead():
                return self.zero
            return self._max(self.waste, -1)
        except Budget as stop:
            self._restore(saved)
            if self.root is not None:
                stop.root_low, stop.root_high = self.root.proved([])
            raise

    def action_values(self, limit: int | None = None, deadline: float | None = None,
                      progress: Callable[[FairProgress], None] | None = None,
                      ) -> list[tuple[Move, Any]]:
        """Every legal action of the current state with its exact value (plays by column, then
        the draw); empty when the game is over. :class:`Budget` as for :meth:`value`."""
        saved = self._save()
        self._arm(limit, deadline, progress)
        try:
            if self.root is not None:
                return self.root.actions()
            return self._actions()
        except Budget:
            self._restore(saved)
            raise

    def best(self, limit: int | None = None, deadline: float | None = None,
             progress: Callable[[FairProgress], None] | None = None,
             ) -> tuple[Move | None, Any]:
        """The legal action of greatest value (the first one of them: plays by column, then
        the draw) and that value; ``(None, value)`` when the game is over. Cheaper than
        :meth:`action_values`: an action is searched only as far as it could beat the best
        one so far. :class:`Budget` as for :meth:`value`."""
        saved = self._save()
        self._arm(limit, deadline, progress)
        proved: list[Any] = []
        try:
            if self.root is not None:
                return self.root.best(proved)
            return self._best(proved)
        except Budget as stop:
            self._restore(saved)
            if self.root is not None:
                stop.root_low, stop.root_high = self.root.proved(proved)
            elif proved:
                # the actions searched to the end are exact: the best of them is a lower bound
                stop.root_low = float(max(proved))
            raise

    def quick(self, states: int) -> tuple[Move | None, Any] | None:
        """The general search's best action and value if it finishes within ``states`` states
        (its bounds prove many lost deals at once), else ``None`` (the state restored)."""
        saved = self._save()
        limit = self.limit
        self.limit = self.count + states if limit is None else min(limit, self.count + states)
        try:
            return self._best()
        except Budget as stop:
            self._restore(saved)
            if stop.what != "states" or self.limit == limit:
                raise
            return None
        finally:
            self.limit = limit

    def _best(self, proved: list[Any] | None = None) -> tuple[Move | None, Any]:
        w = self.waste
        legal = self.legal()
        if not legal:
            return None, self._max(w, -1)
        best_move, best = None, -1
        for move in legal:
            if move.is_draw:
                v = self._draw(w, best)
            else:
                v = self._play(move.column - 1, w, best)
            if self.exact and proved is not None:
                proved.append(v)
            if self.exact and v > best:
                best_move, best = move, v
                if best >= self.one:
                    break
        return best_move, best

    def _actions(self) -> list[tuple[Move, Any]]:
        w = self.waste
        out: list[tuple[Move, Any]] = []
        for move in self.legal():
            if move.is_draw:
                out.append((move, self._draw(w, -1)))
            else:
                out.append((move, self._play(move.column - 1, w, -1)))
        return out

    def _arm(self, limit: int | None, deadline: float | None,
             progress: Callable[[FairProgress], None] | None) -> None:
        self.limit = None if limit is None else self.count + limit
        self.deadline = deadline
        self.progress = progress

    # -- the recursion ----------------------------------------------------------------------------

    def _max(self, w: int, alpha: Any) -> Any:
        """The value of the decision at waste class ``w`` (the rest of the state is on
        ``self``): exact with ``self.exact`` true, or an upper bound <= ``alpha`` with
        ``self.exact`` false."""
        t = self.t
        if not self.left and t.standard:
            self.exact = True
            return self.one
        sig = t.feed[w] & self.present if t.standard else w
        key = ((((self.hcode << t.ncls) | sig) << 32) | self.uid)
        found = self.memo.get(key)
        if found is not None:
            self.exact = True
            return found
        bound = self.bound.get(key)
        if bound is not None and bound <= alpha:
            self.exact = False
            return bound
        zkey = (self.hcode << t.ncls) | sig
        if self._lost_before(self.zeros.get(zkey)):
            self.memo[key] = self.zero
            self.exact = True
            return self.zero
        self._count()
        if not t.standard:
            result = self._outcome(w)
            if result is not Outcome.PLAYING:
                value = self.one if result is Outcome.WON else self.zero
                self.memo[key] = value
                self.exact = True
                return value
        if self._hopeless(w):
            self.memo[key] = self.zero
            self.exact = True
            return self.zero
        plays = self._plays(w)
        if len(plays) > 1:
            plays.sort(key=self.heights.__getitem__, reverse=True)
        best = self.zero
        exact = True
        floor = alpha
        one = self.one
        for i in plays:
            v = self._play(i, w, floor)
            if v > best:
                best = v
            if not self.exact:
                exact = False          # v is an upper bound <= floor
            elif v > floor:
                floor = v
                if v >= one:
                    break
        if best < one and self.n and self._may_draw(w, bool(plays)):
            v = self._draw(w, floor)
            if v > best:
                best = v
            if not self.exact:
                exact = False
        if exact or best > alpha:
            # when best > alpha it comes from an exact child: the inexact ones are below it
            self.memo[key] = best
            self.exact = True
            if not best and t.standard:
                _keep_largest(self.zeros, zkey, self.upack, self.guard)
        else:
            self.bound[key] = best
            self.exact = False
        return best

    def _play(self, i: int, w: int, alpha: Any) -> Any:
        h = self.heights[i] - 1
        card = self.columns[i][h]
        self._take(i, h, card)
        if self._bury(w):
            self.exact = True
            v = self.zero
        else:
            v = self._max(card, alpha)
        self.counts[w] += 1
        self._put(i, h, card)
        return v

    def _draw(self, w: int, alpha: Any) -> Any:
        """The chance node: the average over the unseen cards, by signature with multiplicity.
        Its value does not depend on the top it buries: memoised on heights and unseen."""
        key = (self.hcode << 32) | self.uid
        found = self.dmemo.get(key)
        if found is not None:
            self.exact = True
            return found
        bound = self.dbound.get(key)
        if bound is not None and bound <= alpha:
            self.exact = False
            return bound
        if self._bury(w) or self._lost_before(self.dzeros.get(self.hcode)):
            self.counts[w] += 1
            self.dmemo[key] = self.zero
            self.exact = True
            return self.zero
        n = self.n
        uid, groups = self.uid, self.groups
        # an upper bound for each child: 0 when a bound already proves it lost
        if alpha > 0:
            hopeful = []
            rest = 0
            for c, k in groups:
                self._unsee(c)
                if not self._hopeless(c):
                    hopeful.append((c, k))
                    rest += k
                self._reseen(c, uid, groups)
        else:
            hopeful = list(groups)
            rest = n
        total = self.zero          # sum of count * value over the children searched
        exact = True
        result = None
        for c, k in hopeful:
            rest -= k
            # the value this child must exceed for the node to beat alpha
            need = (alpha * n - total - rest) / k
            if need >= 1:
                exact = False
                result = (total + k + rest) / n
                break
            self._unsee(c)
            v = self._max(c, need)
            child_exact = self.exact
            self._reseen(c, uid, groups)
            total = total + k * v
            if not child_exact:
                exact = False
                result = (total + rest) / n
                break
        self.counts[w] += 1
        if result is None:
            result = total / n
        if exact:
            self.dmemo[key] = result
            if not result and self.t.standard:
                _keep_largest(self.dzeros, self.hcode, self.upack, self.guard)
        else:
            self.dbound[key] = result
        self.exact = exact
        return result

    def _count(self) -> None:
        self.count += 1
        if self.limit is not None and self.count > self.limit:
            raise Budget("states")
        if not self.count & (_CLOCK_EVERY - 1):
            self._tick()

    def _tick(self) -> None:
        if self.deadline is None and self.progress is None:
            return
        self.tick(not self.count % PROGRESS_EVERY)

    def tick(self, report: bool) -> None:
        """Raise :class:`Budget` past the deadline; report progress when ``report``."""
        now = time.perf_counter()
        if self.deadline is not None and now > self.deadline:
            raise Budget("seconds")
        if report and self.progress is not None:
            self.progress(FairProgress("exact", self.count, now - self.started))


def _keep_largest(store: dict[int, list[int]], key: int, up: int, guard: int) -> None:
    """Add the unseen set ``up`` to the sets proved lost at ``key``, dropping its subsets."""
    zeros = store.get(key)
    if zeros is None:
        store[key] = [up]
        return
    zeros[:] = [z for z in zeros if ((up | guard) - z) & guard != guard]
    zeros.append(up)
