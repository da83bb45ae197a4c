"""golfcore: the reference rules engine for Golf solitaire and Golf, the card game.

The public API, all importable from here, the same for both games:

* shared: cards and their notation (:class:`Card`, :data:`JOKER`, :func:`parse_card`,
  :func:`parse_cards`, :func:`format_card`); the variant framework (:class:`Variant`,
  :func:`find_variant`, :func:`variants`, :func:`registry`); the errors (:class:`GolfError` and
  its subclasses); :class:`GolfDeprecationWarning`, the warning of a deprecated name
  (``docs/api.md``);
* Golf solitaire (:mod:`golfcore.solitaire`): :class:`Game`, the object a front end holds, over
  the pure functions of :mod:`golfcore.solitaire.engine`; its values :class:`GameState`,
  :class:`Position`, :class:`Move`, :class:`ActionResult`, :class:`Outcome`, :class:`Score`,
  :class:`Round`; its rules :class:`SolitaireRuleSet`; its deals and codes :func:`deal`,
  :class:`Deal`, :class:`GameCode`, :func:`parse_code`, :func:`format_code`;
* Golf, the card game (:mod:`golfcore.cardgame`): :class:`Match`, the object a front end holds,
  over the pure functions of :mod:`golfcore.cardgame.engine`; its values :class:`MatchState`,
  :class:`Action`, :class:`ActResult`; its rules :class:`CardGameRuleSet`; its codes
  :class:`MatchCode`, :func:`parse_match_code`, :func:`format_match_code`.

``golfcore.RuleSet``, the solitaire's rule set under the name it had before the card game
arrived, is deprecated: write :class:`SolitaireRuleSet` (``docs/api.md``).
"""

from golfcore.cardgame.actions import Action
from golfcore.cardgame.engine import ActResult
from golfcore.cardgame.match import Match
from golfcore.cardgame.rules import RuleSet as CardGameRuleSet
from golfcore.cardgame.state import MatchState
from golfcore.cards import JOKER, Card
from golfcore.codes import (GameCode, MatchCode, format_code, format_match_code, parse_code,
                            parse_match_code)
from golfcore.errors import (CardError, CodeError, GolfError, PluginError, PositionError,
                             VariantError)
from golfcore.framework.compose import find_variant
from golfcore.framework.deprecation import GolfDeprecationWarning, deprecated_names
from golfcore.framework.games import game_names
from golfcore.framework.registry import registry
from golfcore.framework.variant import Variant
from golfcore.notation import format_card, parse_card, parse_cards
from golfcore.solitaire.deal import Deal, deal
from golfcore.solitaire.engine import ActionResult
from golfcore.solitaire.game import Game
from golfcore.solitaire.moves import Move, MoveError
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import RuleSet as SolitaireRuleSet
from golfcore.solitaire.scoring import Round, Score
from golfcore.solitaire.state import GameState, Outcome
from golfcore.version import __version__

#: Old names, still working with a warning (docs/api.md, "Deprecated in 0.2").
__getattr__ = deprecated_names(__name__, {
    "RuleSet": (lambda: SolitaireRuleSet, "write golfcore.SolitaireRuleSet instead"),
})


def variants(game: "str | None" = None) -> list[Variant]:
    """Every installed variant, built-in and third-party, of ``game`` (``"solitaire"`` or
    ``"card-game"``), or of every game, the solitaire's first, when ``game`` is ``None``."""
    return [v for name in (game_names() if game is None else (game,)) for v in registry(name)]


__all__ = [
    # shared
    "JOKER", "Card", "CardError", "CodeError", "GolfDeprecationWarning", "GolfError",
    "PluginError", "PositionError",
    "Variant", "VariantError", "__version__", "find_variant", "format_card", "parse_card",
    "parse_cards", "registry", "variants",
    # Golf solitaire
    "ActionResult", "Deal", "Game", "GameCode", "GameState", "Move", "MoveError", "Outcome",
    "Position", "Round", "Score", "SolitaireRuleSet", "deal", "format_code",
    "parse_code",
    # Golf, the card game
    "ActResult", "Action", "CardGameRuleSet", "Match", "MatchCode", "MatchState",
    "format_match_code", "parse_match_code",
]
