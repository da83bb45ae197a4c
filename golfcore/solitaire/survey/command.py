"""``golf survey``: its arguments (:func:`add_arguments`) and the command (:func:`run_command`:
:func:`read_plan`, :func:`read_resumed`, :func:`run_jobs`, then the report or its JSON);
the text report of a summary is :mod:`.report`'s (:func:`format_summary`)."""

from __future__ import annotations

import argparse
import os
import stat
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from golfcore._wording import plural
from golfcore.runs import cluster, jsonl
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
from golfcore.solitaire.survey.tasks import (FAIR, SOLVE, Job, parse_deals, parse_variants,
                                             survey_jobs)

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
    # imported here: golfcore.cli imports this module for its command table
    from golfcore.cli.options import (add_json_arguments, add_progress_arguments,
                                      add_workers_argument)

    parser.add_argument("--variant", action="append", metavar="V[,V...]",
                        help="variants to survey, comma-separated or repeated (composed "
                             "variants such as cards4+jokers=2 work); default app-facil")
    parser.add_argument("--deals", required=True, metavar="A..B",
                        help=f"the deals to solve: a range such as 1..200, or one number "
                             f"(1 to {MAX_DEAL})")
    where = parser.add_mutually_exclusive_group()
    add_workers_argument(where, "solving the deals")
    where.add_argument("--scheduler", metavar="ADDRESS", type=cluster.address_argument,
                       help="run on the Dask cluster whose scheduler is at ADDRESS "
                            "(tcp://HOST:8786); needs the dask extra: pip install "
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
    add_json_arguments(parser, "the summary")
    add_progress_arguments(parser)


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


@dataclass(frozen=True)
class Plan:
    """What a ``golf survey`` command line asks for, read and checked."""

    first: int
    last: int
    variants: list[str]
    best: bool
    limit: int | None
    quiet: bool
    fair: FairOptions | None
    output: str
    fair_out: str | None
    plot: str | None
    scheduler: str | None
    workers: int | None
    #: whether the progress bar shows (``-q``: never; ``--progress``: always; else on a
    #: terminal)
    progress: bool = True

    @property
    def per_kind(self) -> int:
        """How many solves (and as many fair chances with ``--fair``) the survey holds."""
        return (self.last - self.first + 1) * len(self.variants)

    @property
    def total(self) -> int:
        return self.per_kind * (1 if self.fair is None else 2)

    @property
    def deals(self) -> str:
        return f"deal {self.first}" if self.first == self.last else (
            f"deals {self.first}..{self.last}")


@dataclass(frozen=True)
class Resumed:
    """What the results files already hold, and the jobs left to do."""

    resume: Resume
    fair_resume: Resume | None
    jobs: list[Job]
    #: (SOLVE or FAIR, deal, variant) -> record, filled as results come
    records: dict[tuple[str, int, str], dict[str, Any]]


def read_plan(args: argparse.Namespace) -> Plan:
    """The survey the arguments ask for; :class:`GolfError` for bad input (deals, variants, fair
    options, files), before anything is read or written."""
    from golfcore.cli.options import progress_wanted

    first, last = parse_deals(args.deals)
    variants = parse_variants(args.variant or ["app-facil"])
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
    return Plan(first, last, variants, bool(getattr(args, "best", False)),
                getattr(args, "limit", None), bool(getattr(args, "quiet", False)), fair,
                output, fair_out, plot, scheduler, args.workers, progress_wanted(args))


def read_resumed(plan: Plan) -> Resumed:
    """Read (and repair) the results files, say what they held, and list the jobs left."""
    resume = read_results(plan.output, plan.variants, plan.first, plan.last, plan.best,
                          plan.limit)
    fair_resume = None
    if plan.fair is not None and plan.fair_out is not None:
        fair_resume = fair_file.read_fair_results(plan.fair_out, plan.variants, plan.first,
                                                  plan.last, plan.fair)
    jobs = survey_jobs(plan.variants, plan.first, plan.last, resume.done,
                       None if fair_resume is None else fair_resume.done)
    # notes about the data are shown even with --quiet, which only silences the progress
    _notes(resume, plan.output, plan.per_kind, "solved", plan.quiet)
    if fair_resume is not None and plan.fair_out is not None:
        _notes(fair_resume, plan.fair_out, plan.per_kind, "computed (fair chance)", plan.quiet)
    records: dict[tuple[str, int, str], dict[str, Any]] = {
        (SOLVE, deal, variant): r for (deal, variant), r in resume.done.items()}
    if fair_resume is not None:
        records.update(((FAIR, deal, variant), r)
                       for (deal, variant), r in fair_resume.done.items())
    return Resumed(resume, fair_resume, jobs, records)


def run_jobs(plan: Plan, resumed: Resumed, connected: cluster.Cluster | None = None) -> bool:
    """Run the jobs left, appending each record to its file as it comes and to
    ``resumed.records``; whether Ctrl-C interrupted them. ``connected``: the cluster of
    ``--scheduler``, already reached (else it is reached now)."""
    progress = Progress(plan.total, len(resumed.records), enabled=plan.progress,
                        unit="solves" if plan.fair is None else "tasks")
    if plan.scheduler:
        results = backends.run_dask(resumed.jobs, plan.best, plan.limit,
                                    connected if connected is not None else plan.scheduler,
                                    plan.fair,
                                    note=lambda text: _err(f"{PROG} survey: note: {text}"))
    else:
        results = backends.run(resumed.jobs, plan.best, plan.limit, plan.workers, None,
                               plan.fair)
    fair_resume = resumed.fair_resume

    def route(record: dict[str, Any]) -> tuple[str, bool]:
        """Fair chances to their own file, solves to the results file."""
        if "value" in record and plan.fair_out is not None and fair_resume is not None:
            return plan.fair_out, fair_resume.needs_newline and plan.fair_out != plan.output
        return plan.output, resumed.resume.needs_newline

    return jsonl.collect(
        results, lambda r: (FAIR if "value" in r else SOLVE, r["deal"], r["variant"]),
        resumed.records, plan.output, resumed.resume.needs_newline, progress, route=route)


def interrupted_note(plan: Plan, done: int) -> str:
    """What an interrupted survey says: how far it got, and how to go on."""
    return (f"{PROG} survey: interrupted with {done} of {plan.total} "
            f"{'solved' if plan.fair is None else 'done'}; they are in {plan.output}"
            f"{'' if plan.fair_out is None else f' and {plan.fair_out}'}: run the same "
            f"command again to go on")


def summary_of(plan: Plan, resumed: Resumed) -> dict[str, Any]:
    """The summary of every record, solves and (with ``--fair``) fair chances."""
    records = resumed.records
    solved = [r for (kind, _, _), r in records.items() if kind == SOLVE]
    fairs = None if plan.fair is None else [r for (k, _, _), r in records.items() if k == FAIR]
    return summarize(solved, plan.variants, fairs)


def survey_json(plan: Plan, resumed: Resumed, summary: dict[str, Any],
                seconds: float) -> dict[str, Any]:
    """``--json``'s object: how the survey ran, then its summary."""
    resume, fair_resume, jobs = resumed.resume, resumed.fair_resume, resumed.jobs
    return {
        "survey": {"variants": plan.variants, "deals": [plan.first, plan.last],
                   "best": plan.best, "limit": plan.limit, "output": plan.output,
                   "plot": plan.plot,
                   "backend": (f"dask {plan.scheduler}" if plan.scheduler else "local"),
                   "resumed": len(resume.done),
                   "solved_now": sum(1 for j in jobs if j[0] == SOLVE),
                   "ignored_outside": resume.outside, "duplicates": resume.duplicates,
                   "repaired": resume.truncated,
                   "fair": None if plan.fair is None else plan.fair.to_json(),
                   "fair_output": plan.fair_out,
                   "fair_resumed": None if fair_resume is None else len(fair_resume.done),
                   "fair_now": (None if plan.fair is None
                                else sum(1 for j in jobs if j[0] == FAIR)),
                   "seconds": round(seconds, 3)},
        **summary,
    }


def report_lines(plan: Plan, summary: dict[str, Any]) -> list[str]:
    """The text report: what was surveyed and how, then the summary's table."""
    how = "best result searched (--best)" if plan.best else "won or lost only"
    if plan.limit is not None:
        how += f", at most {plan.limit:,} positions a deal"
    count = len(plan.variants)
    lines = [f"survey of {plan.deals} under {plural(count, 'variant')}"
             f": {how}; results in {plan.output}"]
    if plan.fair is not None:
        lines.append(f"fair chance of each deal ({plan.fair.describe()}); in {plan.fair_out}")
    return lines + [""] + format_summary(summary)


def run_command(args: argparse.Namespace) -> int:
    """``golf survey``: solve (and with ``--fair`` compute fair chances), write records as they
    come, print the summary. Bad input raises :class:`GolfError` (``golf`` prints it as
    ``golf: error: ...``, exit status 1)."""
    from golfcore.cli.output import print_json

    plan = read_plan(args)
    # the cluster is reached before anything is read or repaired: an unreachable one changes
    # nothing
    connected = cluster.Cluster(plan.scheduler) if plan.scheduler else None
    try:
        resumed = read_resumed(plan)
        started = time.perf_counter()
        interrupted = run_jobs(plan, resumed, connected)
    finally:
        if connected is not None:
            connected.close()
    if interrupted:
        _err(interrupted_note(plan, len(resumed.records)))
        return 130
    summary = summary_of(plan, resumed)
    if plan.plot:
        svg_file.save(plan.plot, plot_svg(summary, title=f"Winnable deals, {plan.deals}"))
    if args.json:
        data = survey_json(plan, resumed, summary, time.perf_counter() - started)
        print_json(data, args.pretty)
    else:
        print("\n".join(report_lines(plan, summary)))
    return 0
