"""Reading the boards ``golf solve`` and ``golf analyse`` accept: one position from each input.

An input is a game code, a file, or ``-`` for stdin; the format of a file is detected from its
content (:func:`detect_format`):

* ``code``: a game code such as ``GO1-C-AAAAAAB`` (APP-16), given on the command line or as the
  only word of a file; its letter names the variant;
* ``json``: a JSON object, one of

  - a position, :meth:`Position.to_json`'s ``{"columns", "stock", "waste"}``;
  - a saved game, :meth:`Game.to_json` (``{"format", "variant", "deal", "state"}``): its
    current position and its variant;
  - a summary, :meth:`Game.summary` (what ``golf deal --json`` prints): its ``position``,
    ``variant`` and ``deal``;
  - a PySolFC-oracle record (``tests/data/golf-pysolfc-1-200.jsonl``): a position plus
    ``deal`` (kept) and ``winnable`` (ignored);

* ``bhs``: black-hole-solver's board for Golf, as PySolFC and pysol-cards write it::

      Talon: 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H
      Foundations: TH
      JD 5H KH AS 4H
      ... 7 column lines, each from the covered card to the free one

  The talon is the stock in draw order; ``Foundations:`` holds the waste card (``-`` or nothing
  for an empty waste). Ranks ``A23456789TJQK`` or ``10``, suits ``CDHS`` (any notation
  :func:`golfcore.notation.parse_card` reads is accepted); blank lines and trailing spaces are
  ignored, and so is ``#`` to the end of a line. Two extensions of golfcore's, which
  :func:`format_bhs` writes only when a position needs them: ``-`` for an empty column, and
  ``JK`` for a joker;
* ``text``: the position text form :meth:`Position.from_text` reads (``stock:``, ``waste:``,
  ``1:`` ... ``7:``, or their Spanish names); the ``# variant: NAME`` and ``# deal: N``
  comments that ``golf deal`` writes above it name the variant and the deal.

Every error is a :class:`BoardError` (a :class:`golfcore.errors.GolfError`) or another
``GolfError`` whose message names the input, the line when there is one, and what was expected.
"""

from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass
from typing import Any, TextIO

from golfcore.solitaire import engine
from golfcore.cards import Card
from golfcore.codes import OTHER_CODES, parse_code
from golfcore.errors import CardError, GolfError, PositionError, VariantError
from golfcore.notation import parse_card
from golfcore.solitaire.position import COLUMN_HEIGHT, COLUMNS, Position
from golfcore.solitaire.rules import rule_set
from golfcore.framework.registry import registry

#: The formats :func:`detect_format` tells apart.
FORMATS = ("code", "json", "bhs", "text")

#: What ``-`` is called in messages.
STDIN_LABEL = "<stdin>"


class BoardError(GolfError):
    """An input that is not a board: ``source`` is the input (file, code, ``<stdin>``) and
    ``line`` the 1-based line of the problem, or ``None``."""

    def __init__(self, message: str, source: str = "", line: int | None = None) -> None:
        where = source
        if line is not None:
            where = f"{source}, line {line}" if source else f"line {line}"
        super().__init__(f"{where}: {message}" if where else message)
        self.source = source
        self.line = line


@dataclass(frozen=True)
class Board:
    """One position read from one input.

    ``source``: the input as given (a code, a path, or ``-``); ``position``: where the cards
    are; ``variant``: the variant the input names (a code's letter, a saved game's or a
    summary's variant), ``None`` when it names none; ``deal``: the deal number when the input
    names one (a code, a saved game, an oracle record), else ``None``; ``format``: one of
    :data:`FORMATS`.
    """

    source: str
    position: Position
    variant: str | None = None
    deal: int | None = None
    format: str = "text"


# -- black-hole-solver's format ------------------------------------------------------------------


def format_bhs(position: Position) -> str:
    """``position`` in black-hole-solver's Golf board format (see the module docstring).

    Only the waste's top card is written (the cards under it never play again); an empty waste
    is ``Foundations: -`` and an empty column ``-``. A full deal reads exactly as pysol-cards
    prints it.
    """
    top = position.waste_top
    lines = ["Talon:" + "".join(f" {c}" for c in position.stock),
             f"Foundations: {top if top is not None else '-'}"]
    lines += [" ".join(map(str, column)) if column else "-" for column in position.columns]
    return "\n".join(lines) + "\n"


