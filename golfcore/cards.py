"""Cards: the plain value type every other module speaks.

A :class:`Card` is a ``(rank, suit)`` named tuple: ranks 1 (ace) to 13 (king), suits
``"C" "D" "H" "S"`` (clubs, diamonds, hearts, spades). A joker has rank 0 and suit ``""``;
all jokers are equal, a deck that holds two simply holds that card twice.

The canonical text form, used by every output of the library, is two ASCII characters:
rank ``A23456789TJQK`` then suit ``CDHS`` (``"TS"`` is the ten of spades), and ``"JK"`` for a
joker. Parsing of every other notation (``10♠``, ``R♣``, ``reina de picas``, ``queen of
spades`` ...) lives in :mod:`golfcore.notation`.
"""

from __future__ import annotations

from typing import NamedTuple

#: The rank characters of the text form, ace to king (``RANK_CHARS[rank - 1]``); the suits'
#: letters, clubs, diamonds, hearts, spades; and each suit's symbol.
RANK_CHARS = "A23456789TJQK"
SUITS = ("C", "D", "H", "S")
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

#: The ranks with a rule of their own: the ace, the queen and the king; a joker's rank.
ACE = 1
QUEEN = 12
KING = 13
JOKER_RANK = 0

#: The names of ranks (indexed by rank, 0 the joker) and suits, in English and in Spanish.
RANK_NAMES_EN = ("joker", "ace", "two", "three", "four", "five", "six", "seven", "eight",
                 "nine", "ten", "jack", "queen", "king")
SUIT_NAMES_EN = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES_ES = ("comodín", "as", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jota",
                 "reina", "rey")
SUIT_NAMES_ES = {"C": "tréboles", "D": "diamantes", "H": "corazones", "S": "picas"}


class Card(NamedTuple):
    """One playing card. Compare, hash and sort it like the tuple it is."""

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    def __str__(self) -> str:
        if self.rank == JOKER_RANK:
            return "JK"
        return RANK_CHARS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def unicode(self) -> str:
        """The documents' short form: ``10♠``, ``A♣``; a joker is ``🃏``."""
        if self.rank == JOKER_RANK:
            return "🃏"
        rank = "10" if self.rank == 10 else RANK_CHARS[self.rank - 1]
        return rank + SUIT_SYMBOLS[self.suit]

    def spanish(self) -> str:
        """The documents' long form: ``6 de tréboles``, ``reina de picas``."""
        if self.rank == JOKER_RANK:
            return "comodín"
        return f"{RANK_NAMES_ES[self.rank]} de {SUIT_NAMES_ES[self.suit]}"

    def english(self) -> str:
        """``six of clubs``, ``queen of spades``, ``joker``."""
        if self.rank == JOKER_RANK:
            return "joker"
        return f"{RANK_NAMES_EN[self.rank]} of {SUIT_NAMES_EN[self.suit]}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse any notation :mod:`golfcore.notation` knows; raise :class:`CardError`."""
        from golfcore.notation import parse_card

        return parse_card(text)


#: The joker: every joker is this card.
JOKER = Card(JOKER_RANK, "")

#: The 52 cards in PySolFC's creation order: clubs, spades, hearts, diamonds, each ace to king.
#: :mod:`golfcore.solitaire.deal` shuffles exactly this list.
PYSOL_ORDER = tuple(Card(rank, suit) for suit in "CSHD" for rank in range(1, 14))

#: The 52 cards sorted by suit then rank, the order used to print a deck.
STANDARD_DECK = tuple(sorted(PYSOL_ORDER, key=lambda c: (SUITS.index(c.suit), c.rank)))


def deck(jokers: int = 0) -> tuple[Card, ...]:
    """A full deck: the 52 standard cards followed by ``jokers`` jokers."""
    if jokers < 0:
        raise ValueError(f"a deck cannot hold {jokers} jokers")
    return STANDARD_DECK + (JOKER,) * jokers


__all__ = ["ACE", "JOKER", "JOKER_RANK", "KING", "PYSOL_ORDER", "QUEEN", "RANK_CHARS",
           "RANK_NAMES_EN", "RANK_NAMES_ES", "STANDARD_DECK", "SUITS", "SUIT_NAMES_EN",
           "SUIT_NAMES_ES", "SUIT_SYMBOLS", "Card", "deck"]
