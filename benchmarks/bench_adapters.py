"""The adapters' figures (docs/openspiel.md, docs/pettingzoo.md): run on demand.

    python benchmarks/bench_adapters.py                      # every section, default sizes
    python benchmarks/bench_adapters.py --only ismcts --rounds 100 --simulations 100
    python benchmarks/bench_adapters.py --json out.json

Sections:

* ``speed``: games a second of processor time (``time.process_time``): OpenSpiel's
  ``random_sim_test`` (with serialization, as the tests run it) on ``golf_card`` and
  ``golf_solitaire``; whole random games through each adapter (OpenSpiel states, the PettingZoo
  AEC environment, the gymnasium environment). The programs compared are interleaved, one game
  of each in turn;
* ``ismcts``: OpenSpiel's ``ISMCTSBot`` (resampling through the adapter) against a random seat,
  rounds of ``golf_card(players=2,shape=2x2)``, seats alternating: rounds won (fewer points),
  tied and lost, the bot's share of the decided rounds with a Wilson 95 % interval, each side's
  mean points, and the bot's processor time per decision;
* ``fair``: OpenSpiel's expectiminimax against golfcore's exact fair chance on random small
  positions (3 to 7 cards in the columns, 1 to 6 unseen cards) of every solitaire variant: how
  many positions agree (to 1e-12), and the largest difference.

The seeds are fixed: the same options give the same figures (times aside).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.algorithms.minimax import expectiminimax

import golfcore.adapters.gym  # noqa: F401  (registers the gymnasium environment)
import golfcore.adapters.openspiel  # noqa: F401  (registers the games)
import gymnasium
from golfcore.adapters.pettingzoo import GolfCardEnv
from golfcore.cards import Card
from golfcore.runs.stats import wilson_interval
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import rule_set
from golfcore.solitaire.search.fair import fair_chance

SOLITAIRES = ("traditional", "app-clasico", "app-facil", "cards4", "jokers", "relaxed",
              "putt-putt", "empty-waste")


def play(state: Any, rng: random.Random, seat_action: Callable[[Any], int] | None = None) -> Any:
    """An OpenSpiel state played to its end: chance by its probabilities, seats at random (or by
    ``seat_action``)."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(seat_action(state) if seat_action
                               else rng.choice(state.legal_actions()))
    return state


# -- speed ----------------------------------------------------------------------------------------


def speed(games: int) -> dict[str, Any]:
    card = pyspiel.load_game("golf_card(players=2)")
    solitaire = pyspiel.load_game("golf_solitaire")
    table = GolfCardEnv(players=2)
    gym_env = gymnasium.make("golfcore/GolfSolitaire-v0")
    rng = random.Random(1)
    nprng = np.random.default_rng(1)

    def aec_round() -> None:
        table.reset(seed=rng.randrange(1 << 30))
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            table.step(None if terminated or truncated else
                       int(nprng.choice(np.flatnonzero(observation["action_mask"]))))

    def gym_game() -> None:
        observation, _ = gym_env.reset(seed=rng.randrange(1 << 30))
        over = False
        while not over:
            action = int(nprng.choice(np.flatnonzero(observation["action_mask"])))
            observation, _, over, _, _ = gym_env.step(action)

    programs: dict[str, Callable[[], None]] = {
        "random_sim_test golf_card": lambda: pyspiel.random_sim_test(
            card, num_sims=1, serialize=True, verbose=False),
        "random_sim_test golf_solitaire": lambda: pyspiel.random_sim_test(
            solitaire, num_sims=1, serialize=True, verbose=False),
        "OpenSpiel golf_card round": lambda: play(card.new_initial_state(), rng),
        "OpenSpiel golf_solitaire game": lambda: play(solitaire.new_initial_state(), rng),
        "PettingZoo AEC round": aec_round,
        "gymnasium solitaire game": gym_game,
    }
    spent = dict.fromkeys(programs, 0.0)
    for run in programs.values():               # one untimed warm-up each
        run()
    for _ in range(games):                      # interleaved: one game of each in turn
        for name, run in programs.items():
            start = time.process_time()
            run()
            spent[name] += time.process_time() - start
    return {name: {"games": games, "cpu_seconds": round(spent[name], 3),
                   "games_per_second": round(games / spent[name], 1)} for name in programs}


