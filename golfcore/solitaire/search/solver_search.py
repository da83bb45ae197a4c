"""The general depth-first search of :mod:`golfcore.solitaire.search.solver`, for every mode.

Mode ``win`` (is there a win?) goes to the faster :func:`~.solver_win.search_win` whenever the
rules allow it (they ignore suits and the draw rule does not look at the position, as in every
built-in variant); the best-result modes (``removed``, ``strokes``) and other rules run here.
The pruning is described in :mod:`golfcore.solitaire.search.solver`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from golfcore.solitaire.search.cards import CARDS, INDEX, NONE
from golfcore.solitaire.moves import DRAW_MOVE, Move
from golfcore.solitaire.position import Position
from golfcore.solitaire.state import GameState

if TYPE_CHECKING:  # pragma: no cover
    from golfcore.solitaire.search.solver import Solver
    from golfcore.solitaire.search.solver_tables import DealTables


PROGRESS_EVERY = 16384
_CLOCK_EVERY = 1024          # how often the time limit is checked (a power of two)


class SearchProgress(NamedTuple):
    """What a long search reports to its ``progress`` callback: the positions searched and the
    seconds spent so far; within :func:`golfcore.solitaire.search.analysis.analyse`, also the step
    being searched (0 is the start) and the number of steps."""

    visited: int
    seconds: float
    step: int | None = None
    steps: int | None = None


class Limit(Exception):
    """The search reached its cap: ``what`` is ``"positions"`` or ``"seconds"``."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


