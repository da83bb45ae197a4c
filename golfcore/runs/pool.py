"""Running one top-level function over many tasks in local worker processes, yielding the
results as they complete (``golf survey --workers``, ``golf tournament --processes``).

The pool is lean, because every bit of CPU it spends is taken from the workers (the calling
process shares the CPU with them) and, with many short tasks, used to add 12-15 % to a survey's
CPU time (``docs/survey.md``, "Workers"):

* ``workers`` processes take *chunks* of tasks from one shared queue (a pipe; whichever worker
  is free takes the next chunk, so a long task never holds up a chunk queued behind it) and send
  the results back on a pipe of their own, which the calling thread reads directly (one
  :mod:`selectors` selector): no helper thread, no future per task;
* a message costs about as much as a short solve's tenth (mostly waking the process that
  receives it), so short tasks travel together: each chunk holds about :data:`CHUNK_SECONDS`
  of work, sized from the time the tasks took so far (one task a chunk to begin with, and
  whenever tasks are long), and a worker sends what it has done at least every
  :data:`CHUNK_SECONDS`, so results still come as they are done and an interruption loses
  little;
* a few chunks are queued ahead of the workers (``workers + AHEAD``), so a worker never waits
  for the caller, and memory stays flat;
* on Linux the workers are forked: they start at once, with what the caller has imported and
  built; elsewhere the platform's default start method is used.

Workers leave Ctrl-C to the main process; closing the generator (the caller was interrupted)
stops the workers at once. Workers die with the process that started them, even when it is
killed without a chance to stop them (``kill -9``): on Linux the kernel kills them
(``prctl(PR_SET_PDEATHSIG)``); elsewhere a thread in each worker watches its parent and ends
the worker when the parent is gone. No worker is left running, or holding the caller's
standard output and error open.
"""

from __future__ import annotations

import ctypes
import itertools
import multiprocessing
import multiprocessing.reduction
import os
import pickle
import selectors
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Generator, Iterable
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

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


#: Chunks queued beyond one per worker: a worker that finishes finds its next chunk waiting.
AHEAD = 2
#: Seconds of work (a worker's CPU time) a chunk of tasks aims at, and the most work a worker
#: does before it sends the results it has (unless a single task takes longer).
CHUNK_SECONDS = 0.05
#: The most tasks in one chunk.
MAX_CHUNK = 64
#: Seconds a worker may take to stop after the last task before it is terminated.
STOP_TIMEOUT = 5.0

#: A task's answer as it travels: ``(True, value)`` or ``(False, (exception, traceback))``.
Answer = tuple[bool, Any]


class RemoteTraceback(Exception):
    """The traceback of an exception raised in a worker (the ``__cause__`` of the exception
    :func:`run_processes` raises again in the caller)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def _portable(exc: BaseException) -> tuple[BaseException, str]:
    """``exc`` as it can travel back to the caller (itself when it survives pickling, else a
    :class:`RuntimeError` naming it), with the worker's traceback as text."""
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    try:
        pickle.loads(multiprocessing.reduction.ForkingPickler.dumps(exc))
    except Exception:
        exc = RuntimeError(f"{type(exc).__name__}: {exc}")
    return exc.with_traceback(None), text


def _send(results: Any, answers: list[Answer], seconds: float, last: bool) -> None:
    """Send ``answers`` (that took ``seconds``; ``last``: the chunk is done); an answer that
    cannot be pickled is sent as the error it raises."""
    try:
        results.send((answers, seconds, last))
    except Exception:
        portable = []
        for answer in answers:
            try:
                multiprocessing.reduction.ForkingPickler.dumps(answer)
                portable.append(answer)
            except Exception as exc:
                portable.append((False, _portable(exc)))
        results.send((portable, seconds, last))


def _serve(function: Callable[..., Any], tasks: Any, results: Any, main: int) -> None:
    """A worker: ``function(*task)`` for each task of each chunk of the shared queue ``tasks``
    until ``None``; the answers are sent on ``results`` as ``(answers, seconds, last)``, at least
    every :data:`CHUNK_SECONDS` and at the end of each chunk (``last``)."""
    _start_worker(main)
    clock = time.process_time     # the work, not the waits for a CPU on a busy machine
    while True:
        chunk = tasks.get()
        if chunk is None:
            break
        answers: list[Answer] = []
        since = clock()
        for number, task in enumerate(chunk, start=1):
            try:
                answers.append((True, function(*task)))
            except BaseException as exc:   # every failure goes back to the caller
                answers.append((False, _portable(exc)))
            now = clock()
            if number == len(chunk) or now - since >= CHUNK_SECONDS:
                _send(results, answers, now - since, number == len(chunk))
                answers, since = [], now
    results.close()


