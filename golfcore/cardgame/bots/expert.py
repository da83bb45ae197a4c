"""The ``expert`` bot: the strong bot's determinised search with a larger budget.

It searches the same way as :class:`~golfcore.cardgame.bots.strong.StrongBot` (worlds sampled
from the observation alone, greedy playouts, the chance of winning the match as the value, and
a deviation from the policy's choice (:mod:`.policy`) only when the paired playouts show it
clearly), but:

* more **candidates** (6) within a wider **margin** (10 points) of greedy's best, so that a
  move greedy ranks low (keeping a card for a line, denying a line) is looked at;
* more **worlds**: 64 first, and up to 256 when a candidate beats greedy's choice on average
  but not yet clearly, so that smaller differences are trusted and fewer close decisions are
  left to greedy.

``docs/bots.md`` says how it is measured against ``strong`` and what that showed.
"""

from __future__ import annotations

from typing import Any

from golfcore.cardgame.bots.strong import StrongBot

#: The expert's defaults (the strong bot's options; any may still be given).
DEFAULTS = {"iterations": 64, "candidates": 6, "margin": 10}


class ExpertBot(StrongBot):
    """Determinised search over observations with a larger budget (see the module)."""

    name = "expert"
    titles = {"en": "expert", "es": "experto"}
    descriptions = {
        "en": "Searches thousands of possible deals of the hidden cards before each move; "
              "takes up to two seconds.",
        "es": "Explora miles de repartos posibles de las cartas ocultas antes de cada "
              "jugada; tarda hasta dos segundos.",
    }

    def __init__(self, variant: str, seat: int, seed: int, **options: Any) -> None:
        super().__init__(variant, seat, seed, **{**DEFAULTS, **options})
