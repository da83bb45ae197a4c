"""Execution backends: each runs :func:`~.tasks.solve_deal` over a survey's tasks and yields the
records as they come, in this process, in a pool of local processes, or on a Dask cluster
(:mod:`distributed` is imported only then). Closing the generator stops the work at once. The
local pool and :func:`default_workers` are :mod:`golfcore.runs.pool`'s (shared with
``golf tournament``)."""

from __future__ import annotations

import itertools
from typing import Any, Generator, Sequence

from golfcore.runs import pool
from golfcore.errors import GolfError
from golfcore.runs.pool import default_workers
from golfcore.solitaire.survey.tasks import Record, Task, solve_deal

__all__ = ["Records", "default_workers", "import_distributed", "run", "run_dask",
           "run_in_process", "run_processes"]

#: What a backend returns: records as they come; ``close()`` stops the work.
Records = Generator[Record, None, None]


def run_in_process(tasks: Sequence[Task], best: bool, limit: int | None) -> Records:
    """Records solved one after the other in this process (``--workers 1``)."""
    for variant, deal in tasks:
        yield solve_deal(variant, deal, best, limit)


def run_processes(tasks: Sequence[Task], best: bool, limit: int | None,
                  workers: int) -> Records:
    """Records from a pool of ``workers`` processes, as they complete, with a few tasks in
    flight per worker (so an interruption loses little and memory stays flat):
    :func:`golfcore.runs.pool.run_processes`."""
    return pool.run_processes(solve_deal, ((v, d, best, limit) for v, d in tasks), workers)


def import_distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise GolfError("--scheduler needs Dask's distributed package, which is not installed: "
                        "pip install 'golfcore[dask]' (the dask extra)") from None
    return distributed


def run_dask(tasks: Sequence[Task], best: bool, limit: int | None,
             address: str) -> Records:
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
        batch = [client.submit(solve_deal, v, d, best, limit, pure=False)
                 for v, d in itertools.islice(todo, window)]
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
                new = client.submit(solve_deal, nxt[0], nxt[1], best, limit, pure=False)
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


def run(tasks: Sequence[Task], best: bool, limit: int | None, workers: int | None = None,
        scheduler: str | None = None) -> Records:
    """Records for ``tasks`` from the backend asked for: the Dask cluster at ``scheduler``, else
    ``workers`` local processes (default: :func:`default_workers`; never more than there are
    tasks), in this process when that is one."""
    if scheduler:
        return run_dask(tasks, best, limit, scheduler)
    count = workers or default_workers()
    count = min(count, max(len(tasks), 1))
    if count == 1:
        return run_in_process(tasks, best, limit)
    return run_processes(tasks, best, limit, count)
