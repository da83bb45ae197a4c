"""Solver benchmark: PySolFC Golf deals A..B under the three rule families of the reference data.

Run on demand (not a test)::

    python benchmarks/bench_solver.py                         # deals 201..700, 2 processes
    python benchmarks/bench_solver.py --deals 201..300 --workers 1 --json
    python benchmarks/bench_solver.py --old HEAD              # also the solver of a git revision
    python benchmarks/bench_solver.py --pure                  # also the pure-Python win search

Deals are dealt by pysol-cards (PySolFC's own numbering, as the reference solver's were) and
checked against golfcore's dealer. Every time is CPU time (``time.process_time`` in the worker
that solves the deal), never wall time, so other jobs on the machine move the figures little.

The yardstick, measured in the same run: ``golfcheck.c`` (``shared/oracle/``), a 40-line C
exhaustive search with a visited set, compiled with ``cc -O2`` when a C compiler is present.
Its own ``solve`` function is driven by a small main written here, which reads every deal of
the family in one process and times each with ``CLOCK_PROCESS_CPUTIME_ID``, so process start
and the visited table's first page faults are charged to no deal. Its verdicts must equal
golfcore's (the run fails otherwise). For each family the report gives golfcore's CPU time per
deal (median, p90, p99, max, total), positions visited, the share of deals winnable, and the
ratios golfcore / golfcheck of the totals, the p99s and the maxima; with ``--old REV`` the same
for the golfcore package of a git revision (``git archive`` into a temporary folder, solved
there in processes of their own; nothing in the checkout changes; its win search is the pure
Python one, since no compiled kernel is built there).

golfcore's win search runs its compiled kernel when it was built (``_winkernel``, see
``golfcore/solitaire/search/solver_kernel.py``) and the pure-Python search otherwise (or with
``GOLFCORE_SOLVER_PURE=1``); the report says which. With ``--pure`` every deal is also solved
with the pure-Python search, in the same worker right after the default path, and the two
must agree on the verdict and on the positions visited (the same search, two
implementations).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golfcore.solitaire.deal import deal as golfcore_deal  # noqa: E402
from golfcore.solitaire.position import Position  # noqa: E402
from golfcore.solitaire.rules import rule_set  # noqa: E402
from golfcore.solitaire.search.solver import solver_for  # noqa: E402
from golfcore.solitaire.search import solver_kernel  # noqa: E402

#: family -> (variant, golfcheck flags WRAP QOK STUCK EMPTYWASTE)
FAMILIES = {
    "no-wrap, nothing on a king": ("cards4", "0 0 0 0"),
    "no-wrap, queen on a king": ("app-clasico", "0 1 0 0"),
    "king-ace wrap, queen on a king": ("app-facil", "1 1 0 0"),
}
#: shared/oracle/golfcheck.c beside the checkout (or beside one of its parent folders, for a
#: worktree kept below the main checkout's parent)
GOLFCHECK = next((base / "shared" / "oracle" / "golfcheck.c" for base in ROOT.parents
                  if (base / "shared" / "oracle" / "golfcheck.c").exists()),
                 ROOT.parent / "shared" / "oracle" / "golfcheck.c")

#: A main for golfcheck.c's own search: one process for all the deals of a family, each deal
#: timed on its own (CPU time); the visited table is allocated and touched once, up front.
DRIVER = r"""
#define main golfcheck_main
#include "golfcheck.c"
#undef main
#include <time.h>
static double cpu(void){ struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID,&t);
  return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv){
  if(argc < 5) return 2;
  wrap=atoi(argv[1]); qok=atoi(argv[2]); stuckdraw=atoi(argv[3]); int emptywaste=atoi(argv[4]);
  tab=malloc(sizeof(uint32_t)*TSZ); gen=calloc(TSZ,sizeof(uint32_t));
  memset(tab,0,sizeof(uint32_t)*TSZ); memset(gen,0,sizeof(uint32_t)*TSZ);
  int deck[52];
  for(;;){
    for(int i=0;i<52;i++) if(scanf("%d",&deck[i])!=1) return 0;
    for(int c=0;c<7;c++) for(int h=0;h<5;h++) col[c][h]=deck[c*5+h];
    int top; int k=35;
    if(emptywaste){ top=EMPTY; ntalon=17; } else { top=deck[k++]; ntalon=16; }
    for(int i=0;i<ntalon;i++) talon[i]=deck[k+i];
    int ht[7]={5,5,5,5,5,5,5}; curgen++; nodes=0;
    double t0=cpu(); int w=solve(ht,0,top); double t1=cpu();
    printf("%d %ld %.9f\n", w, nodes, t1-t0); fflush(stdout);
  }
}
"""


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


#: Solves deals with the solver of another checkout (the first argument, put first on the module
#: path): one JSON job a line on standard input, one JSON record a line out, CPU time per deal.
OLD_RUNNER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from golfcore.solitaire.position import Position
from golfcore.solitaire.rules import rule_set
from golfcore.solitaire.search.solver import solver_for
import golfcore.solitaire.search.solver as module
assert module.__file__.startswith(sys.argv[1]), module.__file__
variant = sys.argv[2]
solver = solver_for(rule_set(variant))
for line in sys.stdin:
    job = json.loads(line)
    position = Position.build(job["columns"], job["stock"], job["waste"])
    started = time.process_time()
    result = solver.solve(position, best=False)
    print(json.dumps({"deal": job["deal"], "variant": variant, "winnable": result.winnable,
                      "visited": result.visited, "seconds": time.process_time() - started}),
          flush=True)
"""


