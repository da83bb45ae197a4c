#!/usr/bin/env python
"""Card-game engine throughput, per variant and number of players, against pure-Python
baselines measured in the same run.

Run on demand (this is not a test)::

    python benchmarks/bench_cardgame.py                  # 10 random rounds per row, seed 1
    python benchmarks/bench_cardgame.py --rounds 40 --seed 7 --repeats 7
    python benchmarks/bench_cardgame.py --variant six-card --players 4
    python benchmarks/bench_cardgame.py --json           # machine-readable, same figures

How it measures (see benchmarks/README.md for what each column means):

1. For each variant (``card-golf`` on every board shape of :data:`golfcore.cardgame.board.SHAPES`,
   and ``six-card``) and each number of players (2, 4 and 6 by default), random rounds are played
   with a seeded :class:`random.Random`: a new match from a random seed, then at each step the
   seat that may act takes a random legal action, until the round is over. This records a
   *trace*: every (state, seat) where the legal actions were asked for and every accepted
   (state, seat, action).
2. The trace is replayed operation by operation, each timed on its own over the same inputs:
   ``engine.act`` on every accepted action, ``engine.legal_actions`` on every recorded state,
   ``observation.seen(...).to_json()`` for the seat on turn on every recorded state, and for
   the spectator on the same states. The whole random rounds are also timed end to
   end (deal, legal actions, choice, act).
3. Baselines in the same run and process, over the same recorded actions: building a new tuple
   of the boards with one board swapped in (``boards[:s] + (board,) + boards[s + 1:]``, the
   least an immutable turn does), and copying the round with one field changed
   (``dataclasses.replace(round_state, step=...)``). Engine figures are reported as rates and as
   multiples of the tuple baseline ("x base"), so runs on different machines can be compared;
   ``engine.act`` also as a multiple of the ``replace`` baseline ("x repl").

Every figure is the median of ``--repeats`` timed repeats after one untimed warm-up pass, with
:func:`time.perf_counter`; each repeat loops over its inputs as many times as it takes to run
for at least 20 ms (as :mod:`timeit` does), and the garbage collector is run before each repeat.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from collections.abc import Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from golfcore.cardgame import engine  # noqa: E402
from golfcore.cardgame.actions import Action  # noqa: E402
from golfcore.cardgame.board import SHAPES, format_shape  # noqa: E402
from golfcore.cardgame.observation import seen  # noqa: E402
from golfcore.cardgame.rules import RuleSet  # noqa: E402
from golfcore.cardgame.state import OVER, MatchState  # noqa: E402
from golfcore.shuffle import MAX_DEAL  # noqa: E402
import tables  # noqa: E402
from tables import fmt_rate  # noqa: E402  (benchmarks/tables.py, beside this script)

#: The variants measured by default: the document's game on every board shape, and six-card.
VARIANTS = tuple(f"card-golf+shape={format_shape(s)}" for s in SHAPES) + ("six-card",)
PLAYERS = (2, 4, 6)


@dataclass
class Trace:
    """What the random rounds did, to be replayed operation by operation."""

    seeds: list[int]
    asked: list[tuple[MatchState, int]]                 # (state, seat) legal_actions was asked
    actions: list[tuple[MatchState, int, Action]]       # accepted (state, seat, action)


@dataclass
class Row:
    variant: str
    players: int
    rounds: int
    actions: int
    act_per_s: float
    act_us: float
    act_x_base: float
    act_x_replace: float
    legal_per_s: float
    legal_us: float
    legal_x_base: float
    obs_per_s: float
    obs_us: float
    obs_x_base: float
    spectator_us: float
    rounds_per_s: float
    round_actions_per_s: float
    base_tuple_per_s: float
    base_replace_per_s: float


def play_random_round(rules: RuleSet, players: int, seed: int, rnd: random.Random,
                      trace: Trace | None = None) -> MatchState:
    """One random round of a new match, to its end: the seat on turn takes a random legal
    action."""
    match = engine.start_match(rules, players, seed)
    legal_actions, act = engine.legal_actions, engine.act
    while match.current.step != OVER:
        seat = match.current.turn
        legal = legal_actions(rules, match, seat)
        action = legal[rnd.randrange(len(legal))]
        result = act(rules, match, seat, action)
        assert result.accepted, (rules.name, seed, seat, action, result.reason)
        if trace is not None:
            trace.asked.append((match, seat))
            trace.actions.append((match, seat, action))
        match = result.state
    return match


def record(rules: RuleSet, players: int, rounds: int, seed: int) -> Trace:
    rnd = random.Random(f"{seed}:{rules.name}:{players}")
    seeds = [rnd.randint(1, MAX_DEAL) for _ in range(rounds)]
    trace = Trace(seeds, [], [])
    for number in seeds:
        play_random_round(rules, players, number, rnd, trace)
    return trace


def timed(fn: Callable[[], object], repeats: int, min_time: float = 0.02) -> float:
    """Median wall time of one run of ``fn``: one untimed warm-up run, then the number of loops
    that takes at least ``min_time`` seconds is found (doubling, as :mod:`timeit` does), then
    ``repeats`` timed repeats of that many loops; each repeat's time is divided by its loops."""
    fn()

    def run(loops: int) -> float:
        gc.collect()
        start = time.perf_counter()
        for _ in range(loops):
            fn()
        return time.perf_counter() - start

    loops = 1
    while run(loops) < min_time:
        loops *= 2
    return statistics.median(run(loops) / loops for _ in range(repeats))


