"""Which ranks are consecutive (slot ``adjacency``): APP-03, APP-08, C4-01, C4-07, C4-12."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from golfcore.cards import ACE, KING
from golfcore.solitaire.hookspecs import hookimpl
from golfcore.framework.variant import Rule


class RanksLinear(Rule):
    """Ace low: ranks one above or below, and the sequence stops at both ends."""

    name = "ranks-linear"
    slot = "adjacency"
    rule_ids = ("APP-03", "APP-08", "C4-01", "C4-05", "C4-07")
    summary = "one rank above or below, suit ignored; ace only with 2, king only with queen"

    @hookimpl
    def golf_rank_neighbours(self, rank: int, options: Mapping[str, Any]) -> Iterable[int]:
        return [r for r in (rank - 1, rank + 1) if ACE <= r <= KING]


class RanksCircular(Rule):
    """King and ace are consecutive both ways (Fácil, Putt Putt)."""

    name = "ranks-circular"
    slot = "adjacency"
    rule_ids = ("APP-03", "APP-08", "APP-09", "C4-12")
    summary = "one rank above or below, suit ignored; king and ace linked both ways"

    @hookimpl
    def golf_rank_neighbours(self, rank: int, options: Mapping[str, Any]) -> Iterable[int]:
        return [(rank - 2) % KING + 1, rank % KING + 1]
