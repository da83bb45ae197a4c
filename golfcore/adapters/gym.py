"""Golf solitaire as a gymnasium environment, one agent (``docs/pettingzoo.md``).

>>> import gymnasium
>>> import golfcore.adapters.gym
>>> solitaire = gymnasium.make("golfcore/GolfSolitaire-v0", variant="cards4")
>>> observation, info = solitaire.reset(seed=1)
>>> info["deal"], info["legal"]
(4110854134, ['draw'])

The agent observes a dict: ``observation``, the vector of what the player sees
(:func:`golfcore.adapters.encoding.encode_solitaire` of the position in the game's own
observation, :class:`~golfcore.solitaire.observation.SolitaireObservation`: the columns, the
waste, and which cards the stock holds, never their order), and ``action_mask``, the legal
moves. Actions are ids 0 to 7: play column 1 to 7, or draw
(:func:`golfcore.adapters.encoding.solitaire_move`). An action the mask forbids is refused
as the game refuses it: nothing changes, the reward is 0 and ``info`` says why (``refused``,
the reason code). The episode ends when the game is won (reward 1) or lost (reward 0).

``reset(seed=s)`` plays a deal number drawn from ``s``; ``reset(options={"deal": n})`` (or
``deal=n`` when making the environment) plays deal ``n``. Needs gymnasium (the ``pettingzoo``
extra brings it). The game is driven through the one interface
(:mod:`golfcore.adapters.driver`).
"""

from __future__ import annotations

from typing import Any

from golfcore.adapters import encoding as enc
from golfcore.adapters import check_no_redeals, require
from golfcore.adapters.driver import legal_ids, new_game
from golfcore.adapters.text import solitaire_table
from golfcore.errors import GolfError
from golfcore.framework.interface import Playable
from golfcore.shuffle import MAX_DEAL
from golfcore.solitaire.moves import Move
from golfcore.solitaire.observation import SolitaireObservation
from golfcore.solitaire.rules import rule_set

require("gymnasium", "pettingzoo")
require("numpy", "pettingzoo")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402

#: The gymnasium id that importing this module registers.
ENV_ID = "golfcore/GolfSolitaire-v0"

__all__ = ["ENV_ID", "GolfSolitaireEnv"]


class GolfSolitaireEnv(gymnasium.Env[dict[str, Any], Any]):
    """The solitaire under ``variant``; ``deal``: always this deal (else one per seed)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, variant: str = "app-facil", deal: int | None = None,
                 render_mode: str | None = None) -> None:
        self.rules = rule_set(variant)
        check_no_redeals(self.rules)
        self.variant = variant
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise GolfError(f"render_mode {render_mode!r}: expected 'ansi'")
        self.render_mode = render_mode
        if deal is not None:
            self._start(deal)                   # a deal number the game refuses, refused now
        self.deal = deal
        low, high = enc.solitaire_layout().bounds()
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(np.array(low, np.float32), np.array(high, np.float32),
                                      dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (enc.SOLITAIRE_ACTIONS,), dtype=np.int8),
        })
        self.action_space = spaces.Discrete(enc.SOLITAIRE_ACTIONS)
        self.game: Playable[Move, SolitaireObservation] | None = None
        self._deal: int | None = None

    def _start(self, deal: int) -> Playable[Move, SolitaireObservation]:
        """The game of deal number ``deal`` (the solitaire's seed is its deal number)."""
        return new_game("solitaire", self.variant, seed=deal)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        deal = (options or {}).get("deal", self.deal)
        if deal is None:
            deal = int(self.np_random.integers(1, MAX_DEAL + 1))
        self.game, self._deal = self._start(deal), deal
        seen = self.game.observation(0)
        return self._observation(seen), self._info(seen)

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self.game is None:
            raise GolfError("reset the environment before stepping it")
        if self.game.is_over:
            raise GolfError("the game is over: reset the environment")
        result = self.game.act(0, enc.solitaire_move(action))
        seen = self.game.observation(0)
        info = self._info(seen)
        if not result.accepted:
            info["refused"] = result.reason
        reward, = self.game.returns()           # 1 once the game is won, else 0
        return self._observation(seen), reward, self.game.is_over, False, info

    def _observation(self, seen: SolitaireObservation) -> dict[str, Any]:
        assert self.game is not None
        cards = seen.position                   # what the player sees: no stock order
        vector = enc.encode_solitaire(cards.columns, cards.waste, cards.unseen)
        mask = np.zeros(enc.SOLITAIRE_ACTIONS, np.int8)
        mask[legal_ids(self.game, 0, enc.solitaire_action_id)] = 1
        return {"observation": np.array(vector, np.float32), "action_mask": mask}

    def _info(self, seen: SolitaireObservation) -> dict[str, Any]:
        return {"deal": self._deal, "legal": list(seen.legal), "outcome": seen.status.value}

    def render(self) -> str | None:
        """What the player sees, in text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        seen = self.game.observation(0).position
        return "\n".join(solitaire_table(seen.columns, seen.waste, seen.unseen))


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="golfcore.adapters.gym:GolfSolitaireEnv")