class Search:
    """One depth-first search over one position. Mutable; lives for one solve() call."""

    clock_every = _CLOCK_EVERY
    limit_error = Limit

    def __init__(self, solver: Solver, position: Position, limit: int | None,
                 deadline: float | None = None,
                 progress: Callable[[SearchProgress], None] | None = None,
                 started: float = 0.0) -> None:
        self.solver = solver
        self.tables = solver.tables
        self.limit = limit
        self.deadline = deadline
        self.progress = progress
        self.started = started
        self.columns = [[INDEX[c] for c in col] for col in position.columns]
        self.stock = [INDEX[c] for c in position.stock]
        self.stock_slots = len(self.stock) + 1
        top = position.waste_top
        self.start_waste = INDEX[top] if top is not None else NONE
        self.total = position.tableau_count
        self.visited_total = 0
        self.found_win = False
        self.best_line: list[Move] = []
        self.seen_best = -1
        self.seen_line: list[Move] = []
        self._deal_tables: DealTables | None = None
        self.want_seen = True      # whether mode win records the most cards removed (seen_*)
        self.stats = {"dead-card prunes": 0, "ender prunes": 0, "parity prunes": 0,
                      "segment prunes": 0, "matching prunes": 0, "bound prunes": 0}
        self._prepared = False
        self.reset()

    def _prepare(self) -> None:
        """The tables of this search's own modes (not needed by the win search)."""
        if self._prepared:
            return
        self._prepared = True
        sv = self.tables
        wclass = sv.wclass
        # cover[i][d]: (class, how many of that class the card at (i, d) cannot use) for each
        # class the card may be played on: the cards it covers and itself
        self.needs: list[list[tuple[tuple[int, int], ...]]] = []
        for col in self.columns:
            per = []
            for d, ci in enumerate(col):
                covered = [wclass[x] for x in col[:d + 1]]
                per.append(tuple((t, covered.count(t)) for t in sv.targets[ci]))
            self.needs.append(per)
        # affected[class]: tableau places whose card may be played on that class
        affected: dict[int, list[tuple[int, int]]] = {}
        for i, col in enumerate(self.columns):
            for d, ci in enumerate(col):
                for t in sv.targets[ci]:
                    affected.setdefault(t, []).append((i, d))
        self.affected = {t: tuple(places) for t, places in affected.items()}
        # odd_after[s] / even_after[s]: odd- and even-ranked cards in stock[s:]
        self.odd_after = [0] * (len(self.stock) + 1)
        self.even_after = [0] * (len(self.stock) + 1)
        self.ka_after = [0] * (len(self.stock) + 1)
        for k in range(len(self.stock) - 1, -1, -1):
            rank = CARDS[self.stock[k]].rank
            odd = rank % 2
            self.odd_after[k] = self.odd_after[k + 1] + odd
            self.even_after[k] = self.even_after[k + 1] + (1 - odd)
            self.ka_after[k] = self.ka_after[k + 1] + (rank in (1, 13))

    def reset(self, seed: bool = False) -> None:
        """Forget the states searched. With ``seed``, start the next search from the most cards
        the previous one removed (a sound lower bound for branch and bound)."""
        self.visited: set[int] = set()
        self.runs_cache: dict[tuple[int, ...], int] = {}
        self.path: list[Move] = []
        if seed and self.seen_best >= 0:
            self.best_value = self.seen_best
            self.best_line = list(self.seen_line)
        else:
            self.best_value = -1
        self.seen_best = -1
        self.seen_line = []

    # -- the search ---------------------------------------------------------------------------

    def deal_tables(self) -> DealTables:
        """The win search's tables for this position (built once)."""
        from golfcore.solitaire.search.solver_tables import DealTables

        if self._deal_tables is None:
            self._deal_tables = DealTables(self.tables, self.columns, self.stock,
                                           self.start_waste)
        return self._deal_tables

    def fast_win(self) -> bool:
        """Whether :func:`~.solver_win.search_win` can search this position: the rules ignore
        suits and decide draws from the state alone, and the columns are Golf's (7, up to 5
        cards each)."""
        return (self.tables.eligible and len(self.columns) == 7
                and all(len(col) <= 5 for col in self.columns))

    def run(self, mode: str) -> bool:
        """mode ``win``: stop at the first win. ``removed``: most cards removed (branch and
        bound). ``strokes``: the win that leaves the most stock cards. Returns whether a win
        was found."""
        if mode == "win" and self.fast_win():
            from golfcore.solitaire.search.solver_win import search_win

            self.mode = mode
            return search_win(self)
        self._prepare()
        sv = self.tables
        self.mode = mode
        self.prune_dead = mode != "removed"      # a dead card ends a search for a win
        self.heights = [len(c) for c in self.columns]
        counts = [0] * sv.nclass
        for col in self.columns:
            for ci in col:
                counts[sv.wclass[ci]] += 1
        for ci in self.stock:
            counts[sv.wclass[ci]] += 1
        counts[sv.wclass[self.start_waste]] += 1     # the waste's top, or its empty place
        self.counts = counts
        self.dead = [99] * len(self.columns)
        for i, col in enumerate(self.columns):
            for d in range(len(col)):
                if not self._alive(i, d) and d < self.dead[i]:
                    self.dead[i] = d
        self.imbalance = sum(sv.sign[ci] for col in self.columns for ci in col)
        self.tcount = [0] * 14
        for col in self.columns:
            for ci in col:
                self.tcount[CARDS[ci].rank] += 1
        enders = sum(1 for col in self.columns for ci in col if sv.ender[ci])
        hcode = sum(h * p for h, p in zip(self.heights, _POW6))
        if self.prune_dead and any(d < 99 for d in self.dead):
            self.stats["dead-card prunes"] += 1
            return False
        if self.prune_dead and self._hall_fails():
            self.stats["matching prunes"] += 1
            return False
        won = self._dfs(0, self.start_waste, self.total, enders, hcode)
        return won or self.found_win

    def _tick(self) -> None:
        """Every :data:`_CLOCK_EVERY` positions: the time limit and the progress report."""
        if self.deadline is None and self.progress is None:
            return
        now = time.perf_counter()
        if self.deadline is not None and now > self.deadline:
            raise Limit("seconds")
        if self.progress is not None and not self.visited_total % PROGRESS_EVERY:
            self.progress(SearchProgress(self.visited_total, now - self.started))

    def _alive(self, i: int, d: int) -> bool:
        counts = self.counts
        for cls, used in self.needs[i][d]:
            if counts[cls] > used:
                return True
        return False

    def _hall_fails(self,
                    arcs: Sequence[tuple[tuple[int, ...], tuple[int, ...]]] | None = None) -> bool:
        """:func:`hall_fails` for the current tableau, over every set of the rule set or over
        ``arcs`` (after a move, only the sets whose supply the move reduced)."""
        return hall_fails(self.tables.hall_arcs if arcs is None else arcs, self.tcount,
                          self.counts)

    def _runs(self, tcount: tuple[int, ...]) -> int:
        """:meth:`_runs_needed` for these tableau rank counts, computed once per search."""
        found = self.runs_cache.get(tcount)
        if found is None:
            found = self.runs_cache[tcount] = self._runs_needed()
        return found

    def _runs_needed(self) -> int:
        """:func:`chain_runs` of the current tableau."""
        sv = self.tables
        return chain_runs(sv.linked, sv.ender_rank, sv.bipartite, self.tcount)

    def _lost_cards(self) -> int:
        return sum(d + 1 for d, h in zip(self.dead, self.heights) if d < h)

    def _record(self, value: int) -> None:
        if value > self.best_value:
            self.best_value = value
            self.best_line = list(self.path)

    def _dfs(self, s: int, w: int, left: int, enders: int, hcode: int) -> bool:
        sv = self.tables
        mode = self.mode
        if left == 0:
            self.found_win = True
            if mode == "strokes":
                self._record(len(self.stock) - s)
                return False          # keep looking for a win with more stock left
            self._record(self.total)
            return True
        # every stock index 0..len(stock) gets its own slot (a fixed width would let two
        # states share a key once the stock is longer than the width: a false verdict)
        key = (hcode * self.stock_slots + s) * sv.nclass + sv.wclass[w]
        visited = self.visited
        if key in visited:
            return False
        visited.add(key)
        self.visited_total += 1
        if self.limit is not None and self.visited_total > self.limit:
            self.visited_total -= 1
            raise Limit("positions")
        if not self.visited_total & (_CLOCK_EVERY - 1):
            self._tick()
        stock_left = len(self.stock) - s
        stats = self.stats
        if mode == "removed":
            removed = self.total - left
            self._record(removed)
            bound = self.total - self._lost_cards()
            if sv.bipartite:
                # chains alternate parity: at most (chains that may start odd) more odd cards
                # than even ones can be removed, and the other way round
                d = self.imbalance
                odd, even = (left + d) // 2, (left - d) // 2
                if odd >= even:
                    reach = even + min(odd, even + self.even_after[s] + (sv.sign[w] <= 0))
                else:
                    reach = odd + min(even, odd + self.odd_after[s] + (sv.sign[w] >= 0))
                bound = min(bound, removed + reach)
            if bound <= self.best_value:
                stats["bound prunes"] += 1
                return False
        else:
            if mode == "win" and self.total - left > self.seen_best:
                self.seen_best = self.total - left
                self.seen_line = list(self.path)
            need = enders + (1 if sv.ender[w] else 0)
            if enders:
                need -= 1
            if stock_left < need:
                stats["ender prunes"] += 1
                return False
            if sv.bipartite:
                # Each chain of plays alternates parity, so it changes (odd - even) of the
                # tableau by at most one, towards the parity after its starting waste card:
                # the current waste, then one chain per stock card still to be drawn.
                d = self.imbalance
                if (d > 0 and d > self.even_after[s] + (sv.sign[w] <= 0)) or (
                        d < 0 and -d > self.odd_after[s] + (sv.sign[w] >= 0)):
                    stats["parity prunes"] += 1
                    return False
            elif sv.wrap_parity:
                d = self.imbalance
                tcount = self.tcount
                links = 2 * min(tcount[1], tcount[13])
                # a king or an ace as a chain's starter may also be followed by an odd card
                odd_starts = (self.even_after[s] + self.ka_after[s]
                              + (sv.sign[w] <= 0 or CARDS[w].rank in (1, 13) if w != NONE
                                 else 1))
                if (d > 0 and d > odd_starts + links) or (
                        d < 0 and -d > self.odd_after[s] + (sv.sign[w] >= 0)):
                    stats["parity prunes"] += 1
                    return False
            if (stock_left < 12 and not self.tcount[0]
                    and self._runs(tuple(self.tcount)) > stock_left + 1):
                stats["segment prunes"] += 1
                return False
            if mode == "strokes" and stock_left <= self.best_value:
                stats["bound prunes"] += 1
                return False
        heights = self.heights
        columns = self.columns
        row = sv.allowed
        plays = [i for i in _ORDER if heights[i] and row[columns[i][heights[i] - 1]][w]]
        if len(plays) > 1:
            plays.sort(key=heights.__getitem__, reverse=True)
        for i in plays:
            if self._move(i, columns[i][heights[i] - 1], w, s, left, enders, hcode):
                return True
        if stock_left and self._may_draw(bool(plays), s, w):
            if self._move(-1, self.stock[s], w, s, left, enders, hcode):
                return True
        return False

    def _move(self, column: int, card: int, w: int, s: int, left: int, enders: int,
              hcode: int) -> bool:
        """Play column's free card (column >= 0) or draw (column == -1), recurse, undo."""
        sv = self.tables
        counts, dead, heights, tcount = self.counts, self.dead, self.heights, self.tcount
        buried = sv.wclass[w]
        playing = column >= 0
        if playing:
            heights[column] -= 1
            rank = CARDS[card].rank
            tcount[rank] -= 1
            self.imbalance -= sv.sign[card]
        counts[buried] -= 1
        saved_dead = None
        for i, d in self.affected.get(buried, ()):
            if d < heights[i] and d < dead[i] and not self._alive(i, d):
                if saved_dead is None:
                    saved_dead = list(dead)
                dead[i] = d
        won = False
        if self.prune_dead and saved_dead is not None:
            self.stats["dead-card prunes"] += 1
        elif self.prune_dead and self._hall_fails(sv.hall_by_class.get(buried, ())):
            self.stats["matching prunes"] += 1
        elif playing:
            self.path.append(Move("play", column + 1))
            won = self._dfs(s, card, left - 1, enders - (1 if sv.ender[card] else 0),
                            hcode - _POW6[column])
            self.path.pop()
        else:
            self.path.append(DRAW_MOVE)
            won = self._dfs(s + 1, card, left, enders, hcode)
            self.path.pop()
        if playing:
            heights[column] += 1
            tcount[rank] += 1
            self.imbalance += sv.sign[card]
        counts[buried] += 1
        if saved_dead is not None:
            dead[:] = saved_dead
        return won

    def _may_draw(self, can_play: bool, s: int, w: int) -> bool:
        table = self.tables.draw_table
        if table is not None:
            return table[can_play]
        return self.tables.rules.may_draw(GameState(self._position(s, w)), can_play)

    def _position(self, s: int, w: int) -> Position:
        columns = tuple(tuple(CARDS[ci] for ci in col[:h])
                        for col, h in zip(self.columns, self.heights))
        waste = (CARDS[w],) if w != NONE else ()
        return Position(columns, tuple(CARDS[ci] for ci in self.stock[s:]), waste)




