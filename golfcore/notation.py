"""Card notations: read every way a front end may write a card, and write the four styles.

:func:`parse_card` turns one text into a :class:`~golfcore.cards.Card`, :func:`parse_cards` a
list of them, and :func:`format_card` writes a card in one of the :data:`STYLES`.

Accepted notations
------------------
Before matching, the text is normalised to Unicode NFC (so a decomposed accent such as
``e`` + U+0301 works), emoji variation selectors (U+FE0E, U+FE0F, as in ``♥️``) are dropped,
letters are case-folded (``qd``, ``QD`` and ``Qd`` are the same), surrounding whitespace is
ignored and every run of internal whitespace counts as one space (``6  de  tréboles``).

Short form, a rank then a suit, with or without one space between them:
    * rank: ``A``, ``2`` to ``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, and ``R`` (Spanish *rey*)
      for the king;
    * suit: ``C D H S``, the symbols ``♣ ♦ ♥ ♠`` or their white variants ``♧ ♢ ♡ ♤``.

    ``AS``, ``TS``, ``10S``, ``KH``, ``qd``, ``RC``, ``A♣``, ``10♠``, ``R♣``, ``Q♥``, ``J♦``,
    ``K♡``, and as people type them, ``10 ♠``, ``K ♣``, ``10 S``, ``a s``.
    The suit always comes last. ``1`` is not an ace and ``11`` is not a jack. A bare rank or a
    bare suit alone is never a card, so the spaced form is never ambiguous.

Unicode playing-card characters (block U+1F0A0):
    spades U+1F0A1..U+1F0AE, hearts U+1F0B1..U+1F0BE, diamonds U+1F0C1..U+1F0CE, clubs
    U+1F0D1..U+1F0DE, offset 1 the ace up to offset 0xB the jack, 0xD the queen, 0xE the
    king. The knights (offset 0xC, e.g. U+1F0AC) and the card back U+1F0A0 are not cards of a
    French deck and are rejected.

Spanish names, ``<rank> de <suit>``:
    * rank: ``as``, ``2`` to ``10``, ``dos tres cuatro cinco seis siete ocho nueve diez``,
      ``jota``, ``reina`` or ``dama``, ``rey``;
    * suit, plural or singular, with or without the accent: ``tréboles treboles trébol
      trebol``, ``diamantes diamante``, ``corazones corazón corazon``, ``picas pica``.

    ``6 de tréboles``, ``reina de picas``, ``jota de corazones``, ``rey de diamantes``,
    ``as de corazones``, ``10 de picas``, ``Dama de Trébol``.

English names, ``<rank> of <suit>``:
    * rank: ``ace``, ``2`` to ``10``, ``two`` to ``ten``, ``jack``, ``queen``, ``king``;
    * suit, plural or singular: ``clubs club``, ``diamonds diamond``, ``hearts heart``,
      ``spades spade``.

    ``ace of spades``, ``10 of hearts``, ``ten of hearts``, ``queen of club``.
    The languages do not mix: ``as of spades`` and ``queen de picas`` are errors.

Jokers, all parsed to :data:`golfcore.cards.JOKER`:
    ``JK``, ``joker``, ``comodín``, ``comodin``, ``🃏`` (U+1F0CF, black joker), and the other
    Unicode jokers U+1F0BF (red) and U+1F0DF (white).

Errors
------
Every text that is not a card raises :class:`golfcore.errors.CardError` (a ``ValueError``)
whose message quotes the text as given, with ``repr`` quotes, and says what was expected. The
quote is cut at :data:`QUOTE_LIMIT` characters (then it ends with ``…`` and gives the text's
length), so that a huge input never makes a huge message; :func:`quote` is the helper every
golfcore error message uses for the text it quotes::

    unknown card 'XS': expected a rank (A, 2-10, T, J, Q, K or R) and a suit
    (C, D, H, S or ♣ ♦ ♥ ♠), or a name such as '6 de tréboles' or 'six of clubs'

Empty or blank text is an error too, and so is input that is not a ``str`` (``None``, a number,
``bytes``): that raises ``CardError`` too rather than ``TypeError``, so a front end that
catches ``CardError`` (or ``GolfError``) also catches a malformed request.

Performance
-----------
Every accepted spelling is precomputed at import into one dict, so a parse is one
normalisation and one lookup; the canonical two-character form (``"TS"``, ``"JK"``, as printed
by ``str(card)``) skips even the normalisation.
"""

