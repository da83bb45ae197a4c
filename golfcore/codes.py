"""Codes that re-deal a game: the solitaire's game codes and the card game's match codes.

**Match codes** of the card game: ``GC1-<L><P><R><C>-<NNNNNNN>``: ``GC1`` the prefix; ``<L>`` the
variant's letter; ``<P>`` the number of players (2-6); ``<R><C>`` the board's rows and columns
(``33`` is 3×3); ``<NNNNNNN>`` the match's seed in the same base 26 as a deal number. The same
code re-deals every round of the same match: ``GC1-G233-AAAAAAB`` is the document's game, two
players on 3×3 boards, seed 1. :func:`parse_match_code` checks the form only; the card game
checks the letter and the shape.

**Replay codes** of the card game's secret deals: ``GK1-<L><P><R><C>-<28 letters>``, the 28
letters in four groups of seven, ``GK1-G233-BCDEFGH-IJKLMNO-PQRSTUV-WXYZABC``: the same table
part, then the match's whole 128-bit secret (:mod:`golfcore.shuffle`'s keyed stream) in base 26,
most significant first. A replay code re-deals a match nobody chose; it is shown to the seats
only once the match is over (:mod:`golfcore.cardgame.match`).

**Game codes** of the solitaire (rule APP-16): ``GO1-<L>-<NNNNNNN>``.

* ``GO1``: the fixed prefix (format version 1 of Golf codes);
* ``<L>``: one letter ``A``-``Z`` naming the variant. This module gives the letter no meaning;
  the variant registry maps letters to variants;
* ``<NNNNNNN>``: exactly 7 letters ``A``-``Z`` writing the deal number in base 26, most
  significant first, ``A`` = 0 ... ``Z`` = 25: ``AAAAAAB`` is deal 1, ``AAAABAA`` is 676,
  ``ZZZZZZZ`` is :data:`golfcore.shuffle.MAX_DEAL` = 26**7 - 1. ``AAAAAAA`` (deal 0) is invalid.

Parsing ignores case and surrounding whitespace; output is always upper case. Every malformed
text raises :class:`golfcore.errors.CodeError` quoting the text and saying what was expected.
"""

from __future__ import annotations

from dataclasses import dataclass

from golfcore.shuffle import MAX_DEAL
from golfcore.errors import CodeError

PREFIX = "GO1"
DIGITS = 7
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ASCII_LETTERS = frozenset(_ALPHABET + _ALPHABET.lower())
_FORM = "GO1-<variant letter>-<7 letters A-Z>, e.g. GO1-C-AAAAAAB"


def _quote(text: str) -> str:
    shown = text if len(text) <= 60 else text[:57] + "..."
    return repr(shown)


def _is_letters(text: str) -> bool:
    # Check ASCII before upper-casing: "ſ".upper() == "S" and "ı".upper() == "I".
    return bool(text) and all(ch in _ASCII_LETTERS for ch in text)


def _check_letter(letter: object) -> str:
    if not isinstance(letter, str) or len(letter) != 1 or not _is_letters(letter):
        raise CodeError(f"variant letter must be one letter A-Z, got {letter!r}")
    return letter.upper()


def _check_number(number: object) -> int:
    if isinstance(number, bool) or not isinstance(number, int):
        raise CodeError(f"deal number must be an integer from 1 to {MAX_DEAL}, got {number!r}")
    if not 1 <= number <= MAX_DEAL:
        raise CodeError(
            f"deal number {number} cannot be written in a game code: deal numbers go from 1 "
            f"(AAAAAAB) to {MAX_DEAL} (ZZZZZZZ)"
        )
    return number


def encode_number(number: int) -> str:
    """Deal number -> its 7 base-26 letters (``1`` -> ``"AAAAAAB"``)."""
    n = _check_number(number)
    letters = []
    for _ in range(DIGITS):
        n, digit = divmod(n, 26)
        letters.append(_ALPHABET[digit])
    return "".join(reversed(letters))


