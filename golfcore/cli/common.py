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
from typing import TYPE_CHECKING

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
    return Game(find_variant(variant or DEFAULT_VARIANT), deal=number)


def is_undo(text: str) -> bool:
    """Whether a move text asks to take back the last action."""
    return text.strip().lower() in UNDO_WORDS


def check_move(text: str, index: int) -> None:
    """Fail before anything is applied when a move text (the ``index``-th) is neither a move,
    nor an undo word, nor a card."""
    if is_undo(text):
        return
    try:
        Move.parse(text)
    except MoveError:
        try:
            parse_card(text)
        except CardError:
            raise GolfError(f"move {index} {text!r} is not a move: expected a column number "
                            f"such as '5', a column and row such as '1.4', 'draw', 'undo', or "
                            f"a card such as '9C' or '9 de tréboles'") from None


def board_game(board: Board, variant: str | None) -> tuple[RuleSet, GameState]:
    """The rule set and starting state of a board (read with ``read_board(source, variant)``,
    which deals a code under ``variant``): ``variant``, else the board's, else
    :data:`DEFAULT_VARIANT`. The position is checked against that variant's deck."""
    from golfcore.solitaire import engine

    rules = rule_set(variant or board.variant or DEFAULT_VARIANT)
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
