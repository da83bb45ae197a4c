"""What may be played on a king (slot ``king``): C4-01, C4-07, C4-08, C4-12, APP-17."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from golfcore.cards import KING, Card
from golfcore.solitaire.hookspecs import hookimpl
from golfcore.solitaire.moves import KING_ENDS_CHAIN, Verdict, deny
from golfcore.framework.variant import Rule


class KingEndsChain(Rule):
    """Nothing, not even a queen or a joker, may be played on a king, wherever it came from."""

    name = "king-ends-chain"
    slot = "king"
    rule_ids = ("C4-01", "C4-07", "C4-08", "APP-17")
    summary = "a king ends the chain: no card, not even a queen, may be played on it"
    conflicts = ("ranks-circular",)

    @hookimpl
    def golf_play_verdict(self, card: Card, waste: Card | None, adjacent: bool,
                          options: Mapping[str, Any]) -> Verdict | None:
        if waste is not None and waste.rank == KING:
            return deny(KING_ENDS_CHAIN)
        return None


class QueenOnKing(Rule):
    """The king accepts what adjacency allows: a queen, and an ace where king and ace link."""

    name = "queen-on-king"
    slot = "king"
    rule_ids = ("APP-17", "C4-12")
    summary = "a queen (and, with the king-ace link, an ace) may be played on a king"