from __future__ import annotations

import reprlib
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping

from golfcore.cards import JOKER, Card, deck
from golfcore.errors import CardError

__all__ = ["QUOTE_LIMIT", "STYLES", "format_card", "parse_card", "parse_cards", "quote"]

# --------------------------------------------------------------------------------------------
# Tables: every spelling of a rank (1 = ace .. 13 = king) and of a suit, as case-folded keys.

SHORT_RANKS: Mapping[str, int] = {
    "a": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "t": 10, "10": 10, "j": 11, "q": 12, "k": 13, "r": 13,
}
SHORT_SUITS: Mapping[str, str] = {
    "c": "C", "d": "D", "h": "H", "s": "S",
    "♣": "C", "♦": "D", "♥": "H", "♠": "S",
    "♧": "C", "♢": "D", "♡": "H", "♤": "S",
}

_NUMBERS: Mapping[str, int] = {str(rank): rank for rank in range(2, 11)}

SPANISH_RANKS: Mapping[str, int] = {
    "as": 1, **_NUMBERS,
    "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8,
    "nueve": 9, "diez": 10, "jota": 11, "reina": 12, "dama": 12, "rey": 13,
}
SPANISH_SUITS: Mapping[str, str] = {
    "tréboles": "C", "treboles": "C", "trébol": "C", "trebol": "C",
    "diamantes": "D", "diamante": "D",
    "corazones": "H", "corazón": "H", "corazon": "H",
    "picas": "S", "pica": "S",
}

ENGLISH_RANKS: Mapping[str, int] = {
    "ace": 1, **_NUMBERS,
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "jack": 11, "queen": 12, "king": 13,
}
ENGLISH_SUITS: Mapping[str, str] = {
    "clubs": "C", "club": "C", "diamonds": "D", "diamond": "D",
    "hearts": "H", "heart": "H", "spades": "S", "spade": "S",
}

#: The word between rank and suit in a name, and that language's rank and suit tables.
NAME_LANGUAGES: Mapping[str, tuple[Mapping[str, int], Mapping[str, str]]] = {
    "de": (SPANISH_RANKS, SPANISH_SUITS),
    "of": (ENGLISH_RANKS, ENGLISH_SUITS),
}

#: Unicode playing-card characters: the code point of each suit's "ace minus one", and the
#: offset of each rank from it (offset 0xC, the knight, is left out).
PLAYING_CARD_BASES: Mapping[str, int] = {"S": 0x1F0A0, "H": 0x1F0B0, "D": 0x1F0C0, "C": 0x1F0D0}
PLAYING_CARD_OFFSETS: Mapping[int, int] = {
    **{rank: rank for rank in range(1, 12)}, 12: 0xD, 13: 0xE,
}

JOKER_NAMES: tuple[str, ...] = (
    "jk", "joker", "comodín", "comodin", "\U0001F0BF", "\U0001F0CF", "\U0001F0DF",
)

#: Characters removed before matching: emoji/text variation selectors (``♥️`` is ``♥`` + U+FE0F).
_IGNORED = str.maketrans("", "", "\ufe0e\ufe0f")

_EXPECTED = ("expected a rank (A, 2-10, T, J, Q, K or R) and a suit (C, D, H, S or ♣ ♦ ♥ ♠), "
             "or a name such as '6 de tréboles' or 'six of clubs'")
