"""OpenSpiel's ``ISMCTSBot`` in a seat of golfcore's card game: a bot a tournament can seat.

:class:`ISMCTSSeat` has the interface of golfcore's bots (``ISMCTSSeat(variant, seat, seed,
**options)`` for one match, ``act(observation)`` answering one of ``observation["legal"]``), so
:func:`golfcore.cardgame.tournament.play_match` seats it like any bot (as an
:class:`~golfcore.cardgame.tournament.Entrant`; ``benchmarks/bench_bots.py`` does). It is not
one of ``golf``'s bots: it needs the ``openspiel`` extra.

For each decision it gets what any bot gets, the observation of its seat, and nothing else. It
builds a ``golf_card`` state from it (:func:`golfcore.adapters.openspiel.observed.
observed_state`: the cards the observation does not show drawn at random from the cards it
leaves unseen) and runs OpenSpiel's information-set MCTS
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``, random-rollout evaluation) on it, every
simulation starting from a state drawn again the same way (its resampler). The search's
returns are minus the round's points of each seat (``mode=round``; ``mode=match`` plays the
rollouts to the match's end, far slower).

Options: ``simulations`` (per decision, default 100), ``uct_c`` (UCT's exploration constant,
default 20: the returns are points, tens of them, not OpenSpiel's usual -1 to 1), ``rollouts``
(random rollouts per leaf, default 1), ``mode`` (``round`` or ``match``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from golfcore.adapters.openspiel.card import CardGame
from golfcore.adapters.openspiel.observed import game_for, observed_state
from golfcore.errors import GolfError

DEFAULTS: dict[str, Any] = {"simulations": 100, "uct_c": 20.0, "rollouts": 1, "mode": "round"}


class ISMCTSSeat:
    """OpenSpiel's ISMCTSBot deciding for one seat from its observations (see the module)."""

    name = "ismcts"

    def __init__(self, variant: str, seat: int, seed: int, **options: Any) -> None:
        unknown = sorted(set(options) - set(DEFAULTS))
        if unknown:
            raise GolfError(f"ismcts has no option {', '.join(unknown)} (its options: "
                            f"{', '.join(DEFAULTS)})")
        opts = {**DEFAULTS, **options}
        for key in ("simulations", "rollouts"):
            value = opts[key]
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise GolfError(f"ismcts option {key} must be a whole number above 0, "
                                f"got {value!r}")
        uct_c = opts["uct_c"]
        if isinstance(uct_c, bool) or not isinstance(uct_c, (int, float)) or not uct_c >= 0:
            raise GolfError(f"ismcts option uct_c must be a number, 0 or more, got {uct_c!r}")
        self.variant, self.seat, self.options = variant, seat, opts
        self.rng = random.Random(seed)
        self.bot: Any = None
        self.game: CardGame | None = None

    def _search(self, observation: Mapping[str, Any]) -> tuple[CardGame, Any]:
        if self.game is None:
            self.game = game_for(observation, self.options["mode"])
            opts = self.options
            evaluator = mcts.RandomRolloutEvaluator(
                n_rollouts=opts["rollouts"],
                random_state=np.random.RandomState(self.rng.randrange(2 ** 31)))
            self.bot = ismcts.ISMCTSBot(
                game=self.game, evaluator=evaluator, uct_c=float(opts["uct_c"]),
                max_simulations=opts["simulations"],
                random_state=np.random.RandomState(self.rng.randrange(2 ** 31)))
        return self.game, self.bot

    def act(self, observation: Mapping[str, Any]) -> str:
        """One of ``observation["legal"]``, chosen by ISMCTS on states drawn from the
        observation alone."""
        legal = list(observation["legal"])
        if len(legal) == 1:
            return str(legal[0])
        game, bot = self._search(observation)
        state = observed_state(game, observation, self.rng.random)
        bot.set_resampler(lambda _state, _seat: observed_state(game, observation,
                                                                self.rng.random))
        text = state.action_to_string(self.seat, int(bot.step(state)))
        if text not in legal:     # the adapter's legal actions are the engine's: never
            raise GolfError(f"ismcts chose {text!r}, not one of {legal}")
        return text


__all__ = ["DEFAULTS", "ISMCTSSeat"]
