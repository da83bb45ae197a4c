"""The tables of one deal for the win search (:mod:`.solver_win`).

The rule set's own tables are :class:`~.tables.RuleTables`, shared by every search. Cards and
wastes are reduced to *classes*, as the rules see them when they ignore suits (the only case the
win search handles, :attr:`~.tables.RuleTables.eligible`): a card's class is its rank (1..13, 0
for a joker), the empty waste is class 14, and the "free card" of an empty column is class 15,
which nothing accepts.

:class:`DealTables` packs the dead-card and Hall checks of one deal into one integer ``vec``:

* an 8-bit field per tableau card, 127 plus its *slack*: the cards not buried of the classes it
  may be played on, minus those that can never be just before it: the cards at or under it in
  its column (they leave after it) and the cards above it there but the one just above (they
  leave, and are buried, before it is free). It is dead exactly when the slack is 0. Those
  cards above count again from their play to their burial, when they are on the waste: a
  harmless over-count, as a bound must be;
* an 8-bit field per Hall set (a set of ranks), 128 plus supply minus demand: the cards not
  buried of the classes any of its ranks may be played on, minus its cards on the tableau.
  Each tableau card is played onto a different card, so the supply must cover the demand.
  The sets are the solver's (up to three ranks two apart) and, when every play joins ranks of
  different parity, all the odd and all the even ranks (the parity bound).

A card leaving the tableau adds 64 to its own field (it needs nothing any more) and 1 to the
fields of the sets of its rank; a buried waste card takes 1 from the fields of the cards and
sets it could hold. A move is thus one addition, and ``vec & hi != hi`` (some field fell below
its top bit) rejects it.
"""

from __future__ import annotations

from collections.abc import Callable

from golfcore.solitaire.search.tables import EMPTY_COLUMN, NONE_CLASS, RuleTables

_SLACK_CAP = 60       # a card that may go on more cards than this gets no field (never dead)
_BIT0 = sum(1 << (3 * r) for r in range(14))


def _field_sum(x: int) -> int:
    """The sum of the three-bit fields of ``x``."""
    return ((x & _BIT0).bit_count() + 2 * (x & _BIT0 << 1).bit_count()
            + 4 * (x & _BIT0 << 2).bit_count())


def _top_classes(cls: list[list[int]]) -> list[int]:
    """``topc[i * 6 + h]``: the class of column ``i``'s free card at height ``h``
    (:data:`EMPTY_COLUMN` at height 0)."""
    topc = [EMPTY_COLUMN] * (6 * len(cls))
    for i, col in enumerate(cls):
        for h in range(1, len(col) + 1):
            topc[i * 6 + h] = col[h - 1]
    return topc


def _class_counts(cls: list[list[int]], stock_cls: list[int],
                  start_w: int) -> tuple[list[int], list[int]]:
    """How many cards of each class the deal holds (columns, stock and waste), and how many
    of each the columns hold."""
    counts = [0] * 16
    tcount = [0] * 14
    for col in cls:
        for c in col:
            counts[c] += 1
            tcount[c] += 1
    for c in stock_cls:
        counts[c] += 1
    counts[start_w] += 1
    return counts, tcount


