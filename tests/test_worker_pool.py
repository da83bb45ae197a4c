"""The worker pool of ``golf survey`` and ``golf tournament``: workers die with a survey killed
by SIGKILL; every result comes once, in chunks; a task's error comes with the worker's
traceback; a dead worker and an unpicklable result are errors, not hangs; a pool closed early
stops its workers. Each test failed before its fix (issue 10)."""

from __future__ import annotations

import multiprocessing
import os
import select
import signal
import subprocess
import sys
import time
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from golfcore.runs import pool

#: The start of ``golf`` in a subprocess, as the installed script runs it.
GOLF = [sys.executable, "-c", "import sys; from golfcore.cli import main; sys.exit(main())"]

# -- data loss: workers die with a killed survey -------------------------------------------------


def _children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux's /proc; empty elsewhere)."""
    found = []
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def _running(pid: int) -> bool:
    """``pid`` is a process that has not ended (a zombie waiting for its parent has)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _read_until_eof(stream: Any, seconds: float) -> bool:
    """Read ``stream`` (a pipe) until its end; ``False`` if it does not end within
    ``seconds`` (some process still holds it open)."""
    deadline = time.monotonic() + seconds
    fd = stream.fileno()
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready and not os.read(fd, 65536):
            return True
    return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("guard", ["prctl", "watchdog"])
def test_workers_die_with_a_survey_killed_by_sigkill(tmp_path, guard):
    if guard == "watchdog" and multiprocessing.get_start_method() != "fork":
        pytest.skip("the workers must inherit the patched module")
    output = tmp_path / "killed.jsonl"
    setup = ("import golfcore.runs.pool as pool; pool._parent_death_signal = lambda: False; "
             if guard == "watchdog" else "")
    argv = [sys.executable, "-c", setup + GOLF[2],
            "survey", "--variant", "app-facil", "--deals", "1..1000000", "--no-best",
            "--workers", "2", "--quiet", "--output", str(output)]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while not (output.exists() and output.read_bytes().count(b"\n") >= 2):
            assert proc.poll() is None and time.monotonic() < deadline, "the survey never ran"
            time.sleep(0.05)
        workers = _children(proc.pid)
        assert len(workers) >= 2
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        assert proc.stdout is not None
        assert _read_until_eof(proc.stdout, 10), "a worker still holds the survey's output"
        deadline = time.monotonic() + 5
        while any(map(_running, workers)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(map(_running, workers))
    finally:
        for pid in [proc.pid] + workers:
            if _running(pid):
                os.kill(pid, signal.SIGKILL)
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()


# -- the worker pool: errors, dead workers, chunks ----------------------------------------------


def _square_or_fail(x: int) -> int:
    if x == 37:
        raise ValueError("thirty-seven")
    return x * x


def _die_at(x: int) -> int:
    if x == 5:
        os.kill(os.getpid(), signal.SIGKILL)
    return x


def _unpicklable(x: int) -> Any:
    return lambda: x


def _sleep_some(x: int) -> int:
    time.sleep(0.002 * (x % 3))      # short tasks of uneven length: they travel in chunks
    return x


def test_pool_gives_every_result_once_in_chunks():
    got = list(pool.run_processes(_sleep_some, ((x,) for x in range(300)), 2))
    assert sorted(got) == list(range(300))


def test_pool_raises_a_task_error_with_the_worker_traceback():
    results: list[int] = []
    with pytest.raises(ValueError, match="thirty-seven") as caught:
        for value in pool.run_processes(_square_or_fail, ((x,) for x in range(100)), 2):
            results.append(value)
    assert isinstance(caught.value.__cause__, pool.RemoteTraceback)
    assert "_square_or_fail" in str(caught.value.__cause__)
    assert 37 * 37 not in results and not multiprocessing.active_children()


def test_pool_a_worker_that_dies_is_a_broken_pool():
    with pytest.raises(BrokenProcessPool, match="exit code -9"):
        list(pool.run_processes(_die_at, ((x,) for x in range(20)), 2))
    assert not multiprocessing.active_children()


def test_pool_a_result_that_cannot_be_pickled_is_an_error():
    with pytest.raises(Exception, match="pickle"):
        list(pool.run_processes(_unpicklable, ((x,) for x in range(3)), 2))
    assert not multiprocessing.active_children()


def test_pool_closed_early_stops_its_workers():
    results = pool.run_processes(_sleep_some, ((x,) for x in range(10 ** 6)), 2)
    assert next(results) is not None
    results.close()
    assert not multiprocessing.active_children()
