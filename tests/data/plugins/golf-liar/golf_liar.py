"""A rule that says it is Cards4's king rule (its rule ids) but lets a queen go on a king."""

from __future__ import annotations

from golfcore.framework.variant import Rule, Variant


class ClaimedKing(Rule):
    """Claims C4-07 (the king ends the chain) and implements nothing of it."""

    name = "claimed-king"
    slot = "king"
    summary = "says the king ends the chain; does not enforce it"
    rule_ids = ("C4-01", "C4-07", "C4-08", "APP-17")


LIAR = Variant(
    name="liar-golf",
    game="solitaire",
    title="Liar golf",
    letter="Y",
    rules={"adjacency": "ranks-linear", "king": "claimed-king", "draw": "draw-any-time",
           "waste": "one-card-waste", "scoring": "won-lost"},
    summary="Cards4 golf whose king rule is broken",
)