# -- ismcts ---------------------------------------------------------------------------------------


def ismcts_vs_random(rounds: int, simulations: int) -> dict[str, Any]:
    game = pyspiel.load_game("golf_card(players=2,shape=2x2)")
    rng = random.Random(5)
    bot = ismcts.ISMCTSBot(game=game, uct_c=2.0, max_simulations=simulations,
                           evaluator=mcts.RandomRolloutEvaluator(
                               n_rollouts=1, random_state=np.random.RandomState(5)),
                           random_state=np.random.RandomState(6))
    bot.set_resampler(lambda state, seat: state.resample_from_infostate(seat, rng.random))
    won = tied = 0
    ours, theirs = [], []
    start = time.process_time()
    decisions = 0
    for r in range(rounds):
        seat = r % 2

        def choose(state: Any, seat: int = seat) -> int:
            nonlocal decisions
            if state.current_player() == seat:
                decisions += 1
                return int(bot.step(state))
            return rng.choice(state.legal_actions())

        returns = play(game.new_initial_state(), rng, choose).returns()
        mine, other = -returns[seat], -returns[1 - seat]
        ours.append(mine)
        theirs.append(other)
        won += mine < other
        tied += mine == other
    decided = rounds - tied
    low, high = wilson_interval(won, decided)
    return {"rounds": rounds, "simulations": simulations, "won": won, "tied": tied,
            "lost": decided - won, "share_of_decided_won": round(won / max(decided, 1), 3),
            "wilson95": [round(low, 3), round(high, 3)],
            "bot_mean_points": round(sum(ours) / rounds, 2),
            "random_mean_points": round(sum(theirs) / rounds, 2),
            "cpu_seconds_per_decision": round((time.process_time() - start) / max(decisions, 1),
                                              4)}


# -- fair -----------------------------------------------------------------------------------------


def small_positions(variant: str, count: int, seed: int) -> list[Position]:
    """Random positions: 3 to 7 cards in the columns, the waste's first cards, 1 to 6 unseen."""
    rules = rule_set(variant)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        cards = list(rules.deck())
        rng.shuffle(cards)
        in_columns = rng.randint(3, 7)
        tableau: list[list[Card]] = [[] for _ in range(7)]
        for card in cards[:in_columns]:
            tableau[rng.randrange(7)].append(card)
        waste = cards[in_columns:in_columns + rules.initial_waste]
        stock = cards[in_columns + len(waste):in_columns + len(waste) + rng.randint(1, 6)]
        out.append(Position(tuple(map(tuple, tableau)), tuple(stock), tuple(waste)))
    return out


def expectiminimax_vs_fair(positions: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for variant in SOLITAIRES:
        agree, worst = 0, 0.0
        for position in small_positions(variant, positions, seed=1000 + len(variant)):
            exact = fair_chance(variant, position, fraction=True)
            assert exact.method == "exact", (variant, position.to_text())
            text = position.to_text().strip().replace("\n", "; ")
            game = pyspiel.load_game("golf_solitaire", {"variant": variant, "position": text})
            value, _ = expectiminimax(game.new_initial_state(), 100, None, 0)
            difference = abs(value - float(exact.fraction))
            worst = max(worst, difference)
            agree += difference <= 1e-12
        out[variant] = {"positions": positions, "agree": agree, "max_difference": worst}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="speed,ismcts,fair")
    parser.add_argument("--games", type=int, default=30, help="games per program (speed)")
    parser.add_argument("--rounds", type=int, default=60, help="rounds (ismcts)")
    parser.add_argument("--simulations", type=int, default=50, help="per decision (ismcts)")
    parser.add_argument("--positions", type=int, default=50, help="per variant (fair)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    sections = args.only.split(",")
    figures: dict[str, Any] = {}
    if "speed" in sections:
        figures["speed"] = speed(args.games)
    if "ismcts" in sections:
        figures["ismcts"] = ismcts_vs_random(args.rounds, args.simulations)
    if "fair" in sections:
        figures["fair"] = expectiminimax_vs_fair(args.positions)
    text = json.dumps(figures, indent=2)
    print(text)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
