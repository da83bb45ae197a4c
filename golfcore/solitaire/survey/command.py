"""``golf survey``: its arguments (:func:`add_arguments`) and the command (:func:`run_command`);
the text report of a summary is :mod:`.report`'s (:func:`format_summary`)."""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
import time
from typing import Any, Callable

from golfcore.runs import jsonl
from golfcore.runs import svg as svg_file
from golfcore.errors import GolfError
from golfcore.solitaire.deal import MAX_DEAL
from golfcore.solitaire.survey import backends
from golfcore.solitaire.survey.plot import plot_svg
from golfcore.solitaire.survey.progress import Progress
from golfcore.solitaire.survey.report import LISTED_DEALS, format_summary
from golfcore.solitaire.survey.results import default_output, read_results
from golfcore.solitaire.survey.stats import summarize
from golfcore.solitaire.survey import fair as fair_file
from golfcore.solitaire.survey.fair import FairOptions
from golfcore.solitaire.survey.results import Resume
from golfcore.solitaire.survey.tasks import FAIR, SOLVE, parse_deals, parse_variants, survey_jobs

PROG = "golf"

__all__ = ["LISTED_DEALS", "PROG", "add_arguments", "format_summary", "run_command"]


def _err(text: str) -> None:
    print(text, file=sys.stderr)


def _positive(name: str, low: int = 1) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number >= {low}, "
                                             f"got {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number >= {low}, "
                                             f"got {value}")
        return value
    return parse


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < 1e9:
        raise argparse.ArgumentTypeError(f"--fair-seconds must be a number of seconds > 0, "
                                         f"got {text!r}")
    return value


#: The fair options of the command: (flag, its dest, the FairOptions field).
FAIR_FLAGS = (("--fair-states", "fair_states", "states"),
              ("--fair-seconds", "fair_seconds", "seconds"),
              ("--fair-samples", "fair_samples", "samples"),
              ("--fair-seed", "fair_seed", "seed"),
              ("--fair-policy-states", "fair_policy_states", "policy_states"),
              ("--fair-output", "fair_output", None))


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
    fair = parser.add_argument_group(
        "fair chance", "with --fair, also the fair chance of each deal (a player who cannot "
        "see the stock: docs/fair.md), exact or estimated within a budget per deal; the mean "
        "over the deals is shown beside the clairvoyant share (docs/survey.md)")
    fair.add_argument("--fair", action="store_true",
                      help="also compute the fair chance of every deal")
    fair.add_argument("--fair-states", type=_positive("--fair-states"), metavar="N",
                      help=f"information states the exact search of a deal may visit before "
                           f"it is estimated (default {fair_file.DEFAULT_STATES})")
    fair.add_argument("--fair-seconds", type=_seconds, metavar="S",
                      help="also stop a deal's exact search after S seconds (then the answers "
                           "depend on the machine; default: no time cap)")
    fair.add_argument("--fair-samples", type=_positive("--fair-samples"), metavar="K",
                      help=f"orders of the stock the estimate plays (default "
                           f"{fair_file.DEFAULT_SAMPLES})")
    fair.add_argument("--fair-seed", type=_positive("--fair-seed", 0), metavar="N",
                      help="seed of the sampled orders (default 1)")
    fair.add_argument("--fair-policy-states", type=_positive("--fair-policy-states", 0),
                      metavar="N",
                      help=f"states each decision of the estimate's policy may search "
                           f"(default {fair_file.DEFAULT_POLICY_STATES})")
    fair.add_argument("--fair-output", metavar="FILE",
                      help="the fair chances' results file (default: the results file's name "
                           "with .fair.jsonl for .jsonl)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--quiet", "-q", action="store_true",
                        help="no progress bar (notes about the results file still show)")


def fair_options(args: argparse.Namespace) -> FairOptions | None:
    """The :class:`FairOptions` of ``--fair`` (defaults for what is not given); ``None``
    without it. A fair option without ``--fair`` is :class:`GolfError`."""
    given = {flag: getattr(args, dest, None) for flag, dest, _ in FAIR_FLAGS}
    if not getattr(args, "fair", False):
        used = [flag for flag, value in given.items() if value is not None]
        if used:
            raise GolfError(f"{used[0]} needs --fair")
        return None
    defaults = FairOptions()
    return FairOptions(**{field: (getattr(defaults, field) if getattr(args, dest) is None
                                  else getattr(args, dest))
                          for _, dest, field in FAIR_FLAGS if field is not None})


def _folder_of(option: str, path: str) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise GolfError(f"{option} {path}: no such folder {folder}")