def decode_number(letters: str) -> int:
    """7 letters A-Z (any case) -> deal number; raises :class:`CodeError` (also for deal 0)."""
    if not isinstance(letters, str) or len(letters) != DIGITS or not _is_letters(letters):
        raise CodeError(f"deal part {letters!r} must be exactly 7 letters A-Z (base 26, A=0)")
    n = 0
    for ch in letters.upper():
        n = n * 26 + _ALPHABET.index(ch)
    if n == 0:
        raise CodeError(f"deal part {letters!r} is deal 0: deal numbers start at 1, AAAAAAB")
    return n


def format_code(letter: str, number: int) -> str:
    """The canonical code of variant ``letter`` and deal ``number``: ``GO1-C-AAAAAAB``."""
    return f"{PREFIX}-{_check_letter(letter)}-{encode_number(number)}"


@dataclass(frozen=True)
class GameCode:
    """A parsed game code: the variant ``letter`` (upper case A-Z) and the deal ``number``."""

    letter: str
    number: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "letter", _check_letter(self.letter))
        _check_number(self.number)

    def __str__(self) -> str:
        return format_code(self.letter, self.number)

    @classmethod
    def parse(cls, text: str) -> GameCode:
        """Parse ``GO1-<L>-<NNNNNNN>``, ignoring case and surrounding whitespace."""
        letter, number = parse_lettered(text, kind="game code", prefix=PREFIX, form=_FORM,
                                        prefixes=OTHER_CODES)
        return cls(letter, number)


#: The codes of another kind than the solitaire's game codes: prefix -> (what it is, where it is
#: used), for the error of a game code that starts with another prefix (``golf solve GC1-...``).
CODE_KINDS = {
    "GC1": ("a match code of the card game", "golf deal and golf analyse show its match, golf "
                                             "serve and golf web deal it"),
    "GK1": ("a replay code of a card-game match", "golf deal and golf analyse show its match"),
    "GR1": ("a course code of a 9-hole round", "golf web plays it (the 'round' of a 'new' "
                                               "request)"),
}
#: The hint of each: ``that is ..., not a game code of the solitaire: <where>``.
OTHER_CODES = {prefix: f"that is {what}, not a game code of the solitaire: {where}"
               for prefix, (what, where) in CODE_KINDS.items()}


def parse_lettered(text: object, *, kind: str, prefix: str, form: str,
                   number: str = "the deal number",
                   prefixes: dict[str, str] | None = None) -> tuple[str, int]:
    """The variant letter (upper case) and the number of a code ``<prefix>-<L>-<NNNNNNN>``
    (game codes, and codes of the same form such as the web's courses), ignoring case and
    surrounding whitespace. Every malformed text raises :class:`CodeError` naming the ``kind``
    of code, quoting the text and showing the ``form``; ``number`` says what the seven letters
    write, and ``prefixes`` maps another code's prefix to a hint (``{"GO1": "that is a game
    code"}``)."""
    if not isinstance(text, str):
        raise CodeError(f"a {kind} must be text like {form}, got {text!r}")
    q = _quote(text)
    body = text.strip()
    if not body:
        raise CodeError(f"{kind} {q} is empty; expected {form}")
    parts = body.split("-")
    if len(parts) > 1 and parts[0].isascii() and parts[0].upper() in (prefixes or {}):
        raise CodeError(f"{kind} {q} starts with {_quote(parts[0])}, expected {prefix!r} "
                        f"({(prefixes or {})[parts[0].upper()]}): {form}")
    if len(parts) != 3:
        found = "no '-'" if len(parts) == 1 else f"{len(parts)} parts separated by '-'"
        raise CodeError(f"{kind} {q} has {found}, expected 3 parts: {form}")
    start, letter, digits = parts
    if not start.isascii() or start.upper() != prefix:
        hint = (prefixes or {}).get(start.upper()) if start.isascii() else None
        if hint is None and prefixes is OTHER_CODES:
            hint = f"a {kind} starts with {prefix}; " + "; ".join(
                f"{other}: {what}" for other, (what, _) in CODE_KINDS.items())
        raise CodeError(f"{kind} {q} starts with {_quote(start)}, expected {prefix!r}"
                        f"{f' ({hint})' if hint else ''}: {form}")
    if len(letter) != 1 or not _is_letters(letter):
        raise CodeError(
            f"{kind} {q} has variant part {_quote(letter)}, expected one letter A-Z: {form}"
        )
    if len(digits) != DIGITS or not _is_letters(digits):
        if len(digits) != DIGITS:
            what = f"{len(digits)} character{'s' if len(digits) != 1 else ''}"
        else:
            bad = next(ch for ch in digits if ch not in _ASCII_LETTERS)
            what = f"{bad!r}, which is not a letter A-Z"
        raise CodeError(
            f"{kind} {q} has deal part {_quote(digits)} ({what}), expected exactly "
            f"7 letters A-Z writing {number} in base 26 (A=0, AAAAAAB is deal 1): "
            f"{form}"
        )
    if digits.upper() == "A" * DIGITS:
        raise CodeError(
            f"{kind} {q} names deal 0 ({digits!r}): deal numbers start at 1, AAAAAAB"
        )
    return letter.upper(), decode_number(digits)


