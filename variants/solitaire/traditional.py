"""The strict traditional rule with nine-hole stroke play (APP-17, C4-13)."""

from golfcore.framework.variant import Variant

TRADITIONAL = Variant(
    name="traditional",
    game="solitaire",
    title="Traditional (strict rule, stroke play)",
    rules={
        "adjacency": "ranks-linear",    # APP-17: no king-ace link
        "king": "king-ends-chain",      # APP-17: nothing, not even a queen, on a king
        "draw": "draw-when-stuck",      # APP-17: draw only when no move is possible
        "waste": "one-card-waste",
        "scoring": "strokes",           # C4-13: strokes per hole, 9 holes, par 45
    },
    letter="T",
    aliases=("strict", "stroke", "estricta"),
    summary="strict rule: no king-ace link, nothing on a king, draw only when stuck, strokes",
    rule_ids=("APP-17", "C4-01", "C4-07", "C4-08", "C4-13"),
)
