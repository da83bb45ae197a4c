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
* **draw points**: a decision's value is the best, over the states a chain of plays reaches
  where a draw is allowed, of the draw there (1 when a chain empties the columns); a draw
  buries the top, so only the heights of those states matter, and only the decisions right
  after a draw are memoised (:meth:`RankEngine.reach`);
* **a shared draw node**, memoised on (heights, unseen);
* **windows** (fail-soft, Ballard's Star1 at the draw nodes): a node is searched only as far as
  its value can matter to the root; the memo keeps a proved interval ``[lo, hi]`` per node;
* **zeros by a search for "some order wins"** (:meth:`RankEngine.exists`): the fair chance is
  0 exactly when no order of the unseen cards wins; that search draws only a card that is
  played at once, keeps per (heights, waste) the largest unseen sets proved lost and the
  smallest proved won (winning is monotone in the unseen cards), and cuts states that fail a
  necessary condition (:meth:`RankEngine.dead`).

The engine walks one deal's tableau and keeps its memo across questions. Counts are also kept
packed four bits a class (``T`` the tableau's, ``U`` the unseen cards'), as the kernel keeps
them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

#: ``solve``'s action for the state itself, and for a draw (plays are columns 0..6).
STATE, DRAW = -1, 7
#: Expansions between two calls of the engine's ``tick``.
TICK_EVERY = 1024
#: the most (heights, top) whose draw points :meth:`RankEngine.points` keeps
POINTS_CACHE = 1 << 18

NIB1 = 0x1111111111111111
MASK64 = (1 << 64) - 1


class Stop(Exception):
    """The engine's state cap was reached."""


def nz4(x: int) -> int:
    """One bit (the lowest) in each nibble of ``x`` that is not zero."""
    return (x | x >> 1 | x >> 2 | x >> 3) & NIB1


def nibsum(x: int) -> int:
    """The sum of the nibbles of a 64-bit ``x`` (as the kernel sums them)."""
    x = (x & 0x0F0F0F0F0F0F0F0F) + (x >> 4 & 0x0F0F0F0F0F0F0F0F)
    return ((x * 0x0101010101010101) & MASK64) >> 56


class Parts:
    """The connected parts of the link graph on a set of ranks, in the order of their lowest
    ranks: each part's ranks, enders and first colour (when the part is bipartite) as nibble
    masks (15 a rank), and the classes that feed its ranks, its first colour's and its
    second's (one bit a nibble)."""

    def __init__(self, engine: RankEngine, present: int) -> None:
        self.tab: list[int] = []
        self.colour0: list[int] = []
        self.enders: list[int] = []
        self.feed: list[int] = []
        self.feed0: list[int] = []
        self.feed1: list[int] = []
        self.bip: list[bool] = []
        linked, ender, fnib = engine.linked, engine.ender, engine.fnib
        seen = 0
        for r in range(1, 14):
            if not present >> (r - 1) & 1 or seen >> r & 1:
                continue
            colour = {r: 0}
            todo = [r]
            part = 1 << r
            bip = True
            while todo:
                a = todo.pop()
                for b in range(1, 14):
                    if not linked[a][b] or not present >> (b - 1) & 1:
                        continue
                    if part >> b & 1:
                        if colour[b] == colour[a]:
                            bip = False
                        continue
                    part |= 1 << b
                    colour[b] = 1 - colour[a]
                    todo.append(b)
            seen |= part
            tab = colour0 = enders = feed = feed0 = feed1 = 0
            for b in range(1, 14):
                if not part >> b & 1:
                    continue
                tab |= 15 << (4 * b)
                if ender[b]:
                    enders |= 15 << (4 * b)
                if not colour[b]:
                    colour0 |= 15 << (4 * b)
                feed |= fnib[b]
                if colour[b]:
                    feed1 |= fnib[b]
                else:
                    feed0 |= fnib[b]
            self.tab.append(tab)
            self.colour0.append(colour0)
            self.enders.append(enders)
            self.feed.append(feed)
            self.feed0.append(feed0)
            self.feed1.append(feed1)
            self.bip.append(bip)


class RankEngine:
    """The search over one deal's tableau. ``acc[w]`` is the mask of the classes that may be
    played on waste class ``w``; ``draw`` the draw rule (``draw[can_play]``: a draw is
    allowed); ``columns`` the tableau's classes (7 lists, covered card first); ``chains``, when
    classes are ranks 1..13 (0 the joker), the solver's (linked, ender, bipartite) tables for
    the chain bounds."""

    def __init__(self, ncls: int, acc: Sequence[int], draw: tuple[bool, bool],
                 columns: Sequence[Sequence[int]],
                 chains: tuple[Sequence[Sequence[bool]], Sequence[bool], bool] | None) -> None:
        self.ncls = ncls
        #: a waste class that accepts nothing: "draw now" (the top is buried by the draw)
        self.buried = ncls
        self.acc = list(acc) + [0]
        self.draw_rule = draw
        self.col = [list(c) for c in columns]
        #: fnib[r]: the classes a card of class r may be played on, one bit a nibble
        self.fnib = [sum(1 << (4 * w) for w in range(ncls) if acc[w] >> r & 1)
                     for r in range(ncls)]
        #: pc[i][h]: the packed counts of the first h cards of column i
        self.pc = []
        for col in self.col:
            packed = [0]
            for c in col:
                packed.append(packed[-1] + (1 << (4 * c)))
            self.pc.append(packed)
        self.guard = sum(8 << (4 * c) for c in range(ncls))
        self.has_chains = chains is not None
        self.linked: Sequence[Sequence[bool]] = []
        self.ender: Sequence[bool] = []
        self.pathlike = self.wrap = False
        self.wild = 0
        if chains is not None:
            self.linked, self.ender, _ = chains
            # the matching bound's paths: plays join ranks one apart (and king-ace)
            self.pathlike = ncls > 13
            for a in range(1, min(14, ncls)):
                for b in range(1, min(14, ncls)):
                    if self.acc[a] >> b & 1:
                        if abs(a - b) == 12:
                            self.wrap = True
                        elif abs(a - b) != 1:
                            self.pathlike = False
            for c in range(ncls):
                if (c < 1 or c > 13) and self.acc[c]:
                    self.wild |= 1 << c
        self._parts: dict[int, Parts] = {}
        #: the draw points of (heights, top) (:meth:`points`; None: a chain of plays wins)
        self._points: dict[int, tuple[int, ...] | None] = {}
        #: accnib[w]: the classes that may be played on class w, one bit a nibble
        self.accnib = [sum(1 << (4 * r) for r in range(ncls) if acc[w] >> r & 1)
                       for w in range(ncls)]
        self.memo: dict[int, list[float]] = {}
        self.won: dict[int, list[int]] = {}
        self.lost: dict[int, list[int]] = {}
        self._canw: dict[tuple[int, int], int] = {}
        self.states = 0
        self.exists_states = 0
        self.limit: int | None = None
        self.tick: Callable[[int], None] | None = None
        self.ht = [0] * 7
        self.cnt = [0] * ncls
        self.tcount = [0] * ncls
        self.n = self.top = self.left = self.hk = self.T = self.U = self.rmask = 0

    # -- the current state ------------------------------------------------------------------------

    def set_state(self, heights: Sequence[int], top: int, counts: Sequence[int]) -> None:
        """Place the engine at (heights, waste class, unseen counts by class)."""
        self.top = top
        self.cnt = list(counts)
        self.n = sum(counts)
        self.U = sum(k << (4 * c) for c, k in enumerate(counts))
        hk = 0
        for i in range(7):
            hk |= heights[i] << (3 * i)
        self.set_heights(hk)

    def set_heights(self, hk: int) -> None:
        """Place the tableau at the packed heights ``hk``."""
        T = left = 0
        for i in range(7):
            h = hk >> (3 * i) & 7
            self.ht[i] = h
            left += h
            T += self.pc[i][h]
        self.hk, self.T, self.left = hk, T, left
        rmask = 0
        tcount = self.tcount
        for c in range(self.ncls):
            k = T >> (4 * c) & 15
            tcount[c] = k
            if k:
                rmask |= 1 << c
        self.rmask = rmask

    def exposed(self) -> int:
        e = 0
        for i in range(7):
            if self.ht[i]:
                e |= 1 << self.col[i][self.ht[i] - 1]
        return e

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

    def ucode(self, rmask: int) -> int:
        """The unseen cards pooled by :meth:`canu`, as a stars-and-bars code (for each pool
        representative in class order, its count in ones, then a zero)."""
        m = [0] * self.ncls
        for x, k in enumerate(self.cnt):
            if k:
                m[self.canu(rmask, x)] += k
        code = pos = 0
        for k in m:
            code |= ((1 << k) - 1) << pos
            pos += k + 1
        return code

    def _play(self, i: int) -> int:
        h = self.ht[i] - 1
        card = self.col[i][h]
        self.ht[i] = h
        self.hk -= 1 << (3 * i)
        self.left -= 1
        self.T -= 1 << (4 * card)
        self.tcount[card] -= 1
        if not self.tcount[card]:
            self.rmask &= ~(1 << card)
        return card

    def _unplay(self, i: int, card: int) -> None:
        self.ht[i] += 1
        self.hk += 1 << (3 * i)
        self.left += 1
        self.T += 1 << (4 * card)
        if not self.tcount[card]:
            self.rmask |= 1 << card
        self.tcount[card] += 1

    def _draw(self, x: int) -> None:
        self.cnt[x] -= 1
        self.n -= 1
        self.U -= 1 << (4 * x)

    def _undraw(self, x: int) -> None:
        self.cnt[x] += 1
        self.n += 1
        self.U += 1 << (4 * x)

    def _expand(self) -> None:
        self.states += 1
        if self.limit is not None and self.states > self.limit:
            raise Stop
        if self.tick is not None and not self.states % TICK_EVERY:
            self.tick(self.states)

    # -- "does some order of the unseen cards win?" -----------------------------------------------

    def parts(self, present: int) -> Parts:
        """The parts of the link graph on the ranks of ``present`` (bit r - 1 for rank r)."""
        found = self._parts.get(present)
        if found is None:
            found = self._parts[present] = Parts(self, present)
        return found

    def dead(self, top: int) -> bool:
        """A necessary condition for a win fails (``docs/fair.md``, *The rank engine*): some
        tableau card has no feeder (a card it may be played on that can be on the waste when
        it is played: an unseen card, a card of another column, the card just above it, or the
        top when it is free); some part of the link graph on the ranks left needs more chains
        of plays (one at least, one per chain ender, the surplus of one colour over the other)
        than the units that can start them (the top and the unseen cards that feed it), alone,
        with its neighbour or all parts together; or the tableau cards cannot each be matched
        to a different card they may be played on (:meth:`matching_short`)."""
        T, U = self.T, self.U
        unib = nz4(U)
        topnib = 1 << (4 * top) if top < self.ncls else 0
        fnib, pc = self.fnib, self.pc
        for i in range(7):
            h = self.ht[i]
            if not h:
                continue
            col = self.col[i]
            base = nz4(T - pc[i][h]) | unib
            above = topnib
            for j in range(h - 1, -1, -1):
                r = col[j]
                if not fnib[r] & (base | above):
                    return True
                above = 1 << (4 * r)
        if not self.has_chains or self.tcount[0]:
            return False
        units = U + topnib
        p = self.parts(self.rmask >> 1 & 0x1FFF)
        totneed = 0
        useful = 0
        need = []
        for k in range(len(p.tab)):
            tk = T & p.tab[k]
            nd = 1
            en = nibsum(tk & p.enders[k])
            if en > nd:
                nd = en
            if p.bip[k]:
                c0 = nibsum(tk & p.colour0[k])
                bal = c0 - (nibsum(tk) - c0)
                if bal:
                    pf = p.feed0[k] if bal > 0 else p.feed1[k]
                    bal = abs(bal)
                    if bal > nibsum(units & (pf * 15)):
                        return True
                    if bal > nd:
                        nd = bal
            if nd > nibsum(units & (p.feed[k] * 15)):
                return True
            need.append(nd)
            totneed += nd
            useful |= p.feed[k]
        if totneed > nibsum(units & (useful * 15)):
            return True
        for k in range(len(need) - 1):
            if need[k] + need[k + 1] > nibsum(units & ((p.feed[k] | p.feed[k + 1]) * 15)):
                return True
        return self.pathlike and self.matching_short(top)

    def matching_short(self, top: int) -> bool:
        """Each tableau card is played onto a different card (the waste just before it): a
        tableau card, an unseen card or the top. When plays join ranks one apart (and
        king-ace), the cards needing one (demand r) and the cards that can be one (supply
        r +- 1) form two paths, on which a greedy matching is a largest one; classes other
        than ranks feed anything. True when some tableau card is left without one."""
        tc, cnt, acc = self.tcount, self.cnt, self.acc
        dem = [0] * 14
        sup = [0] * 14
        for r in range(1, 14):
            dem[r] = tc[r]
            sup[r] = tc[r] + cnt[r] + (top == r)
        wild = 0
        for c in range(self.ncls):
            if (c < 1 or c > 13) and self.wild >> c & 1:
                wild += cnt[c] + (top == c)
        start = 1
        if self.wrap:
            start = 0
            for r in range(1, 14):
                if not dem[r] and not sup[r]:
                    start = r
                    break
            if not start:
                return False
        shortfall = 0
        for first in (0, 1):
            left = prev = 0
            prev_dem = False
            for k in range(13):
                r = (start - 1 + k) % 13 + 1
                is_dem = (k & 1) == first
                cap = dem[r] if is_dem else sup[r]
                m = 0
                if k and left and cap and (acc[prev] >> r & 1 if is_dem else acc[r] >> prev & 1):
                    m = left if left < cap else cap
                if prev_dem:
                    shortfall += left - m
                left = cap - m
                prev = r
                prev_dem = is_dem
            if prev_dem:
                shortfall += left
        return shortfall > wild

    def exists_draw(self) -> bool:
        """Whether some order of the unseen cards wins from a draw point (the current heights,
        the top buried by the draw): some pool of unseen cards has a card after which a chain of
        plays empties the columns or reaches another draw point from which some order wins.
        Memoised on the heights, with the antichains of the unseen multisets proved won and
        lost."""
        if not self.left:
            return True
        key = self.hk + 1
        u = self.U
        guard = self.guard
        for d in self.lost.get(key, ()):
            if ((d | guard) - u) & guard == guard:
                return False
        for a in self.won.get(key, ()):
            if ((u | guard) - a) & guard == guard:
                return True
        if not self.n or self.dead(self.buried):
            return False
        self.exists_states += 1
        self._expand()
        res = False
        rmask = self.rmask
        done = 0
        hk0 = self.hk
        cnt = self.cnt
        for x in range(self.ncls):
            if not cnt[x]:
                continue
            rep = self.canw(rmask, x)
            if done >> rep & 1:
                continue
            done |= 1 << rep
            self._draw(x)
            points = self.points(x, hk0)
            if points is None:
                res = True
            else:
                for hk in points:
                    self.set_heights(hk)
                    if self.exists_draw():
                        res = True
                        break
                self.set_heights(hk0)
            self._undraw(x)
            if res:
                break
        _add(self.won if res else self.lost, key, u, guard, res)
        return res

    def exists_from(self, top: int) -> bool:
        """Whether some order of the unseen cards wins from the current heights and ``top``: a
        chain of plays empties the columns or reaches a draw point from which some order wins."""
        points = self.points(top, -1)
        if points is None:
            return True
        hk0 = self.hk
        res = False
        for hk in points:
            self.set_heights(hk)
            if self.exists_draw():
                res = True
                break
        self.set_heights(hk0)
        return res

    # -- where a chain of plays can stop to draw --------------------------------------------------

    def reach(self, top: int, seen: set[int], points: list[int]) -> bool:
        """Every state a chain of plays from here reaches: the heights of those where a draw
        is allowed are added to ``points`` (once each, and to ``seen``). True when one of them
        has empty columns (won)."""
        top = self.canw(self.exposed(), top)
        key = self.hk | (top + 1) << 21
        if key in seen:
            return False
        seen.add(key)
        acc, col, ht = self.acc, self.col, self.ht
        can = False
        for i in range(7):
            if ht[i] and acc[top] >> col[i][ht[i] - 1] & 1:
                can = True
                card = self._play(i)
                won = not self.left or self.reach(card, seen, points)
                self._unplay(i, card)
                if won:
                    return True
        if self.draw_rule[can] and self.hk not in seen:
            seen.add(self.hk)
            points.append(self.hk)
        return False

    def points(self, top: int, skip: int) -> list[int] | None:
        """The draw points of the chains of plays from the current state with waste ``top``,
        but ``skip``: fewest cards left first (then the packed heights); None when a chain
        empties the columns. Drawing at any time, a draw point is left out when a free card
        fewer is one too and that card accepts nothing left on the tableau (``docs/fair.md``:
        it is no better). None of them without a card to draw."""
        top = self.canw(self.exposed(), top)
        key = self.hk | (top + 1) << 21
        if key in self._points:
            found = self._points[key]
        else:
            seen: set[int] = set()
            raw: list[int] = []
            if self.reach(top, seen, raw):
                found = None
            else:
                if self.draw_rule[0] and self.draw_rule[1]:
                    raw = [hk for hk in raw if not self._dominated(hk, seen)]
                raw.sort(key=lambda hk: (_left(hk), hk))
                found = tuple(raw)
            if len(self._points) >= POINTS_CACHE:
                self._points.clear()
            self._points[key] = found
        if found is None:
            return None
        if not self.n:
            return []
        return [hk for hk in found if hk != skip]

    def _dominated(self, hk: int, seen: set[int]) -> bool:
        """Some column's free card at heights ``hk`` accepts nothing else on the tableau, and
        the heights without it are a draw point of the same chains."""
        pc, col, accnib = self.pc, self.col, self.accnib
        T = 0
        for i in range(7):
            T += pc[i][hk >> (3 * i) & 7]
        for i in range(7):
            h = hk >> (3 * i) & 7
            if not h:
                continue
            c = col[i][h - 1]
            if not accnib[c] & nz4(T - (1 << (4 * c))) and hk - (1 << (3 * i)) in seen:
                return True
        return False

    # -- the fair value ---------------------------------------------------------------------------

    def solve(self, action: int, alpha: float, beta: float) -> float:
        """The value of ``action`` (:data:`STATE`, a column 0..6 to play, or :data:`DRAW`) at the
        current state, searched with the window (alpha, beta), fail-soft: a result g <= alpha
        proves value <= g, g >= beta proves value >= g, else value == g. The current state is
        unchanged (also when :class:`Stop` or the tick's exception interrupts)."""
        saved = (list(self.cnt), self.n, self.U, self.hk)
        try:
            if action == STATE:
                return self.P(self.top, alpha, beta, False)
            if action == DRAW:
                return self.D(alpha, beta)
            card = self._play(action)
            return self.P(card, alpha, beta, False)
        finally:
            self.cnt, self.n, self.U = list(saved[0]), saved[1], saved[2]
            self.set_heights(saved[3])

    def peek(self, action: int) -> tuple[float, float]:
        """What the memo has proved about ``action``'s value at the current state, as
        (lo, hi); (0, 1) when nothing."""
        hk = self.hk
        try:
            if action == DRAW:
                key = self.hk | self.ucode(self.rmask) << 25
            else:
                top = self.top if action == STATE else self._play(action)
                if not self.left:
                    return 1.0, 1.0
                key = (self.hk | (self.canw(self.exposed(), top) + 1) << 21
                       | self.ucode(self.rmask) << 25)
            e = self.memo.get(key)
            return (e[0], e[1]) if e is not None else (0.0, 1.0)
        finally:
            self.set_heights(hk)

    def D(self, alpha: float, beta: float) -> float:
        """The draw node: the average over the next card (Star1, fail-soft)."""
        rmask = self.rmask
        key = self.hk | self.ucode(rmask) << 25
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
        elif not self.exists_draw():
            return 0.0
        self._expand()
        n = self.n
        cnt = self.cnt
        xs: list[int] = []
        ws: list[int] = []
        lo: list[float] = []
        hi: list[float] = []
        done = 0
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
            self._draw(x)
            clo, chi = 0.0, 1.0
            if not self.exists_from(x):
                chi = 0.0
            self._undraw(x)
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
            self._draw(xs[i])
            v = self.P(xs[i], ai, bi, True)
            self._undraw(xs[i])
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
        self._store(key, g, alpha, beta)
        return g

    def P(self, top: int, alpha: float, beta: float, inner: bool) -> float:
        """The decision at waste class ``top``: the best of the draws at the states a chain of
        plays reaches (fail-soft). ``inner``: a draw node's child, which its caller has checked
        some order wins, and which is not memoised (the draw nodes are); else a question at the
        root, which is."""
        if not self.left:
            return 1.0
        top = self.canw(self.exposed(), top)
        key = 0
        if not inner:
            key = self.hk | (top + 1) << 21 | self.ucode(self.rmask) << 25
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
            elif not self.exists_from(top):
                return 0.0
        self._expand()
        if beta > 1.0:
            beta = 1.0
        if alpha < 0.0:
            alpha = 0.0
        best = 0.0
        points = self.points(top, -1)
        if points is None:
            best = 1.0
        else:
            hk0 = self.hk
            for hk in points:
                self.set_heights(hk)
                v = self.D(best if best > alpha else alpha, beta)
                if v > best:
                    best = v
                    if best >= beta:
                        break
            self.set_heights(hk0)
        if not inner:
            self._store(key, best, alpha, beta)
        return best

    def _store(self, key: int, g: float, a: float, b: float) -> None:
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


def _left(hk: int) -> int:
    """The cards left on a tableau of packed heights ``hk``."""
    return sum(hk >> (3 * i) & 7 for i in range(7))


def _add(store: dict[int, list[int]], key: int, u: int, guard: int, alive: bool) -> None:
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
