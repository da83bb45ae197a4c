"""Driving the real ``kpat`` without a display: its Golf solver's verdicts on its numbered deals.

KPatience's command line has a solver test mode, ``kpat --solve Golf --start N --end M``: it
deals each numbered Golf deal from N to M (its own shuffle, :mod:`golfcore.kpatience_shuffle`),
runs its Golf solver and prints one line a deal, ``N won (3 ms)``, ``N lost (...)`` or
``N unknown (...)`` (the solver's position limit stopped it), then ``all_moves ...``. Qt runs
on its ``offscreen`` platform, so no display is needed.

Two things the adapter works around, both in KPatience 22.12's ``main.cpp``:

* its loop is ``for (int i = start; i <= end; i++)``, so ``--end 2147483647`` never ends (``i``
  overflows); :func:`solve_range` reads the lines it wants and then stops the process;
* ``--solvegame FILE`` reads the file once to find the game type (``QDomDocument``) and then
  loads the game from the same, already exhausted, file without rewinding it: every file,
  legacy or current format, loads as an empty game and is answered ``lost``. So kpat's solver
  cannot be given a position, only its numbered deals (``docs/engines/kpatience.md``).
"""

from __future__ import annotations

import os
import re
import selectors
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator

from golfcore.kpatience_shuffle import check_kpatience_deal

__all__ = ["KpatError", "WON", "LOST", "UNKNOWN", "find_kpat", "kpat_version", "solve_range"]

WON, LOST, UNKNOWN = "won", "lost", "unknown"

_LINE = re.compile(r"^(-?\d+) (won|lost|unknown)\b")


class KpatError(RuntimeError):
    """kpat is missing, failed, or printed something else than its verdicts."""


def find_kpat() -> str | None:
    """The ``kpat`` program: ``$GOLFCORE_KPAT``, else ``kpat`` on the path, else Debian's
    ``/usr/games/kpat``; None when there is none."""
    named = os.environ.get("GOLFCORE_KPAT")
    if named:
        return named if os.access(named, os.X_OK) else None
    found = shutil.which("kpat")
    if found:
        return found
    return "/usr/games/kpat" if os.access("/usr/games/kpat", os.X_OK) else None


def _environment(runtime: str) -> dict[str, str]:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["XDG_RUNTIME_DIR"] = runtime
    return env


def _program() -> str:
    program = find_kpat()
    if program is None:
        raise KpatError("kpat is not installed (Debian: apt-get install kpat; or set "
                        "GOLFCORE_KPAT to the program)")
    return program


def kpat_version(timeout: float = 30.0) -> str:
    """``kpat --version``'s words, such as ``kpat 22.12.3``."""
    with tempfile.TemporaryDirectory(prefix="golfcore-kpat-") as runtime:
        try:
            done = subprocess.run([_program(), "--version"], capture_output=True, text=True,
                                  timeout=timeout, env=_environment(runtime))
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise KpatError(f"kpat --version failed: {exc}") from None
    words = done.stdout.strip().splitlines()
    if done.returncode != 0 or not words:
        raise KpatError(f"kpat --version failed (exit {done.returncode}): {done.stderr[-300:]}")
    return words[0]


def solve_range(start: int, end: int, timeout: float = 60.0) -> dict[int, str]:
    """KPatience's Golf solver's verdict on each of its deals ``start`` to ``end``
    (:data:`WON`, :data:`LOST` or :data:`UNKNOWN`); ``timeout`` bounds the whole run."""
    check_kpatience_deal(start)
    check_kpatience_deal(end)
    if end < start:
        raise ValueError(f"empty range {start}..{end}")
    wanted = end - start + 1
    verdicts: dict[int, str] = {}
    deadline = time.monotonic() + timeout
    with tempfile.TemporaryDirectory(prefix="golfcore-kpat-") as runtime:
        argv = [_program(), "--solve", "Golf", "--start", str(start), "--end", str(end)]
        try:
            proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                    stdin=subprocess.DEVNULL, env=_environment(runtime))
        except OSError as exc:
            raise KpatError(f"cannot start kpat: {exc}") from None
        try:
            for line in _lines(proc, deadline):
                m = _LINE.match(line)
                if m is None:
                    continue
                verdicts[int(m.group(1))] = m.group(2)
                if len(verdicts) == wanted:
                    break
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()
    if set(verdicts) != set(range(start, end + 1)):
        raise KpatError(f"kpat --solve Golf --start {start} --end {end} gave verdicts for "
                        f"{len(verdicts)} of {wanted} deals")
    return verdicts


def _lines(proc: subprocess.Popen[bytes], deadline: float) -> Iterator[str]:
    """The lines ``proc`` prints, until it ends; :class:`KpatError` when the deadline passes
    first. Reads the pipe itself (no buffered reader that could hold a line back)."""
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    pending = b""
    with selectors.DefaultSelector() as selector:
        selector.register(fd, selectors.EVENT_READ)
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not selector.select(left):
                raise KpatError("kpat's solver did not answer in time")
            chunk = os.read(fd, 65536)
            if not chunk:
                if pending:
                    yield pending.decode("utf-8", "replace")
                return
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                yield line.decode("utf-8", "replace")