def measure(variant: str, players: int, rounds: int, seed: int, repeats: int) -> Row:
    rules = RuleSet(variant)  # a fresh rule set: nothing cached from an earlier row
    trace = record(rules, players, rounds, seed)
    asked, actions = trace.asked, trace.actions
    act, legal_actions = engine.act, engine.legal_actions

    def run_act() -> None:
        for state, seat, action in actions:
            act(rules, state, seat, action)

    def run_legal() -> None:
        for state, seat in asked:
            legal_actions(rules, state, seat)

    def run_obs() -> None:
        for state, seat in asked:
            seen(rules, state, seat).to_json()

    def run_spectator() -> None:
        for state, _ in asked:
            seen(rules, state, None).to_json()

    # Baseline 1: for every accepted action, the tuple work an immutable turn needs at least:
    # a new tuple of the boards with the acting seat's board swapped in.
    swaps = [(state.current.boards, seat) for state, seat, _ in actions]

    def run_tuple() -> None:
        for boards, seat in swaps:
            boards[:seat] + (boards[seat],) + boards[seat + 1:]

    # Baseline 2: copying the round state with one field changed (what every accepted action
    # does at least once).
    rounds_states = [state.current for state, _, _ in actions]
    replace = dataclasses.replace

    def run_replace() -> None:
        for rnd in rounds_states:
            replace(rnd, step="draw")

    def run_rounds() -> None:
        rnd = random.Random(f"{seed}:{variant}:{players}:rounds")
        for number in trace.seeds:
            play_random_round(rules, players, number, rnd)

    count = Trace([], [], [])
    rnd = random.Random(f"{seed}:{variant}:{players}:rounds")
    for number in trace.seeds:
        play_random_round(rules, players, number, rnd, count)
    round_actions = len(count.actions)

    t_act = timed(run_act, repeats)
    t_legal = timed(run_legal, repeats)
    t_obs = timed(run_obs, repeats)
    t_spec = timed(run_spectator, repeats)
    t_tuple = timed(run_tuple, repeats)
    t_replace = timed(run_replace, repeats)
    t_rounds = timed(run_rounds, repeats)

    n_act, n_asked = len(actions), len(asked)
    base_us = t_tuple / n_act * 1e6
    act_us = t_act / n_act * 1e6
    legal_us = t_legal / n_asked * 1e6
    obs_us = t_obs / n_asked * 1e6
    return Row(
        variant=variant, players=players, rounds=rounds, actions=n_act,
        act_per_s=n_act / t_act, act_us=act_us, act_x_base=act_us / base_us,
        act_x_replace=t_act / t_replace,
        legal_per_s=n_asked / t_legal, legal_us=legal_us, legal_x_base=legal_us / base_us,
        obs_per_s=n_asked / t_obs, obs_us=obs_us, obs_x_base=obs_us / base_us,
        spectator_us=t_spec / n_asked * 1e6,
        rounds_per_s=rounds / t_rounds, round_actions_per_s=round_actions / t_rounds,
        base_tuple_per_s=n_act / t_tuple, base_replace_per_s=n_act / t_replace,
    )


COLUMNS = [
    ("variant", "variant", "{}"),
    ("players", "players", "{}"),
    ("actions", "actions", "{}"),
    ("act/s", "act_per_s", fmt_rate),
    ("act us", "act_us", "{:.2f}"),
    ("x base", "act_x_base", "{:.1f}"),
    ("x repl", "act_x_replace", "{:.1f}"),
    ("legal/s", "legal_per_s", fmt_rate),
    ("legal us", "legal_us", "{:.2f}"),
    ("x base", "legal_x_base", "{:.1f}"),
    ("obs/s", "obs_per_s", fmt_rate),
    ("obs us", "obs_us", "{:.2f}"),
    ("x base", "obs_x_base", "{:.1f}"),
    ("spect us", "spectator_us", "{:.2f}"),
    ("rounds/s", "rounds_per_s", "{:.0f}"),
    ("round act/s", "round_actions_per_s", fmt_rate),
    ("base tuple/s", "base_tuple_per_s", fmt_rate),
    ("replace/s", "base_replace_per_s", fmt_rate),
]


def table(rows: list[Row]) -> str:
    return tables.table(rows, COLUMNS)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10,
                        help="random rounds per variant and number of players (10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random rounds (1)")
    parser.add_argument("--repeats", type=int, default=5,
                        help="timed repeats per figure; the median is reported (5)")
    parser.add_argument("--variant", action="append", dest="variants", metavar="NAME",
                        help="measure only this variant (repeatable); default: card-golf on "
                             "every board shape, and six-card")
    parser.add_argument("--players", action="append", type=int, metavar="N",
                        help="measure only N players (repeatable); default: 2, 4 and 6")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.repeats < 1:
        parser.error("--rounds and --repeats must be at least 1")
    players = args.players or list(PLAYERS)
    if any(not 2 <= p <= 6 for p in players):
        parser.error("--players must be from 2 to 6")

    names = args.variants or list(VARIANTS)
    rows = [measure(name, p, args.rounds, args.seed, args.repeats)
            for name in names for p in players]
    meta = {
        "date": time.strftime("%Y-%m-%d"),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "rounds": args.rounds, "seed": args.seed, "repeats": args.repeats,
    }
    if args.json:
        print(json.dumps({"meta": meta, "rows": [asdict(r) for r in rows]}, indent=2))
    else:
        print(f"golfcore card-game benchmark: {args.rounds} random rounds per row, seed "
              f"{args.seed}, median of {args.repeats} repeats; Python {meta['python']} "
              f"({meta['implementation']}, {meta['machine']}, {meta['cpus']} CPUs), "
              f"{meta['date']}")
        print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
