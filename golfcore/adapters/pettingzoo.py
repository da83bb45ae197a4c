"""Golf, the card game, as a PettingZoo AEC environment (``docs/pettingzoo.md``).

>>> from golfcore.adapters.pettingzoo import env
>>> table = env(players=3)
>>> table.reset(seed=1)
>>> table.agent_selection
'player_0'

Agents ``player_0`` … ``player_{n-1}`` sit at the seats of a :class:`~golfcore.cardgame.match.
Match`, which plays the rules. Each observes a dict: ``observation``, the vector of what that
seat sees (:func:`golfcore.adapters.encoding.encode_card`, made from the seat's observation
only: no face-down card, no card another seat drew), and ``action_mask``, its legal actions
(ids of :func:`golfcore.adapters.encoding.card_action_id`). An action the mask forbids raises
:class:`golfcore.errors.GolfError` and changes nothing.

``mode="round"`` (the default) plays one round: when it ends every agent is rewarded minus its
points for the round (the ender's penalty included) and terminated. ``mode="match"`` plays the
variant's whole match, rewarding minus the round's points after each round (so each agent's
cumulative reward is minus its total) and dealing the next round itself. A round reaching
``max_turns`` turns is truncated (every agent), which play that turns cards up never reaches.

``reset(seed=s)`` deals the match of a seed drawn from ``s`` (the same seed, the same cards);
``reset()`` with no seed ever given deals from a fresh secret (``golfcore.shuffle``), which no
seed reveals. Needs the ``pettingzoo`` extra. The match is driven through the one interface
(:mod:`golfcore.adapters.driver`); its rounds are the card game's own.
"""

from __future__ import annotations

import random
from typing import Any

from golfcore.adapters import encoding as enc
from golfcore.adapters import require
from golfcore.adapters.driver import gains, legal_ids, new_game, seat_to_act
from golfcore.adapters.text import card_table
from golfcore.cardgame import actions as ca
from golfcore.cardgame.actions import Action
from golfcore.cardgame.engine import check_players
from golfcore.cardgame.match import Match
from golfcore.cardgame.rules import rule_set
from golfcore.errors import GolfError
from golfcore.shuffle import MAX_DEAL

require("pettingzoo", "pettingzoo")
require("gymnasium", "pettingzoo")
require("numpy", "pettingzoo")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402

ROUND, MATCH = "round", "match"

__all__ = ["GolfCardEnv", "env"]


class GolfCardEnv(AECEnv):
    """The card game for ``players`` agents under ``variant`` (a name or a composed string)."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "golf_card_v0",
                                "is_parallelizable": False}

    def __init__(self, variant: str = "card-golf", players: int | None = None,
                 mode: str = ROUND, max_turns: int = 600, render_mode: str | None = None):
        super().__init__()
        self.rules = rule_set(variant)
        self.variant = variant
        self.players = check_players(self.rules.players if players is None else players)
        if mode not in (ROUND, MATCH):
            raise GolfError(f"mode {mode!r}: expected {ROUND!r} or {MATCH!r}")
        if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1:
            raise GolfError(f"max_turns must be a whole number above 0, got {max_turns!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise GolfError(f"render_mode {render_mode!r}: expected one of "
                            f"{', '.join(self.metadata['render_modes'])}")
        self.mode, self.max_turns, self.render_mode = mode, max_turns, render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        size = self.rules.size
        self._actions = enc.card_action_count(size)
        low, high = enc.card_layout(self.players, size).bounds()
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(np.array(low, np.float32), np.array(high, np.float32),
                                      dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self._actions,), dtype=np.int8),
        })
        self._action_space = spaces.Discrete(self._actions)
        self._seeds: random.Random | None = None
        self.match: Match | None = None
        self._before: tuple[float, ...] = ()    # the returns when the round began

    def observation_space(self, agent: str) -> Any:
        return self._observation_space

    def action_space(self, agent: str) -> Any:
        return self._action_space

    # -- playing ---------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        deal = None if self._seeds is None else self._seeds.randint(1, MAX_DEAL)
        match = new_game("card-game", self.variant, seed=deal, players=self.players)
        assert isinstance(match, Match)
        self.match, self._before = match, match.returns()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.turns = 0
        self._select()

    def _select(self) -> None:
        assert self.match is not None
        # the seat on turn; seat 0 between rounds (it deals the next) and once it is over
        self.agent_selection = self.possible_agents[seat_to_act(self.match)]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        assert self.match is not None
        seen = self.match.observation(seat).to_json()
        mask = np.zeros(self._actions, np.int8)
        mask[legal_ids(self.match, seat, self._action_id)] = 1
        vector = enc.encode_card(seen, players=self.players, size=self.rules.size)
        return {"observation": np.array(vector, np.float32), "action_mask": mask}

    def _action_id(self, action: Action) -> int | None:
        """An action's id; ``next`` has none: the environment deals the next round itself."""
        return None if action.kind == ca.NEXT else enc.card_action_id(action, self.rules.size)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.match is not None
        seat = self.possible_agents.index(agent)
        chosen = enc.card_action(action, self.rules.size)
        result = self.match.act(seat, chosen)
        if not result.accepted:
            raise GolfError(f"{agent} may not {chosen} now ({result.reason}): "
                            f"choose an action its action_mask allows")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if chosen.kind in (ca.REPLACE, ca.DISCARD):
            self.turns += 1
        if self.match.round_over:
            self._round_over()
        elif self.turns >= self.max_turns:
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def _round_over(self) -> None:
        assert self.match is not None
        # minus the round's points: the change in each seat's return (minus its total)
        for agent, reward in zip(self.possible_agents, gains(self.match, self._before)):
            self.rewards[agent] = reward
        if self.mode == ROUND or self.match.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
            for agent in self.agents:
                self.infos[agent] = {"totals": list(self.match.totals),
                                     "winners": [f"player_{s}" for s in self.match.winners]}
            return
        self.match.act(0, Action(ca.NEXT))       # deal the next round
        self.turns, self._before = 0, self.match.returns()

    # -- showing ---------------------------------------------------------------------------------

    def render(self) -> str | None:
        """The table as someone watching sees it (no face-down card, no card being drawn)."""
        if self.render_mode is None or self.match is None:
            return None
        seen = self.match.observation(None).to_json()
        head = f"round {seen['round']}, {seen['step']}" + (
            "" if seen["turn"] is None else f", player_{seen['turn']} to play")
        return "\n".join([head] + card_table(seen, self.rules.shape[1]))

    def close(self) -> None:
        pass


def env(**options: Any) -> GolfCardEnv:
    """A :class:`GolfCardEnv` (PettingZoo's usual constructor name)."""
    return GolfCardEnv(**options)
