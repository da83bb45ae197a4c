"""Fair-chance benchmark: the fair chance of PySolFC's Golf deals A..B under four variants.

Run on demand (not a test)::

    python benchmarks/bench_fair.py                          # deals 1..200, 2 worker processes
    python benchmarks/bench_fair.py --deals 1..50 --states 400000 --json
    python benchmarks/bench_fair.py --out fair.jsonl     # resumable: keeps each deal's record

For each variant and deal it computes the fair chance of the deal's opening position
(:func:`golfcore.solitaire.search.fair.fair_chance`) with an exact search capped at ``--states``
information states (or ``--seconds`` of wall clock; the goal: every deal exact within 10 s of
CPU, ``--goal``) and, when the cap stops it, the bracket (proved and sampled bounds) from
``--samples`` orders. Beside it, the clairvoyant share of the same deal: the share of
``--orders`` sampled orders of its stock (every order when there are fewer) that the solver
(:mod:`golfcore.solitaire.search.solver`, who reads the order) wins, an upper bound of the fair
chance; and the solver's verdict on the deal's own order (PySolFC's), whose mean over deals 1..2000
is the reference share (25.25 % cards4, 45.25 % app-clasico, 92.85 % app-facil, 13.00 %
traditional).

Per variant it prints: the share of deals answered exactly, the seconds and information states
of the exact answers (median, p90, max), the mean fair chance as the mean of the brackets' low and
high ends (an exact value is both), and over the exact answers alone, the mean clairvoyant share and
the deal's-own-order share. Times are process CPU time per deal, in the worker that computed it.

``--exact`` measures the exact search alone against the goals, beside the independent C
program ``fairchance.c`` (``../shared/oracle``, built with ``cc -O2`` unless ``--oracle`` names a
binary), on the same deals in the same run, one deal after the other in each worker: per deal,
golfcore's exact search in a fresh process (its CPU time, states and peak memory) with a cap of
``--cap`` seconds (default 60 for traditional, 120 for the others), then the C program with the
same CPU cap and 2 GB. Per variant it prints the share exact within the cap, median / p90 / max
CPU and states of the exact answers, peak memory, the same for the C program, and the largest
difference between the two values where both finished::

    python benchmarks/bench_fair.py --exact --variant traditional --deals 1..200
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import tables  # noqa: E402  (benchmarks/tables.py, beside this script)

from golfcore.solitaire import engine  # noqa: E402
from golfcore.solitaire.search.fair import fair_chance  # noqa: E402
from golfcore.solitaire.position import Position  # noqa: E402
from golfcore.solitaire.rules import rule_set  # noqa: E402
from golfcore.solitaire.search.solver import solver_for  # noqa: E402

VARIANTS = ("app-facil", "app-clasico", "cards4", "traditional")
#: the solver's winnable share of deals 1..2000 under each variant (the deal's own order)
REFERENCE = {"app-facil": 92.85, "app-clasico": 45.25, "cards4": 25.25, "traditional": 13.00}


@dataclass
class Task:
    variant: str
    deal: int
    seconds: float | None
    states: int | None
    samples: int
    orders: int
    solve_limit: int


def one(task: Task) -> dict:
    rules = rule_set(task.variant)
    position = engine.start_deal(rules, task.deal).position
    started = time.process_time()
    result = fair_chance(rules, position, seconds=task.seconds, states=task.states,
                         samples=task.samples)
    spent = time.process_time() - started
    share, undecided, counted = clairvoyant_share(rules, position, task.orders, task.solve_limit,
                                                  seed=task.deal)
    own = solver_for(rules).solve(position, best=False).winnable
    return {"variant": task.variant, "deal": task.deal, "value": result.value,
            "exact": result.exact, "low": result.low, "high": result.high,
            "states": result.states, "seconds": spent, "clairvoyant": share,
            "undecided": undecided, "orders": counted, "own": bool(own)}


def clairvoyant_share(rules, position: Position, orders: int, limit: int,
                      seed: int) -> tuple[float, int, int]:
    """(share of the orders the solver wins, orders it could not decide within ``limit``
    positions, orders tried): every order when there are at most ``orders``, else a seeded
    sample. Undecided orders are left out of the share."""
    stock = list(position.stock)
    if math.factorial(len(stock)) <= orders:
        chosen = [tuple(p) for p in itertools.permutations(stock)]
    else:
        rng = random.Random(seed)
        chosen = []
        for _ in range(orders):
            rng.shuffle(stock)
            chosen.append(tuple(stock))
    solver = solver_for(rules)
    wins = undecided = 0
    for order in chosen:
        verdict = solver.solve(Position(position.columns, order, position.waste), best=False,
                               limit=limit).winnable
        if verdict is None:
            undecided += 1
        else:
            wins += verdict
    decided = len(chosen) - undecided
    return (wins / decided if decided else float("nan")), undecided, len(chosen)


@dataclass
class Row:
    variant: str
    deals: int
    exact_pct: float
    goal_pct: float
    exact_median: float
    exact_p90: float
    exact_max: float
    states_median: float
    states_p90: float
    states_max: float
    fair_low_mean: float
    fair_high_mean: float
    fair_exact_mean: float
    clairvoyant_mean: float
    own_pct: float
    reference_pct: float
    undecided: int


COLUMNS: list[tables.Column] = [
    ("variant", "variant", "{}"),
    ("deals", "deals", "{}"),
    ("exact %", "exact_pct", "{:.1f}"),
    ("in goal %", "goal_pct", "{:.1f}"),
    ("exact s med", "exact_median", "{:.2f}"),
    ("p90", "exact_p90", "{:.2f}"),
    ("max", "exact_max", "{:.2f}"),
    ("states med", "states_median", tables.fmt_rate),
    ("p90", "states_p90", tables.fmt_rate),
    ("max", "states_max", tables.fmt_rate),
    ("fair % low", "fair_low_mean", "{:.2f}"),
    ("high", "fair_high_mean", "{:.2f}"),
    ("fair % (exact)", "fair_exact_mean", "{:.2f}"),
    ("clairvoyant %", "clairvoyant_mean", "{:.2f}"),
    ("own order %", "own_pct", "{:.2f}"),
    ("ref 1..2000 %", "reference_pct", "{:.2f}"),
    ("undecided", "undecided", "{}"),
]


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarise(variant: str, records: list[dict], goal: float) -> Row:
    exact = [r for r in records if r["exact"]]
    times = [r["seconds"] for r in exact]
    states = [float(r["states"]) for r in exact]
    shares = [r["clairvoyant"] for r in records if not math.isnan(r["clairvoyant"])]

    def mean(values: list[float]) -> float:
        return 100 * statistics.fmean(values) if values else float("nan")

    in_goal = sum(1 for r in exact if r["seconds"] <= goal)
    return Row(variant, len(records), 100 * len(exact) / len(records),
               100 * in_goal / len(records),
               statistics.median(times) if times else float("nan"), quantile(times, 0.9),
               max(times) if times else float("nan"),
               statistics.median(states) if states else float("nan"), quantile(states, 0.9),
               max(states) if states else float("nan"),
               mean([r["low"] for r in records]), mean([r["high"] for r in records]),
               mean([r["value"] for r in exact]),
               mean(shares), mean([float(r["own"]) for r in records]), REFERENCE[variant],
               sum(r["undecided"] for r in records))


ORACLE_RULES = {"traditional": ("strict", True), "cards4": ("strict", False),
                "app-clasico": ("qok", False), "app-facil": ("wrap", False)}
RANKS = "A23456789TJQK"


def oracle_line(position: Position) -> str:
    """The C program's input line for a position (ranks only)."""
    cols = ["".join(RANKS[c.rank - 1] for c in col) or "-" for col in position.columns]
    waste = RANKS[position.waste[-1].rank - 1]
    stock = "".join(RANKS[c.rank - 1] for c in position.stock) or "-"
    return " ".join(cols + [waste, stock])


