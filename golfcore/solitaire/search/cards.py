"""Card indices shared by every search: a leaf module that imports no search.

The searches number cards rather than hold :class:`~golfcore.cards.Card` objects: ``CARDS[i]``
is card ``i`` (the 52 cards of the standard deck, then the joker), ``INDEX`` maps a card back to
its number, and ``NONE`` (one past the last card) stands for an empty waste.
"""

from __future__ import annotations

from golfcore.cards import JOKER, STANDARD_DECK, Card

__all__ = ["CARDS", "INDEX", "NONE"]

CARDS: tuple[Card, ...] = STANDARD_DECK + (JOKER,)
INDEX: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}
NONE = len(CARDS)          # the empty waste's index