_HEADER = re.compile(r"^\s*(talon|foundations?)\s*:(.*)$", re.IGNORECASE)
_TEXT_KEY = re.compile(r"^\s*(stock|waste|mazo|descarte|(col(umn|umna)?\s*)?[0-9]+)\s*:",
                       re.IGNORECASE)


def _strip(raw: str) -> str:
    return raw.split("#", 1)[0].strip()


def _bhs_cards(value: str, source: str, lineno: int, what: str) -> tuple[Card, ...]:
    value = value.strip()
    if value in ("", "-"):
        return ()
    cards = []
    for i, token in enumerate(value.split(), start=1):
        try:
            cards.append(parse_card(token))
        except CardError as exc:
            raise BoardError(f"{what}, card {i}: {exc}", source, lineno) from None
    return tuple(cards)


def parse_bhs(text: str, source: str = "<text>") -> Position:
    """Read black-hole-solver's Golf board format; errors name ``source`` and the line."""
    talon: tuple[Card, ...] | None = None
    waste: tuple[Card, ...] | None = None
    header_lines: dict[str, int] = {}
    columns: list[tuple[Card, ...]] = []
    column_lines: list[int] = []
    where: dict[Card, tuple[int, str]] = {}

    def remember(cards: tuple[Card, ...], lineno: int, what: str) -> None:
        for card in cards:
            if card in where and not card.is_joker:
                first, first_what = where[card]
                raise BoardError(f"duplicate card {card}: it is already in {first_what} "
                                 f"(line {first})", source, lineno)
            where[card] = (lineno, what)

    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = _strip(raw)
        if not line:
            continue
        header = _HEADER.match(line)
        if header:
            key = "Talon" if header.group(1).lower() == "talon" else "Foundations"
            if key in header_lines:
                raise BoardError(f"a second '{key}:' line (the first is line "
                                 f"{header_lines[key]})", source, lineno)
            header_lines[key] = lineno
            if key == "Talon":
                talon = _bhs_cards(header.group(2), source, lineno, "talon")
                remember(talon, lineno, "the talon")
            else:
                waste = _bhs_cards(header.group(2), source, lineno, "foundations")
                if len(waste) > 1:
                    raise BoardError(f"expected one waste card (or '-' for none) after "
                                     f"'Foundations:', got {len(waste)} cards", source, lineno)
                remember(waste, lineno, "the foundations")
            continue
        if ":" in line:
            raise BoardError(f"expected 'Talon:', 'Foundations:' or a column of cards "
                             f"separated by spaces, got {raw.strip()!r}", source, lineno)
        if len(columns) == COLUMNS:
            raise BoardError(f"an eighth column line: Golf has {COLUMNS} columns (lines "
                             f"{column_lines[0]}-{column_lines[-1]})", source, lineno)
        number = len(columns) + 1
        cards = _bhs_cards(line, source, lineno, f"column {number}")
        if len(cards) > COLUMN_HEIGHT:
            raise BoardError(f"column {number} has {len(cards)} cards: a column holds at most "
                             f"{COLUMN_HEIGHT}", source, lineno)
        remember(cards, lineno, f"column {number}")
        columns.append(cards)
        column_lines.append(lineno)
    missing = [key for key in ("Talon", "Foundations") if key not in header_lines]
    if missing:
        raise BoardError(f"expected a '{missing[0]}:' line (black-hole-solver's Golf board: "
                         f"'Talon:', 'Foundations:', then {COLUMNS} column lines)", source)
    if len(columns) != COLUMNS:
        last = max([*header_lines.values(), *column_lines])
        raise BoardError(f"expected {COLUMNS} column lines after 'Talon:' and 'Foundations:', "
                         f"found {len(columns)} (write '-' for an empty column)", source, last)
    try:
        return Position.build(columns, talon or (), waste or ())
    except PositionError as exc:
        raise BoardError(str(exc), source) from None


