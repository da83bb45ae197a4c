"""golfcore: the reference rules engine for Golf solitaire and Golf, the card game.

The public API, all importable from here:

* values: :class:`Card`, :class:`Move`, :class:`Position`, :class:`GameState`, :class:`Outcome`,
  :class:`Score`, :class:`Round`;
* rules: :func:`find_variant`, :class:`Variant`, :class:`RuleSet`, :func:`variants`;
* play: :class:`Game` (a front end's object) and :mod:`golfcore.solitaire.engine` (pure functions);
* deals: :func:`deal`, :func:`parse_code`, :func:`format_code`;
* notation: :func:`parse_card`, :func:`parse_cards`, :func:`format_card`;
* errors: :class:`GolfError` and its subclasses.
"""

from golfcore.cardgame.match import Match
from golfcore.cards import JOKER, Card
from golfcore.codes import GameCode, format_code, parse_code
from golfcore.solitaire.deal import Deal, deal
from golfcore.solitaire.engine import ActionResult
from golfcore.errors import (CardError, CodeError, GolfError, PluginError, PositionError,
                             VariantError)
from golfcore.solitaire.game import Game
from golfcore.solitaire.moves import Move, MoveError
from golfcore.notation import format_card, parse_card, parse_cards
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import RuleSet
from golfcore.solitaire.scoring import Round, Score
from golfcore.solitaire.state import GameState, Outcome
from golfcore.framework.compose import find_variant
from golfcore.framework.registry import registry
from golfcore.framework.variant import Variant


def variants(game: str = "solitaire") -> list[Variant]:
    """Every installed variant of ``game`` (``"solitaire"`` or ``"card-game"``), built-in and
    third-party."""
    return list(registry(game))


__version__ = "0.1.0"

__all__ = [
    "ActionResult", "Card", "Match", "CardError", "CodeError", "Deal", "Game", "GameCode", "GameState",
    "GolfError", "JOKER", "Move", "MoveError", "Outcome", "PluginError", "Position",
    "PositionError", "Round", "RuleSet", "Score", "Variant", "VariantError", "deal",
    "find_variant", "format_card", "format_code", "parse_card", "parse_cards", "parse_code",
    "registry", "variants",
]
