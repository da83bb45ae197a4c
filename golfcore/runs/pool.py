"""Running one top-level function over many tasks in local worker processes, yielding the
results as they complete (``golf survey --workers``, ``golf tournament --processes``).

A few tasks are in flight per worker, so an interruption loses little and memory stays flat.
Workers leave Ctrl-C to the main process; closing the generator (the caller was interrupted)
stops the workers at once. Workers die with the process that started them, even when it is
killed without a chance to stop them (``kill -9``): on Linux the kernel kills them
(``prctl(PR_SET_PDEATHSIG)``); elsewhere a thread in each worker watches its parent and ends
the worker when the parent is gone. No worker is left running, or holding the caller's
standard output and error open.
"""

from __future__ import annotations

import concurrent.futures
import ctypes
import itertools
import os
import signal
import sys
import threading
import time
from typing import Any, Callable, Generator, Iterable, TypeVar

T = TypeVar("T")


#: ``PR_SET_PDEATHSIG`` of Linux's ``prctl``: the signal a process gets when its parent dies.
_PR_SET_PDEATHSIG = 1
#: How often (seconds) a worker without ``prctl`` checks that its parent is still there.
WATCH_INTERVAL = 0.25


def _parent_death_signal() -> bool:
    """Ask Linux to kill this process when its parent dies; ``False`` where that cannot be
    asked (another system, no C library)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    """End this process as soon as its parent is no longer ``parent`` (it died: the orphan is
    given to another process)."""
    while os.getppid() == parent:
        time.sleep(WATCH_INTERVAL)
    os._exit(1)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:       # there, but not ours to signal
        return True
    return True


def _start_worker(main: int) -> None:
    """The initializer of each worker: leave Ctrl-C to the main process ``main`` (no traceback
    from each worker), and die with the parent (the main process, or the fork server that
    started the worker for it, which ends with it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
    watched = _parent_death_signal()
    if parent != main and not _alive(main):
        os._exit(1)       # the main process died before the worker could ask to die with it
    if not watched:
        threading.Thread(target=_watch_parent, args=(parent,), name="golfcore-watch-parent",
                         daemon=True).start()


def default_workers() -> int:
    """The CPUs this process may use (``os.cpu_count()`` where that cannot be told)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def run_processes(function: Callable[..., T], tasks: Iterable[tuple[Any, ...]],
                  workers: int) -> Generator[T, None, None]:
    """``function(*task)`` for each task, in a pool of ``workers`` processes, yielded as each
    completes (not in the order of the tasks). ``function`` must be picklable: defined at the
    top level of a module. An exception raised by ``function`` is raised here.

    The workers are started by the thread that first asks for a result and die with it (see
    above): consume the generator in the thread that will live as long as it does."""
    todo = iter(tasks)
    first = list(itertools.islice(todo, 2 * workers))
    if not first:
        return
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=workers, initializer=_start_worker,
                                                  initargs=(os.getpid(),))
    pending: set[concurrent.futures.Future[T]] = set()
    finished = False
    try:
        for task in first:
            pending.add(pool.submit(function, *task))
        while pending:
            done, pending = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in done:
                yield future.result()
                nxt = next(todo, None)
                if nxt is not None:
                    pending.add(pool.submit(function, *nxt))
        finished = True
    finally:
        if not finished:   # interrupted or failed: stop the work still running, now
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
        pool.shutdown(wait=finished, cancel_futures=True)
