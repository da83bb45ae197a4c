"""How rounds and matches end: the ender's penalty, an empty stock, the end of the match."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from golfcore.cardgame.hookspecs import hookimpl
from golfcore.framework.variant import Param, Rule, whole_number

LOWEST, PENALISED = "lowest", "ties"


def _ties(value: Any) -> str:
    text = str(value).strip().lower()
    if text in (LOWEST, PENALISED):
        return text
    raise ValueError(f"expected {LOWEST!r} or {PENALISED!r}")


class EnderPenalty(Rule):
    """«su puntuación es doblada o bien gana 10 puntos de penalización (la mayor de las dos)»."""

    name = "ender-penalty"
    slot = "ender"
    rule_ids = ("CG-07",)
    summary = ("the player who ends the round, unless lowest, scores double or +10, whichever "
               "is greater (ender-penalty=ties: a tie for lowest is penalised too)")
    param = Param("ender-penalty", _ties, LOWEST,
                  f"{LOWEST!r} (a tie for lowest is no penalty) or {PENALISED!r}")

    @hookimpl
    def golf_ender_score(self, score: int, others: Sequence[int],
                         options: Mapping[str, Any]) -> int:
        lowest = min(others) if others else score
        beaten = score > lowest or (options["ender-penalty"] == PENALISED and score == lowest)
        return max(score * 2, score + 10) if beaten else score


class NoEnderPenalty(Rule):
    """Six-card golf as usually played: ending the round costs nothing."""

    name = "no-ender-penalty"
    slot = "ender"
    rule_ids = ("CG-07",)
    summary = "the player who ends the round scores their board, penalty-free"

    @hookimpl
    def golf_ender_score(self, score: int, others: Sequence[int],
                         options: Mapping[str, Any]) -> int:
        return score


class ReshuffleDiscard(Rule):
    """When the stock runs out, the discard pile but its top card is shuffled into a new stock."""

    name = "reshuffle-discard"
    slot = "stock"
    rule_ids = ("CG-03",)
    summary = "an empty stock is refilled by shuffling the discard pile under its top card"

    @hookimpl
    def golf_stock_exhausted(self, options: Mapping[str, Any]) -> str:
        return "reshuffle"


class StockOutEndsRound(Rule):
    """When the stock runs out, the round ends at once: every card is turned up and scored."""

    name = "stock-out-ends-round"
    slot = "stock"
    rule_ids = ("CG-06",)
    summary = "the round ends when the stock runs out (no ender, no penalty)"

    @hookimpl
    def golf_stock_exhausted(self, options: Mapping[str, Any]) -> str:
        return "end-round"


class PointLimit(Rule):
    """«El ganador de la partida es el que tiene la menor puntuación cuando se alcanza el límite
    de puntos establecido, por ejemplo 100»."""

    name = "point-limit"
    slot = "end"
    rule_ids = ("CG-09",)
    summary = "the match ends after the round in which a player reaches the limit (point-limit=N)"
    param = Param("point-limit", whole_number(1, 10000), 100, "a whole number from 1 to 10000")

    @hookimpl
    def golf_match_over(self, totals: Sequence[int], rounds: int,
                        options: Mapping[str, Any]) -> bool:
        return max(totals) >= int(options["point-limit"])


class Holes(Rule):
    """A fixed number of rounds, the holes of a course: 9 by convention."""

    name = "holes"
    slot = "end"
    rule_ids = ("CG-09",)
    summary = "the match is a fixed number of rounds (holes=N, 9 by convention)"
    param = Param("holes", whole_number(1, 100), 9, "a number of holes from 1 to 100")

    @hookimpl
    def golf_match_over(self, totals: Sequence[int], rounds: int,
                        options: Mapping[str, Any]) -> bool:
        return rounds >= int(options["holes"])
