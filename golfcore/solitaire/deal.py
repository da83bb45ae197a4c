"""The starting layout of a numbered solitaire deal: 7 columns of 5, then the talon.

The shuffle itself (PySolFC's numbering) is shared by every game: :mod:`golfcore.shuffle`.
"""

from __future__ import annotations

from dataclasses import dataclass

from golfcore.cards import Card
from golfcore.shuffle import LCG_MAX_DEAL, MAX_DEAL, check_deal_number, shuffled_deck

__all__ = ["COLUMNS", "COLUMN_HEIGHT", "Deal", "LCG_MAX_DEAL", "MAX_DEAL", "check_deal_number",
           "deal", "shuffled_deck"]

COLUMNS = 7
COLUMN_HEIGHT = 5


@dataclass(frozen=True)
class Deal:
    """The starting layout of one numbered deal.

    ``columns``: 7 columns of 5 cards, each from the covered card to the free one
    (``columns[i][-1]`` is playable). ``talon``: the other ``17 + jokers`` cards, the waste
    candidate first, then the stock in draw order (``talon[1]`` is drawn first).

    Whether ``talon[0]`` starts face up on the waste (PySolFC and most rules: see
    :attr:`waste_card` and :attr:`stock`) or stays as the first card of the stock (the "empty
    waste" variant, which then starts with ``talon`` as its stock) is decided by the engine and
    its rules, not here.
    """

    number: int
    columns: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]

    @property
    def waste_card(self) -> Card:
        """The card PySolFC turns onto the waste at the start: ``talon[0]``."""
        return self.talon[0]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock in draw order when ``talon[0]`` starts the waste: ``talon[1:]``."""
        return self.talon[1:]


def deal(n: int, jokers: int = 0) -> Deal:
    """Deal number ``n`` (1 to :data:`MAX_DEAL`) with ``jokers`` jokers (0, 1 or 2).

    With no joker this is PySolFC's Golf deal ``n``. Raises :class:`CodeError` for a deal
    number out of range, :class:`VariantError` for a bad joker count. See :class:`Deal` for
    what the engine decides about ``talon[0]``.
    """
    cards = shuffled_deck(n, jokers)
    dealt = COLUMNS * COLUMN_HEIGHT
    columns = tuple(cards[c:dealt:COLUMNS] for c in range(COLUMNS))
    return Deal(number=n, columns=columns, talon=cards[dealt:])
