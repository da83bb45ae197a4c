"""Execution backends: each runs a survey's work and yields the records as they come, in this
process, in a pool of local processes, or on a Dask cluster (:mod:`distributed` is imported only
then). Closing the generator stops the work at once. The local pool and
:func:`default_workers` are :mod:`golfcore.runs.pool`'s (shared with ``golf tournament``).

The work is a list of tasks ``(variant, deal)``, each solved by :func:`~.tasks.solve_deal`, or
of jobs ``(kind, variant, deal)`` (:func:`~.tasks.survey_jobs`), whose kind says whether to
solve the deal or compute its fair chance (:func:`~.fair.fair_deal`, with the ``fair``
options): :func:`run_job` does either."""

from __future__ import annotations

import itertools
from typing import Any, Generator, Sequence

from golfcore.runs import pool
from golfcore.errors import GolfError
from golfcore.runs.pool import default_workers
from golfcore.solitaire.survey.fair import FairOptions, fair_deal
from golfcore.solitaire.survey.tasks import FAIR, SOLVE, Job, Record, Task, solve_deal

__all__ = ["Records", "default_workers", "import_distributed", "run", "run_dask",
           "run_in_process", "run_job", "run_processes"]

#: What a backend returns: records as they come; ``close()`` stops the work.
Records = Generator[Record, None, None]
Work = Sequence["Task | Job"]


def _job(task: "Task | Job") -> Job:
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


def import_distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise GolfError("--scheduler needs Dask's distributed package, which is not installed: "
                        "pip install 'golfcore[dask]' (the dask extra)") from None
    return distributed


def run_dask(tasks: Work, best: bool, limit: int | None, address: str,
             fair: FairOptions | None = None) -> Records:
    """Records from the Dask cluster whose scheduler is at ``address``, as they complete."""
    if not tasks:
        return
    distributed = import_distributed()
    try:
        client = distributed.Client(address, timeout="20s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise GolfError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    pending: set[Any] = set()
    finished = False
    try:
        threads = sum(client.nthreads().values()) or 1
        todo = iter(tasks)
        window = max(64, 4 * threads)
        batch = [client.submit(run_job, *_job(t), best, limit, fair, pure=False)
                 for t in itertools.islice(todo, window)]
        pending = set(batch)
        flow = distributed.as_completed(batch)
        for future in flow:
            pending.discard(future)
            try:
                record = future.result()
            except ImportError as exc:
                raise GolfError(f"a Dask worker cannot run the solver ({exc}): install golfcore "
                                f"(the same version) on every worker") from None
            yield record
            nxt = next(todo, None)
            if nxt is not None:
                new = client.submit(run_job, *_job(nxt), best, limit, fair, pure=False)
                pending.add(new)
                flow.add(new)
        finished = True
    finally:
        if not finished:   # interrupted: the cluster stops working for this survey
            try:
                client.cancel(list(pending))
            except Exception:  # pragma: no cover - best effort while closing
                pass
        client.close()


def run(tasks: Work, best: bool, limit: int | None, workers: int | None = None,
        scheduler: str | None = None, fair: FairOptions | None = None) -> Records:
    """Records for ``tasks`` (or jobs) from the backend asked for: the Dask cluster at
    ``scheduler``, else ``workers`` local processes (default: :func:`default_workers`; never
    more than there are tasks), in this process when that is one."""
    if scheduler:
        return run_dask(tasks, best, limit, scheduler, fair)
    count = workers or default_workers()
    count = min(count, max(len(tasks), 1))
    if count == 1:
        return run_in_process(tasks, best, limit, fair)
    return run_processes(tasks, best, limit, count, fair)
