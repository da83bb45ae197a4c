"""Measured strength of the card game's bots (docs/bots.md): run on demand.

    python benchmarks/bench_bots.py                       # everything, default sizes
    python benchmarks/bench_bots.py --rounds 400 --matches 100 --processes 2 --json out.json
    python benchmarks/bench_bots.py --only selfplay,dominated

Sections:

* ``selfplay``: greedy and random self-play, 2 players, the document's rules (card-golf) on
  2x3, 3x3 and 3x4: mean points per round with a 95% interval (targets of an independent
  simulation: greedy 12.1 / 22.8 / 28.5, random 40.8 / 63.9 / 86.3; greedy must be at or below);
* ``headsup``: strong against greedy, matches to the variant's end on card-golf (3x3) and on
  six-card, seats alternating: strong's share of matches won (a shared win counts half) with a
  Wilson 95% interval (goal: >= 60%, lower bound > 50%), and strong's decision times (median and
  p95; goal: under 100 ms and 500 ms);
* ``dominated``: dominated moves (golfcore.cardgame.bots.dominated) over greedy's and strong's
  decisions (goal: 0);
* ``table4``: a 4-player table strong, greedy, greedy, random (seats rotating): mean points per
  round (goal: strictly ordered strong < greedy < random).

Work is spread over ``--processes`` worker processes (at most 2 on the shared machine). The
seeds are fixed: the same options give the same figures.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from multiprocessing import Pool
from typing import Any

from golfcore.cardgame.bots import dominated, find_bot
from golfcore.cardgame.match import Match

SHAPES = ("2x3", "3x3", "3x4")
TARGETS = {"greedy": {"2x3": 12.1, "3x3": 22.8, "3x4": 28.5},
           "random": {"2x3": 40.8, "3x3": 63.9, "3x4": 86.3}}


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    if len(values) < 2:
        return (values[0] if values else float("nan"), float("nan"))
    return statistics.mean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (float("nan"), float("nan"))
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


# -- jobs (run in worker processes) ------------------------------------------------------------------


def job_round(args: tuple[str, list[str], int, bool, dict[str, Any]]) -> dict[str, Any]:
    """One round: the seats' scores, decision times and dominated moves of greedy and strong."""
    variant, names, seed, check, options = args
    match = Match(variant, players=len(names), seed=seed)
    bots = [find_bot(n)(variant, s, seed * 16 + s, **options.get(n, {}))
            for s, n in enumerate(names)]
    times: list[float] = []
    decisions = {"greedy": 0, "strong": 0}
    bad: list[str] = []
    while not match.round_over:
        seat = match.turn
        assert seat is not None
        obs = match.observe(seat)
        start = time.perf_counter()
        action = bots[seat].act(obs)
        spent = time.perf_counter() - start
        name = names[seat]
        if name == "strong":
            times.append(spent)
        if check and name in decisions:
            decisions[name] += 1
            why = dominated(obs, action)
            if why is not None:
                bad.append(f"{name} {action}: {why}")
        match.act(seat, action)
    return {"scores": list(match.state.results[-1].scores), "times": times,
            "decisions": decisions, "dominated": bad}


def job_match(args: tuple[str, int, int, dict[str, Any]]) -> dict[str, Any]:
    """One heads-up match strong against greedy, strong at ``seat``: who won, decision times,
    dominated moves."""
    variant, seed, strong_seat, options = args
    names = ["greedy", "greedy"]
    names[strong_seat] = "strong"
    match = Match(variant, players=2, seed=seed)
    bots = [find_bot(n)(variant, s, seed * 16 + s, **options.get(n, {}))
            for s, n in enumerate(names)]
    times: list[float] = []
    decisions = {"greedy": 0, "strong": 0}
    bad: list[str] = []
    while not match.is_over:
        if match.round_over:
            match.act(0, "next")
            continue
        seat = match.turn
        assert seat is not None
        obs = match.observe(seat)
        start = time.perf_counter()
        action = bots[seat].act(obs)
        spent = time.perf_counter() - start
        if names[seat] == "strong":
            times.append(spent)
        decisions[names[seat]] += 1
        why = dominated(obs, action)
        if why is not None:
            bad.append(f"{names[seat]} {action}: {why}")
        match.act(seat, action)
    winners = match.winners
    won = 1.0 / len(winners) if strong_seat in winners else 0.0
    return {"won": won, "rounds": match.state.round_number, "times": times,
            "decisions": decisions, "dominated": bad}


