"""A card as the terminal writes it: ``10♥`` (``TH`` on a terminal that does not write UTF-8),
a joker ``JK`` (its symbol is two cells wide), a face-down card ``##``."""

from __future__ import annotations

from golfcore.cards import Card

#: A face-down card.
BACK = "##"
#: The widest card text (``10♥``).
WIDTH = 3


def card_text(card: Card | None, unicode: bool = True) -> str:
    """``card`` as the terminal writes it; ``None`` is a face-down card."""
    if card is None:
        return BACK
    if card.is_joker:
        return "JK"
    return card.unicode() if unicode else str(card)
