"""King on ace: a king may be played on an ace (not the other way), and nothing on a king."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from golfcore.cards import Card
from golfcore.framework.variant import Rule, Variant
from golfcore.solitaire.hookspecs import allow, deny, hookimpl

ACE, KING = 1, 13


class KingOnAce(Rule):
    """A king goes on an ace; nothing goes on a king."""

    name = "king-on-ace"
    slot = "king"
    summary = "a king may be played on an ace; nothing on a king"

    @hookimpl
    def golf_play_verdict(self, card: Card, waste: Card | None, adjacent: bool,
                          options: Mapping[str, Any]) -> Any:
        if waste is not None and waste.rank == KING:
            return deny("king-ends-chain")
        if waste is not None and waste.rank == ACE and card.rank == KING:
            return allow()
        return None


KING_ON_ACE = Variant(
    name="king-on-ace-golf",
    game="solitaire",
    title="King on ace golf",
    letter="Y",
    rules={"adjacency": "ranks-linear", "king": "king-on-ace", "draw": "draw-any-time",
           "waste": "one-card-waste", "scoring": "won-lost"},
    summary="Cards4's golf in which a king may be played on an ace",
)
