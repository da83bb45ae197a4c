"""Cards4 classic Golf (002_a6a0bf2322249e69.txt): ace low, no king–ace link, nothing on a king."""

from golfcore.framework.variant import Variant

CARDS4_RULES = {
    "adjacency": "ranks-linear",    # C4-01, C4-07
    "king": "king-ends-chain",      # C4-01, C4-07, C4-08
    "draw": "draw-any-time",        # C4-09
    "waste": "one-card-waste",      # C4-04
    "scoring": "won-lost",          # C4-13
}

CARDS4 = Variant(
    name="cards4",
    game="solitaire",
    title="Cards4 classic Golf",
    rules=CARDS4_RULES,
    letter="K",
    aliases=("cards4-classic", "cards4.net"),
    summary="ace low, no king-ace link, a king ends the chain, draw any time, won or lost",
    rule_ids=tuple(f"C4-{i:02d}" for i in range(1, 14)),
)
