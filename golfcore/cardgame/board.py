"""Boards: each player's cards in rows and columns, some face down (CG-02).

A board has ``rows × columns`` *places*, numbered row by row. Internally places are 0-based;
everything people and front ends read or write (action texts, JSON, specs) numbers them from 1,
so place 1 is the top-left card and place ``rows × columns`` the bottom-right one.

The shapes of the decision of CG-02 are :data:`SHAPES`: 2×2, 2×3, 2×4, 3×3 and 3×4.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from golfcore.cards import Card

#: The board shapes (rows, columns) golfcore deals: 4, 6, 8, 9 and 12 cards (CG-02).
SHAPES: tuple[tuple[int, int], ...] = ((2, 2), (2, 3), (2, 4), (3, 3), (3, 4))

_SHAPE_TEXT = re.compile(r"^\s*(\d+)\s*[x×]\s*(\d+)\s*$", re.I)


def parse_shape(value: object) -> tuple[int, int]:
    """``"3x3"``, ``"2×3"``, ``[2, 3]`` or ``(2, 3)`` → ``(rows, columns)``, one of
    :data:`SHAPES`; :class:`ValueError` saying what is expected otherwise."""
    expected = "expected one of " + ", ".join(format_shape(s) for s in SHAPES)
    if isinstance(value, str):
        m = _SHAPE_TEXT.match(value)
        if not m:
            raise ValueError(f"board shape {value!r}: {expected}")
        shape = (int(m.group(1)), int(m.group(2)))
    elif (isinstance(value, (list, tuple)) and len(value) == 2
          and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        shape = (value[0], value[1])
    else:
        raise ValueError(f"board shape {value!r}: {expected}")
    if shape not in SHAPES:
        raise ValueError(f"board shape {format_shape(shape)}: {expected}")
    return shape


def format_shape(shape: tuple[int, int]) -> str:
    """``(3, 4)`` → ``"3x4"``."""
    return f"{shape[0]}x{shape[1]}"


class Board(NamedTuple):
    """One player's board: the cards place by place and which are face up."""

    cards: tuple[Card, ...]
    up: tuple[bool, ...]

    @classmethod
    def face_down(cls, cards: Sequence[Card]) -> Board:
        return cls(tuple(cards), (False,) * len(cards))

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def all_up(self) -> bool:
        return all(self.up)

    def face_down_places(self) -> tuple[int, ...]:
        """The 0-based places still face down."""
        return tuple(i for i, up in enumerate(self.up) if not up)

    def turned_up(self, place: int) -> Board:
        """This board with ``place`` face up."""
        return Board(self.cards, self.up[:place] + (True,) + self.up[place + 1:])

    def replaced(self, place: int, card: Card) -> Board:
        """This board with ``card`` face up at ``place`` (the old card leaves)."""
        return Board(self.cards[:place] + (card,) + self.cards[place + 1:],
                     self.up[:place] + (True,) + self.up[place + 1:])

    def revealed(self) -> Board:
        """Every card face up (the end of a round, CG-06)."""
        return Board(self.cards, (True,) * len(self.cards))

    def visible(self) -> tuple[Card | None, ...]:
        """What anyone at the table sees: the face-up cards, ``None`` for a face-down one."""
        return tuple(c if up else None for c, up in zip(self.cards, self.up))


def rows_of(shape: tuple[int, int]) -> list[tuple[int, ...]]:
    """Every row of a board, as 0-based places."""
    rows, cols = shape
    return [tuple(r * cols + c for c in range(cols)) for r in range(rows)]


def columns_of(shape: tuple[int, int]) -> list[tuple[int, ...]]:
    """Every column of a board, as 0-based places."""
    rows, cols = shape
    return [tuple(r * cols + c for r in range(rows)) for c in range(cols)]


def places(lines: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """0-based lines (:func:`rows_of` ...) numbered from 1, as ``golf_cancelling_lines``
    answers them."""
    return [tuple(p + 1 for p in line) for line in lines]


def diagonals_of(shape: tuple[int, int]) -> list[tuple[int, ...]]:
    """Both diagonals of a square board, as 0-based places; none on another shape (the
    decision of CG-05)."""
    rows, cols = shape
    if rows != cols:
        return []
    return [tuple(i * cols + i for i in range(rows)),
            tuple(i * cols + (cols - 1 - i) for i in range(rows))]
