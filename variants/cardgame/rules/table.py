"""The table and the cards: how many players, the board's shape, the deck (CG-01, CG-02)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from golfcore.cardgame.board import format_shape, parse_shape
from golfcore.cardgame.hookspecs import hookimpl
from golfcore.cards import JOKER, STANDARD_DECK, Card
from golfcore.framework.variant import Param, Rule, whole_number


class Players(Rule):
    """How many players a match has when it names no number."""

    name = "players"
    slot = "table"
    rule_ids = ("CG-01",)
    summary = "2 to 6 players (players=N: the number a match has when it names none)"
    param = Param("players", whole_number(2, 6), 2, "a number of players from 2 to 6")

    @hookimpl
    def golf_players(self, options: Mapping[str, Any]) -> int:
        return int(options["players"])


def _shape(value: Any) -> str:
    """The option's canonical text, ``"3x3"`` (JSON-friendly; the hook turns it into numbers)."""
    return format_shape(parse_shape(value))


class Shape(Rule):
    """The board's rows and columns."""

    name = "shape"
    slot = "board"
    rule_ids = ("CG-02",)
    summary = "each board is rows x columns cards, dealt face down (shape=2x2 .. 3x4)"
    param = Param("shape", _shape, "3x3", "a board shape: 2x2, 2x3, 2x4, 3x3 or 3x4")

    @hookimpl
    def golf_board_shape(self, options: Mapping[str, Any]) -> tuple[int, int]:
        return parse_shape(options["shape"])


class TwoDecks(Rule):
    """Two standard decks and their jokers, shuffled together for every round."""

    name = "two-decks"
    slot = "deck"
    rule_ids = ("CG-01",)
    summary = "two 52-card decks with their jokers (two-decks=N: N jokers, 4 by default)"
    param = Param("two-decks", whole_number(0, 4), 4, "a number of jokers from 0 to 4")

    @hookimpl
    def golf_deck(self, options: Mapping[str, Any]) -> Sequence[Card]:
        return STANDARD_DECK + STANDARD_DECK + (JOKER,) * int(options["two-decks"])

