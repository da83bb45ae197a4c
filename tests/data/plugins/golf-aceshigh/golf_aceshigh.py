"""Aces high: the ace ranks above the king, so it goes on a king and a king on it, never a 2."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from golfcore.framework.variant import Rule, Variant
from golfcore.solitaire.hookspecs import hookimpl


class AcesHigh(Rule):
    """Ranks run 2 .. K, A: an ace's neighbour is the king, a two's the three only."""

    name = "aces-high"
    slot = "adjacency"
    summary = "the ace ranks above the king"

    @hookimpl
    def golf_rank_neighbours(self, rank: int, options: Mapping[str, Any]) -> Iterable[int]:
        order = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1]
        i = order.index(rank)
        return [order[j] for j in (i - 1, i + 1) if 0 <= j < len(order)]


ACES_HIGH = Variant(
    name="aces-high-golf",
    game="solitaire",
    title="Aces high golf",
    letter="X",
    rules={"adjacency": "aces-high", "king": "queen-on-king", "draw": "draw-any-time",
           "waste": "one-card-waste", "scoring": "won-lost"},
    summary="golf in which the ace ranks above the king",
)