def parse_code(text: str) -> GameCode:
    """Parse a game code; see :meth:`GameCode.parse`."""
    return GameCode.parse(text)


# -- the card game's match codes ----------------------------------------------------------------

MATCH_PREFIX = "GC1"
_MATCH_FORM = "GC1-<variant letter><players><rows><columns>-<7 letters A-Z>, e.g. GC1-G233-AAAAAAB"


@dataclass(frozen=True)
class MatchCode:
    """A parsed match code: variant ``letter``, ``players``, board ``shape`` and ``seed``."""

    letter: str
    players: int
    shape: tuple[int, int]
    seed: int

    def __str__(self) -> str:
        return format_match_code(self.letter, self.players, self.shape, self.seed)


def format_match_code(letter: str, players: int, shape: tuple[int, int], seed: int) -> str:
    """``GC1-G233-AAAAAAB``: see the module's documentation."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
        raise CodeError(f"a match code holds 2 to 6 players, not {players!r}")
    rows, cols = shape
    if not (1 <= rows <= 9 and 1 <= cols <= 9):
        raise CodeError(f"a match code cannot hold a {rows}x{cols} board")
    return f"{MATCH_PREFIX}-{_check_letter(letter)}{players}{rows}{cols}-{encode_number(seed)}"


def parse_match_code(text: str) -> MatchCode:
    """Parse ``GC1-<L><P><R><C>-<NNNNNNN>``, ignoring case and surrounding whitespace;
    :class:`CodeError` quoting the text and saying what was expected."""
    if not isinstance(text, str):
        raise CodeError(f"a match code must be text like {_MATCH_FORM}, got {text!r}")
    q = _quote(text)
    parts = text.strip().split("-")
    if len(parts) != 3 or not parts[0].isascii() or parts[0].upper() != MATCH_PREFIX:
        if parts[0].strip().upper() == REPLAY_PREFIX:
            raise CodeError(f"{q} is a replay code ({REPLAY_PREFIX}), not a match code "
                            f"({MATCH_PREFIX})")
        raise CodeError(f"match code {q} is not of the form {_MATCH_FORM}")
    digits = parts[2]
    players, rows, cols = _table(q, parts[1], "match code", _MATCH_FORM)
    if len(digits) != DIGITS or not _is_letters(digits):
        raise CodeError(f"match code {q} has seed part {_quote(digits)}: expected exactly 7 "
                        f"letters A-Z (base 26, A=0): {_MATCH_FORM}")
    if digits.upper() == "A" * DIGITS:
        raise CodeError(f"match code {q} names seed 0: seeds start at 1, AAAAAAB")
    return MatchCode(parts[1][0].upper(), players, (rows, cols), decode_number(digits))


def _table(q: str, table: str, kind: str, form: str) -> tuple[int, int, int]:
    """The players, rows and columns of a code's table part ``<L><P><R><C>`` (checked)."""
    if (len(table) != 4 or not _is_letters(table[0]) or not table[1:].isascii()
            or not table[1:].isdigit()):
        raise CodeError(f"{kind} {q} has table part {_quote(table)}: expected a variant "
                        f"letter, the number of players and the board's rows and columns, "
                        f"such as 'G233': {form}")
    players, rows, cols = int(table[1]), int(table[2]), int(table[3])
    if not 2 <= players <= 6:
        raise CodeError(f"{kind} {q} names {players} players: expected 2 to 6")
    return players, rows, cols


