"""``golf survey``: the share of deals winnable under each variant, measured by the exact solver.

Random Golf deals are often unwinnable, and how often depends on the variant: the same deal can
be won in Fácil and lost in Clásico (APP-10). A survey solves every deal of a range under every
variant asked for and reports, per variant, how many were winnable with a 95 % confidence
interval, and, for every pair of variants, the deals winnable under one and lost under the
other. ``docs/survey.md`` explains how to run one and what each figure means.

The package has a module for each job; the names below are re-exported here:

* :mod:`.tasks`: the work. :func:`parse_deals` and :func:`parse_variants` read the command's
  input, :func:`survey_tasks` lists the ``(variant, deal)`` pairs (:func:`survey_jobs` the
  ``(kind, variant, deal)`` jobs, with the fair chances of ``--fair``), and :func:`solve_deal`
  (a top-level, picklable function, so it runs in another process or on a Dask worker) solves
  one deal under one variant and returns a JSON-ready record;
* :mod:`.fair`: the fair chance of each deal (``--fair``): :class:`FairOptions` (the budget per
  deal), :func:`fair_deal` (the task), :func:`fair_output` and :func:`read_fair_results` (its
  results file, beside the survey's);
* :mod:`.stats`: :func:`summarize` turns records into the figures (:func:`fair_figures` the
  mean fair chance); :func:`wilson_interval` is the confidence interval of a share (it lives in
  :mod:`golfcore.runs.stats`, shared with ``golf tournament``, with the interval of a mean);
* :mod:`.results`: the JSON-lines results file, appended to as results come, so that an
  interrupted survey resumes where it stopped (:func:`read_results`; the lines themselves are
  read, repaired and appended by :mod:`golfcore.runs.jsonl`);
* :mod:`.backends`: run :func:`solve_deal` over the tasks and yield records as they come: in
  process (``--workers 1``), local processes (:class:`concurrent.futures.ProcessPoolExecutor`)
  or a Dask cluster (``--scheduler ADDRESS``; :mod:`distributed` is imported only then);
* :mod:`.progress`: the progress bar (:class:`golfcore.runs.progress.Progress` counting solves);
  :mod:`.plot`: the SVG plot (:func:`plot_svg`);
* :mod:`.command`: :func:`add_arguments` / :func:`run_command` for ``golf survey``;
  :mod:`.report`: :func:`format_summary`, the text report.
"""

from __future__ import annotations

from golfcore.solitaire.survey.backends import (default_workers, run_dask, run_in_process,
                                                run_job, run_processes)
from golfcore.solitaire.survey.command import PROG, add_arguments, run_command
from golfcore.solitaire.survey.fair import (FAIR_FIELDS, FairOptions, fair_deal, fair_output,
                                            read_fair_results)
from golfcore.solitaire.survey.plot import plot_svg
from golfcore.solitaire.survey.progress import Progress
from golfcore.solitaire.survey.report import LISTED_DEALS, format_fair, format_summary
from golfcore.solitaire.survey.results import Resume, default_output, read_results
from golfcore.solitaire.survey.stats import (Z95, fair_figures, summarize, unique_records,
                                             wilson_interval)
from golfcore.solitaire.survey.tasks import (FAIR, RECORD_FIELDS, SOLVE, Job, Record, Task,
                                             parse_deals, parse_variants, solve_deal,
                                             survey_jobs, survey_tasks)

__all__ = [
    "FAIR", "FAIR_FIELDS", "FairOptions", "Job", "LISTED_DEALS", "PROG", "RECORD_FIELDS",
    "Progress", "Record", "Resume", "SOLVE", "Task", "Z95", "add_arguments", "default_output",
    "default_workers", "fair_deal", "fair_figures", "fair_output", "format_fair",
    "format_summary", "parse_deals", "parse_variants", "plot_svg", "read_fair_results",
    "read_results", "run_command", "run_dask", "run_in_process", "run_job", "run_processes",
    "solve_deal", "summarize", "survey_jobs", "survey_tasks", "unique_records",
    "wilson_interval",
]
