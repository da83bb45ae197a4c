"""``golf survey``: its arguments (:func:`add_arguments`), the command (:func:`run_command`) and
the text report of a summary (:func:`format_summary`)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any, Callable, Collection, Sequence

from golfcore.runs import jsonl
from golfcore.runs import svg as svg_file
from golfcore.errors import GolfError
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.solitaire.survey import backends
from golfcore.solitaire.survey.plot import plot_svg
from golfcore.solitaire.survey.progress import Progress, format_duration
from golfcore.solitaire.survey.results import default_output, read_results
from golfcore.solitaire.survey.stats import summarize
from golfcore.solitaire.survey.tasks import parse_deals, parse_variants, survey_tasks

PROG = "golf"

#: How many separating deals the text report lists for each pair of variants.
LISTED_DEALS = 20


def _err(text: str) -> None:
    print(text, file=sys.stderr)


def _positive(name: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number >= 1, "
                                             f"got {text!r}") from None
        if value < 1:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number >= 1, got {value}")
        return value
    return parse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``golf survey``."""
    parser.add_argument("--variant", action="append", metavar="V[,V...]",
                        help="variants to survey, comma-separated or repeated (composed "
                             "variants such as cards4+jokers=2 work); default app-facil")
    parser.add_argument("--deals", required=True, metavar="A..B",
                        help=f"the deals to solve: a range such as 1..200, or one number "
                             f"(1 to {MAX_DEAL})")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_positive("--workers"), metavar="N",
                       help="local worker processes (default: the number of CPUs; 1 solves in "
                            "this process)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on the Dask cluster whose scheduler is at ADDRESS "
                            "(tcp://host:8786); needs the dask extra: pip install "
                            "'golfcore[dask]', and golfcore on every worker")
    parser.add_argument("--output", "-o", metavar="FILE",
                        help="results file, one JSON record a line, appended to as results "
                             "come; an existing one is resumed (default: "
                             "survey-<variants>-<A>-<B>.jsonl here)")
    parser.add_argument("--plot", metavar="FILE.svg",
                        help="also draw the shares and their intervals as an SVG bar chart")
    parser.add_argument("--best", action=argparse.BooleanOptionalAction, default=False,
                        help="also search the best result of lost deals (much slower; the "
                             "mean best is reported only then). Default: won or lost only")
    parser.add_argument("--limit", type=_positive("--limit"), metavar="N",
                        help="give up on a deal after N positions (it counts as undecided)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--quiet", "-q", action="store_true",
                        help="no progress bar (notes about the results file still show)")


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _num(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _secs(value: float | None) -> str:
    if value is None:
        return "-"
    if value < 10:
        return f"{value:.3f}s"
    return format_duration(value)


def _table(rows: Sequence[Sequence[str]], right: Collection[int] = ()) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
                 for i, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return lines


def format_summary(summary: dict[str, Any], listed: int = LISTED_DEALS) -> list[str]:
    """The text report: a row per variant, times per deal, then the separating deals."""
    rows = summary["variants"]
    undecided = any(r["undecided"] for r in rows)
    head = ["variant", "n", "winnable", "lost"] + (["undecided"] if undecided else []) + [
        "share", "95% CI", "mean removed", "mean score"]
    table = [head]
    for r in rows:
        low, high = r["ci"]
        ci = f"{100 * low:.1f}-{100 * high:.1f}%" if r["share"] is not None else "-"
        score = "-"
        if r["mean_score"] is not None:
            score = f"{r['mean_score']:.1f} {r['score_kind']}"
        table.append([r["variant"], str(r["n"]), str(r["winnable"]), str(r["lost"])]
                     + ([str(r["undecided"])] if undecided else [])
                     + [_pct(r["share"]), ci, _num(r["mean_best_removed"]), score])
    numeric = set(range(1, len(head)))
    lines = _table(table, right=numeric)
    if any(not r["best_searched"] for r in rows if r["n"]):
        lines.append("(mean removed and mean score: only when the best result is searched, "
                     "with --best)")
    lines.append("")
    times = [["time per deal", "mean", "median", "p90", "max", "total", "positions"]]
    for r in rows:
        t = r["time"]
        times.append([r["variant"], _secs(t["mean"]), _secs(t["median"]), _secs(t["p90"]),
                      _secs(t["max"]), _secs(t["total"]), f"{r['visited']:,}"])
    lines += _table(times, right=set(range(1, 7)))
    for pair in summary["pairs"]:
        lines.append("")
        count = pair["count"]
        lines.append(f"winnable in {pair['winnable_in']}, lost in {pair['lost_in']}: "
                     f"{count} deal{'s' if count != 1 else ''}")
        if count:
            shown = " ".join(str(d) for d in pair["deals"][:listed])
            more = f" ... and {count - listed} more" if count > listed else ""
            lines.append(f"  {shown}{more}")
    return lines


def run_command(args: argparse.Namespace) -> int:
    """``golf survey``: solve, write records as they come, print the summary. Bad input raises
    :class:`GolfError` (``golf`` prints it as ``golf: error: ...``, exit status 1)."""
    first, last = parse_deals(args.deals)
    variants = parse_variants(args.variant or ["app-facil"])
    best = bool(getattr(args, "best", False))
    limit = getattr(args, "limit", None)
    quiet = bool(getattr(args, "quiet", False))
    output = args.output or default_output(variants, first, last)
    plot = getattr(args, "plot", None)
    if plot and jsonl.same_file(output, plot):
        raise GolfError(f"--plot {plot} is the results file (--output {output}): the chart "
                        f"would overwrite the results; give the plot another name")
    if plot:
        folder = os.path.dirname(os.path.abspath(plot))
        if not os.path.isdir(folder):
            raise GolfError(f"--plot {plot}: no such folder {folder}")
    folder = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(folder):
        raise GolfError(f"--output {output}: no such folder {folder}")
    if args.scheduler:
        backends.import_distributed()   # fail before reading or repairing anything
    resume = read_results(output, variants, first, last, best, limit)
    total = (last - first + 1) * len(variants)
    tasks = survey_tasks(variants, first, last, resume.done)
    # notes about the data are shown even with --quiet, which only silences the progress
    if resume.truncated:
        _err(f"{PROG} survey: note: removed a last line of {output} that was cut off "
             f"mid-write; that deal is solved again")
    if resume.outside:
        _err(f"{PROG} survey: note: {output} holds {resume.outside} record(s) for deals or "
             f"variants outside this survey; they stay in the file and are left out of "
             f"the summary")
    if resume.duplicates:
        _err(f"{PROG} survey: note: {output} repeats {resume.duplicates} record(s); each "
             f"deal and variant is counted once")
    if resume.done and not quiet:
        _err(f"{PROG} survey: resuming from {output}: {len(resume.done)} of {total} "
             f"already solved")
    records = dict(resume.done)
    progress = Progress(total, len(records), enabled=not quiet)
    started = time.perf_counter()
    results = backends.run(tasks, best, limit, args.workers, args.scheduler)
    interrupted = jsonl.collect(results, lambda r: (r["deal"], r["variant"]), records, output,
                                resume.needs_newline, progress)
    if interrupted:
        _err(f"{PROG} survey: interrupted with {len(records)} of {total} solved; they are in "
             f"{output}: run the same command again to go on")
        return 130
    summary = summarize(records.values(), variants)
    if plot:
        deals = f"deal {first}" if first == last else f"deals {first}..{last}"
        svg = plot_svg(summary, title=f"Winnable deals, {deals}")
        svg_file.save(plot, svg)
    if args.json:
        data = {
            "survey": {"variants": variants, "deals": [first, last], "best": best,
                       "limit": limit, "output": output, "plot": plot,
                       "backend": (f"dask {args.scheduler}" if args.scheduler else "local"),
                       "resumed": len(resume.done), "solved_now": len(tasks),
                       "ignored_outside": resume.outside, "duplicates": resume.duplicates,
                       "repaired": resume.truncated,
                       "seconds": round(time.perf_counter() - started, 3)},
            **summary,
        }
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    deals = f"deal {first}" if first == last else f"deals {first}..{last}"
    how = "best result searched (--best)" if best else "won or lost only"
    if limit is not None:
        how += f", at most {limit:,} positions a deal"
    print(f"survey of {deals} under {len(variants)} variant{'s' if len(variants) != 1 else ''}"
          f": {how}; results in {output}")
    print()
    for line in format_summary(summary):
        print(line)
    return 0