# -- sections --------------------------------------------------------------------------------------


def selfplay(pool: Any, rounds: int, options: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in ("greedy", "random"):
        for shape in SHAPES:
            variant = f"card-golf+shape={shape}"
            jobs = [(variant, [name, name], seed, False, options) for seed in range(1, rounds + 1)]
            scores = [x for r in pool.map(job_round, jobs, chunksize=8) for x in r["scores"]]
            mean, half = mean_ci(scores)
            target = TARGETS[name][shape]
            out[f"{name} {shape}"] = {"mean": mean, "ci95": half, "target": target,
                                      "rounds": rounds, "met": mean <= target
                                      if name == "greedy" else None}
    return out


def headsup(pool: Any, matches: int, options: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    times: list[float] = []
    decisions = {"greedy": 0, "strong": 0}
    bad: list[str] = []
    for variant in ("card-golf", "six-card"):
        jobs = [(variant, 1000 + k, k % 2, options) for k in range(matches)]
        results = pool.map(job_match, jobs, chunksize=1)
        won = sum(r["won"] for r in results)
        low, high = wilson(won, matches)
        out[variant] = {"matches": matches, "strong_share": won / matches, "wilson95": [low, high],
                        "rounds": sum(r["rounds"] for r in results),
                        "met": won / matches >= 0.6 and low > 0.5}
        for r in results:
            times += r["times"]
            bad += r["dominated"]
            for k in decisions:
                decisions[k] += r["decisions"][k]
    times.sort()
    out["decision_ms"] = {"median": 1000 * times[len(times) // 2] if times else None,
                          "p95": 1000 * times[int(len(times) * 0.95)] if times else None,
                          "decisions": len(times),
                          "met": bool(times) and times[len(times) // 2] < 0.1
                          and times[int(len(times) * 0.95)] < 0.5}
    out["_dominated"] = {"decisions": decisions, "moves": bad}
    return out


def dominated_section(pool: Any, rounds: int, options: dict[str, Any],
                      extra: dict[str, Any] | None) -> dict[str, Any]:
    decisions = {"greedy": 0, "strong": 0}
    bad: list[str] = []
    variants = ["card-golf", "card-golf+shape=2x3", "card-golf+shape=3x4", "six-card",
                "card-golf+shape=2x2+players=4"]
    jobs = []
    for k in range(rounds):
        variant = variants[k % len(variants)]
        players = 4 if "players=4" in variant else 2
        names = [("strong", "greedy", "random")[(k + s) % 3] for s in range(players)]
        jobs.append((variant, names, 5000 + k, True, options))
    for r in pool.map(job_round, jobs, chunksize=4):
        bad += r["dominated"]
        for name in decisions:
            decisions[name] += r["decisions"][name]
    if extra:
        bad += extra["moves"]
        for name in decisions:
            decisions[name] += extra["decisions"][name]
    return {"decisions": decisions, "dominated": len(bad), "examples": bad[:10],
            "met": not bad and min(decisions.values()) >= 10_000}


def table4(pool: Any, rounds: int, options: dict[str, Any]) -> dict[str, Any]:
    seats = ["strong", "greedy", "greedy", "random"]
    per: dict[str, list[float]] = {"strong": [], "greedy": [], "random": []}
    jobs = []
    for k in range(rounds):
        names = seats[k % 4:] + seats[:k % 4]
        jobs.append(("card-golf", names, 9000 + k, False, options))
    for job, r in zip(jobs, pool.map(job_round, jobs, chunksize=2)):
        for name, score in zip(job[1], r["scores"]):
            per[name].append(score)
    out: dict[str, Any] = {}
    for name, values in per.items():
        mean, half = mean_ci(values)
        out[name] = {"mean": mean, "ci95": half}
    out["met"] = out["strong"]["mean"] < out["greedy"]["mean"] < out["random"]["mean"]
    out["rounds"] = rounds
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=400, help="rounds per self-play figure")
    parser.add_argument("--matches", type=int, default=100,
                        help="heads-up matches per variant (the goal asks for 400)")
    parser.add_argument("--dominated-rounds", type=int, default=600,
                        help="extra mixed rounds checked for dominated moves")
    parser.add_argument("--table-rounds", type=int, default=200, help="4-player rounds")
    parser.add_argument("--processes", type=int, default=2, help="worker processes (<= 2)")
    parser.add_argument("--only", default="selfplay,headsup,dominated,table4",
                        help="comma-separated sections")
    parser.add_argument("--strong", default="", help="strong's options, e.g. iterations=32,objective=round")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    strong: dict[str, Any] = {}
    for item in filter(None, args.strong.split(",")):
        key, _, value = item.partition("=")
        try:
            strong[key] = float(value) if "." in value else int(value)
        except ValueError:
            strong[key] = value           # e.g. objective=round
    options = {"strong": strong}
    sections = set(args.only.split(","))
    report: dict[str, Any] = {"options": vars(args)}
    started = time.time()
    with Pool(max(1, min(args.processes, 2))) as pool:
        if "selfplay" in sections:
            report["selfplay"] = selfplay(pool, args.rounds, options)
            print_selfplay(report["selfplay"])
        extra = None
        if "headsup" in sections:
            report["headsup"] = headsup(pool, args.matches, options)
            extra = report["headsup"].pop("_dominated")
            print_headsup(report["headsup"])
        if "dominated" in sections:
            report["dominated"] = dominated_section(pool, args.dominated_rounds, options, extra)
            d = report["dominated"]
            print(f"\ndominated moves: {d['dominated']} over {d['decisions']['greedy']} greedy "
                  f"and {d['decisions']['strong']} strong decisions (goal 0 over >= 10,000 each)"
                  f" {'MET' if d['met'] else 'NOT MET'}")
            for example in d["examples"]:
                print("   ", example)
        if "table4" in sections:
            report["table4"] = table4(pool, args.table_rounds, options)
            t = report["table4"]
            print(f"\n4 players (strong, greedy, greedy, random), card-golf 3x3, "
                  f"{t['rounds']} rounds: points per round")
            for name in ("strong", "greedy", "random"):
                print(f"  {name:7} {t[name]['mean']:6.2f} ± {t[name]['ci95']:.2f}")
            print(f"  strictly ordered: {'MET' if t['met'] else 'NOT MET'}")
    report["seconds"] = time.time() - started
    print(f"\n{report['seconds']:.0f} s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(report, fh, indent=2)
    return 0


def print_selfplay(rows: dict[str, Any]) -> None:
    print("self-play, 2 players, card-golf: points per round (95% interval)")
    print(f"  {'bot/shape':14} {'mean':>7} {'±':>6} {'target':>7}  goal")
    for key, row in rows.items():
        goal = "" if row["met"] is None else ("MET" if row["met"] else "NOT MET")
        print(f"  {key:14} {row['mean']:7.2f} {row['ci95']:6.2f} {row['target']:7.1f}  {goal}")


def print_headsup(rows: dict[str, Any]) -> None:
    print("\nstrong vs greedy, heads-up matches (share won by strong, Wilson 95%)")
    for variant in ("card-golf", "six-card"):
        row = rows[variant]
        low, high = row["wilson95"]
        print(f"  {variant:10} {row['matches']:4} matches  {100 * row['strong_share']:5.1f}%  "
              f"[{100 * low:.1f}%, {100 * high:.1f}%]  {'MET' if row['met'] else 'NOT MET'}")
    d = rows["decision_ms"]
    print(f"  strong decision time: median {d['median']:.1f} ms, p95 {d['p95']:.1f} ms over "
          f"{d['decisions']} decisions  {'MET' if d['met'] else 'NOT MET'}")


if __name__ == "__main__":
    sys.exit(main())
