"""The exact fair-chance search for rule sets whose verdicts read ranks only: the pure-Python
engine, and the reference of its compiled twin (``_fairkernel.c``, same algorithm, same order
of evaluation, so the same doubles and the same state counts).

It computes the same recursion as :mod:`~.fair_search` (``docs/fair.md``, *Definition*) on
information states (7 column heights, the waste's class, the unseen cards counted by class),
with the reductions ``docs/fair.md`` proves exact (*The rank engine*):

* **merged wastes**: the waste's top is covered by whatever is played or drawn next, so it
  matters only through the *free* cards it accepts: it is keyed by the smallest class that
  accepts the same free classes (:meth:`RankEngine.canw`);
* **merged unseen cards**: a drawn card matters only through the tableau classes it accepts,
  and the tableau only loses cards: unseen classes that accept the same remaining classes are
  pooled (:meth:`RankEngine.canu`), and a draw tries one card per pool with its count;
* **a shared draw node**, memoised on (heights, unseen): a draw buries the top;
* **windows** (fail-soft, Ballard's Star1 at the draw nodes): a node is searched only as far as
  its value can matter to the root; the memo keeps a proved interval ``[lo, hi]`` per node;
* **zeros by a search for "some order wins"** (:meth:`RankEngine.exists`): the fair chance is
  0 exactly when no order of the unseen cards wins; that search draws only a card that is
  played at once, keeps per (heights, waste) the largest unseen sets proved lost and the
  smallest proved won (winning is monotone in the unseen cards), and cuts states that fail a
  necessary condition (a feeder for every tableau card; the chains a tableau needs).

The engine walks one deal's tableau and keeps its memo across questions.
"""

from __future__ import annotations

from typing import Callable, Sequence

#: ``solve``'s action for the state itself, and for a draw (plays are columns 0..6).
STATE, DRAW = -1, 7
#: Expansions between two calls of the engine's ``tick``.
TICK_EVERY = 1024


class Stop(Exception):
    """The engine's state cap was reached."""


def chain_runs(linked: Sequence[Sequence[bool]], ender: Sequence[bool], bipartite: bool,
               tcount: Sequence[int]) -> int:
    """The fewest chains of plays that can clear a tableau of ``tcount[r]`` cards of rank r
    (the solver's bound, :func:`golfcore.solitaire.search.solver_search.chain_runs`)."""
    segments: list[list[int]] = []
    prev = 0
    current: list[int] | None = None
    for r in range(1, 14):
        k = tcount[r]
        if not k:
            continue
        if current is None or not linked[prev][r]:
            current = [0, 0, 0]
            segments.append(current)
        current[r & 1] += k
        if ender[r]:
            current[2] += k
        prev = r
    if len(segments) > 1 and tcount[13] and tcount[1] and linked[13][1]:
        last = segments.pop()
        for k in range(3):
            segments[0][k] += last[k]
    if bipartite:
        return sum(max(1, abs(odd - even), enders) for even, odd, enders in segments)
    return sum(max(1, enders) for _, _, enders in segments)