def _context() -> Any:
    """Fork on Linux (the workers start at once, sharing what is already imported and built);
    the platform's default elsewhere (fork is unsafe on macOS, absent on Windows)."""
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


class _Pool:
    """The worker processes, the shared queue of chunks and one result pipe per worker."""

    def __init__(self) -> None:
        self.ctx = _context()
        self.tasks = self.ctx.SimpleQueue()
        self.results: dict[Any, Any] = {}       # result pipe -> its worker process
        self.selector = selectors.DefaultSelector()   # waits on every result pipe at once
        self.per_task: float | None = None      # seconds a task takes (moving average)

    def start(self, function: Callable[..., Any], workers: int) -> None:
        ctx, main = self.ctx, os.getpid()
        for number in range(workers):
            receive, send = ctx.Pipe(duplex=False)
            process = ctx.Process(target=_serve, args=(function, self.tasks, send, main),
                                  name=f"golfcore-worker-{number + 1}", daemon=True)
            self.results[receive] = process
            self.selector.register(receive, selectors.EVENT_READ)
            process.start()
            send.close()      # the worker holds it now: its end is seen as the pipe's end

    def chunk_size(self) -> int:
        """Tasks for the next chunk: about :data:`CHUNK_SECONDS` of work (1 until known)."""
        if self.per_task is None:
            return 1
        return max(1, min(MAX_CHUNK, int(CHUNK_SECONDS / max(self.per_task, 1e-6))))

    def put(self, chunk: list[Any]) -> None:
        self.tasks.put(chunk)

    def ready(self) -> list[Any]:
        """The result pipes that have something to read (blocks until one has)."""
        return [key.fileobj for key, _ in self.selector.select()]

    def receive(self, pipe: Any) -> tuple[list[Any], bool, BaseException | None]:
        """The next results on ``pipe``, whether they end a chunk, and the exception a task
        raised (the results before it come first), if any."""
        try:
            answers, seconds, last = pipe.recv()
        except (EOFError, OSError):
            process = self.results.pop(pipe)
            self.selector.unregister(pipe)
            pipe.close()
            process.join(1.0)
            raise BrokenProcessPool(
                f"a worker process ended while working (exit code {process.exitcode}); "
                f"the results received before it are kept") from None
        if answers:
            took = seconds / len(answers)
            self.per_task = took if self.per_task is None else 0.75 * self.per_task + 0.25 * took
        values: list[Any] = []
        for ok, value in answers:
            if not ok:
                exc, text = value
                exc.__cause__ = RemoteTraceback(f'\n"""\n{text}"""')
                return values, last, exc
            values.append(value)
        return values, last, None

    def close(self, finished: bool) -> None:
        """Stop the workers: let them end after the last task (``finished``), or now."""
        processes = list(self.results.values())
        if finished:
            for _ in processes:
                self.tasks.put(None)
            deadline = time.monotonic() + STOP_TIMEOUT
            for process in processes:
                process.join(max(0.0, deadline - time.monotonic()))
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join()
            process.close()
        self.selector.close()
        for pipe in self.results:
            pipe.close()
        self.tasks.close()


def run_processes(function: Callable[..., T], tasks: Iterable[tuple[Any, ...]],
                  workers: int) -> Generator[T, None, None]:
    """``function(*task)`` for each task, in a pool of ``workers`` processes, yielded as they
    complete (not in the order of the tasks). ``function`` must be defined at the top level of
    a module (picklable), and tasks and results should be small (they travel through pipes). An
    exception raised by ``function`` is raised here (with the worker's traceback as its
    ``__cause__``); a worker that dies (killed, out of memory) raises
    :class:`concurrent.futures.process.BrokenProcessPool`.

    The workers are started by the thread that first asks for a result and die with it (see
    above): consume the generator in the thread that will live as long as it does."""
    todo = iter(tasks)
    first = list(itertools.islice(todo, workers + AHEAD))
    if not first:
        return
    pool = _Pool()
    finished = False
    try:
        pool.start(function, workers)
        for task in first:              # one task a chunk until their time is known
            pool.put([task])
        chunks, more = len(first), True
        while chunks:
            for pipe in pool.ready():
                values, last, error = pool.receive(pipe)
                if error is not None:
                    yield from values
                    raise error
                if last:
                    chunks -= 1
                while more and chunks < workers + AHEAD:
                    chunk = list(itertools.islice(todo, pool.chunk_size()))
                    more = bool(chunk)
                    if chunk:
                        pool.put(chunk)
                        chunks += 1
                yield from values
        finished = True
    finally:
        pool.close(finished)