def exact_one(job: tuple[str, int, float]) -> dict:
    """golfcore's exact search on one deal, in this (fresh) process: value or None when the cap
    stopped it, CPU seconds, states, peak memory (MB)."""
    import resource

    from golfcore.solitaire.search.fair_search import Budget, Search
    from golfcore.solitaire.search.fair_tables import tables_for

    import types

    from golfcore.solitaire.search import fair_search

    variant, deal, cap = job
    # the cap is in CPU time, as the C program's: the search's clock is this process's CPU
    fair_search.time = types.SimpleNamespace(perf_counter=time.process_time)  # type: ignore
    rules = rule_set(variant)
    position = engine.start_deal(rules, deal).position
    started = time.process_time()
    search = Search(tables_for(rules), position)
    value: float | None
    low, high = 0.0, 1.0
    try:
        value = float(search.value(deadline=started + cap))
    except Budget as stop:
        value, low, high = None, stop.root_low, stop.root_high
    spent = time.process_time() - started
    engine_ = search.root.engine if search.root is not None else None
    return {"variant": variant, "deal": deal, "value": value, "low": low, "high": high,
            "seconds": spent, "states": search.count,
            "kernel": type(engine_).__name__ if engine_ is not None else None,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def oracle_one(binary: str, variant: str, deal: int, cap: float, memory: int = 2048) -> dict:
    """The C program on the same deal: value (None unless ok), CPU seconds, states, peak MB."""
    import subprocess

    rules = rule_set(variant)
    position = engine.start_deal(rules, deal).position
    name, stuck = ORACLE_RULES[variant]
    argv = [binary, "-r", name, "-t", str(cap), "-m", str(memory)] + (["-s"] if stuck else [])
    out = subprocess.run(argv, input=oracle_line(position) + "\n", capture_output=True,
                         text=True, check=True).stdout.split()
    value, fair, exists, _, cpu, _, rss, status = out[:8]
    return {"value": float(value) if status == "ok" else None, "seconds": float(cpu),
            "states": int(fair) + int(exists), "peak_mb": int(rss) / 1024, "status": status}


def both_one(job: tuple[str, int, float, str | None, int]) -> dict:
    """One deal: golfcore in a fresh process, then the C program (interleaved per deal) unless
    ``binary`` is None (a deal outside ``--oracle-deals``)."""
    variant, deal, cap, binary, memory = job
    with ProcessPoolExecutor(max_workers=1) as fresh:
        ours = fresh.submit(exact_one, (variant, deal, cap)).result()
    ours["oracle"] = None if binary is None else oracle_one(binary, variant, deal, cap, memory)
    return ours


def exact_table(variant: str, records: list[dict], cap: float) -> str:
    def stats(rows: list[dict], key: str) -> str:
        values = [r[key] for r in rows]
        if not values:
            return "-"
        return (f"{statistics.median(values):.2f} / {quantile(values, 0.9):.2f} / "
                f"{max(values):.2f}")

    def side(rows: list[dict]) -> str:
        done = [r for r in rows if r["value"] is not None and r["seconds"] <= cap]
        peak = max((r["peak_mb"] for r in rows), default=0.0)
        states = [float(r["states"]) for r in done]
        return (f"exact {len(done)}/{len(rows)} within {cap:g} s; CPU s median/p90/max "
                f"{stats(done, 'seconds')}; states median/p90/max "
                f"{tables.fmt_rate(statistics.median(states)) if states else '-'} / "
                f"{tables.fmt_rate(quantile(states, 0.9)) if states else '-'} / "
                f"{tables.fmt_rate(max(states)) if states else '-'}; peak {peak:.0f} MB")

    ours = records
    theirs = [r["oracle"] for r in records if r.get("oracle")]
    both = [r for r in records if r.get("oracle") and r["value"] is not None
            and r["oracle"]["value"] is not None]
    diffs = [abs(r["value"] - r["oracle"]["value"]) for r in both]
    ratio = (statistics.median(r["seconds"] for r in both)
             / max(1e-9, statistics.median(r["oracle"]["seconds"] for r in both))
             if both else float("nan"))
    return (f"{variant} ({len(records)} deals)\n  golfcore: {side(ours)}\n"
            f"  fairchance.c ({len(theirs)} deals): {side(theirs)}\n"
            f"  both exact on {len(both)}: largest |difference| "
            f"{max(diffs) if diffs else float('nan'):.3g}; median CPU ratio golfcore / C "
            f"{ratio:.2f}")


def load_done(out: str | None) -> dict[tuple[str, int], dict]:
    """The records already in ``--out`` (a resumed run does not compute them again)."""
    done: dict[tuple[str, int], dict] = {}
    if out and Path(out).exists():
        for line in Path(out).read_text(encoding="utf-8").splitlines():
            if line.strip():
                record = json.loads(line)
                done[record["variant"], record["deal"]] = record
    return done


def run_exact(args: argparse.Namespace, numbers: range, variants: list[str]) -> int:
    binary = args.oracle
    if binary is None:
        import subprocess
        import tempfile

        here = Path(__file__).resolve()
        source = next((p / "shared" / "oracle" / "fairchance.c" for p in here.parents[1:4]
                       if (p / "shared" / "oracle" / "fairchance.c").exists()), None)
        if source is None:
            raise SystemExit("fairchance.c not found in ../shared/oracle: give --oracle")
        binary = str(Path(tempfile.mkdtemp()) / "fairchance")
        subprocess.run(["cc", "-O2", "-o", binary, str(source)], check=True)
    done = load_done(args.out)
    first, _, last = (args.oracle_deals or args.deals).partition("..")
    compared = range(int(first), int(last or first) + 1)
    jobs = [(v, n, args.cap or (60.0 if v == "traditional" else 120.0),
             binary if n in compared else None, args.oracle_memory)
            for v in variants for n in numbers if (v, n) not in done]
    records = [done[v, n] for v in variants for n in numbers if (v, n) in done]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        # each deal is reported (and saved) as soon as it is done, whatever the order
        for future in as_completed([pool.submit(both_one, job) for job in jobs]):
            record = future.result()
            records.append(record)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as out:
                    out.write(json.dumps(record) + "\n")
            if not args.quiet:
                o = record["oracle"] or {"value": "-", "seconds": 0.0, "status": "not run",
                                         "peak_mb": 0}
                print(f"{record['variant']} deal {record['deal']}: golfcore "
                      f"{record['value']} {record['seconds']:.1f} s {record['states']} states "
                      f"{record['peak_mb']:.0f} MB | C {o['value']} {o['seconds']:.1f} s "
                      f"{o['status']} {o['peak_mb']:.0f} MB", file=sys.stderr, flush=True)
    for v in variants:
        cap = args.cap or (60.0 if v == "traditional" else 120.0)
        print(exact_table(v, [r for r in records if r["variant"] == v], cap))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1..200", help="range A..B (default 1..200)")
    parser.add_argument("--variant", action="append", choices=VARIANTS,
                        help="one variant (repeatable; default: all four)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="wall-clock cap of the exact search per deal (default: none; "
                             "on a loaded machine prefer --states, which does not depend on "
                             "the load)")
    parser.add_argument("--states", type=int, default=400_000,
                        help="cap of the exact search per deal in information states (default "
                             "400000, a little over 10 s of CPU here); an answer counts as "
                             "within the goal when exact in at most --goal CPU seconds")
    parser.add_argument("--goal", type=float, default=10.0,
                        help="CPU seconds an exact answer may take to meet the goal (default 10)")
    parser.add_argument("--samples", type=int, default=200,
                        help="orders a bracket samples when the cap stops the exact search")
    parser.add_argument("--orders", type=int, default=50,
                        help="orders sampled for the clairvoyant share (default 50)")
    parser.add_argument("--solve-limit", type=int, default=100_000,
                        help="positions per clairvoyant solve (default 100000)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--quiet", action="store_true", help="no line per deal on stderr")
    parser.add_argument("--out", help="JSON lines file: each deal's record is appended as it "
                        "is done, and deals already there are not computed again (resume)")
    parser.add_argument("--exact", action="store_true",
                        help="the exact search alone against the goals, beside fairchance.c")
    parser.add_argument("--cap", type=float, default=None,
                        help="with --exact: CPU seconds per deal (default 60 traditional, "
                             "120 the others)")
    parser.add_argument("--oracle", help="with --exact: the fairchance binary (default: build "
                        "../shared/oracle/fairchance.c with cc -O2)")
    parser.add_argument("--oracle-deals", help="with --exact: run the C program on these deals "
                        "only, A..B (default: all of --deals)")
    parser.add_argument("--oracle-memory", type=int, default=2048,
                        help="with --exact: the C program's memory limit in MiB (default 2048, "
                             "the goal's 2 GB; its own default is 8192)")
    args = parser.parse_args(argv)
    first, _, last = args.deals.partition("..")
    numbers = range(int(first), int(last or first) + 1)
    variants = args.variant or list(VARIANTS)
    if args.exact:
        return run_exact(args, numbers, variants)
    done = load_done(args.out)
    tasks = [Task(v, n, args.seconds, args.states, args.samples, args.orders, args.solve_limit)
             for v in variants for n in numbers if (v, n) not in done]
    started = time.perf_counter()
    records = [done[v, n] for v in variants for n in numbers if (v, n) in done]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for record in pool.map(one, tasks, chunksize=1):
            records.append(record)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as out:
                    out.write(json.dumps(record) + "\n")
            if not args.quiet:
                chance = (f"exact {100 * record['value']:.2f} %" if record["exact"] else
                          f"bracket {100 * record['low']:.2f}-{100 * record['high']:.2f} %")
                print(f"{record['variant']} deal {record['deal']}: {chance}, clairvoyant "
                      f"{100 * record['clairvoyant']:.0f} %, {record['seconds']:.1f} s",
                      file=sys.stderr, flush=True)
    rows = [summarise(v, [r for r in records if r["variant"] == v], args.goal) for v in variants]
    if args.json:
        print(json.dumps({"meta": {"deals": args.deals, "seconds": args.seconds,
                                   "samples": args.samples, "orders": args.orders,
                                   "workers": args.workers,
                                   "wall": time.perf_counter() - started},
                          "rows": [asdict(r) for r in rows], "deals": records}, indent=1))
    else:
        print(tables.table(rows, COLUMNS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
