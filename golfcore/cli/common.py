"""What several ``golf`` commands share about games: which game was asked for, what a move is.

* :func:`add_game_arguments` and :func:`make_game`: the game a command works on, from a game code
  (``GO1-C-AAAAAAB``), or from ``--number N`` and ``--variant V`` (``golf deal``, ``golf play``);
* :func:`check_move`: whether a text is a move or a card, before anything is applied
  (``golf play``); :data:`UNDO_WORDS`: the words read as undo;
* :func:`board_game`: the rule set and starting state of a board read from a code, a file or
  stdin (``golf solve``, ``golf analyse``);
* :func:`game_header` and :func:`letters`: how a game and a variant's code letters are written.
"""

from __future__ import annotations

import argparse
import math
import reprlib
import sys
from typing import TYPE_CHECKING, Any

from golfcore.cards import Card
from golfcore.codes import parse_code
from golfcore.errors import CardError, GolfError
from golfcore.framework.compose import find_variant
from golfcore.framework.variant import Variant
from golfcore.notation import parse_card
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.solitaire.game import Game
from golfcore.solitaire.moves import Move, MoveError
from golfcore.solitaire.rules import RuleSet, rule_set

if TYPE_CHECKING:
    from golfcore.solitaire.boards import Board
    from golfcore.solitaire.state import GameState

#: Move words ``golf play`` reads as undo (everything else goes to :meth:`Game.play`).
UNDO_WORDS = ("undo", "deshacer")

#: The variant of ``--number N`` when no ``--variant`` is given.
DEFAULT_VARIANT = "app-facil"

#: What a composed variant shows where a code or a code letter would be.
NO_LETTER = "- (a composed variant has no code letter)"


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """``--number N`` and ``--variant V``, read by :func:`make_game`."""
    parser.add_argument("--number", "-n", type=int, metavar="N",
                        help=f"deal number N (1 to {MAX_DEAL}) instead of a game code")
    parser.add_argument("--variant", metavar="V",
                        help="variant to play, possibly composed (cards4+jokers=2); with a code "
                             f"it replaces the code's letter; with --number the default is "
                             f"{DEFAULT_VARIANT}")


def make_game(code: str | None, number: int | None, variant: str | None,
              parser: argparse.ArgumentParser) -> Game:
    """The game a command was asked for: a code (its deal under ``variant`` when given), or a
    deal number under ``variant`` (default :data:`DEFAULT_VARIANT`). Giving both a code and a
    number, or neither, is a usage error."""
    if code is not None and number is not None:
        parser.error("give either a game code or --number, not both")
    if code is None and number is None:
        parser.error("give a game code (such as GO1-C-AAAAAAB) or --number N")
    if code is not None:
        if variant is not None:
            return Game(find_variant(variant), deal=parse_code(code).number)
        return Game.from_code(code)
    return Game(find_variant(DEFAULT_VARIANT if variant is None else variant), deal=number)


def is_undo(text: str) -> bool:
    """Whether a move text asks to take back the last action."""
    return text.strip().lower() in UNDO_WORDS


def check_move(text: str, index: int) -> "Move | Card | None":
    """What a move text (the ``index``-th) asks for: a :class:`Move`, a :class:`Card`, or
    ``None`` for an undo word; fail before anything is applied when it is none of them
    (``²``, ``❶`` and a column of 5,000 digits included)."""
    if is_undo(text):
        return None
    try:
        return Move.parse(text)
    except (MoveError, ValueError):     # ValueError: digits int() cannot read, or too many
        try:
            return parse_card(text)
        except (CardError, ValueError):
            raise GolfError(f"move {index} {reprlib.repr(text)} is not a move: expected a "
                            f"column number such as '5', a column and row such as '1.4', "
                            f"'draw', 'undo', or a card such as '9C' or '9 de tréboles'") from None


def check_variant(variant: str | None) -> None:
    """Refuse an empty or blank ``--variant`` at once: it must not mean the default."""
    if variant is not None:
        find_variant(variant)


def read_checked_board(source: str, variant: str | None) -> Board:
    """:func:`~golfcore.solitaire.boards.read_board`, with what it cannot read reported as a
    :class:`GolfError` naming the input: a closed stdin for ``-``, a JSON file holding an
    integer of more digits than Python converts or nesting deeper than it parses."""
    from golfcore.solitaire.boards import read_board

    if source == "-" and sys.stdin is None:
        raise GolfError("-: standard input is closed")
    try:
        return read_board(source, variant)
    except RecursionError:
        raise GolfError(f"{source}: cannot be read: nested too deep") from None
    except ValueError as exc:
        if isinstance(exc, GolfError):
            raise
        raise GolfError(f"{source}: cannot be read: {exc}") from None


def board_game(board: Board, variant: str | None) -> tuple[RuleSet, GameState]:
    """The rule set and starting state of a board (read with ``read_board(source, variant)``,
    which deals a code under ``variant``): ``variant``, else the board's, else
    :data:`DEFAULT_VARIANT`. The position is checked against that variant's deck."""
    from golfcore.solitaire import engine

    if variant is None:
        variant = board.variant or DEFAULT_VARIANT
    rules = rule_set(variant)
    try:
        return rules, engine.start_position(rules, board.position)
    except GolfError as exc:
        raise type(exc)(f"{board.source}: {exc}") from None


def game_header(game: Game) -> list[tuple[str, str]]:
    """(key, value) rows naming a game: its code, its variant, its deal number."""
    variant = game.variant
    return [("code", game.code or NO_LETTER),
            ("variant", f"{variant.name} ({variant.title})"),
            ("deal", str(game.deal))]


def letters(variant: Variant) -> str:
    """A variant's code letter and legacy letters, as ``golf variants`` writes them."""
    if variant.is_composed:
        return NO_LETTER
    if not variant.letter and not variant.legacy_letters:
        return "-"
    text = variant.letter or "-"
    if variant.legacy_letters:
        text += f" (legacy {', '.join(variant.legacy_letters)})"
    return text


def add_search_arguments(parser: argparse.ArgumentParser, what: str = "each search") -> None:
    """``--limit N``, ``--seconds S`` and ``--progress``, read by :func:`search_limits` and
    :class:`~golfcore.cli.output.Searching`."""
    parser.add_argument("--limit", type=int, metavar="N",
                        help=f"stop {what} after N positions; the answer may then be 'unknown'")
    parser.add_argument("--seconds", type=float, metavar="S",
                        help=f"stop {what} after S seconds; the answer may then be 'unknown'")
    parser.add_argument("--progress", action="store_true",
                        help="show on stderr how long the search has been running (the default "
                             "on a terminal)")


def search_limits(args: argparse.Namespace) -> dict[str, Any]:
    """``--limit`` and ``--seconds`` as the solver's keyword arguments (only those given); a
    usage error unless ``--limit`` is 1 or more and ``--seconds`` a number above 0."""
    limits: dict[str, Any] = {}
    if args.limit is not None:
        if args.limit < 1:
            args.parser.error("--limit must be 1 or more")
        limits["limit"] = args.limit
    if args.seconds is not None:
        if not 0 < args.seconds < math.inf:
            args.parser.error("--seconds must be a number of seconds above 0")
        limits["seconds"] = args.seconds
    return limits


def limits_text(limits: dict[str, Any]) -> str:
    """``100 positions``, ``1 s``, ``100 positions or 1 s``: the limits a stopped search hit."""
    parts = []
    if "limit" in limits:
        parts.append(f"{limits['limit']} positions")
    if "seconds" in limits:
        parts.append(f"{limits['seconds']:g} s")
    return " or ".join(parts) or "the limit"
