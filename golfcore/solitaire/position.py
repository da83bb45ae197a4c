"""Positions: where every card lies, as an immutable value.

A :class:`Position` has

* ``columns``: 7 tuples of cards, each listed *from the covered card to the free one*, as the
  documents list them (``columns[i][-1]`` is the free card of column ``i + 1``, APP-02);
* ``stock``: the face-down cards *in draw order* (``stock[0]`` is drawn next);
* ``waste``: the waste pile from bottom to top (``waste[-1]`` is the card to play on); empty only
  under the ``empty-waste`` rule;
* ``passes``: how many times the waste has been turned over to form a new stock (a *redeal*,
  under a variant that allows passes through the stock: ``redeals=N``); 0 in the documents'
  game, where the stock is used once (C4-04).

A position may be *partial*, as the documents' worked examples are (11 tableau cards and 6 stock
cards, say): cards that are not listed were played earlier. Build positions from text, JSON or
Python values with :meth:`Position.build`, :meth:`Position.from_text` and
:meth:`Position.from_json`; each checks that the position can exist and says why when it cannot.

Text form (round-trips through :meth:`Position.to_text`)::

    stock: 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H
    waste: TH
    1: JD 5H KH AS 4H
    ...
    7: 7C QC JS QH 4S

Keys may also be Spanish (``mazo``, ``descarte``, ``columna 1``) or English (``column 1``);
``-`` stands for an empty list; a line with a comma lists its cards separated by commas, so that
Spanish names (``6 de tréboles, 5 de picas``) can be used; ``#`` starts a comment. A line
``passes: 1`` (``pasadas``) gives the passes made; without it, 0 (only a position with passes
writes the line, and its JSON the key ``passes``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from golfcore.cards import JOKER, Card
from golfcore.errors import CardError, PositionError
from golfcore.notation import parse_card, parse_cards, quote

#: The layout: 7 columns of 5 cards, 35 on the tableau; at most 2 jokers in a deck.
COLUMNS = 7
COLUMN_HEIGHT = 5
TABLEAU_CARDS = COLUMNS * COLUMN_HEIGHT
MAX_JOKERS = 2
#: The most passes a position may record: far above any variant's limit (a redeal needs two
#: waste cards, and a limit is asked of the variant, :func:`engine.check_position`).
MAX_PASSES = 1_000_000


class Position:
    """Immutable placement of the cards. Equal positions compare and hash equal."""

    __slots__ = ("columns", "stock", "waste", "passes", "_hash", "_names")

    columns: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    passes: int
    _hash: int | None          # computed on first use
    _names: Any                # the cards' names, column by column (to_json), on first use

    def __init__(self, columns: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...],
                 waste: tuple[Card, ...], passes: int = 0) -> None:
        # Trusted constructor: the engine's transitions use it without checks. Use build(),
        # from_text() or from_json() for anything that comes from outside.
        object.__setattr__(self, "columns", columns)
        object.__setattr__(self, "stock", stock)
        object.__setattr__(self, "waste", waste)
        object.__setattr__(self, "passes", passes)
        object.__setattr__(self, "_hash", None)
        object.__setattr__(self, "_names", None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Position is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self.columns == other.columns and self.stock == other.stock
                and self.waste == other.waste and self.passes == other.passes)

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash((self.columns, self.stock, self.waste, self.passes))
            object.__setattr__(self, "_hash", h)
        return h

    def __repr__(self) -> str:
        return f"Position.from_text({self.to_text()!r})"

    # -- reading -------------------------------------------------------------------------------

    @property
    def waste_top(self) -> Card | None:
        """The card a play goes onto, or ``None`` when the waste is empty."""
        return self.waste[-1] if self.waste else None

    def free_card(self, column: int) -> Card | None:
        """The free card of ``column`` (1..7), or ``None`` when the column is empty."""
        cards = self.columns[column - 1]
        return cards[-1] if cards else None

    @property
    def free_cards(self) -> tuple[Card | None, ...]:
        """The free card of each column, ``None`` for an empty column (APP-02)."""
        return tuple(c[-1] if c else None for c in self.columns)

    @property
    def tableau_count(self) -> int:
        """How many cards are still in the columns."""
        return sum(len(c) for c in self.columns)

    def cards(self) -> Counter[Card]:
        """Every card of the position, counted (jokers may appear twice)."""
        counts: Counter[Card] = Counter(self.stock)
        counts.update(self.waste)
        for column in self.columns:
            counts.update(column)
        return counts

    def locate(self, card: Card) -> tuple[int, int] | None:
        """``(column, row)`` of ``card`` in the tableau, both 1-based, or ``None``."""
        for i, column in enumerate(self.columns):
            for j, c in enumerate(column):
                if c == card:
                    return i + 1, j + 1
        return None

    def locate_all(self, card: Card) -> list[tuple[int, int]]:
        """Every ``(column, row)`` of ``card`` in the tableau, in column order (two for a deck's
        two jokers)."""
        return [(i + 1, j + 1) for i, column in enumerate(self.columns)
                for j, c in enumerate(column) if c == card]

    # -- transitions (trusted: the engine checks legality first) --------------------------------

    def after_play(self, column: int) -> Position:
        """The position after the free card of ``column`` (1..7) went onto the waste (APP-04)."""
        cols = self.columns
        src = cols[column - 1]
        new_cols = cols[:column - 1] + (src[:-1],) + cols[column:]
        return Position(new_cols, self.stock, self.waste + (src[-1],), self.passes)

    def after_draw(self) -> Position:
        """The position after the stock's top card was turned onto the waste (APP-07)."""
        return Position(self.columns, self.stock[1:], self.waste + (self.stock[0],),
                        self.passes)

    def after_redeal(self) -> Position:
        """The position after a redeal (the stock is empty): the waste but its top card is
        turned face down, in order, as the new stock, so the card drawn next is the oldest one
        under the top (``waste[0]``); the top card stays as the card to play on, and
        ``passes`` counts one more."""
        return Position(self.columns, self.waste[:-1], self.waste[-1:], self.passes + 1)

    # -- building and checking -----------------------------------------------------------------

    @classmethod
    def build(cls, columns: Sequence[Iterable[Card | str]] = (),
              stock: Iterable[Card | str] = (),
              waste: Iterable[Card | str] | Card | str | None = (),
              passes: int = 0) -> Position:
        """A checked position from cards or card texts in any notation.

        ``columns`` may list fewer than 7 columns (the rest are empty); ``waste`` may be one card
        or the pile from bottom to top; ``passes`` is how many redeals were made (a whole number
        from 0). Raises :class:`PositionError` with the reason when the position cannot exist.
        """
        cols = list(columns)
        if len(cols) > COLUMNS:
            raise PositionError(f"{len(cols)} columns given: Golf has {COLUMNS}")
        built = []
        for i, column in enumerate(cols, start=1):
            if isinstance(column, (str, Card, Mapping)) or not isinstance(column, Iterable):
                raise PositionError(f"column {i} must be a list of cards, not {quote(column)}")
            built.append(_cards(column, f"column {i}"))
        built += [()] * (COLUMNS - len(built))
        if waste is None:
            waste_cards: tuple[Card, ...] = ()
        elif isinstance(waste, (str, Card)):
            waste_cards = _cards([waste], "waste")
        else:
            waste_cards = _cards(waste, "waste")
        position = cls(tuple(built), _cards(stock, "stock"), waste_cards, passes)
        position.check()
        return position

    def check(self, deck: Sequence[Card] | None = None) -> None:
        """Raise :class:`PositionError` unless the position can occur.

        Without ``deck``, checks what holds in every variant: 7 columns of at most 5 cards, each
        standard card at most once, at most two jokers. With ``deck`` (a variant's full deck,
        :meth:`golfcore.solitaire.rules.RuleSet.deck`), also that every card belongs to it.
        """
        if len(self.columns) != COLUMNS:
            raise PositionError(f"{len(self.columns)} columns: Golf has {COLUMNS}")
        if (isinstance(self.passes, bool) or not isinstance(self.passes, int)
                or not 0 <= self.passes <= MAX_PASSES):
            raise PositionError(f"'passes' must be a whole number from 0 to {MAX_PASSES} (the "
                                f"redeals made), got {quote(self.passes)}")
        for i, column in enumerate(self.columns, start=1):
            if len(column) > COLUMN_HEIGHT:
                raise PositionError(f"column {i} holds {len(column)} cards: "
                                    f"a column holds at most {COLUMN_HEIGHT}")
        counts = self.cards()
        for card, n in sorted(counts.items()):
            if card != JOKER and n > 1:
                raise PositionError(f"duplicate card {card}: it appears {n} times "
                                    f"({self._places(card)})")
        if counts[JOKER] > MAX_JOKERS:
            raise PositionError(f"{counts[JOKER]} jokers: a deck holds at most {MAX_JOKERS}")
        if deck is not None:
            allowed = Counter(deck)
            total = sum(counts.values())
            if total > len(deck):
                raise PositionError(f"{total} cards: more than the deck's {len(deck)}")
            for card, n in sorted(counts.items()):
                if n > allowed[card]:
                    what = "jokers" if card == JOKER else f"copies of {card}"
                    raise PositionError(f"{n} {what}: this variant's deck has {allowed[card]}")

    def _places(self, card: Card) -> str:
        """Where ``card`` lies: ``column 1, stock``; when it is in more than six places, each
        place once with its count (``stock ×1000000``), so the text stays short."""
        places = [(f"column {i}", column.count(card))
                  for i, column in enumerate(self.columns, start=1)]
        places += [("stock", self.stock.count(card)), ("waste", self.waste.count(card))]
        if sum(n for _, n in places) <= 6:
            return ", ".join(where for where, n in places for _ in range(n))
        return ", ".join(where if n == 1 else f"{where} ×{n}" for where, n in places if n)

    # -- text ------------------------------------------------------------------------------------

    def to_text(self) -> str:
        """The canonical text form; :meth:`from_text` reads it back to an equal position."""
        lines = [f"stock: {_join(self.stock)}", f"waste: {_join(self.waste)}"]
        lines += [f"{i}: {_join(c)}" for i, c in enumerate(self.columns, start=1)]
        if self.passes:
            lines.append(f"passes: {self.passes}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str, source: str = "<text>") -> Position:
        """Read the text form (see the module docstring). Errors name ``source`` and the line."""
        columns: dict[int, tuple[Card, ...]] = {}
        parts: dict[str, tuple[Card, ...]] = {}
        passes = 0
        seen_line: dict[str, int] = {}
        for lineno, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            key, sep, value = line.partition(":")
            where = f"{source}, line {lineno}"
            if not sep:
                raise _at(lineno, f"{where}: expected 'stock:', 'waste:' or a column number "
                          f"followed by ':' and cards, got {quote(raw.strip())}")
            name = _key(key)
            if name is None:
                raise _at(lineno, f"{where}: unknown key {quote(key.strip())}: expected 'stock', "
                                    f"'waste', 'passes' or a column number 1 to {COLUMNS}")
            if name in seen_line:
                raise _at(lineno, f"{where}: {name} given twice (first on line "
                                    f"{seen_line[name]})")
            seen_line[name] = lineno
            value = value.strip()
            if name == "passes":
                if not _PASSES.fullmatch(value):
                    raise _at(lineno, f"{where}: 'passes' must be a whole number, got "
                                      f"{quote(value)}")
                passes = int(value)
                continue
            try:
                cards = () if value in ("", "-") else _parse_line(value)
            except CardError as exc:
                raise _at(lineno, f"{where}: {exc}") from None
            if name.startswith("column "):
                columns[int(name[7:])] = cards
            else:
                parts[name] = cards
        try:
            return cls.build([columns.get(i, ()) for i in range(1, COLUMNS + 1)],
                             parts.get("stock", ()), parts.get("waste", ()), passes)
        except PositionError as exc:
            raise PositionError(f"{source}: {exc}") from None

    # -- JSON ------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """``{"columns": [[...], ...], "stock": [...], "waste": [...]}`` with canonical cards,
        and ``"passes"`` when a redeal was made (a position without the key made none)."""
        # named once: the same position is written again with each snapshot of its game's
        # undo history
        names = self._names
        if names is None:
            names = (tuple(tuple(str(c) for c in column) for column in self.columns),
                     tuple(str(c) for c in self.stock), tuple(str(c) for c in self.waste))
            object.__setattr__(self, "_names", names)
        columns, stock, waste = names
        out: dict[str, Any] = {"columns": [list(column) for column in columns],
                               "stock": list(stock), "waste": list(waste)}
        if self.passes:
            out["passes"] = self.passes
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Position:
        """Read :meth:`to_json`'s form. ``waste`` may also be a single card or ``null``;
        ``passes`` (default 0) is the redeals made, a whole number.

        The PySolFC oracle's records (with extra ``deal`` and ``winnable`` fields) are not
        positions: pass only their ``columns``, ``stock`` and ``waste``.
        """
        if not isinstance(data, Mapping):
            raise PositionError(f"a position must be a JSON object, not {type(data).__name__}")
        unknown = sorted(map(str, set(data) - {"columns", "stock", "waste", "passes"}))
        if unknown:
            raise PositionError(f"unknown position field(s) {_some(unknown)}: "
                                f"expected 'columns', 'stock', 'waste' and 'passes'")
        columns = data.get("columns", [])
        if not isinstance(columns, list):
            raise PositionError("'columns' must be a list of 7 lists of cards")
        stock = data.get("stock", [])
        if not isinstance(stock, list):
            raise PositionError("'stock' must be a list of cards")
        waste = data.get("waste", [])
        if not (waste is None or isinstance(waste, (str, list))):
            raise PositionError("'waste' must be a card, a list of cards or null")
        passes = data.get("passes", 0)
        if isinstance(passes, bool) or not isinstance(passes, int):
            raise PositionError(f"'passes' must be a whole number (the redeals made), got "
                                f"{quote(passes)}")
        return cls.build(columns, stock, waste, passes)


def _at(line: int, message: str) -> PositionError:
    """A PositionError that also carries the line of the text it comes from."""
    error = PositionError(message)
    error.line = line  # type: ignore[attr-defined]
    return error


def _parse_line(value: str) -> tuple[Card, ...]:
    """Cards of one line; a line without commas may still be a single long name
    (``descarte: as de tréboles``)."""
    try:
        return parse_cards(value)
    except CardError:
        if "," in value or ";" in value:
            raise
        try:
            return (parse_card(value),)
        except CardError:
            pass
        raise


def _some(names: Sequence[str], shown: int = 5) -> str:
    """``'a', 'b'`` for an error message: the first few names, quoted, and how many more."""
    text = ", ".join(quote(name) for name in names[:shown])
    return text + (f" and {len(names) - shown} more" if len(names) > shown else "")


def _join(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards)) if cards else "-"


_KEYS = {"stock": "stock", "mazo": "stock", "talon": "stock",
         "waste": "waste", "descarte": "waste", "foundations": "waste",
         "passes": "passes", "pasadas": "passes"}
_PASSES = re.compile(r"[0-9]{1,7}")
_COLUMN_KEY = re.compile(r"^(?:col(?:umn|umna)?\s*)?([0-9]+)$")


def _key(key: str) -> str | None:
    word = " ".join(key.strip().lower().split())
    if word in _KEYS:
        return _KEYS[word]
    m = _COLUMN_KEY.match(word)
    if m and 1 <= int(m.group(1)) <= COLUMNS:
        return f"column {int(m.group(1))}"
    return None


def _cards(items: Iterable[Card | str], where: str) -> tuple[Card, ...]:
    if isinstance(items, (str, Card, Mapping)) or not isinstance(items, Iterable):
        raise PositionError(f"{where} must be a list of cards, not {quote(items)}")
    out = []
    for i, item in enumerate(items, start=1):
        if isinstance(item, Card):
            out.append(item)
            continue
        if not isinstance(item, str):
            raise PositionError(f"{where}, card {i}: expected a card, got {quote(item)}")
        try:
            out.append(parse_card(item))
        except CardError as exc:
            raise PositionError(f"{where}, card {i}: {exc}") from None
    return tuple(out)


__all__ = ["COLUMNS", "COLUMN_HEIGHT", "MAX_JOKERS", "MAX_PASSES", "TABLEAU_CARDS", "Position"]
