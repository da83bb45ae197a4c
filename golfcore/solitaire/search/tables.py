"""One rule set compiled into the tables every search shares, built once per rule set.

:func:`rule_tables` asks a :class:`~golfcore.solitaire.rules.RuleSet` every play verdict once
and derives from them, each in a function of its own:

* ``allowed[card][waste]``: may card index ``card`` be played on waste index ``waste`` (indices
  of :mod:`.cards`; ``NONE`` is the empty waste);
* card *classes* (:func:`card_classes`): when no verdict looks at suits (checked on the whole
  table, not assumed) a card's class is its rank (0 the joker, 1..13) and the empty waste is
  class 14; otherwise classes are the card indices themselves;
* per card, the waste classes it may be played on (``targets``); chain *enders* (cards on which
  nothing may be played) by card and by rank;
* parity facts (:func:`parity_facts`): whether every play joins ranks of different parity
  (``bipartite``), or does so but for king-ace links (``wrap_parity``);
* which ranks are linked by some play (``linked``; ``circular`` when king and ace are), and the
  Hall sets of ranks with the classes their cards may be played on (:func:`hall_sets`);
* the class-level tables of the fast win search (:mod:`.solver_win`): the play table by class
  ``okc[w][c]``, per class targets, signs and enders, packed-count shifts, and the playable
  column masks (built on first use).

The tables hold no position and are never mutated after they are built, so the solver, the
win search and the fair chance share one object per rule set (:func:`rule_tables` keeps the 64
most recently used, keyed by the rule set object, as
:func:`~golfcore.solitaire.rules.rule_set` does).
"""

from __future__ import annotations

import functools

from golfcore.cards import Card
from golfcore.solitaire.rules import RuleSet
from golfcore.solitaire.search.cards import CARDS, INDEX, NONE
from golfcore.solitaire.search.support import check_searchable

#: win-search classes beyond the ranks: the empty waste, and the "free card" of an empty column
#: (which nothing accepts)
NONE_CLASS = 14
EMPTY_COLUMN = 15

HallSets = list[tuple[tuple[int, ...], tuple[int, ...]]]
#: a connected part of the link graph on the ranks present (see RuleTables.parts): the packed
#: count fields of its chain enders, and the classes (a bit mask) that may start a chain on it
Part = tuple[int, int]
MaskTables = tuple[list[list[int]], list[list[int]], list[list[int]]]

_WASTES: tuple[Card | None, ...] = (*CARDS, None)
_REAL = tuple(i for i, c in enumerate(CARDS) if not c.is_joker)


def verdict_table(rules: RuleSet) -> list[list[bool]]:
    """``allowed[c][w]``: may card index ``c`` be played on waste index ``w`` (``NONE``: the
    empty waste), as the rule set's verdict hooks answer."""
    return [[rules.verdict(c, w).allowed for w in _WASTES] for c in CARDS]


def ignores_suits(allowed: list[list[bool]]) -> bool:
    """Whether every verdict is the same for all cards of a rank (checked on the whole table;
    jokers and the empty waste stand for themselves)."""
    def rep(i: int) -> int:
        card = _WASTES[i]
        if card is None or card.is_joker:
            return i
        return INDEX[Card(card.rank, "C")]

    return all(allowed[ci][wi] == allowed[rep(ci)][rep(wi)]
               for ci in range(len(CARDS)) for wi in range(len(_WASTES)))


def card_classes(by_rank: bool) -> list[int]:
    """The class of each waste index: its rank (0 the joker, 14 the empty waste) when the rules
    ignore suits, else the index itself."""
    if by_rank:
        return [c.rank for c in CARDS] + [NONE_CLASS]
    return list(range(len(_WASTES)))


def parity_facts(allowed: list[list[bool]], extra_cards: bool) -> tuple[bool, bool]:
    """``(bipartite, wrap_parity)``: every allowed play joins ranks of different parity (no
    jokers, no king-ace link: a chain of plays alternates odd and even ranks), or does so but
    for king-ace links (both odd: each lets a chain hold one more odd card)."""
    if extra_cards:
        return False, False
    pairs = [(CARDS[ci].rank, CARDS[wi].rank) for ci in _REAL for wi in _REAL
             if allowed[ci][wi]]
    bipartite = all((a - b) % 2 == 1 for a, b in pairs)
    wrap = not bipartite and all((a - b) % 2 == 1 or {a, b} == {1, 13} for a, b in pairs)
    return bipartite, wrap


