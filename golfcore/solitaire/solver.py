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
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple, Sequence

from golfcore.solitaire import engine
from golfcore.cards import JOKER, STANDARD_DECK, Card
from golfcore.errors import GolfError
from golfcore.notation import quote
from golfcore.solitaire.moves import DRAW_MOVE, Move
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import RuleSet
from golfcore.solitaire.scoring import STROKES, Score
from golfcore.solitaire.state import GameState, Outcome

_CARDS: tuple[Card, ...] = STANDARD_DECK + (JOKER,)
_INDEX = {card: i for i, card in enumerate(_CARDS)}
_NONE = len(_CARDS)          # the empty waste


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
PROGRESS_EVERY = 16384
_CLOCK_EVERY = 1024          # how often the time limit is checked (a power of two)


class SearchProgress(NamedTuple):
    """What a long search reports to its ``progress`` callback: the positions searched and the
    seconds spent so far; within :func:`golfcore.solitaire.analysis.analyse`, also the step
    being searched (0 is the start) and the number of steps."""

    visited: int
    seconds: float
    step: int | None = None
    steps: int | None = None


class _Limit(Exception):
    """The search reached its cap: ``what`` is ``"positions"`` or ``"seconds"``."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


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
    """A solver bound to one rule set; reusable for many positions (tables are built once)."""

    def __init__(self, rules: RuleSet | str) -> None:
        self.rules = rules if isinstance(rules, RuleSet) else RuleSet(rules)
        r = self.rules
        wastes = list(_CARDS) + [None]
        # allowed[c][w]: may card index c be played on waste index w (w == _NONE: empty waste)
        self.allowed = [[r.verdict(c, w).allowed for w in wastes] for c in _CARDS]
        # waste classes: the rank (0 joker, 14 empty) when no rule looks at suits
        rank_classes = [c.rank for c in _CARDS] + [14]
        def rep(i: int) -> int:
            card = wastes[i]
            if card is None or card.is_joker:
                return i
            return _INDEX[Card(card.rank, "C")]

        self.by_rank = all(self.allowed[ci][wi] == self.allowed[rep(ci)][rep(wi)]
                           for ci in range(len(_CARDS)) for wi in range(len(wastes)))
        self.wclass = rank_classes if self.by_rank else list(range(len(wastes)))
        self.nclass = 15 if self.by_rank else len(wastes)
        # for the dead-card check: the waste classes each card may be played on
        self.targets: list[tuple[int, ...]] = []
        for ci in range(len(_CARDS)):
            self.targets.append(tuple(sorted({self.wclass[wi] for wi in range(len(wastes))
                                              if self.allowed[ci][wi]})))
        # chain enders: real cards on which nothing at all may be played
        self.ender = [not any(self.allowed[ci][wi] for ci in range(len(_CARDS)))
                      for wi in range(len(wastes))]
        self.ender[_NONE] = False
        self.draw_table = r.draw_table
        # parity: when every allowed play joins ranks of different parity (no king-ace link, no
        # jokers, no empty waste), a chain of plays alternates odd and even ranks
        real = [i for i, c in enumerate(_CARDS) if not c.is_joker]
        self.bipartite = (not r.extra_cards and all(
            (_CARDS[ci].rank - _CARDS[wi].rank) % 2 == 1
            for ci in real for wi in real if self.allowed[ci][wi]))
        self.sign = [(1 if c.rank % 2 else -1) if not c.is_joker else 0 for c in _CARDS] + [0]
        # with the king-ace link, plays still join ranks of different parity except king and
        # ace, both odd: each such link lets a chain hold one more odd card
        self.wrap_parity = (not self.bipartite and not r.extra_cards and all(
            (_CARDS[ci].rank - _CARDS[wi].rank) % 2 == 1
            or {_CARDS[ci].rank, _CARDS[wi].rank} == {1, 13}
            for ci in real for wi in real if self.allowed[ci][wi]))
        # ranks linked by some allowed play, for the segment bound: a chain of plays never
        # crosses a rank that is gone from the tableau
        self.linked = [[False] * 14 for _ in range(14)]
        for ci in real:
            for wi in real:
                if self.allowed[ci][wi]:
                    a, b = _CARDS[ci].rank, _CARDS[wi].rank
                    self.linked[a][b] = self.linked[b][a] = True
        # for the matching bound: the waste classes cards of each rank may be played on
        self.rank_targets: list[frozenset[int]] = [frozenset()] * 14
        if self.by_rank:
            for ci in real:
                self.rank_targets[_CARDS[ci].rank] = frozenset(self.targets[ci])
        self.circular = self.linked[13][1]
        # Hall sets: up to three ranks two apart (they share the ranks between them), and for
        # each waste class the sets whose supply shrinks when a card of that class is buried
        lines = ([[1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10, 12]] if self.circular
                 else [[1, 3, 5, 7, 9, 11, 13], [2, 4, 6, 8, 10, 12]])
        arcs: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        for line in lines:
            size = len(line)
            for a in range(size):
                for length in (1, 2, 3):
                    if not self.circular and a + length > size:
                        continue
                    ranks = tuple(line[(a + k) % size] for k in range(length))
                    classes = tuple(sorted(set().union(*(self.rank_targets[r] for r in ranks))))
                    if (ranks, classes) not in arcs:
                        arcs.append((ranks, classes))
        self.hall_arcs = arcs if self.by_rank else []
        self.hall_by_class: dict[int, list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}
        for ranks, classes in self.hall_arcs:
            for c in classes:
                self.hall_by_class.setdefault(c, []).append((ranks, classes))
        self.ender_rank = [False] * 14
        for ci in real:
            if self.ender[ci]:
                self.ender_rank[_CARDS[ci].rank] = True

    # -- public -------------------------------------------------------------------------------

    def solve(self, position: Position, best: bool = True, limit: int | None = None,
              seconds: float | None = None,
              progress: "Callable[[SearchProgress], None] | None" = None) -> SolveResult:
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
        search = _Search(self, position, limit,
                         None if seconds is None else started + seconds, progress, started)
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
        except _Limit as stop:
            complete = False
            stopped = stop.what
            if winnable is None and search.found_win:
                winnable = True     # a win found is a win, whatever stopped the search
            line = search.best_line
        removed, score, outcome = self._finish(position, line)
        return SolveResult(winnable, tuple(line), removed, score, outcome, search.visited_total,
                           time.perf_counter() - started, complete, dict(search.stats), stopped)

    def hint(self, state: GameState, limit: int | None = None, seconds: float | None = None,
             progress: "Callable[[SearchProgress], None] | None" = None) -> Move | None:
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


class _Search:
    """One depth-first search over one position. Mutable; lives for one solve() call."""

    def __init__(self, solver: Solver, position: Position, limit: int | None,
                 deadline: float | None = None,
                 progress: "Callable[[SearchProgress], None] | None" = None,
                 started: float = 0.0) -> None:
        self.solver = solver
        self.limit = limit
        self.deadline = deadline
        self.progress = progress
        self.started = started
        self.columns = [[_INDEX[c] for c in col] for col in position.columns]
        self.stock = [_INDEX[c] for c in position.stock]
        self.stock_slots = len(self.stock) + 1
        top = position.waste_top
        self.start_waste = _INDEX[top] if top is not None else _NONE
        self.total = position.tableau_count
        self.visited_total = 0
        self.found_win = False
        self.best_line: list[Move] = []
        self.seen_best = -1
        self.seen_line: list[Move] = []
        self.stats = {"dead-card prunes": 0, "ender prunes": 0, "parity prunes": 0,
                      "segment prunes": 0, "matching prunes": 0, "bound prunes": 0}
        sv = solver
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
            rank = _CARDS[self.stock[k]].rank
            odd = rank % 2
            self.odd_after[k] = self.odd_after[k + 1] + odd
            self.even_after[k] = self.even_after[k + 1] + (1 - odd)
            self.ka_after[k] = self.ka_after[k + 1] + (rank in (1, 13))
        self.reset()

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

    def run(self, mode: str) -> bool:
        """mode ``win``: stop at the first win. ``removed``: most cards removed (branch and
        bound). ``strokes``: the win that leaves the most stock cards. Returns whether a win
        was found."""
        sv = self.solver
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
                self.tcount[_CARDS[ci].rank] += 1
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
            raise _Limit("seconds")
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
        """Each card is played onto a different card (the waste just before it), so no set of
        tableau cards can outnumber the cards, anywhere but buried, that they may be played on
        (Hall's condition). Checked for up to three ranks two apart (5, 7, 9), which share the
        ranks between them; after a move, only for the sets whose supply the move reduced."""
        tcount, counts = self.tcount, self.counts
        for ranks, classes in (self.solver.hall_arcs if arcs is None else arcs):
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

    def _runs(self, tcount: tuple[int, ...]) -> int:
        """:meth:`_runs_needed` for these tableau rank counts, computed once per search."""
        found = self.runs_cache.get(tcount)
        if found is None:
            found = self.runs_cache[tcount] = self._runs_needed()
        return found

    def _runs_needed(self) -> int:
        """A lower bound on the chains of plays needed to clear the tableau: chains never cross
        a rank gone from the tableau, alternate parity where the rules make every play join
        ranks of different parity, and hold at most one chain ender (it ends the chain)."""
        sv = self.solver
        tcount = self.tcount
        linked = sv.linked
        ender_rank = sv.ender_rank
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
        runs = 0
        if sv.bipartite:
            for even, odd, enders in segments:
                runs += max(1, abs(odd - even), enders)
        else:
            for even, odd, enders in segments:
                runs += max(1, enders)
        return runs

    def _lost_cards(self) -> int:
        return sum(d + 1 for d, h in zip(self.dead, self.heights) if d < h)

    def _record(self, value: int) -> None:
        if value > self.best_value:
            self.best_value = value
            self.best_line = list(self.path)

    def _dfs(self, s: int, w: int, left: int, enders: int, hcode: int) -> bool:
        sv = self.solver
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
            raise _Limit("positions")
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
                              + (sv.sign[w] <= 0 or _CARDS[w].rank in (1, 13) if w != _NONE
                                 else 1))
                if (d > 0 and d > odd_starts + links) or (
                        d < 0 and -d > self.odd_after[s] + (sv.sign[w] >= 0)):
                    stats["parity prunes"] += 1
                    return False
            if stock_left < 12 and not self.tcount[0] and self._runs(tuple(self.tcount)) > stock_left + 1:
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
        sv = self.solver
        counts, dead, heights, tcount = self.counts, self.dead, self.heights, self.tcount
        buried = sv.wclass[w]
        playing = column >= 0
        if playing:
            heights[column] -= 1
            rank = _CARDS[card].rank
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
        table = self.solver.draw_table
        if table is not None:
            return table[can_play]
        return self.solver.rules.may_draw(GameState(self._position(s, w)), can_play)

    def _position(self, s: int, w: int) -> Position:
        columns = tuple(tuple(_CARDS[ci] for ci in col[:h])
                        for col, h in zip(self.columns, self.heights))
        waste = (_CARDS[w],) if w != _NONE else ()
        return Position(columns, tuple(_CARDS[ci] for ci in self.stock[s:]), waste)


_POW6 = tuple(6 ** i for i in range(7))
_ORDER = tuple(range(7))


@functools.lru_cache(maxsize=64)
def solver_for(rules: RuleSet) -> Solver:
    """A :class:`Solver` for a rule set, built once per rule set (its tables only; answers are
    never cached). The cache is keyed by the rule set object itself (rule sets compare by
    identity) and keeps the 64 most recently used, like
    :func:`~golfcore.solitaire.rules.rule_set`."""
    return Solver(rules)


def solve(rules: RuleSet | str, position: Position, best: bool = True,
          limit: int | None = None, seconds: float | None = None,
          progress: "Callable[[SearchProgress], None] | None" = None) -> SolveResult:
    """Solve ``position`` under ``rules`` (a :class:`RuleSet` or a variant string); ``limit``,
    ``seconds`` and ``progress`` as for :meth:`Solver.solve`."""
    rule_set = rules if isinstance(rules, RuleSet) else RuleSet(rules)
    return solver_for(rule_set).solve(position, best=best, limit=limit, seconds=seconds,
                                      progress=progress)