# -- JSON --------------------------------------------------------------------------------------

_POSITION_KEYS = {"columns", "stock", "waste"}
_ORACLE_KEYS = {"deal", "winnable"}
_SAVED_KEYS = {"format", "variant", "deal", "state"}


def _deal_field(value: Any, source: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BoardError(f"'deal' must be a deal number or null, got {value!r}", source)
    return value


def parse_json_board(text: str, source: str = "<text>") -> Board:
    """Read a JSON board (a position, a saved game, a summary or an oracle record)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BoardError(f"not valid JSON ({exc.msg}, column {exc.colno}): expected a position "
                         f"object {{\"columns\", \"stock\", \"waste\"}} or a saved game",
                         source, exc.lineno) from None
    except (RecursionError, ValueError) as exc:   # nested too deep; an integer too long
        what = "nested too deeply" if isinstance(exc, RecursionError) else \
            "holds an integer too long to read"
        raise BoardError(f"not a board: the JSON {what}", source) from None
    if not isinstance(data, dict):
        raise BoardError(f"expected a JSON object (a position or a saved game), got a "
                         f"{type(data).__name__}", source, 1)
    keys = set(data)
    try:
        if "state" in keys and keys <= _SAVED_KEYS:
            from golfcore.solitaire.game import Game

            game = Game.from_json(data)
            return Board(source, game.position, game.variant.name, game.deal, "json")
        if "position" in keys and "status" in keys:          # Game.summary()
            if not isinstance(data["position"], dict):
                raise BoardError("'position' must be a position object", source)
            variant = data.get("variant")
            if variant is not None and not isinstance(variant, str):
                raise BoardError(f"'variant' must be a variant name, got {variant!r}", source)
            return Board(source, Position.from_json(data["position"]), variant,
                         _deal_field(data.get("deal"), source), "json")
        if "columns" in keys and keys - _POSITION_KEYS <= _ORACLE_KEYS:
            position = Position.from_json({k: data[k] for k in keys & _POSITION_KEYS})
            return Board(source, position, None, _deal_field(data.get("deal"), source), "json")
    except BoardError:
        raise
    except GolfError as exc:
        raise type(exc)(f"{source}: {exc}") from None
    unknown = sorted(keys - _POSITION_KEYS - _ORACLE_KEYS)
    raise BoardError(f"unknown JSON object (fields {', '.join(map(repr, sorted(keys)))}"
                     f"{'; unknown: ' + ', '.join(map(repr, unknown)) if unknown else ''}): "
                     f"expected a position {{\"columns\", \"stock\", \"waste\"}}, a saved game "
                     f"{{\"format\", \"variant\", \"deal\", \"state\"}} or a game summary",
                     source)


# -- codes -----------------------------------------------------------------------------------------

_CODE_LIKE = re.compile(r"^\s*GO[0-9]*-", re.IGNORECASE)


def looks_like_code(text: str) -> bool:
    """Whether ``text`` is meant as a game code (it starts like one: ``GO1-``)."""
    return bool(_CODE_LIKE.match(text)) and "\n" not in text.strip()


def board_from_code(code: str, variant: str | None = None, source: str | None = None) -> Board:
    """The starting position of a game code; ``variant`` (a name, possibly composed) deals its
    number under another variant than the code's letter names."""
    parsed = parse_code(code)
    if variant is None:
        try:
            variant = registry("solitaire").by_letter(parsed.letter).name
        except VariantError as exc:
            raise VariantError(f"game code {code.strip()!r}: {exc}") from None
    state = engine.start_deal(rule_set(variant), parsed.number)
    return Board(source if source is not None else code, state.position, variant,
                 parsed.number, "code")


# -- detection and reading -----------------------------------------------------------------------


def detect_format(text: str) -> str:
    """``"code"``, ``"json"``, ``"bhs"`` or ``"text"``, from the content alone.

    JSON starts with ``{``; a code is the only word; black-hole-solver's board has a
    ``Talon:`` or ``Foundations:`` line, or bare column lines, and none of the text form's
    keys (``stock:``, ``waste:``, ``1:`` ...); everything else is read as the text form.
    """
    body = text.lstrip("\ufeff").strip()
    if body.startswith("{") or body.startswith("["):
        return "json"
    if looks_like_code(body) and len(body.split()) == 1:
        return "code"
    lines = [line for line in (_strip(raw) for raw in body.splitlines()) if line]
    if any(_TEXT_KEY.match(line) for line in lines):
        return "text"
    if any(_HEADER.match(line) or ":" not in line for line in lines):
        return "bhs"
    return "text"


def parse_board(text: str, source: str = "<text>", variant: str | None = None) -> Board:
    """One board from the content of a file, whatever its format. ``variant`` is used only to
    deal a game code under another variant than its letter's."""
    fmt = detect_format(text)
    body = text.lstrip("\ufeff")
    if not body.strip():
        raise BoardError("empty input: expected a game code, a position (text or JSON) or a "
                         "black-hole-solver board", source)
    if fmt == "json":
        return parse_json_board(body, source)
    if fmt == "code":
        try:
            return board_from_code(body.strip(), variant, source)
        except GolfError as exc:
            raise type(exc)(f"{source}: {exc}") from None
    if fmt == "bhs":
        return Board(source, parse_bhs(body, source), None, None, "bhs")
    variant_name, deal = _deal_header(body)
    return Board(source, Position.from_text(body, source), variant_name, deal, "text")


_VARIANT_COMMENT = re.compile(r"^\s*#\s*variant:\s*(\S+)", re.IGNORECASE | re.MULTILINE)
_DEAL_COMMENT = re.compile(r"^\s*#\s*deal:\s*([0-9]{1,12})\s*$", re.IGNORECASE | re.MULTILINE)


def _deal_header(text: str) -> tuple[str | None, int | None]:
    """The ``# variant: NAME (title)`` and ``# deal: N`` comments ``golf deal`` writes above
    the text form, when present."""
    variant = _VARIANT_COMMENT.search(text)
    deal = _DEAL_COMMENT.search(text)
    return (variant.group(1) if variant else None, int(deal.group(1)) if deal else None)


def read_board(arg: str, variant: str | None = None, stdin: TextIO | None = None) -> Board:
    """One board from a command-line argument: ``-`` (stdin), a file, or a game code.

    An existing file is read as a file, even if its name looks like a code; otherwise an
    argument that starts like a game code (``GO1-``) is a code. ``variant`` deals a code's
    number under that variant instead of the letter's.
    """
    if arg == "-":
        stream = stdin if stdin is not None else sys.stdin
        return _labelled(parse_board(stream.read(), STDIN_LABEL, variant), arg)
    if os.path.isdir(arg):
        raise BoardError("is a folder: expected a file, a game code or '-'", arg)
    if os.path.exists(arg):
        try:
            with open(arg, encoding="utf-8") as handle:
                text = handle.read()
        except UnicodeDecodeError:
            raise BoardError("is not UTF-8 text: expected a position (text or JSON) or a "
                             "black-hole-solver board", arg) from None
        except OSError as exc:
            raise BoardError(f"cannot be read: {exc.strerror or exc}", arg) from None
        return parse_board(text, arg, variant)
    if looks_like_code(arg):
        return board_from_code(arg, variant)
    other = OTHER_CODES.get(arg.strip()[:4].upper().removesuffix("-"))
    if other is not None and arg.strip()[3:4] == "-":       # golf solve GC1-...: what it is
        raise BoardError(f"no such file, and {other.removeprefix('that ')}", arg)
    raise BoardError("no such file, and not a game code: expected a game code such as "
                     "GO1-C-AAAAAAB, a file (position text, JSON or black-hole-solver "
                     "board) or '-' for stdin", arg)


def _labelled(board: Board, source: str) -> Board:
    return Board(source, board.position, board.variant, board.deal, board.format)


__all__ = ["FORMATS", "STDIN_LABEL", "Board", "BoardError", "board_from_code", "detect_format",
           "format_bhs", "looks_like_code", "parse_bhs", "parse_board", "parse_json_board",
           "read_board"]