# -- the card game's replay codes (secret deals) ------------------------------------------------

REPLAY_PREFIX = "GK1"
#: Letters of a replay code's secret: 26**28 > 2**128, in groups of :data:`DIGITS`.
SECRET_LETTERS = 28
_SECRET_BITS = 128
_REPLAY_FORM = ("GK1-<variant letter><players><rows><columns>-<4 groups of 7 letters A-Z>, "
                "e.g. GK1-G233-AAAAAAA-AAAAAAA-AAAAAAA-AAAAAAB")


@dataclass(frozen=True)
class ReplayCode:
    """A parsed replay code: variant ``letter``, ``players``, board ``shape`` and the 16-byte
    ``secret`` the match was dealt from."""

    letter: str
    players: int
    shape: tuple[int, int]
    secret: bytes

    def __str__(self) -> str:
        return format_replay_code(self.letter, self.players, self.shape, self.secret)


def format_replay_code(letter: str, players: int, shape: tuple[int, int],
                       secret: bytes) -> str:
    """``GK1-G233-XXXXXXX-XXXXXXX-XXXXXXX-XXXXXXX``: see the module's documentation."""
    table = format_match_code(letter, players, shape, 1).split("-")[1]
    if not isinstance(secret, bytes) or len(secret) * 8 != _SECRET_BITS:
        raise CodeError(f"a replay code holds a secret of {_SECRET_BITS // 8} bytes")
    n = int.from_bytes(secret, "big")
    letters = []
    for _ in range(SECRET_LETTERS):
        n, digit = divmod(n, 26)
        letters.append(_ALPHABET[digit])
    text = "".join(reversed(letters))
    groups = [text[k:k + DIGITS] for k in range(0, SECRET_LETTERS, DIGITS)]
    return "-".join([REPLAY_PREFIX, table, *groups])


def parse_replay_code(text: str) -> ReplayCode:
    """Parse ``GK1-<L><P><R><C>-<7 letters>-<7>-<7>-<7>``, ignoring case and surrounding
    whitespace; :class:`CodeError` quoting the text and saying what was expected."""
    if not isinstance(text, str):
        raise CodeError(f"a replay code must be text like {_REPLAY_FORM}, got {text!r}")
    q = _quote(text)
    parts = text.strip().split("-")
    groups = SECRET_LETTERS // DIGITS
    if (len(parts) != 2 + groups or not parts[0].isascii()
            or parts[0].upper() != REPLAY_PREFIX):
        raise CodeError(f"replay code {q} is not of the form {_REPLAY_FORM}")
    players, rows, cols = _table(q, parts[1], "replay code", _REPLAY_FORM)
    letters = "".join(parts[2:])
    if any(len(g) != DIGITS for g in parts[2:]) or not _is_letters(letters):
        raise CodeError(f"replay code {q}: the secret is {groups} groups of exactly 7 "
                        f"letters A-Z: {_REPLAY_FORM}")
    n = 0
    for ch in letters.upper():
        n = n * 26 + _ALPHABET.index(ch)
    if n >> _SECRET_BITS:
        raise CodeError(f"replay code {q} holds a number of more than {_SECRET_BITS} bits: "
                        f"no match was dealt from it")
    return ReplayCode(parts[1][0].upper(), players, (rows, cols),
                      n.to_bytes(_SECRET_BITS // 8, "big"))