def rank_links(allowed: list[list[bool]]) -> list[list[bool]]:
    """``linked[a][b]``: some card of rank ``a`` may be played on one of rank ``b`` or the other
    way round (jokers excluded): a chain of plays never crosses a rank gone from the tableau."""
    linked = [[False] * 14 for _ in range(14)]
    for ci in _REAL:
        for wi in _REAL:
            if allowed[ci][wi]:
                a, b = CARDS[ci].rank, CARDS[wi].rank
                linked[a][b] = linked[b][a] = True
    return linked


def hall_sets(rank_targets: list[frozenset[int]], circular: bool,
              longest: int) -> HallSets:
    """The Hall sets: runs of up to ``longest`` ranks two apart (5, 7, 9: they share the ranks
    between them) on the lines of odd and of even ranks, or on the one circle of them when king
    and ace are linked, each with the classes its cards may be played on. Each card is played
    onto a different card of those classes, so the cards left of those classes must be at
    least as many. On a line these runs are every set a shortage can show in (the odd ranks'
    neighbours are even and the other way round); on the circle, runs longer than 7 added
    nothing on deals 201..700."""
    lines = ([[1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10, 12]] if circular
             else [[1, 3, 5, 7, 9, 11, 13], [2, 4, 6, 8, 10, 12]])
    arcs: HallSets = []
    for line in lines:
        size = len(line)
        for a in range(size):
            for length in range(1, min(longest, size) + 1):
                if not circular and a + length > size:
                    continue
                ranks = tuple(line[(a + k) % size] for k in range(length))
                classes = tuple(sorted(set().union(*(rank_targets[r] for r in ranks))))
                if (ranks, classes) not in arcs:
                    arcs.append((ranks, classes))
    return arcs


