"""Execution backends: each runs a survey's work and yields the records as they come, in this
process, in a pool of local processes, or on a Dask cluster (:mod:`distributed` is imported only
then). Closing the generator stops the work at once. The local pool and
:func:`default_workers` are :mod:`golfcore.runs.pool`'s, the cluster
:mod:`golfcore.runs.cluster`'s (both shared with ``golf tournament``).

The work is a list of tasks ``(variant, deal)``, each solved by :func:`~.tasks.solve_deal`, or
of jobs ``(kind, variant, deal)`` (:func:`~.tasks.survey_jobs`), whose kind says whether to
solve the deal or compute its fair chance (:func:`~.fair.fair_deal`, with the ``fair``
options): :func:`run_job` does either."""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence

from golfcore.runs import pool
from golfcore.runs.cluster import Cluster, import_distributed
from golfcore.runs.pool import default_workers
from golfcore.solitaire.survey.fair import FairOptions, fair_deal
from golfcore.solitaire.survey.tasks import FAIR, SOLVE, Job, Record, Task, solve_deal

__all__ = ["Records", "default_workers", "import_distributed", "run", "run_dask",
           "run_in_process", "run_job", "run_processes"]

#: What a backend returns: records as they come; ``close()`` stops the work.
Records = Generator[Record, None, None]
Work = Sequence["Task | Job"]


def _job(task: Task | Job) -> Job:
    """A task ``(variant, deal)`` as the job of solving it; a job as it is."""
    return (SOLVE, task[0], task[1]) if len(task) == 2 else task


def run_job(kind: str, variant: str, deal: int, best: bool, limit: int | None,
            fair: FairOptions | None) -> Record:
    """One job: solve the deal (:func:`~.tasks.solve_deal`) or compute its fair chance
    (:func:`~.fair.fair_deal`). Top level and picklable, for worker processes and Dask."""
    if kind == FAIR:
        if fair is None:
            raise ValueError("a fair-chance job needs the fair options")
        return fair_deal(variant, deal, fair)
    return solve_deal(variant, deal, best, limit)


def run_in_process(tasks: Work, best: bool, limit: int | None,
                   fair: FairOptions | None = None) -> Records:
    """Records computed one after the other in this process (``--workers 1``)."""
    for task in tasks:
        yield run_job(*_job(task), best, limit, fair)


def run_processes(tasks: Work, best: bool, limit: int | None, workers: int,
                  fair: FairOptions | None = None) -> Records:
    """Records from a pool of ``workers`` processes, as they complete
    (:func:`golfcore.runs.pool.run_processes`: short tasks travel in chunks, a few are queued
    ahead of the workers, so an interruption loses little and memory stays flat)."""
    return pool.run_processes(run_job, (_job(t) + (best, limit, fair) for t in tasks), workers)


def run_dask(tasks: Work, best: bool, limit: int | None, cluster: str | Cluster,
             fair: FairOptions | None = None,
             note: Callable[[str], None] | None = None) -> Records:
    """Records from a Dask cluster (a :class:`~golfcore.runs.cluster.Cluster`, or the address
    of its scheduler), as they complete (:meth:`~golfcore.runs.cluster.Cluster.run`: what
    happens to the work of a worker that dies, or when this process dies, is told there). The
    connection is closed at the end; ``note`` is told when the cluster has no worker yet."""
    if isinstance(cluster, str):
        cluster = Cluster(cluster)
    return cluster.run(run_job, (_job(t) + (best, limit, fair) for t in tasks), note=note)


def run(tasks: Work, best: bool, limit: int | None, workers: int | None = None,
        scheduler: str | Cluster | None = None, fair: FairOptions | None = None) -> Records:
    """Records for ``tasks`` (or jobs) from the backend asked for: the Dask cluster at
    ``scheduler`` (or the :class:`~golfcore.runs.cluster.Cluster` connected to it), else
    ``workers`` local processes (default: :func:`default_workers`; never more than there are
    tasks), in this process when that is one."""
    if scheduler:
        return run_dask(tasks, best, limit, scheduler, fair)
    count = workers or default_workers()
    count = min(count, max(len(tasks), 1))
    if count == 1:
        return run_in_process(tasks, best, limit, fair)
    return run_processes(tasks, best, limit, count, fair)
