"""What each card counts (CG-08 and six-card golf's values)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from golfcore.cardgame.hookspecs import hookimpl
from golfcore.cards import Card
from golfcore.framework.variant import Rule


class DocumentValues(Rule):
    """«El as vale 1, las cartas del 2 al 10 valen su valor nominal, la sota vale 11, la reina
    12, el rey 0 y el comodín -3»."""

    name = "document-values"
    slot = "values"
    rule_ids = ("CG-08",)
    summary = "ace 1, 2-10 face value, jack 11, queen 12, king 0, joker -3"

    @hookimpl
    def golf_card_value(self, card: Card, options: Mapping[str, Any]) -> int:
        if card.is_joker:
            return -3
        return 0 if card.rank == 13 else card.rank


class SixCardValues(Rule):
    """Six-card golf's usual values: a two is worth -2 and jacks and queens 10."""

    name = "six-card-values"
    slot = "values"
    rule_ids = ("CG-08",)
    summary = "ace 1, 2 = -2, 3-10 face value, jack and queen 10, king 0, joker -2"

    @hookimpl
    def golf_card_value(self, card: Card, options: Mapping[str, Any]) -> int:
        if card.is_joker or card.rank == 2:
            return -2
        if card.rank == 13:
            return 0
        return min(card.rank, 10)