class RuleTables:
    """One rule set compiled once: what every search asks of it (see the module docstring).
    Build it with :func:`rule_tables`."""

    def __init__(self, rules: RuleSet) -> None:
        check_searchable(rules)         # no search handles redeals
        self.rules = rules
        self.allowed = verdict_table(rules)
        self.by_rank = ignores_suits(self.allowed)
        self.wclass = card_classes(self.by_rank)
        self.nclass = 15 if self.by_rank else len(_WASTES)
        self.draw_table = rules.draw_table
        self._card_facts()
        self.bipartite, self.wrap_parity = parity_facts(self.allowed, bool(rules.extra_cards))
        self.linked = rank_links(self.allowed)
        self.circular = self.linked[13][1]
        # the waste classes the cards of each rank may be played on (ranks as classes only)
        self.rank_targets: list[frozenset[int]] = [frozenset()] * 14
        if self.by_rank:
            for ci in _REAL:
                self.rank_targets[CARDS[ci].rank] = frozenset(self.targets[ci])
        # Hall sets of the general search (up to three ranks two apart) and of the win search
        # (up to seven), and for each class the general search's sets whose supply it is in
        self.hall_arcs = hall_sets(self.rank_targets, self.circular, 3) if self.by_rank else []
        self.hall_by_class: dict[int, HallSets] = {}
        for ranks, classes in self.hall_arcs:
            for c in classes:
                self.hall_by_class.setdefault(c, []).append((ranks, classes))
        self.win_hall_arcs = (hall_sets(self.rank_targets, self.circular, 7)
                              if self.by_rank else [])
        #: whether the fast win search handles the rules: classes are ranks and the draw rule
        #: looks only at whether a card can be played
        self.eligible = self.by_rank and self.draw_table is not None
        self.draw_ok = dict(self.draw_table or {False: True, True: True})
        self._mask_tables: MaskTables | None = None
        if self.by_rank:
            self._class_facts()

    def _card_facts(self) -> None:
        """Per card index: the waste classes it may be played on, its sign (+1 odd rank, -1
        even, 0 joker or empty waste), and whether it ends chains (nothing may be played on
        it; by card and by rank)."""
        allowed, wclass = self.allowed, self.wclass
        self.targets: list[tuple[int, ...]] = [
            tuple(sorted({wclass[wi] for wi in range(len(_WASTES)) if allowed[ci][wi]}))
            for ci in range(len(CARDS))]
        self.ender = [not any(allowed[ci][wi] for ci in range(len(CARDS)))
                      for wi in range(len(_WASTES))]
        self.ender[NONE] = False
        self.sign = [(1 if c.rank % 2 else -1) if not c.is_joker else 0 for c in CARDS] + [0]
        self.ender_rank = [False] * 14
        for ci in _REAL:
            if self.ender[ci]:
                self.ender_rank[CARDS[ci].rank] = True

    def _class_facts(self) -> None:
        """The win search's tables by class (ranks, 14 the empty waste, 15 an empty column's
        free card, which nothing accepts)."""
        wclass = self.wclass
        ok = [[0] * 16 for _ in range(16)]         # ok[w][c]: class c may go on class w
        for ci in range(len(CARDS)):
            for wi in range(len(_WASTES)):
                if self.allowed[ci][wi]:
                    ok[wclass[wi]][wclass[ci]] = 1
        self.okc = tuple(tuple(row) for row in ok)
        self.class_targets = [tuple(w for w in range(15) if ok[w][c]) for c in range(16)]
        self.class_sign = [0] * 16                 # parity: +1 odd rank, -1 even rank
        for c in range(1, 14):
            self.class_sign[c] = 1 if c % 2 else -1
        self.class_ender = [0] * 16                # nothing may be played on it
        for c in range(14):
            self.class_ender[c] = int(not any(ok[c]))
        # tshift[c]: the change of the packed tableau counts (three bits a class) when a card
        # of class c leaves
        self.tshift = [1 << (3 * c) if c < 14 else 0 for c in range(16)]
        # for the segment bound: the packed-count bits of ranks 1..13, of those linked to the
        # next rank, and whether the king leads on to the ace
        self.rank_bits = sum(1 << (3 * r) for r in range(1, 14))
        self.link_bits = sum(1 << (3 * r) for r in range(1, 13) if self.linked[r][r + 1])
        self.wraps = bool(self.linked[13][1])
        # feeds[r]: the classes a card of rank r may be played on, as a bit mask
        self.feeds = [sum(1 << w for w in range(16) if ok[w][r]) for r in range(14)]
        self._parts: dict[int, tuple[Part, ...]] = {}
        #: the packed-count fields of the chain enders' ranks
        self.ender_fields = sum(7 << (3 * r) for r in range(1, 14) if self.ender_rank[r])

    def parts(self, present: int) -> tuple[Part, ...]:
        """The connected parts of the link graph on the ranks whose packed-count fields are
        set in ``present`` (bit ``3 * r`` for rank r), in the order of their lowest ranks: a
        chain of plays never leaves one, since it never crosses a rank gone from the tableau.
        Built once per set of ranks."""
        found = self._parts.get(present)
        if found is not None:
            return found
        parts: list[Part] = []
        seen: set[int] = set()
        for r in range(1, 14):
            if not present >> (3 * r) & 1 or r in seen:
                continue
            part = {r}
            todo = [r]
            while todo:
                a = todo.pop()
                for b in range(1, 14):
                    if self.linked[a][b] and present >> (3 * b) & 1 and b not in part:
                        part.add(b)
                        todo.append(b)
            seen |= part
            feed = 0
            for x in part:
                feed |= self.feeds[x]
            parts.append((sum(7 << (3 * x) for x in part if self.ender_rank[x]), feed))
        found = self._parts[present] = tuple(parts)
        return found

    def mask_tables(self) -> MaskTables:
        """For each waste class, the playable columns (a 7-bit mask) from the free cards'
        classes packed four bits a column: columns 1-3 (12 bits), 4-6 (12 bits), 7 (4 bits).
        Built on first use (about 200,000 entries)."""
        if self._mask_tables is None:
            lo: list[list[int]] = []
            mid: list[list[int]] = []
            top: list[list[int]] = []
            for w in range(16):
                ok = self.okc[w]
                three = [ok[b & 15] | ok[b >> 4 & 15] << 1 | ok[b >> 8] << 2
                         for b in range(4096)]
                lo.append(three)
                mid.append([m << 3 for m in three])
                top.append([ok[c] << 6 for c in range(16)])
            self._mask_tables = (lo, mid, top)
        return self._mask_tables


@functools.lru_cache(maxsize=64)
def rule_tables(rules: RuleSet) -> RuleTables:
    """The compiled tables of ``rules``, built once per rule set object (rule sets compare by
    identity); the 64 most recently used are kept."""
    return RuleTables(rules)
