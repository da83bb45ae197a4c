"""Survey benchmark: ``golf survey`` with 1 worker against 2 (``--workers N``) on the same deals,
in one run, reported as speed-up and CPU overhead ratios; and the pool's own cost per task.

Run on demand (not a test)::

    python benchmarks/bench_survey.py                                 # traditional,cards4 1..200
    python benchmarks/bench_survey.py --variant traditional --deals 1..400 --repeats 5
    python benchmarks/bench_survey.py --old b95ec6d   # also the pool before its rewrite
    python benchmarks/bench_survey.py --json

**The survey.** Each run is the real command (``golf survey ... --quiet --json``) in a child
process with a fresh results file, so start-up, imports, the pool's start and the writing of
every record all count. Wall time is ``time.perf_counter`` around the child; CPU time is the
user + system time of the child and its workers (``resource.getrusage(RUSAGE_CHILDREN)``
before and after: the workers are the child's children and are waited for, so theirs counts
too). The configurations (1 worker, N workers, and with ``--old REV`` N workers running the
pool of ``golfcore/runs/pool.py`` at git revision REV, read with ``git show``: nothing in the
checkout changes) run in turn, ``--repeats`` times each, rotating their order; the figures are
medians. ``speed-up`` = wall(1) / wall(N); ``cpu ratio`` = cpu(N) / cpu(1) (1.00: the extra
processes cost nothing).

**The pool's own cost.** ``--tasks`` tasks that each keep a CPU busy for ``--task-ms``
milliseconds (5 by default, a fast solve) and return a survey-sized record with the CPU time
they took go through the pool (N workers) in this process, the current pool and the
``--old`` one. The pool's cost is the CPU time of this process (the caller) and of the
workers beyond the tasks' own: per task, and as a share of the tasks' time. The tasks time
themselves, so the machine's load moves this figure little.

**Load.** Other jobs on the machine move wall times a lot and CPU times too (a process that
shares its core with others runs slower per instruction: ±20 % between identical runs at a
load average of 6 on 2 cores). The 1-minute load average is printed beside every run. Where
the kernel groups processes by session (Linux ``kernel.sched_autogroup_enabled = 1``, printed
here), all the processes of one survey share one session's slice of the CPU: while other
sessions keep the cores busy, N workers cannot finish sooner than one. Compare the speed-up on
an idle machine, and the CPU ratio and the pool's cost per task under load.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golfcore.runs import pool as current_pool  # noqa: E402

GOLF = "import sys; from golfcore.cli import main; sys.exit(main())"
#: The child's code that swaps in another pool before running ``golf``: {path} is its source.
SWAP = ("import importlib.util, sys; "
        "spec = importlib.util.spec_from_file_location('golfcore_old_pool', {path!r}); "
        "old = importlib.util.module_from_spec(spec); sys.modules[spec.name] = old; "
        "spec.loader.exec_module(old); import golfcore.runs.pool as pool; "
        "pool.run_processes = old.run_processes; ")


def _cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def autogroup() -> str:
    try:
        with open("/proc/sys/kernel/sched_autogroup_enabled", encoding="ascii") as f:
            return f.read().strip()
    except OSError:
        return "-"


def old_pool(revision: str, folder: str) -> tuple[str, ModuleType]:
    """The pool module of a git revision: its source written to ``folder``, and loaded."""
    source = subprocess.run(["git", "show", f"{revision}:golfcore/runs/pool.py"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    path = os.path.join(folder, "old_pool.py")
    Path(path).write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("golfcore_old_pool", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return path, module


def survey(variants: str, deals: str, workers: int, folder: str, setup: str = "") -> dict:
    """One ``golf survey`` run in a child process: wall and CPU seconds, load before/after."""
    output = os.path.join(folder, "run.jsonl")
    if os.path.exists(output):
        os.remove(output)
    argv = [sys.executable, "-c", setup + GOLF, "survey", "--variant", variants,
            "--deals", deals, "--workers", str(workers), "--quiet", "--output", output, "--json"]
    load = os.getloadavg()[0]
    cpu = _cpu(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, cwd=folder)
    wall = time.perf_counter() - started
    cpu = _cpu(resource.RUSAGE_CHILDREN) - cpu
    if done.returncode != 0:
        raise SystemExit(f"golf survey failed ({done.returncode}): {done.stderr}")
    summary = json.loads(done.stdout)
    return {"wall": wall, "cpu": cpu, "load_before": load, "load_after": os.getloadavg()[0],
            "solves": summary["survey"]["solved_now"]}


def busy(milliseconds: float, deal: int) -> dict:
    """A task that keeps a CPU busy for ``milliseconds`` and returns a record of a survey's
    size, with the CPU seconds it took."""
    started = time.process_time()
    end = started + milliseconds / 1000
    while time.process_time() < end:
        pass
    return {"deal": deal, "variant": "app-facil", "winnable": True, "best_removed": 35,
            "best_score": {"kind": "points", "value": 350}, "outcome": "won", "visited": 49,
            "seconds": time.process_time() - started, "complete": True, "best": False,
            "limit": None}


def pool_cost(module: Any, tasks: int, milliseconds: float, workers: int) -> dict:
    """The pool's CPU time beyond the tasks' own: microseconds per task in this process (the
    caller) and in the workers, and the whole as a share of the tasks' time."""
    own, children = _cpu(resource.RUSAGE_SELF), _cpu(resource.RUSAGE_CHILDREN)
    work = sum(r["seconds"] for r in module.run_processes(
        busy, ((milliseconds, d) for d in range(1, tasks + 1)), workers))
    caller = _cpu(resource.RUSAGE_SELF) - own
    spent = _cpu(resource.RUSAGE_CHILDREN) - children
    return {"caller_us": 1e6 * caller / tasks, "workers_us": 1e6 * (spent - work) / tasks,
            "overhead": (caller + spent - work) / work, "load": os.getloadavg()[0]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="traditional,cards4")
    parser.add_argument("--deals", default="1..200")
    parser.add_argument("--workers", type=int, default=2, help="the pool measured against 1")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--tasks", type=int, default=400, metavar="N",
                        help="tasks for the pool's cost per task (0: skip)")
    parser.add_argument("--task-ms", type=float, default=5.0, metavar="MS",
                        help="CPU milliseconds each of those tasks takes")
    parser.add_argument("--old", metavar="REV", help="also the pool of this git revision")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    say = (lambda text: None) if args.json else (lambda text: print(text, file=sys.stderr))
    n = args.workers
    runs: dict[str, list[dict]] = {"1": [], str(n): []}
    costs: dict[str, list[dict]] = {"current": []}
    with tempfile.TemporaryDirectory(prefix="bench-survey-") as folder:
        setups = {"1": (1, ""), str(n): (n, "")}
        modules: dict[str, Any] = {"current": current_pool}
        if args.old:
            path, modules["old"] = old_pool(args.old, folder)
            setups[f"{n} old"] = (n, SWAP.format(path=path))
            runs[f"{n} old"] = []
            costs["old"] = []
        names = list(setups)
        for repeat in range(args.repeats):
            for name in names[repeat % len(names):] + names[:repeat % len(names)]:
                workers, setup = setups[name]
                run = survey(args.variant, args.deals, workers, folder, setup)
                runs[name].append(run)
                say(f"  {name:>6} worker(s): wall {run['wall']:7.2f}s  cpu {run['cpu']:7.2f}s  "
                    f"load {run['load_before']:.2f} -> {run['load_after']:.2f}")
            if args.tasks:
                for name, module in modules.items():
                    cost = pool_cost(module, args.tasks, args.task_ms, n)
                    costs[name].append(cost)
                    say(f"  pool {name:>7}: caller {cost['caller_us']:6.1f} us/task  workers "
                        f"{cost['workers_us']:6.1f} us/task  overhead "
                        f"{100 * cost['overhead']:5.1f}%  load {cost['load']:.2f}")
    median = {name: {key: statistics.median(r[key] for r in rs)
                     for key in ("wall", "cpu", "load_before")} for name, rs in runs.items()}
    cost = {name: {key: statistics.median(c[key] for c in cs)
                   for key in ("caller_us", "workers_us", "overhead")}
            for name, cs in costs.items() if cs}
    one = median["1"]
    ratios = {name: {"speed_up": one["wall"] / m["wall"], "cpu_ratio": m["cpu"] / one["cpu"]}
              for name, m in median.items() if name != "1"}
    result = {"variant": args.variant, "deals": args.deals, "workers": n,
              "repeats": args.repeats, "cpus": os.cpu_count(), "autogroup": autogroup(),
              "median": median, "ratios": ratios, "pool_cost": cost, "runs": runs}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"golf survey --variant {args.variant} --deals {args.deals}: medians of "
          f"{args.repeats} run(s); {os.cpu_count()} CPUs, autogroup {autogroup()}")
    print(f"{'workers':>8}  {'wall':>8}  {'cpu':>8}  {'load':>5}  {'speed-up':>8}  "
          f"{'cpu ratio':>9}")
    for name, m in median.items():
        r = ratios.get(name)
        tail = f"  {r['speed_up']:8.2f}  {r['cpu_ratio']:9.2f}" if r else ""
        print(f"{name:>8}  {m['wall']:7.2f}s  {m['cpu']:7.2f}s  {m['load_before']:5.2f}{tail}")
    for name, c in cost.items():
        print(f"pool cost ({name}, {n} workers, {args.tasks} tasks of {args.task_ms:g} ms): "
              f"caller {c['caller_us']:.0f} us/task, workers {c['workers_us']:.0f} us/task, "
              f"{100 * c['overhead']:.1f}% of the tasks' CPU time")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