_EXPECTED_BY_JOINER: Mapping[str, str] = {
    "de": ("expected '<rank> de <suit>' with a rank as, 2-10, dos-diez, jota, reina, dama or "
           "rey and a suit tréboles, diamantes, corazones or picas"),
    "of": ("expected '<rank> of <suit>' with a rank ace, 2-10, two-ten, jack, queen or king "
           "and a suit clubs, diamonds, hearts or spades"),
}


# --------------------------------------------------------------------------------------------
# The lookup tables built at import.

def _short_spellings() -> Iterator[tuple[str, Card]]:
    for rank_text, rank in SHORT_RANKS.items():
        for suit_text, suit in SHORT_SUITS.items():
            yield rank_text + suit_text, Card(rank, suit)
            yield f"{rank_text} {suit_text}", Card(rank, suit)     # as typed: "10 ♠", "K S"


def _name_spellings() -> Iterator[tuple[str, Card]]:
    for joiner, (ranks, suits) in NAME_LANGUAGES.items():
        for rank_text, rank in ranks.items():
            for suit_text, suit in suits.items():
                yield f"{rank_text} {joiner} {suit_text}", Card(rank, suit)


def _playing_card_characters() -> Iterator[tuple[str, Card]]:
    for suit, base in PLAYING_CARD_BASES.items():
        for rank, offset in PLAYING_CARD_OFFSETS.items():
            yield chr(base + offset), Card(rank, suit)


def _build_table(*spellings: Iterable[tuple[str, Card]]) -> dict[str, Card]:
    table: dict[str, Card] = {}
    for pairs in spellings:
        for key, card in pairs:
            if table.setdefault(key, card) != card:
                raise AssertionError(f"{key!r} spells both {table[key]} and {card}")
    return table


#: Every accepted spelling, normalised (see :func:`_normalise`), to its card.
_BY_TEXT: dict[str, Card] = _build_table(
    _short_spellings(),
    _name_spellings(),
    _playing_card_characters(),
    ((name, JOKER) for name in JOKER_NAMES),
)

#: The canonical form, exactly as ``str(card)`` writes it: the hot path, no normalisation.
_CANONICAL: dict[str, Card] = {str(card): card for card in deck(1)}


# --------------------------------------------------------------------------------------------
# Quoting the input in error messages.

#: At most this many characters of an offending text are quoted in an error message.
QUOTE_LIMIT = 60


