#!/usr/bin/env python
"""Engine throughput, per variant, against a pure-Python baseline measured in the same run.

Run on demand (this is not a test)::

    python benchmarks/bench_engine.py                 # 20 games per variant, seed 1
    python benchmarks/bench_engine.py --games 50 --seed 7 --repeats 7
    python benchmarks/bench_engine.py --json          # machine-readable, same figures

How it measures (see benchmarks/README.md for what each column means):

1. For each variant, random games are played with a seeded :class:`random.Random`: deal numbers
   drawn from the whole range, then at each step a random legal move, or now and then (5 %) an
   undo, until the game is won or lost. This records a *trace*: every state where the legal
   moves were asked for, and every accepted (state, move) pair.
2. The trace is then replayed operation by operation, each timed on its own over the same
   inputs: ``engine.legal_moves`` on every recorded state, ``engine.apply`` on every recorded
   accepted action (plays and draws), then ``engine.play`` on the plays alone and
   ``engine.draw`` on the draws alone, and ``engine.undo`` on every state that had something to
   undo.
   The whole random games are also timed end to end.
3. Baselines in the same run and the same process, over the same recorded plays: a bare tuple
   slicing of the 7-column position (``cols[:c-1] + (col[:-1],) + cols[c:]`` plus the waste
   append), and the raw ``Position.after_play`` transition. Engine figures are reported both
   as rates and as multiples of the slicing baseline ("x base"), so that runs on different
   machines can be compared.

Every figure is the median of ``--repeats`` timed repeats after one untimed warm-up pass, with
:func:`time.perf_counter`; each repeat loops over its inputs as many times as it takes to run
for at least 20 ms (as :mod:`timeit` does), and the garbage collector is run before each repeat.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import platform
import pstats
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

import golfcore  # noqa: E402
from golfcore.solitaire import engine  # noqa: E402
from golfcore.solitaire.deal import MAX_DEAL  # noqa: E402
from golfcore.solitaire.moves import Move  # noqa: E402
from golfcore.solitaire.rules import RuleSet  # noqa: E402
from golfcore.solitaire.state import GameState  # noqa: E402
import tables  # noqa: E402
from tables import fmt_rate  # noqa: E402  (benchmarks/tables.py, beside this script)

#: Composed rule sets measured besides the installed variants.
COMPOSED = ("cards4+jokers=2", "app-facil+undo-limit=3", "traditional+empty-waste")
UNDO_RATE = 0.05


@dataclass
class Trace:
    """What the random games did, to be replayed operation by operation."""

    deals: list[int]
    asked: list[GameState]                  # states where legal_moves was called
    actions: list[tuple[GameState, Move]]   # accepted plays and draws
    plays: list[tuple[GameState, int]]      # the accepted plays alone (for the baselines)
    undoable: list[GameState]               # states on which an undo was accepted
    won: int = 0
    lost: int = 0


@dataclass
class Row:
    variant: str
    games: int
    won: int
    actions: int
    legal_calls: int
    apply_per_s: float
    apply_us: float
    apply_x_base: float
    play_us: float
    draw_us: float
    legal_per_s: float
    legal_us: float
    legal_x_base: float
    undo_per_s: float
    games_per_s: float
    game_actions_per_s: float
    base_slice_per_s: float
    base_after_play_per_s: float


def play_random_game(rules: RuleSet, number: int, rnd: random.Random,
                     trace: Trace | None = None) -> GameState:
    """One random game to its end: a random legal move, or now and then an undo."""
    state = engine.start_deal(rules, number)
    legal_moves, apply, undo = engine.legal_moves, engine.apply, engine.undo
    while True:
        legal = legal_moves(rules, state)
        if trace is not None:
            trace.asked.append(state)
        if not legal:
            return state
        if state.undoable and rnd.random() < UNDO_RATE:
            result = undo(rules, state)
            if trace is not None:
                trace.undoable.append(state)
        else:
            move = legal[rnd.randrange(len(legal))]
            result = apply(rules, state, move)
            if trace is not None:
                trace.actions.append((state, move))
                if not move.is_draw:
                    trace.plays.append((state, move.column))
        assert result.accepted, (rules.name, number, result.reason)
        state = result.state


def record(rules: RuleSet, games: int, seed: int) -> Trace:
    rnd = random.Random(f"{seed}:{rules.name}")
    deals = [rnd.randint(1, MAX_DEAL) for _ in range(games)]
    trace = Trace(deals, [], [], [], [])
    for number in deals:
        final = play_random_game(rules, number, rnd, trace)
        outcome = engine.outcome(rules, final)
        trace.won += outcome is golfcore.Outcome.WON
        trace.lost += outcome is golfcore.Outcome.LOST
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


def measure(variant: str, games: int, seed: int, repeats: int) -> Row:
    rules = RuleSet(variant)  # a fresh rule set: nothing cached from an earlier variant
    trace = record(rules, games, seed)
    asked, actions, plays, undoable = trace.asked, trace.actions, trace.plays, trace.undoable
    legal_moves, apply, undo = engine.legal_moves, engine.apply, engine.undo

    def run_legal() -> None:
        for state in asked:
            legal_moves(rules, state)

    def run_apply() -> None:
        for state, move in actions:
            apply(rules, state, move)

    play_actions = [(st, m.column) for st, m in actions if not m.is_draw]
    draw_states = [st for st, m in actions if m.is_draw]
    play, draw = engine.play, engine.draw

    def run_plays() -> None:
        for state, column in play_actions:
            play(rules, state, column)

    def run_draws() -> None:
        for state in draw_states:
            draw(rules, state)

    def run_undo() -> None:
        for state in undoable:
            undo(rules, state)

    # The baseline does, for every accepted action, the tuple work a play needs: the same
    # number of operations as run_apply, on the same positions.
    slices = [(s.position.columns, s.position.waste, c) for s, c in plays]
    slices = (slices * (len(actions) // max(1, len(slices)) + 1))[:len(actions)]

    def run_slice() -> None:
        for cols, waste, c in slices:
            src = cols[c - 1]
            (cols[:c - 1] + (src[:-1],) + cols[c:], waste + (src[-1],))

    after = [(s.position, c) for s, c in plays]
    after = (after * (len(actions) // max(1, len(after)) + 1))[:len(actions)]

    def run_after_play() -> None:
        for position, c in after:
            position.after_play(c)

    def run_games() -> None:
        rnd = random.Random(f"{seed}:{variant}:games")
        for number in trace.deals:
            play_random_game(rules, number, rnd)

    # Actions (plays, draws, undos) of the end-to-end games, counted once.
    rnd = random.Random(f"{seed}:{variant}:games")
    count = Trace([], [], [], [], [])
    for number in trace.deals:
        play_random_game(rules, number, rnd, count)
    game_actions = len(count.actions) + len(count.undoable)

    t_legal = timed(run_legal, repeats)
    t_apply = timed(run_apply, repeats)
    t_plays = timed(run_plays, repeats) if play_actions else 0.0
    t_draws = timed(run_draws, repeats) if draw_states else 0.0
    t_undo = timed(run_undo, repeats) if undoable else 0.0
    t_slice = timed(run_slice, repeats)
    t_after = timed(run_after_play, repeats)
    t_games = timed(run_games, repeats)

    n_apply, n_legal = len(actions), len(asked)
    base_us = t_slice / n_apply * 1e6
    apply_us = t_apply / n_apply * 1e6
    legal_us = t_legal / n_legal * 1e6
    return Row(
        variant=variant, games=games, won=trace.won, actions=n_apply, legal_calls=n_legal,
        apply_per_s=n_apply / t_apply, apply_us=apply_us, apply_x_base=apply_us / base_us,
        play_us=t_plays / max(1, len(play_actions)) * 1e6,
        draw_us=t_draws / max(1, len(draw_states)) * 1e6,
        legal_per_s=n_legal / t_legal, legal_us=legal_us, legal_x_base=legal_us / base_us,
        undo_per_s=len(undoable) / t_undo if t_undo else 0.0,
        games_per_s=games / t_games, game_actions_per_s=game_actions / t_games,
        base_slice_per_s=n_apply / t_slice, base_after_play_per_s=n_apply / t_after,
    )


COLUMNS = [
    ("variant", "variant", "{}"),
    ("won", "won", "{}"),
    ("actions", "actions", "{}"),
    ("apply/s", "apply_per_s", fmt_rate),
    ("apply us", "apply_us", "{:.2f}"),
    ("x base", "apply_x_base", "{:.1f}"),
    ("play us", "play_us", "{:.2f}"),
    ("draw us", "draw_us", "{:.2f}"),
    ("legal/s", "legal_per_s", fmt_rate),
    ("legal us", "legal_us", "{:.2f}"),
    ("x base", "legal_x_base", "{:.1f}"),
    ("undo/s", "undo_per_s", fmt_rate),
    ("games/s", "games_per_s", "{:.0f}"),
    ("game act/s", "game_actions_per_s", fmt_rate),
    ("base slice/s", "base_slice_per_s", fmt_rate),
    ("after_play/s", "base_after_play_per_s", fmt_rate),
]


def table(rows: list[Row]) -> str:
    return tables.table(rows, COLUMNS)


def profile(variant: str, games: int, seed: int, top: int) -> str:
    """cProfile of the end-to-end random games of one variant, hottest functions first."""
    rules = RuleSet(variant)
    rnd = random.Random(f"{seed}:{variant}:profile")
    deals = [rnd.randint(1, MAX_DEAL) for _ in range(games)]
    for number in deals[:2]:  # warm the verdict cache as the timed runs do
        play_random_game(rules, number, random.Random(0))
    prof = cProfile.Profile()
    prof.enable()
    for number in deals:
        play_random_game(rules, number, rnd)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="random games per variant (20)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games (1)")
    parser.add_argument("--repeats", type=int, default=5,
                        help="timed repeats per figure; the median is reported (5)")
    parser.add_argument("--variant", action="append", dest="variants", metavar="NAME",
                        help="measure only this variant (repeatable); default: every installed "
                             "variant plus " + ", ".join(COMPOSED))
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--profile", metavar="VARIANT",
                        help="print a cProfile of VARIANT's random games instead")
    parser.add_argument("--top", type=int, default=25, help="functions shown by --profile")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")

    if args.profile:
        print(profile(args.profile, args.games, args.seed, args.top))
        return 0

    names = args.variants or sorted(v.name for v in golfcore.registry("solitaire")) + list(COMPOSED)
    rows = [measure(name, args.games, args.seed, args.repeats) for name in names]
    meta = {
        "date": time.strftime("%Y-%m-%d"),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "games": args.games, "seed": args.seed, "repeats": args.repeats,
    }
    if args.json:
        print(json.dumps({"meta": meta, "rows": [asdict(r) for r in rows]}, indent=2))
    else:
        print(f"golfcore engine benchmark: {args.games} random games per variant, seed "
              f"{args.seed}, median of {args.repeats} repeats; Python {meta['python']} "
              f"({meta['implementation']}, {meta['machine']}, {meta['cpus']} CPUs), {meta['date']}")
        print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