_POW6 = tuple(6 ** i for i in range(7))
_ORDER = tuple(range(7))


def chain_runs(linked: Sequence[Sequence[bool]], ender_rank: Sequence[bool],
               bipartite: bool, tcount: Sequence[int]) -> int:
    """A lower bound on the chains of plays needed to clear a tableau holding ``tcount[r]``
    cards of rank r: chains never cross a rank gone from the tableau (``linked[a][b]``: a card
    of rank b may follow one of rank a in a chain), alternate parity where the rules make every
    play join ranks of different parity (``bipartite``), and hold at most one chain ender (a
    rank with ``ender_rank``: it ends the chain)."""
    segments: list[list[int]] = []
    prev = 0
    current: list[int] | None = None
    for r in range(1, 14):
        n = tcount[r]
        if not n:
            continue
        if current is None or not linked[prev][r]:
            current = [0, 0, 0]
            segments.append(current)
        current[r & 1] += n
        if ender_rank[r]:
            current[2] += n
        prev = r
    if len(segments) > 1 and tcount[13] and tcount[1] and linked[13][1]:
        last = segments.pop()
        first = segments[0]
        for k in range(3):
            first[k] += last[k]
    if bipartite:
        return sum(max(1, abs(odd - even), enders) for even, odd, enders in segments)
    return sum(max(1, enders) for _, _, enders in segments)


def hall_fails(arcs: Sequence[tuple[tuple[int, ...], tuple[int, ...]]],
               tcount: Sequence[int], counts: Sequence[int]) -> bool:
    """Whether Hall's condition fails: each card is played onto a different card (the waste
    just before it), so no set of tableau ranks can outnumber the cards, anywhere but buried,
    that they may be played on. ``arcs`` lists the sets checked, each as (its ranks, the classes
    they may be played on; the solver checks up to three ranks two apart, 5, 7, 9, which share
    the ranks between them); ``tcount[r]`` counts the tableau's cards of rank r, ``counts[c]``
    the cards of class c not buried."""
    for ranks, classes in arcs:
        n = 0
        for r in ranks:
            n += tcount[r]
        if n:
            supply = 0
            for c in classes:
                supply += counts[c]
            if n > supply:
                return True
    return False
