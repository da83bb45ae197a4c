"""The ``random`` bot: a uniformly random legal action."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from golfcore.cardgame.bots.base import Bot


class RandomBot(Bot):
    """Any legal action, each as likely (drawn from the seed and the observation)."""

    name = "random"
    titles = {"en": "random", "es": "al azar"}
    descriptions = {"en": "Plays any legal move at random.",
                    "es": "Juega cualquier jugada permitida al azar."}

    def act(self, observation: Mapping[str, Any]) -> str:
        legal = self.legal(observation)
        return self.rng(observation).choice(legal)