def _regular(path: str) -> bool:
    """``path`` is a regular file, or nothing yet (not ``/dev/null``, a pipe, a device)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return True


def _check_paths(output: str, plot: str | None, fair_out: str | None) -> None:
    """Refuse a plot or fair-chance file that is the results file, and missing folders."""
    if plot and jsonl.same_file(output, plot):
        raise GolfError(f"--plot {plot} is the results file (--output {output}): the chart "
                        f"would overwrite the results; give the plot another name")
    if fair_out is not None and jsonl.same_file(output, fair_out) and _regular(output):
        raise GolfError(f"--fair-output {fair_out} is the results file (--output {output}): "
                        f"give the fair chances a file of their own")
    if plot and fair_out is not None and jsonl.same_file(fair_out, plot):
        raise GolfError(f"--plot {plot} is the fair chances' file (--fair-output {fair_out}): "
                        f"give the plot another name")
    if plot:
        _folder_of("--plot", plot)
    if fair_out is not None:
        _folder_of("--fair-output", fair_out)
    _folder_of("--output", output)


def _notes(resume: Resume, path: str, total: int, what: str, quiet: bool) -> None:
    """What reading a results file found (shown even with --quiet, but the resume line)."""
    if resume.truncated:
        _err(f"{PROG} survey: note: removed a last line of {path} that was cut off "
             f"mid-write; that deal is {what} again")
    if resume.outside:
        _err(f"{PROG} survey: note: {path} holds {resume.outside} record(s) for deals or "
             f"variants outside this survey; they stay in the file and are left out of "
             f"the summary")
    if resume.duplicates:
        _err(f"{PROG} survey: note: {path} repeats {resume.duplicates} record(s); each "
             f"deal and variant is counted once")
    if resume.done and not quiet:
        _err(f"{PROG} survey: resuming from {path}: {len(resume.done)} of {total} "
             f"already {what}")


def run_command(args: argparse.Namespace) -> int:
    """``golf survey``: solve (and with ``--fair`` compute fair chances), write records as they
    come, print the summary. Bad input raises :class:`GolfError` (``golf`` prints it as
    ``golf: error: ...``, exit status 1)."""
    first, last = parse_deals(args.deals)
    variants = parse_variants(args.variant or ["app-facil"])
    best = bool(getattr(args, "best", False))
    limit = getattr(args, "limit", None)
    quiet = bool(getattr(args, "quiet", False))
    fair = fair_options(args)
    output = args.output or default_output(variants, first, last)
    fair_out = None
    if fair is not None:
        fair_out = getattr(args, "fair_output", None) or fair_file.fair_output(output)
    plot = getattr(args, "plot", None)
    _check_paths(output, plot, fair_out)
    scheduler = getattr(args, "scheduler", None)
    if scheduler:
        backends.import_distributed()   # fail before reading or repairing anything
    per_kind = (last - first + 1) * len(variants)
    resume = read_results(output, variants, first, last, best, limit)
    fair_resume = None
    if fair is not None and fair_out is not None:
        fair_resume = fair_file.read_fair_results(fair_out, variants, first, last, fair)
    jobs = survey_jobs(variants, first, last, resume.done,
                       None if fair_resume is None else fair_resume.done)
    # notes about the data are shown even with --quiet, which only silences the progress
    _notes(resume, output, per_kind, "solved", quiet)
    if fair_resume is not None and fair_out is not None:
        _notes(fair_resume, fair_out, per_kind, "computed (fair chance)", quiet)
    records: dict[tuple[str, int, str], dict[str, Any]] = {
        (SOLVE, deal, variant): r for (deal, variant), r in resume.done.items()}
    if fair_resume is not None:
        records.update(((FAIR, deal, variant), r)
                       for (deal, variant), r in fair_resume.done.items())
    total = per_kind * (1 if fair is None else 2)
    progress = Progress(total, len(records), enabled=not quiet,
                        unit="solves" if fair is None else "tasks")
    started = time.perf_counter()
    results = backends.run(jobs, best, limit, args.workers, scheduler, fair)

    def route(record: dict[str, Any]) -> tuple[str, bool]:
        """Fair chances to their own file, solves to the results file."""
        if "value" in record and fair_out is not None and fair_resume is not None:
            return fair_out, fair_resume.needs_newline and fair_out != output
        return output, resume.needs_newline

    interrupted = jsonl.collect(
        results, lambda r: (FAIR if "value" in r else SOLVE, r["deal"], r["variant"]),
        records, output, resume.needs_newline, progress, route=route)
    if interrupted:
        _err(f"{PROG} survey: interrupted with {len(records)} of {total} "
             f"{'solved' if fair is None else 'done'}; they are in {output}"
             f"{'' if fair_out is None else f' and {fair_out}'}: run the same command again "
             f"to go on")
        return 130
    solved = [r for (kind, _, _), r in records.items() if kind == SOLVE]
    fairs = None if fair is None else [r for (k, _, _), r in records.items() if k == FAIR]
    summary = summarize(solved, variants, fairs)
    if plot:
        deals = f"deal {first}" if first == last else f"deals {first}..{last}"
        svg = plot_svg(summary, title=f"Winnable deals, {deals}")
        svg_file.save(plot, svg)
    if args.json:
        data = {
            "survey": {"variants": variants, "deals": [first, last], "best": best,
                       "limit": limit, "output": output, "plot": plot,
                       "backend": (f"dask {scheduler}" if scheduler else "local"),
                       "resumed": len(resume.done),
                       "solved_now": sum(1 for j in jobs if j[0] == SOLVE),
                       "ignored_outside": resume.outside, "duplicates": resume.duplicates,
                       "repaired": resume.truncated,
                       "fair": None if fair is None else fair.to_json(),
                       "fair_output": fair_out,
                       "fair_resumed": None if fair_resume is None else len(fair_resume.done),
                       "fair_now": (None if fair is None
                                    else sum(1 for j in jobs if j[0] == FAIR)),
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
    if fair is not None:
        print(f"fair chance of each deal ({fair.describe()}); in {fair_out}")
    print()
    for line in format_summary(summary):
        print(line)
    return 0
