"""House bonuses on a whole board (``golf_board_adjustment``): optional rules, in no variant of
golfcore, that a composed variant adds (``six-card+square-bonus+joker-pair``).

They count only what is face up: during a round, an observation's running score (``showing``)
shows a bonus once its cards are all turned up; at the end of a round every card is.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Mapping, Sequence

from golfcore.cardgame.hookspecs import hookimpl
from golfcore.cards import Card
from golfcore.framework.variant import Param, Rule


def _points(value: Any) -> int:
    """A bonus: a whole number of points from -100 to 0."""
    if isinstance(value, bool):
        raise ValueError("expected -100 to 0")
    n = int(value)
    if not -100 <= n <= 0:
        raise ValueError("expected -100 to 0")
    return n


def squares(rows: Sequence[Sequence[Card | None]]) -> int:
    """How many 2×2 squares of adjacent places hold four face-up cards of one rank (two jokers
    are of one rank); overlapping squares count each."""
    found = 0
    for r in range(len(rows) - 1):
        for c in range(len(rows[r]) - 1):
            four = (rows[r][c], rows[r][c + 1], rows[r + 1][c], rows[r + 1][c + 1])
            if all(card is not None for card in four) and len({card.rank for card in four
                                                              if card is not None}) == 1:
                found += 1
    return found


def joker_pairs(rows: Sequence[Sequence[Card | None]]) -> int:
    """How many pairs of face-up jokers the columns hold: in each column, every two jokers make
    a pair (three jokers in a column make one)."""
    columns = len(rows[0]) if rows else 0
    return sum(sum(1 for row in rows if _joker(row[c])) // 2 for c in range(columns))


def _joker(card: Card | None) -> bool:
    return card is not None and card.is_joker


class SquareBonus(Rule):
    """A 2×2 square of one rank counts -20 (a house rule): each square of four adjacent
    face-up cards of one rank adds -20 to the board (square-bonus=N: N points). On six-card
    golf's 2×3 board the square's two columns already count 0, so the square counts -20."""

    name = "square-bonus"
    slot = "square-bonus"
    rule_ids = ("CG-05", "CG-08")          # how a board is scored: a house rule beside them
    summary = "each 2x2 square of one rank adds -20 to the board (square-bonus=N: N points)"
    param = Param("square-bonus", _points, -20, "a whole number of points from -100 to 0")

    @hookimpl
    def golf_board_adjustment(self, rows: Sequence[Sequence[Card | None]],
                              options: Mapping[str, Any]) -> int:
        return squares(rows) * int(options["square-bonus"])


class JokerPair(Rule):
    """A pair of jokers counts -10 (a house rule): every two face-up jokers in one column add
    -10 to the board (joker-pair=N: N points). In six-card golf the pair, a column of one rank,
    already counts 0, so it counts -10."""

    name = "joker-pair"
    slot = "joker-pair"
    rule_ids = ("CG-05", "CG-08")
    summary = "every two jokers in a column add -10 to the board (joker-pair=N: N points)"
    param = Param("joker-pair", _points, -10, "a whole number of points from -100 to 0")

    @hookimpl
    def golf_board_adjustment(self, rows: Sequence[Sequence[Card | None]],
                              options: Mapping[str, Any]) -> int:
        return joker_pairs(rows) * int(options["joker-pair"])
