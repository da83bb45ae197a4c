"""golfcore's games in OpenSpiel: importing this module registers ``golf_solitaire`` and
``golf_card`` with ``pyspiel`` (``docs/openspiel.md``).

>>> import pyspiel
>>> import golfcore.adapters.openspiel
>>> game = pyspiel.load_game("golf_card(players=3)")

Needs the ``openspiel`` extra (``pip install 'golfcore[openspiel]'``): without it, importing
this module raises :class:`golfcore.adapters.MissingExtra` saying so.
"""

from __future__ import annotations

from golfcore.adapters import require

require("pyspiel", "openspiel")
require("numpy", "openspiel")

import pyspiel  # noqa: E402

from golfcore.adapters.openspiel import card, solitaire  # noqa: E402

__all__ = ["card", "solitaire"]

pyspiel.register_game(solitaire.GAME_TYPE, solitaire.SolitaireGame)
pyspiel.register_game(card.GAME_TYPE, card.CardGame)