class RankEngine:
    """The search over one deal's tableau. ``acc[w]`` is the mask of the classes that may be
    played on waste class ``w``; ``draw`` the draw rule (``draw[can_play]``: a draw is
    allowed); ``columns`` the tableau's classes (7 lists, covered card first); ``chains``, when
    classes are ranks 1..13 (0 the joker), the solver's (linked, ender, bipartite) tables for
    the chain bound."""

    def __init__(self, ncls: int, acc: Sequence[int], draw: tuple[bool, bool],
                 columns: Sequence[Sequence[int]],
                 chains: "tuple[Sequence[Sequence[bool]], Sequence[bool], bool] | None") -> None:
        self.ncls = ncls
        self.acc = list(acc)
        self.draw_rule = draw
        self.col = [list(c) for c in columns]
        self.chains = chains
        #: feeders[r]: the mask of the classes a card of class r may be played on
        self.feeders = [sum(1 << w for w in range(ncls) if acc[w] >> r & 1)
                        for r in range(ncls)]
        self.guard = sum(8 << (4 * c) for c in range(ncls))
        self.memo: dict[tuple[int, int, tuple[int, ...]], list[float]] = {}
        self.won: dict[tuple[int, int], list[int]] = {}
        self.lost: dict[tuple[int, int], list[int]] = {}
        self._canw: dict[tuple[int, int], int] = {}
        self.states = 0
        self.exists_states = 0
        self.limit: int | None = None
        self.tick: Callable[[int], None] | None = None
        self.ht = [0] * 7
        self.cnt = [0] * ncls
        self.n = 0
        self.top = 0

    # -- the current state ------------------------------------------------------------------------

    def set_state(self, heights: Sequence[int], top: int, counts: Sequence[int]) -> None:
        """Place the engine at (heights, waste class, unseen counts by class)."""
        self.ht = list(heights)
        self.top = top
        self.cnt = list(counts)
        self.n = sum(counts)
        self.tcount = [0] * self.ncls
        for i in range(7):
            for c in self.col[i][:self.ht[i]]:
                self.tcount[c] += 1

    def left(self) -> int:
        return sum(self.ht)

    def hk(self) -> int:
        ht = self.ht
        return (ht[0] | ht[1] << 3 | ht[2] << 6 | ht[3] << 9 | ht[4] << 12 | ht[5] << 15
                | ht[6] << 18)

    def exposed(self) -> int:
        e = 0
        for i in range(7):
            if self.ht[i]:
                e |= 1 << self.col[i][self.ht[i] - 1]
        return e

    def remaining(self) -> int:
        r = 0
        for c, k in enumerate(self.tcount):
            if k:
                r |= 1 << c
        return r

    def canw(self, mask: int, w: int) -> int:
        """The smallest class that accepts the same classes of ``mask`` as ``w`` does."""
        found = self._canw.get((mask, w))
        if found is None:
            acc = self.acc
            target = acc[w] & mask
            found = w
            for v in range(w):
                if acc[v] & mask == target:
                    found = v
                    break
            self._canw[mask, w] = found
        return found

    canu = canw

    def ucode(self, rmask: int) -> tuple[int, ...]:
        """The unseen cards pooled by :meth:`canu` (counts by pool representative)."""
        m = [0] * self.ncls
        for x, k in enumerate(self.cnt):
            if k:
                m[self.canu(rmask, x)] += k
        return tuple(m)

    def _play(self, i: int) -> int:
        h = self.ht[i] - 1
        card = self.col[i][h]
        self.ht[i] = h
        self.tcount[card] -= 1
        return card

    def _unplay(self, i: int, card: int) -> None:
        self.ht[i] += 1
        self.tcount[card] += 1

    def _expand(self) -> None:
        self.states += 1
        if self.limit is not None and self.states > self.limit:
            raise Stop
        if self.tick is not None and not self.states % TICK_EVERY:
            self.tick(self.states)

    # -- "does some order of the unseen cards win?" -----------------------------------------------

    def dead(self, top: int) -> bool:
        """A necessary condition for a win fails: some tableau card has no feeder (a card it
        may be played on that can be on the waste when it is played: an unseen card, a card of
        another column, the card just above it, or the top when it is free), or the tableau
        needs more chains of plays than there are chain starts (the top and each unseen
        card)."""
        tc, cnt, feeders = self.tcount, self.cnt, self.feeders
        for i in range(7):
            h = self.ht[i]
            if not h:
                continue
            col = self.col[i]
            own = [0] * self.ncls
            for c in col[:h]:
                own[c] += 1
            base = 0
            for c in range(self.ncls):
                if cnt[c] or tc[c] > own[c]:
                    base |= 1 << c
            above = 1 << top
            for j in range(h - 1, -1, -1):
                r = col[j]
                if not feeders[r] & (base | above):
                    return True
                above = 1 << r
        if self.chains is not None and not tc[0]:
            linked, ender, bipartite = self.chains
            if chain_runs(linked, ender, bipartite, tc) > self.n + 1:
                return True
        return False

    def exists(self, top: int) -> bool:
        """Whether some order of the unseen cards wins from the current heights and ``top``."""
        if not self.left():
            return True
        top = self.canw(self.exposed(), top)
        key = (self.hk(), top)
        u = 0
        for c, k in enumerate(self.cnt):
            u |= k << (4 * c)
        guard = self.guard
        for a in self.won.get(key, ()):
            if ((u | guard) - a) & guard == guard:
                return True
        for d in self.lost.get(key, ()):
            if ((d | guard) - u) & guard == guard:
                return False
        if self.dead(top):
            return False
        self.exists_states += 1
        self._expand()
        acc, col, ht = self.acc, self.col, self.ht
        res = False
        can = False
        for i in range(7):
            if ht[i] and acc[top] >> col[i][ht[i] - 1] & 1:
                can = True
                card = self._play(i)
                res = self.exists(card)
                self._unplay(i, card)
                if res:
                    break
        if not res and self.n and self.draw_rule[can]:
            cnt = self.cnt
            for x in range(self.ncls):
                if not cnt[x]:
                    continue
                cnt[x] -= 1
                self.n -= 1
                for i in range(7):
                    if ht[i] and acc[x] >> col[i][ht[i] - 1] & 1:
                        card = self._play(i)
                        res = self.exists(card)
                        self._unplay(i, card)
                        if res:
                            break
                cnt[x] += 1
                self.n += 1
                if res:
                    break
        _add(self.won if res else self.lost, key, u, guard, res)
        return res

    # -- the fair value ---------------------------------------------------------------------------

    def solve(self, action: int, alpha: float, beta: float) -> float:
        """The value of ``action`` (:data:`STATE`, a column 0..6 to play, or :data:`DRAW`) at the
        current state, searched with the window (alpha, beta), fail-soft: a result g <= alpha
        proves value <= g, g >= beta proves value >= g, else value == g. The current state is
        unchanged (also when :class:`Stop` or the tick's exception interrupts)."""
        saved = (list(self.ht), list(self.cnt), self.n, list(self.tcount))
        try:
            if action == STATE:
                return self.V(self.top, alpha, beta, False)
            if action == DRAW:
                return self.D(alpha, beta)
            card = self._play(action)
            return self.V(card, alpha, beta, False)
        finally:
            self.ht, self.cnt, self.n, self.tcount = saved

    def peek(self, action: int) -> tuple[float, float]:
        """What the memo has proved about ``action``'s value at the current state, as
        (lo, hi); (0, 1) when nothing."""
        saved = (list(self.ht), list(self.tcount))
        try:
            if action == DRAW:
                key = (self.hk(), -1, self.ucode(self.remaining()))
                top = -1
            else:
                top = self.top if action == STATE else self._play(action)
                if not self.left():
                    return 1.0, 1.0
                key = (self.hk(), self.canw(self.exposed(), top), self.ucode(self.remaining()))
            e = self.memo.get(key)
            return (e[0], e[1]) if e is not None else (0.0, 1.0)
        finally:
            self.ht, self.tcount = saved

    def D(self, alpha: float, beta: float) -> float:
        """The draw node: the average over the next card (Star1, fail-soft)."""
        rmask = self.remaining()
        key = (self.hk(), -1, self.ucode(rmask))
        e = self.memo.get(key)
        if e is not None:
            if e[0] == e[1] or e[1] <= alpha:
                return e[1]
            if e[0] >= beta:
                return e[0]
            if e[0] > alpha:
                alpha = e[0]
            if e[1] < beta:
                beta = e[1]
        self._expand()
        n = self.n
        cnt = self.cnt
        xs: list[int] = []
        ws: list[int] = []
        lo: list[float] = []
        hi: list[float] = []
        emask = self.exposed()
        done = 0
        self.n -= 1
        left = self.left()
        for x in range(self.ncls):
            if not cnt[x]:
                continue
            rep = self.canu(rmask, x)
            if done >> rep & 1:
                continue
            done |= 1 << rep
            w = 0
            for y in range(x, self.ncls):
                if cnt[y] and self.canu(rmask, y) == rep:
                    w += cnt[y]
            cnt[x] -= 1
            clo, chi = 0.0, 1.0
            if left:
                ce = self.memo.get((key[0], self.canw(emask, x), self.ucode(rmask)))
                if ce is not None:
                    clo, chi = ce
                elif not self.exists(x):
                    chi = 0.0
            cnt[x] += 1
            xs.append(x)
            ws.append(w)
            lo.append(clo)
            hi.append(chi)
        no = len(xs)
        i = 0
        while True:
            total_lo = 0.0
            total_hi = 0.0
            for j in range(no):
                total_lo += ws[j] * lo[j]
                total_hi += ws[j] * hi[j]
            total_lo /= n
            total_hi /= n
            if total_hi <= alpha:
                g = total_hi
                break
            if total_lo >= beta:
                g = total_lo
                break
            full = False
            if i >= no:
                j = 0
                while j < no and lo[j] == hi[j]:
                    j += 1
                if j == no:
                    g = total_lo
                    break
                i = j
                full = True
            if lo[i] == hi[i]:
                i += 1
                continue
            p = ws[i] / n
            ai = (alpha - (total_hi - p * hi[i])) / p
            bi = (beta - (total_lo - p * lo[i])) / p
            if full:
                ai, bi = -1.0, 2.0
            if ai < lo[i]:
                ai = lo[i]
            if bi > hi[i]:
                bi = hi[i]
            cnt[xs[i]] -= 1
            v = self.V(xs[i], ai, bi, True)
            cnt[xs[i]] += 1
            if v <= ai:
                if v < hi[i]:
                    hi[i] = v
            elif v >= bi:
                if v > lo[i]:
                    lo[i] = v
            else:
                lo[i] = hi[i] = v
            if lo[i] > hi[i]:
                lo[i] = hi[i]
            i += 1
        self.n += 1
        self._store(key, g, alpha, beta)
        return g

    def V(self, top: int, alpha: float, beta: float, known: bool) -> float:
        """The decision node at waste class ``top`` (Star1 windows, fail-soft); ``known``: the
        caller has checked that some order wins."""
        if not self.left():
            return 1.0
        top = self.canw(self.exposed(), top)
        key = (self.hk(), top, self.ucode(self.remaining()))
        e = self.memo.get(key)
        if e is not None:
            if e[0] == e[1] or e[1] <= alpha:
                return e[1]
            if e[0] >= beta:
                return e[0]
            if e[0] > alpha:
                alpha = e[0]
            if e[1] < beta:
                beta = e[1]
        elif not known and not self.exists(top):
            return 0.0
        self._expand()
        if beta > 1.0:
            beta = 1.0
        if alpha < 0.0:
            alpha = 0.0
        best = 0.0
        can = False
        acc, col, ht = self.acc, self.col, self.ht
        for i in range(7):
            if not ht[i] or not acc[top] >> col[i][ht[i] - 1] & 1:
                continue
            can = True
            card = self._play(i)
            v = self.V(card, best if best > alpha else alpha, beta, False)
            self._unplay(i, card)
            if v > best:
                best = v
                if best >= beta:
                    break
        if best < beta and self.n and self.draw_rule[can]:
            s = self.D(best if best > alpha else alpha, beta)
            if s > best:
                best = s
        self._store(key, best, alpha, beta)
        return best

    def _store(self, key: tuple[int, int, tuple[int, ...]], g: float, a: float,
               b: float) -> None:
        e = self.memo.get(key)
        lo, hi = (e[0], e[1]) if e is not None else (0.0, 1.0)
        if g <= a:
            if g < hi:
                hi = g
        elif g >= b:
            if g > lo:
                lo = g
        else:
            lo = hi = g
        if lo > hi:
            lo = hi
        if e is not None:
            e[0], e[1] = lo, hi
        else:
            self.memo[key] = [lo, hi]


def _add(store: dict[tuple[int, int], list[int]], key: tuple[int, int], u: int, guard: int,
         alive: bool) -> None:
    """Add ``u`` to the antichain at ``key``: the smallest sets proved won (``alive``), or the
    largest proved lost, dropping the members ``u`` makes redundant."""
    members = store.get(key)
    if members is None:
        store[key] = [u]
        return
    if alive:
        members[:] = [v for v in members if ((v | guard) - u) & guard != guard]
    else:
        members[:] = [v for v in members if ((u | guard) - v) & guard != guard]
    members.append(u)