def old_tree(rev: str, workdir: str) -> str:
    """The files of git revision ``rev`` (``git archive``: nothing in the checkout changes),
    extracted under ``workdir``; the solver of that revision is then its whole
    ``golfcore`` package, not one module beside today's."""
    target = Path(workdir) / "old"
    target.mkdir(exist_ok=True)
    archive = subprocess.run(["git", "archive", rev, "golfcore"], cwd=ROOT, check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return str(target)


def run_old(tree: str, variant: str, numbers: list[int], workers: int) -> list[dict]:
    """Solve ``numbers`` under ``variant`` with the solver in ``tree``, in ``workers``
    processes of their own (round robin); records in deal order."""
    procs = []
    for k in range(max(1, workers)):
        jobs = []
        for n in numbers[k::max(1, workers)]:
            position = pysol_position(n)
            jobs.append(json.dumps({
                "deal": n, "columns": [[str(c) for c in col] for col in position.columns],
                "stock": [str(c) for c in position.stock],
                "waste": [str(c) for c in position.waste]}))
        proc = subprocess.Popen([sys.executable, "-c", OLD_RUNNER, tree, variant],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert proc.stdin is not None
        proc.stdin.write("\n".join(jobs) + "\n")
        proc.stdin.close()
        procs.append(proc)
    records = []
    for proc in procs:
        assert proc.stdout is not None
        records += [json.loads(line) for line in proc.stdout]
        if proc.wait() != 0:
            raise RuntimeError(f"the old solver failed under {variant}")
    return sorted(records, key=lambda r: r["deal"])


def solve_one(task: tuple[int, str, bool]) -> dict:
    """Deal ``number`` under ``variant``; with ``pure``, the pure-Python win search."""
    number, variant, pure = task
    position = pysol_position(number)
    solver = solver_for(rule_set(variant))
    saved = os.environ.get(solver_kernel.PURE_ENV)
    if pure:
        os.environ[solver_kernel.PURE_ENV] = "1"
    try:
        started = time.process_time()
        result = solver.solve(position, best=False)
        seconds = time.process_time() - started
    finally:
        if saved is None:
            os.environ.pop(solver_kernel.PURE_ENV, None)
        else:
            os.environ[solver_kernel.PURE_ENV] = saved
    return {"deal": number, "variant": variant, "winnable": result.winnable,
            "visited": result.visited, "seconds": seconds, "pure": pure}


def deck_line(number: int) -> str:
    """The deal as golfcheck reads it: 52 ranks (0 = ace), columns bottom to top, waste, stock."""
    position = pysol_position(number)
    cards = [c for col in position.columns for c in col] + [position.waste_top]
    cards += list(position.stock)
    return " ".join(str(c.rank - 1) for c in cards)


def build_golfcheck(workdir: str) -> str | None:
    """Compile golfcheck.c with the timing driver; ``None`` without a C compiler or source."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None or not GOLFCHECK.exists():
        return None
    driver = Path(workdir) / "golfcheck_timed.c"
    driver.write_text(DRIVER, encoding="utf-8")
    exe = str(Path(workdir) / "golfcheck_timed")
    subprocess.run([cc, "-O2", "-w", f"-I{GOLFCHECK.parent}", "-o", exe, str(driver)],
                   check=True)
    return exe


def run_golfcheck(exe: str, flags: str, numbers: list[int], decks: dict[int, str]) -> list[dict]:
    text = "\n".join(decks[n] for n in numbers) + "\n"
    out = subprocess.run([exe, *flags.split()], input=text, capture_output=True, text=True,
                         check=True).stdout.split("\n")
    records = []
    for n, line in zip(numbers, out):
        won, nodes, secs = line.split()
        records.append({"deal": n, "winnable": won == "1", "visited": int(nodes),
                        "seconds": float(secs)})
    assert len(records) == len(numbers)
    return records


def pmap(fn, tasks, workers: int) -> list[dict]:
    if workers == 1:
        return [fn(t) for t in tasks]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(fn, tasks, chunksize=2))


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarise(records: list[dict]) -> dict:
    times = [r["seconds"] for r in records]
    visits = [r["visited"] for r in records]
    return {
        "deals": len(records),
        "winnable": 100.0 * sum(bool(r["winnable"]) for r in records) / len(records),
        "median": statistics.median(times), "p90": quantile(times, 0.9),
        "p99": quantile(times, 0.99), "max": max(times), "total": sum(times),
        "visited_median": statistics.median(visits), "visited_max": max(visits),
        "visited_total": sum(visits),
        "positions_per_second": sum(visits) / max(sum(times), 1e-9),
        "slowest": sorted(records, key=lambda r: -r["seconds"])[:5],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="201..700", help="range A..B (default 201..700)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--family", action="append", choices=[v for v, _ in FAMILIES.values()],
                        help="only this family's variant (repeatable; default all three)")
    parser.add_argument("--old", metavar="REV",
                        help="also solve with the golfcore package of git revision REV")
    parser.add_argument("--pure", action="store_true",
                        help="also solve every deal with the pure-Python win search")
    parser.add_argument("--no-c", action="store_true", help="skip golfcheck.c")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    first, _, last = args.deals.partition("..")
    numbers = list(range(int(first), int(last or first) + 1))
    kernel = solver_kernel.use_kernel()
    report: dict = {"deals": args.deals, "workers": args.workers, "kernel": kernel,
                    "families": {}}
    if not args.json:
        print(f"golfcore's win search: {'the compiled kernel' if kernel else 'pure Python'}"
              + (", and pure Python (--pure)" if args.pure and kernel else ""))
    families = [(family, variant, flags) for family, (variant, flags) in FAMILIES.items()
                if not args.family or variant in args.family]
    with tempfile.TemporaryDirectory() as workdir, ThreadPoolExecutor(max_workers=1) as side:
        exe = None if args.no_c else build_golfcheck(workdir)
        old_dir = old_tree(args.old, workdir) if args.old else ""
        decks = {n: deck_line(n) for n in numbers} if exe else {}
        # golfcheck runs in its own process while golfcore's workers solve: CPU time is
        # measured per process, so running side by side shortens the run, not the figures
        c_runs = {variant: side.submit(run_golfcheck, exe, flags, numbers, decks)
                  for _, variant, flags in families} if exe else {}
        for family, variant, _flags in families:
            both = args.pure and kernel
            tasks = [(n, variant, pure) for n in numbers for pure in ((False, True) if both
                                                                         else (False,))]
            solved = pmap(solve_one, tasks, args.workers)
            records = [r for r in solved if not r["pure"]]
            summary = {"golfcore": summarise(records)}
            verdicts = [r["winnable"] for r in records]
            if both:
                pure = [r for r in solved if r["pure"]]
                assert [(r["winnable"], r["visited"]) for r in pure] == [
                    (r["winnable"], r["visited"]) for r in records], "kernel and pure differ"
                summary["pure"] = summarise(pure)
            if args.old:
                old = run_old(old_dir, variant, numbers, args.workers)
                assert [r["winnable"] for r in old] == verdicts, "old and new verdicts differ"
                summary["old"] = summarise(old)
            if exe:
                c = c_runs[variant].result()
                wrong = [r["deal"] for r, v in zip(c, verdicts) if r["winnable"] != v]
                assert not wrong, f"{variant}: verdicts differ from golfcheck.c on deals {wrong}"
                summary["golfcheck"] = summarise(c)
            for ours_name, base in (("golfcore", "golfcheck"), ("golfcore", "old"),
                                    ("pure", "golfcheck")):
                if base in summary and ours_name in summary:
                    ours, theirs = summary[ours_name], summary[base]
                    name = f"vs_{base}" if ours_name == "golfcore" else f"pure_vs_{base}"
                    summary[name] = {
                        "total": ours["total"] / max(theirs["total"], 1e-9),
                        "p99": ours["p99"] / max(theirs["p99"], 1e-9),
                        "max": ours["max"] / max(theirs["max"], 1e-9)}
            report["families"][family] = summary
            if not args.json:
                print_family(family, variant, summary, kernel)
    if args.json:
        print(json.dumps(report, indent=2))
    return 0


def print_family(family: str, variant: str, summary: dict, kernel: bool) -> None:
    ours = summary["golfcore"]
    print(f"{family} ({variant}): {ours['deals']} deals, winnable {ours['winnable']:.2f} %")
    labels = {"golfcore": "golfcore (kernel)" if kernel else "golfcore (pure)",
              "pure": "golfcore (pure)", "old": "old (pure)", "golfcheck": "golfcheck"}
    for name in ("golfcore", "pure", "old", "golfcheck"):
        if name not in summary:
            continue
        s = summary[name]
        print(f"  {labels[name]:17} CPU per deal: median {s['median'] * 1000:7.2f} ms, p90 "
              f"{s['p90'] * 1000:7.1f} ms, p99 {s['p99'] * 1000:7.1f} ms, max {s['max']:6.3f} s, "
              f"total {s['total']:7.2f} s; positions: median {s['visited_median']:.0f}, "
              f"max {s['visited_max']}, total {s['visited_total']}")
    for key, ours_name, base in (("vs_golfcheck", "golfcore", "golfcheck"),
                                 ("pure_vs_golfcheck", "pure", "golfcheck"),
                                 ("vs_old", "golfcore", "old")):
        if key in summary:
            v = summary[key]
            print(f"  {labels[ours_name]} / {labels[base]}: total x{v['total']:.2f}, "
                  f"p99 x{v['p99']:.2f}, max x{v['max']:.2f}")
    slow = ", ".join(f"{r['deal']} ({r['seconds'] * 1000:.0f} ms, {r['visited']} pos)"
                     for r in ours["slowest"])
    print(f"  golfcore's slowest deals: {slow}")
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
