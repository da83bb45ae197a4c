"""The bibliography variants (APP-18, C4-12).

**Decision** (the documents do not say what else these variants play): each is Cards4 classic
with one change, since the Cards4 document describes Putt Putt and the relaxed rule as
relaxations of its own rule, and the reference solver's families place Putt Putt and the relaxed
rule beside the app's rules, which draw at any time. So all four draw at any time, deal 16
stock cards (plus jokers), and record won or lost.
"""

from golfcore_variants.solitaire.cards4 import CARDS4_RULES
from golfcore.framework.variant import Variant

PUTT_PUTT = Variant(
    name="putt-putt",
    game="solitaire",
    title="Putt Putt (circular connection)",
    rules={**CARDS4_RULES, "adjacency": "ranks-circular", "king": "queen-on-king"},
    letter="P",
    aliases=("circular", "wrap"),
    summary="Cards4 with ace on king and king on ace; the king no longer ends the chain",
    rule_ids=("C4-12", "APP-18"),
)

RELAXED = Variant(
    name="relaxed",
    game="solitaire",
    title="Relaxed (queen on king)",
    rules={**CARDS4_RULES, "king": "queen-on-king"},
    letter="R",
    aliases=("queen-on-king-variant",),
    summary="Cards4 but a queen may go on a king, so the king no longer ends the chain",
    rule_ids=("C4-12", "APP-18"),
)

JOKERS = Variant(
    name="jokers",
    game="solitaire",
    title="Jokers (comodines)",
    rules={**CARDS4_RULES, "jokers": "jokers"},
    params={"jokers": 1},
    letter="J",
    aliases=("comodines", "wild"),
    summary="Cards4 with one wild joker (jokers=2 for two)",
    rule_ids=("APP-18",),
)

EMPTY_WASTE = Variant(
    name="empty-waste",
    game="solitaire",
    title="Empty waste (descarte vacío)",
    rules={**CARDS4_RULES, "waste": "empty-waste"},
    letter="V",
    aliases=("descarte-vacio", "descarte-vacío"),
    summary="Cards4 but the waste starts empty and the first card played is chosen",
    rule_ids=("APP-18",),
)
