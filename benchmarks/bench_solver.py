"""Solver benchmark: PySolFC Golf deals A..B under the three rule families of the reference data.

Run on demand (not a test)::

    python benchmarks/bench_solver.py                 # deals 1..2000, 2 worker processes
    python benchmarks/bench_solver.py --deals 1..200 --workers 1 --json

Deals are dealt by pysol-cards (PySolFC's own numbering, as the reference solver's were) and
checked against golfcore's dealer. For each family it reports the time per deal (median, p90,
max), the positions visited, and the share of deals winnable; the families' reference figures
(black-hole-solver 1.14, a C solver, on deals 1..2000 on a 2-core machine) are printed beside.

Baseline measured in the same run: the same depth-first search over (stock position, column
heights, waste card) *without any pruning* (black-hole-solver's algorithm for Golf), in the same
Python, on the first ``--baseline`` deals of the range; the report gives our time and positions as
ratios against it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from golfcore.solitaire.deal import deal as golfcore_deal  # noqa: E402
from golfcore.solitaire.position import Position  # noqa: E402
from golfcore.solitaire.rules import rule_set  # noqa: E402
from golfcore.solitaire.solver import solver_for  # noqa: E402

FAMILIES = {
    "no-wrap, nothing on a king": "cards4",
    "no-wrap, queen on a king": "app-clasico",
    "king-ace wrap, queen on a king": "app-facil",
}
#: black-hole-solver 1.14 on PySolFC deals 1..2000 (shared/oracle/README.md).
REFERENCE = {
    "no-wrap, nothing on a king": {"median": 0.070, "p90": 0.32, "max": 1.2, "winnable": 25.25},
    "no-wrap, queen on a king": {"median": 0.075, "p90": 0.41, "max": 1.6, "winnable": 45.25},
    "king-ace wrap, queen on a king": {"median": 0.007, "p90": 0.14, "max": 1.3,
                                       "winnable": 92.85},
}


def pysol_position(number: int) -> Position:
    """Deal ``number`` as pysol-cards deals it, checked against golfcore's own dealer."""
    from pysol_cards.cards import CardRenderer
    from pysol_cards.deal_game import Game
    from pysol_cards.random_base import RandomBase

    text = Game("golf", number, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
    lines = text.strip().splitlines()
    stock = lines[0].split(":", 1)[1].split()
    waste = lines[1].split(":", 1)[1].split()
    columns = [line.split() for line in lines[2:9]]
    position = Position.build(columns, stock, waste)
    ours = golfcore_deal(number)
    assert position.columns == ours.columns and position.stock == ours.stock, number
    return position


def solve_one(task: tuple[int, str]) -> dict:
    number, variant = task
    position = pysol_position(number)
    solver = solver_for(rule_set(variant))
    started = time.process_time()
    result = solver.solve(position, best=False)
    return {"deal": number, "variant": variant, "winnable": result.winnable,
            "visited": result.visited, "seconds": time.process_time() - started}


def unpruned(task: tuple[int, str]) -> dict:
    """The baseline: exhaustive DFS over (stock position, heights, waste card), no pruning."""
    number, variant = task
    position = pysol_position(number)
    rules = rule_set(variant)
    playable = rules.playable
    columns = position.columns
    stock = position.stock
    seen: set = set()
    heights = [len(c) for c in columns]
    sys.setrecursionlimit(10000)

    def dfs(s: int, waste, left: int) -> bool:
        if left == 0:
            return True
        key = (tuple(heights), s, waste)
        if key in seen:
            return False
        seen.add(key)
        ok = playable[waste]
        can_play = False
        for i in range(7):
            h = heights[i]
            if h and columns[i][h - 1] in ok:
                can_play = True
                heights[i] -= 1
                won = dfs(s, columns[i][h - 1], left - 1)
                heights[i] += 1
                if won:
                    return True
        if s < len(stock) and rules.may_draw(None, can_play):
            return dfs(s + 1, stock[s], left)
        return False

    started = time.process_time()
    won = dfs(0, position.waste_top, position.tableau_count)
    return {"deal": number, "variant": variant, "winnable": won, "visited": len(seen),
            "seconds": time.process_time() - started}


def pmap(fn, tasks, workers: int) -> list[dict]:
    if workers == 1:
        return [fn(t) for t in tasks]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(fn, tasks, chunksize=4))


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarise(records: list[dict]) -> dict:
    times = [r["seconds"] for r in records]
    visits = [r["visited"] for r in records]
    return {
        "deals": len(records),
        "winnable": 100.0 * sum(bool(r["winnable"]) for r in records) / len(records),
        "median": statistics.median(times), "p90": quantile(times, 0.9), "max": max(times),
        "mean": statistics.fmean(times),
        "visited_median": statistics.median(visits), "visited_max": max(visits),
        "visited_total": sum(visits),
        "positions_per_second": sum(visits) / max(sum(times), 1e-9),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1..2000", help="range A..B (default 1..2000)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--baseline", type=int, default=20,
                        help="deals of the range for the unpruned baseline (default 20, 0: none)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    first, _, last = args.deals.partition("..")
    numbers = list(range(int(first), int(last or first) + 1))
    report: dict = {"deals": args.deals, "workers": args.workers, "families": {}}
    for family, variant in FAMILIES.items():
        started = time.perf_counter()
        records = pmap(solve_one, [(n, variant) for n in numbers], args.workers)
        summary = summarise(records)
        summary["wall"] = time.perf_counter() - started
        if args.baseline:
            sample = numbers[:args.baseline]
            base = pmap(unpruned, [(n, variant) for n in sample], args.workers)
            ours = [r for r in records if r["deal"] in set(sample)]
            assert [r["winnable"] for r in base] == [r["winnable"] for r in ours]
            summary["baseline"] = {
                "deals": len(sample),
                "time_ratio": sum(r["seconds"] for r in ours) / max(
                    sum(r["seconds"] for r in base), 1e-9),
                "visited_ratio": sum(r["visited"] for r in ours) / max(
                    sum(r["visited"] for r in base), 1),
                "baseline_positions_per_second": sum(r["visited"] for r in base) / max(
                    sum(r["seconds"] for r in base), 1e-9),
            }
        summary["reference"] = REFERENCE[family]
        report["families"][family] = summary
        if not args.json:
            print_family(family, variant, summary)
    if args.json:
        print(json.dumps(report, indent=2))
    return 0


def print_family(family: str, variant: str, s: dict) -> None:
    ref = s["reference"]
    print(f"{family} ({variant}): {s['deals']} deals, winnable {s['winnable']:.2f} % "
          f"(reference {ref['winnable']} %)")
    print(f"  time per deal: median {s['median'] * 1000:.1f} ms, p90 {s['p90'] * 1000:.0f} ms, "
          f"max {s['max']:.2f} s, mean {s['mean'] * 1000:.1f} ms "
          f"(reference C solver: median {ref['median'] * 1000:.0f} ms, p90 {ref['p90'] * 1000:.0f}"
          f" ms, max {ref['max']} s)")
    print(f"  positions visited: median {s['visited_median']:.0f}, max {s['visited_max']}, "
          f"total {s['visited_total']}, {s['positions_per_second'] / 1000:.0f} k/s")
    if "baseline" in s:
        b = s["baseline"]
        print(f"  vs unpruned DFS on deals 1..{b['deals']} (same run): time x{b['time_ratio']:.3f},"
              f" positions x{b['visited_ratio']:.3f} (unpruned: "
              f"{b['baseline_positions_per_second'] / 1000:.0f} k positions/s)")
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