class DealTables:
    """The tables of one position (one search) for the win search."""

    def __init__(self, rt: RuleTables, columns: list[list[int]], stock: list[int],
                 start_waste: int) -> None:
        self.rules = rt
        cls = [[rt.wclass[ci] for ci in col] for col in columns]
        self._shape(cls)
        self.stock_cls = [rt.wclass[ci] for ci in stock]
        self.start_w = rt.wclass[start_waste]
        self._tops(_top_classes(cls))
        counts, tcount = _class_counts(cls, self.stock_cls, self.start_w)
        self.imbalance = sum(rt.class_sign[c] for col in cls for c in col)
        self.tpack = sum(n << (3 * r) for r, n in enumerate(tcount))
        self._vectors(rt, cls, counts, tcount)
        self._positions: dict[int, list[int]] = {}
        #: chain_limits' answers by key
        self.limits: dict[int, list[int]] = {}

    def _shape(self, cls: list[list[int]]) -> None:
        """The columns' heights, packed (``hcode``, six values a column) and summed."""
        self.heights = [len(col) for col in cls]
        self.hcode = sum(h * 6 ** i for i, h in enumerate(self.heights))
        self.total = sum(self.heights)

    def _tops(self, topc: list[int]) -> None:
        """The free cards' classes (``tops``, four bits a column) and what a play at each
        ``i * 6 + h`` changes in them (``tdel``)."""
        self.topc = topc
        self.tops = sum(topc[i * 6 + h] << (4 * i) for i, h in enumerate(self.heights))
        self.tdel = [((topc[at - 1] - topc[at]) << (4 * (at // 6))) if at % 6 else 0
                     for at in range(len(topc))]

    def chain_limits(self, key: int) -> list[int]:
        """For each waste class, the last stock position from which a tableau without jokers
        can still be cleared, as far as its chains tell (-1: from none). ``key`` is the
        tableau's rank counts, packed three bits a rank, reduced to what this reads: a 1 in
        the field of each rank present, and the counts of the chain enders' ranks shifted
        left by 42.

        A chain of plays stays in one part of :meth:`~.tables.RuleTables.parts` and holds at
        most one chain ender; each chain starts on a card of its own, the waste or a drawn
        card, on which its first card may be played. So for every run of parts (next to each
        other: only their starting cards can overlap, a card starting chains on the ranks on
        either side of it), the chains they need must not outnumber the cards that may start
        them: the waste, and the stock cards left."""
        found = self.limits.get(key)
        if found is None:
            found = self.limits[key] = self._limits_of(key)
        return found

    def _limits_of(self, key: int) -> list[int]:
        rt = self.rules
        parts = rt.parts(key & rt.rank_bits)
        enders = key >> 42
        needs = [(max(1, _field_sum(enders & fields)), feed) for fields, feed in parts]
        reqs: dict[int, int] = {}          # classes -> the most chains they must start
        n = len(needs)
        for first in range(n):
            total = feeds = 0
            for k in range(first, first + n if rt.circular else n):
                need, feed = needs[k % n]
                total += need
                feeds |= feed
                if reqs.get(feeds, 0) < total:
                    reqs[feeds] = total
        limits = [len(self.stock_cls)] * 16
        for feed, need in reqs.items():
            with_waste = self._last_with(need - 1, feed)
            without = self._last_with(need, feed)
            for w in range(16):
                last = with_waste if feed >> w & 1 else without
                if last < limits[w]:
                    limits[w] = last
        return limits

    def _last_with(self, need: int, feed: int) -> int:
        """The last stock position with at least ``need`` cards of the classes in ``feed``
        still to be drawn (the stock's length when ``need`` is 0 or less, -1 when never)."""
        if need <= 0:
            return len(self.stock_cls)
        where = self._positions.get(feed)
        if where is None:
            where = self._positions[feed] = [k for k, c in enumerate(self.stock_cls)
                                              if feed >> c & 1]
        return where[len(where) - need] if need <= len(where) else -1

    def _vectors(self, rt: RuleTables, cls: list[list[int]], counts: list[int],
                 tcount: list[int]) -> None:
        play = [0] * (6 * len(cls))
        bury = [0] * 16
        vec = hi = 0
        self.dead_at_start = self.hall_at_start = self.bound_at_start = False
        field = 0
        for i, col in enumerate(cls):
            for d, c in enumerate(col):
                targets = rt.class_targets[c]
                covered = sum(1 for x in col[:d + 1] if x in targets)
                above = [e for e in range(d + 2, len(col)) if col[e] in targets]
                slack = sum(counts[t] for t in targets) - covered - len(above)
                if slack <= 0:
                    self.dead_at_start = True
                if slack > _SLACK_CAP:
                    continue
                shift = 8 * field
                field += 1
                vec += (127 + slack) << shift
                hi += 128 << shift
                play[i * 6 + d + 1] += 64 << shift
                for e in above:
                    play[i * 6 + e + 1] += 1 << shift
                for t in targets:
                    bury[t] += 1 << shift
        places_of_rank: dict[int, list[int]] = {}
        for i, col in enumerate(cls):
            for d, c in enumerate(col):
                places_of_rank.setdefault(c, []).append(i * 6 + d + 1)
        for ranks, classes in rt.win_hall_arcs:
            slack = sum(counts[c] for c in classes) - sum(tcount[r] for r in ranks)
            if slack < 0:
                self.hall_at_start = True
            shift = 8 * field
            field += 1
            vec += (128 + slack) << shift
            hi += 128 << shift
            for r in ranks:
                for at in places_of_rank.get(r, ()):
                    play[at] += 1 << shift
            for c in classes:
                bury[c] += 1 << shift
        # linear bounds on the whole state (parity with the king-ace link, chain enders): one
        # field each, whose change depends on the card played or drawn and the waste it buries
        bounds = self._bounds(rt)
        play_by_w: list[list[int]] = [[0] * 16 for _ in range(16)]   # [w][c]
        draw_by_w: list[list[int]] = [[0] * 16 for _ in range(len(self.stock_cls))]  # [s][w]
        for start, play_delta, draw_delta in bounds:
            if start < 0:
                self.bound_at_start = True
            shift = 8 * field
            field += 1
            vec += (128 + start) << shift
            hi += 128 << shift
            for w in range(16):
                for c in range(16):
                    play_by_w[w][c] += play_delta(c, w) << shift
                for k in range(len(self.stock_cls)):
                    draw_by_w[k][w] += draw_delta(k, w) << shift
        self.vec, self.hi = vec, hi
        # play_vecs[w][i * 6 + h]: the change of vec when that card is played onto class w;
        # draw_vecs[s][w]: when stock card s is drawn onto class w
        self.play_vecs = [[pv - b + play_by_w[w][self.topc[at]] if at % 6 else 0
                           for at, pv in enumerate(play)] for w, b in enumerate(bury)]
        self.draw_vecs = [[draw_by_w[k][w] - bury[w] for w in range(16)]
                          for k in range(len(self.stock_cls))]

    def _bounds(self, rt: RuleTables) -> list[tuple[int, Callable[[int, int], int],
                                                    Callable[[int, int], int]]]:
        """The linear bounds, each as (its value at the start, its change when a card of class
        c is played onto class w, its change when stock card k is drawn onto class w); a bound
        fails when its value is negative. As in the general search:

        * with the king-ace link, chains of plays alternate parity but for king-ace links, so
          the imbalance d (odd minus even tableau cards) is at most the chains that may start
          on an odd card, X = even stock cards + aces and kings in the stock + 1 if the waste
          starts one, plus 2 min(aces, kings) of the tableau: X + 2 aces - d >= 0 or
          X + 2 kings - d >= 0 fails, and at least -(odd stock cards + 1 if the waste is not
          even): d + odd stock cards + (waste not even) >= 0;
        * a chain ender (a card nothing may be played on) ends its chain: the stock must hold
          a draw for every one but the last, and one more if the waste is one:
          stock left - enders + 1 - (waste is an ender) >= 0.
        """
        stock = self.stock_cls
        sign, ender = rt.class_sign, rt.class_ender
        imb = self.imbalance
        counts = [0] * 16
        for i, h in enumerate(self.heights):
            for d in range(h):
                counts[self.topc[i * 6 + d + 1]] += 1
        odd = sum(1 for c in stock if 1 <= c <= 13 and c % 2)
        even = sum(1 for c in stock if 1 <= c <= 13 and not c % 2)
        ka = sum(1 for c in stock if c in (1, 13))

        def starts(w: int) -> int:          # may a chain start odd on this waste
            return int(sign[w] <= 0 or w in (1, 13)) if w != NONE_CLASS else 1

        def not_even(w: int) -> int:
            return int(sign[w] >= 0)

        bounds: list[tuple[int, Callable[[int, int], int], Callable[[int, int], int]]] = []
        w0 = self.start_w
        def odd_starts_play(link: int) -> Callable[[int, int], int]:
            return lambda c, w: starts(c) - starts(w) - 2 * (c == link) + sign[c]

        if rt.wrap_parity:
            for link in (1, 13):
                bounds.append((
                    even + ka + starts(w0) + 2 * counts[link] - imb,
                    odd_starts_play(link),
                    lambda k, w: (-(1 <= stock[k] <= 13 and stock[k] % 2 == 0)
                                  - (stock[k] in (1, 13)) + starts(stock[k]) - starts(w))))
            bounds.append((
                imb + odd + not_even(w0),
                lambda c, w: -sign[c] + not_even(c) - not_even(w),
                lambda k, w: (-(1 <= stock[k] <= 13 and stock[k] % 2 == 1)
                              + not_even(stock[k]) - not_even(w))))
        if any(ender[c] for c in range(1, 14)):
            enders = sum(counts[c] for c in range(14) if ender[c])
            bounds.append((
                len(stock) - enders + 1 - ender[w0],
                lambda c, w: ender[w],
                lambda k, w: -1 - ender[stock[k]] + ender[w]))
        return bounds