class _ShortRepr(reprlib.Repr):
    """``reprlib`` with small limits, safe for any JSON value: deep nesting is cut at three
    levels and an integer too long for ``repr`` (Python refuses over 4,300 digits) is
    described by its size."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxlist = self.maxtuple = self.maxset = self.maxdict = 6
        self.maxstring = self.maxother = QUOTE_LIMIT
        self.maxlong = 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 400:
            return f"<a whole number of about {int(x.bit_length() * 0.30103) + 1} digits>"
        return super().repr_int(x, level)


_SHORT_REPR = _ShortRepr()


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, at most about ``limit`` characters of it.

    A text is quoted as given, ``'XS'``; a longer one is cut and says how long it was:
    ``'ASASAS…' (15000000 characters)``. Any other value (a list, a nested mapping, a huge
    integer) is shown shortened by :mod:`reprlib`, never raising.
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        cut = repr(value[:limit])
        return f"{cut[:-1]}…{cut[-1]} ({len(value)} characters)"
    try:
        text = _SHORT_REPR.repr(value)
    except Exception:  # a value whose repr fails must not hide the error being reported
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 4 * limit else text[:4 * limit] + "…"


# --------------------------------------------------------------------------------------------
# Parsing.

def _normalise(text: str) -> str:
    """NFC, no variation selectors, case-folded, trimmed, internal whitespace runs as one space."""
    text = unicodedata.normalize("NFC", text).translate(_IGNORED).casefold()
    return " ".join(text.split())


def _expected(key: str) -> str:
    """What the message says was expected, given the normalised text that failed."""
    words = key.split(" ")
    if len(words) == 3 and words[1] in _EXPECTED_BY_JOINER:
        return _EXPECTED_BY_JOINER[words[1]]
    return _EXPECTED


def parse_card(text: str) -> Card:
    """The card ``text`` names, in any notation listed in the module docstring.

    >>> parse_card("10♠"), parse_card("reina de picas"), parse_card("ten of hearts")
    (Card('TS'), Card('QS'), Card('TH'))

    Raise :class:`~golfcore.errors.CardError` if ``text`` is not a card, is empty or blank, or
    is not a ``str`` at all.
    """
    card = _CANONICAL.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    if not isinstance(text, str):
        raise CardError(f"a card must be given as text (str), not {type(text).__name__}: "
                        f"{quote(text)}")
    key = _normalise(text)
    card = _BY_TEXT.get(key)
    if card is not None:
        return card
    if not key:
        raise CardError(f"empty card text {quote(text)}: {_EXPECTED}")
    raise CardError(f"unknown card {quote(text)}: {_expected(key)}")


def _split_cards(text: str) -> list[str]:
    """The items of a card list: split on ``,`` and ``;`` if it has any, else on whitespace,
    where a bare rank followed by a bare suit is one card (``10 ♠ K ♣`` is two cards)."""
    if "," in text or ";" in text:
        return [item.strip() for item in text.replace(";", ",").split(",")]
    words = text.split()
    items: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if (i + 1 < len(words) and word.casefold() in SHORT_RANKS
                and _normalise(words[i + 1]) in SHORT_SUITS):
            items.append(f"{word} {words[i + 1]}")
            i += 2
        else:
            items.append(word)
            i += 1
    return items


def parse_cards(text: str) -> tuple[Card, ...]:
    """The cards of a list written in one text.

    A text holding a comma or a semicolon is split on those, so names with spaces work
    (``"6 de tréboles, 5 de picas; reina de picas"``); any other text is split on whitespace
    (``"8H 2C JH 10S A♣"``), keeping a rank and a suit typed apart together (``"10 ♠ K ♣"``). Empty
    or blank text is the empty list ``()``. Each item is read by
    :func:`parse_card`; an empty item (``"AS,,KH"``) is an error.

    Raise :class:`~golfcore.errors.CardError` naming the 1-based position of the first bad item
    and quoting it: ``card 3 of 4: unknown card 'XS': expected ...``.
    """
    if not isinstance(text, str):
        raise CardError(f"a list of cards must be given as text (str), not "
                        f"{type(text).__name__}: {quote(text)}")
    if not text.strip():
        return ()
    items = _split_cards(text)
    cards = []
    for position, item in enumerate(items, start=1):
        try:
            cards.append(parse_card(item))
        except CardError as error:
            raise CardError(f"card {position} of {len(items)}: {error}") from error
    return tuple(cards)


# --------------------------------------------------------------------------------------------
# Formatting.

#: Output styles of :func:`format_card`, each the :class:`Card` method that writes it.
STYLES: Mapping[str, Callable[[Card], str]] = {
    "ascii": Card.__str__,
    "unicode": Card.unicode,
    "spanish": Card.spanish,
    "english": Card.english,
}


def format_card(card: Card, style: str = "ascii") -> str:
    """``card`` written in ``style``: ``"ascii"`` (``TS``, ``JK``), ``"unicode"`` (``10♠``,
    ``🃏``), ``"spanish"`` (``10 de picas``, ``comodín``) or ``"english"`` (``ten of spades``).

    Raise ``ValueError`` for any other style. :func:`parse_card` reads every output back.
    """
    try:
        writer = STYLES[style]
    except (KeyError, TypeError):
        raise ValueError(f"unknown card style {style!r}: expected one of "
                         f"{', '.join(STYLES)}") from None
    return writer(card)
