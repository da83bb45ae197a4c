"""What the fair-chance search needs to know of a rule set, asked once through :class:`RuleSet`.

Card *classes* are what the search's keys are made of: ranks (0 the joker, 1..13, 14 the empty
waste) when every play verdict of the rule set depends on ranks only, else the cards themselves
(0..52, 53 the empty waste). Ranks are used only when this is checked on the rule set's verdict
table *and* the outcome rule is ``standard-outcome`` *and* every draw rule declares that it reads
nothing but "can a card be played" (``stateless_draw``): then the value of an information state
depends on heights, waste class and unseen classes only. Otherwise the search keys on cards and
asks the outcome and draw hooks on a rebuilt position.
"""

from __future__ import annotations

import functools

from golfcore.cards import Card
from golfcore.solitaire.rules import RuleSet
from golfcore.solitaire.search.cards import CARDS, NONE
from golfcore.solitaire.search.solver_search import chain_runs
from golfcore.solitaire.search.tables import rule_tables



class FairTables:
    """One rule set's play table by class, with what the bounds need."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        # the rule-level facts come from the one compiled table set of the rule set
        rt = rule_tables(rules)
        wastes: list[Card | None] = [*CARDS, None]
        allowed = rt.allowed
        #: the standard outcome (won when the columns are empty, lost when no action is left):
        #: the zero bounds, which prove that the columns can never be emptied, decide
        self.bounds = rules.rules.get("outcome") == "standard-outcome"
        #: and a stateless draw rule: the fast path, which needs no GameState, keys waste cards
        #: by what may still be played on them, and lets fewer unseen cards inherit a zero
        self.standard = self.bounds and rt.draw_table is not None
        n = len(wastes)
        self.by_rank = self.standard and rt.by_rank
        self.cls = list(rt.wclass) if self.by_rank else list(range(n))
        self.ncls = max(self.cls) + 1
        #: a card of each class (None for the empty waste)
        self.rep: list[Card | None] = [None] * self.ncls
        for i in range(n - 1, -1, -1):
            self.rep[self.cls[i]] = wastes[i]
        #: allowed[card class][waste class]
        self.allowed = [[False] * self.ncls for _ in range(self.ncls)]
        for c in range(len(CARDS)):
            for w in range(n):
                if allowed[c][w]:
                    self.allowed[self.cls[c]][self.cls[w]] = True
        self.targets = [tuple(w for w in range(self.ncls) if self.allowed[c][w])
                        for c in range(self.ncls)]
        #: feed[w]: the classes that may be played on w, as a bit mask
        self.feed = [sum(1 << c for c in range(self.ncls) if self.allowed[c][w])
                     for w in range(self.ncls)]
        self.none = self.cls[NONE]
        real = {self.cls[i] for i, c in enumerate(CARDS) if not c.is_joker}
        #: chain enders: real cards nothing may be played on
        self.ender = [False] * self.ncls
        for w in real:
            self.ender[w] = not self.feed[w]
        self.draw_table = rt.draw_table
        #: parity: every allowed play joins ranks of different parity (no king-ace link, no
        #: jokers; the empty waste takes anything, but only once)
        self.bipartite = rt.bipartite
        #: +1 odd rank, -1 even rank, 0 joker or empty waste
        self.sign = [0] * self.ncls
        for i, card in enumerate(CARDS):
            if not card.is_joker:
                self.sign[self.cls[i]] = 1 if card.rank % 2 else -1
        # the rank-level tables, when classes are ranks (the shared waste classes are then
        # exactly these classes): wrap parity, chain segments, Hall's condition
        ranked = self.by_rank
        self.wrap_parity = bool(ranked and rt.wrap_parity)
        self.segments = ranked
        self.linked = rt.linked
        self.ender_rank = rt.ender_rank
        self.hall_arcs = rt.hall_arcs if ranked else []
        self.hall_by_class = rt.hall_by_class if ranked else {}


@functools.lru_cache(maxsize=64)
def tables_for(rules: RuleSet) -> FairTables:
    """The tables of a rule set, built once per rule set object."""
    return FairTables(rules)


def runs_needed(t: FairTables, tcount: list[int]) -> int:
    """A lower bound on the chains of plays that clear the tableau (classes are ranks): the
    solver's bound (:func:`golfcore.solitaire.search.solver_search.chain_runs`) with this rule set's
    tables."""
    return chain_runs(t.linked, t.ender_rank, t.bipartite, tcount)
