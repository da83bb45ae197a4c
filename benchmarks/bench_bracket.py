"""Bracket coverage: how often the fair chance's bracket holds the exact value, measured.

Run on demand (not a test)::

    python benchmarks/bench_bracket.py                         # 4 variants, deals 1..25
    python benchmarks/bench_bracket.py --deals 1..50 --unseen 10,12 --samples 100 --json

A bracket (:mod:`golfcore.solitaire.search.fair_bracket`) states that it holds the fair chance
with probability at least 95 %. This measures it against exact values computed by the
independent program ``/work/shared/oracle/fairchance.c`` (compiled here with ``cc``): positions
reached in play (PySolFC's deals under ``traditional``, ``cards4``, ``app-clasico`` and
``app-facil``, a simple player playing the first legal play, else drawing, until the stock holds
``--unseen`` cards), whose exact value the program finds in well under a second, and, for each,
golfcore's bracket with the exact search capped at ``--states`` information states (so that the
bracket really samples) and ``--samples`` orders (seeded by the deal). Positions whose value is
0 or 1, or that the capped search still decides (a bracket closed on a proved value), say
nothing of the sampled sides and are counted apart.

Per variant it prints the positions, the misses of the bracket (the exact value outside it),
the misses of each sampled side on its own (the policy's lower bound above the value, the
clairvoyant's upper bound below it: each is allowed 2.5 %), the mean width of the brackets and
the mean of the exact values.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from golfcore.solitaire import engine  # noqa: E402
from golfcore.solitaire.moves import DRAW_MOVE  # noqa: E402
from golfcore.solitaire.position import Position  # noqa: E402
from golfcore.solitaire.rules import rule_set  # noqa: E402
from golfcore.solitaire.search.fair import fair_chance  # noqa: E402
from golfcore.solitaire.state import Outcome  # noqa: E402

ORACLE = Path("/work/shared/oracle/fairchance.c")
#: The program's rule flags for each variant (its README).
FLAGS = {"traditional": ["-r", "strict", "-s"], "cards4": ["-r", "strict"],
         "app-clasico": ["-r", "qok"], "app-facil": ["-r", "wrap"]}


def oracle_line(position: Position) -> str:
    """The position as the program reads it: columns' ranks, the waste's rank, the stock's."""
    def ranks(cards) -> str:
        return "".join("A23456789TJQK"[c.rank - 1] for c in cards) or "-"
    return " ".join([*(ranks(column) for column in position.columns),
                     ranks(position.waste[-1:]), ranks(position.stock)])


def reached(variant: str, deal: int, unseen: int) -> Position | None:
    """The position a simple player reaches in ``deal`` once ``unseen`` cards are left in the
    stock (the first legal play, else a draw); ``None`` when the game ends before."""
    rules = rule_set(variant)
    state = engine.start_deal(rules, deal)
    while len(state.position.stock) > unseen:
        legal = engine.legal_moves(rules, state)
        if not legal:
            return None
        plays = [m for m in legal if not m.is_draw]
        state = engine.apply(rules, state, plays[0] if plays else DRAW_MOVE).state
    if engine.outcome(rules, state) is not Outcome.PLAYING:
        return None
    return state.position


def exact_values(binary: Path, variant: str, positions: list[Position],
                 seconds: float) -> list[float | None]:
    done = subprocess.run([str(binary), *FLAGS[variant], "-t", str(seconds)],
                          input="".join(oracle_line(p) + "\n" for p in positions),
                          capture_output=True, text=True, check=True)
    values: list[float | None] = []
    for line in done.stdout.splitlines():
        fields = line.split()
        values.append(float(fields[0]) if fields[-1] == "ok" else None)
    return values


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", action="append", choices=sorted(FLAGS))
    parser.add_argument("--deals", default="1..25", help="range A..B (default 1..25)")
    parser.add_argument("--unseen", default="10,12",
                        help="stock sizes at which positions are taken (default 10,12)")
    parser.add_argument("--states", type=int, default=2000,
                        help="the exact search's cap in information states (default 2000)")
    parser.add_argument("--samples", type=int, default=100, help="orders (default 100)")
    parser.add_argument("--oracle-seconds", type=float, default=20.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None or not ORACLE.exists():
        parser.error("needs a C compiler (cc) and the reference program " + str(ORACLE))
    first, _, last = args.deals.partition("..")
    deals = range(int(first), int(last or first) + 1)
    sizes = [int(x) for x in args.unseen.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        binary = Path(folder) / "fairchance"
        subprocess.run([compiler, "-O2", "-o", str(binary), str(ORACLE)], check=True)
        for variant in args.variant or list(FLAGS):
            positions = [(deal, p) for deal in deals for n in sizes
                         if (p := reached(variant, deal, n)) is not None]
            values = exact_values(binary, variant, [p for _, p in positions],
                                  args.oracle_seconds)
            counted = closed = trivial = unknown = misses = low_misses = high_misses = 0
            widths: list[float] = []
            exacts: list[float] = []
            for (deal, position), exact in zip(positions, values):
                if exact is None:
                    unknown += 1
                    continue
                if not 0 < exact < 1:
                    trivial += 1
                    continue
                result = fair_chance(variant, position, states=args.states,
                                     samples=args.samples, seed=deal)
                bracket = result.bracket
                if bracket is None or bracket.proved_low == bracket.proved_high:
                    closed += 1
                    continue
                counted += 1
                misses += not result.low - 1e-9 <= exact <= result.high + 1e-9
                low_misses += bracket.sampled_low > exact + 1e-9
                high_misses += bracket.sampled_high < exact - 1e-9
                widths.append(result.high - result.low)
                exacts.append(exact)
            row = {"variant": variant, "positions": len(positions), "bracketed": counted,
                   "misses": misses, "lower side misses": low_misses,
                   "upper side misses": high_misses,
                   "mean width": statistics.fmean(widths) if widths else None,
                   "mean exact": statistics.fmean(exacts) if exacts else None,
                   "closed by a proof": closed, "0 or 1": trivial, "oracle timed out": unknown}
            rows.append(row)
            if not args.json:
                print(" ".join(f"{k}={v:.3f}" if isinstance(v, float) else f"{k}={v}"
                               for k, v in row.items()), flush=True)
    if args.json:
        print(json.dumps({"states": args.states, "samples": args.samples, "deals": args.deals,
                          "unseen": sizes, "rows": rows}, indent=1))
    total = sum(r["bracketed"] for r in rows)
    missed = sum(r["misses"] for r in rows)
    print(f"in all: {missed} misses of {total} brackets "
          f"({100 * missed / total if total else 0:.1f} %; the stated rate allows 5 %)",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
