"""The progress bar of the commands that run many games (``golf survey``, ``golf tournament``):
on stderr, redrawn in place on a terminal, a line every few percent in a log."""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from typing import IO


def format_duration(seconds: float) -> str:
    """``42s``, ``3m07s``, ``2h05m``: a duration rounded to the second, for people."""
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds // 60 % 60:02d}m"


def _rate(rate: float) -> str:
    """``12.5``, ``0.25``, ``0.0031``: one decimal, or two significant digits below 0.1."""
    return f"{rate:.1f}" if rate >= 0.1 or rate == 0 else f"{rate:.2g}"


class Progress:
    """A progress bar on ``stream``: redrawn in place when it is a terminal, else a line every
    ``step`` percent. ``label`` starts the line (the command's name) and ``unit`` names what is
    counted (the rate is shown as ``<unit>/s``)."""

    WIDTH = 30
    #: The defaults of ``label`` and ``unit``; a command's subclass may set its own.
    LABEL = "progress"
    UNIT = "items"

    def __init__(self, total: int, done: int = 0, stream: IO[str] | None = None,
                 enabled: bool = True, step: float = 5.0,
                 clock: Callable[[], float] = time.monotonic, *, label: str | None = None,
                 unit: str | None = None) -> None:
        self.label = self.LABEL if label is None else label
        self.unit = self.UNIT if unit is None else unit
        self.total = total
        self.start_done = self.done = done
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled and total > 0
        isatty = getattr(self.stream, "isatty", None)
        self.tty = bool(isatty and isatty())
        self.step = step
        self.clock = clock
        self.started = clock()
        self.last_draw = -1.0
        self.next_line = self._next_threshold(self._percent())
        self.drawn = False

    def _percent(self) -> float:
        return 100.0 * self.done / self.total if self.total else 100.0

    def _next_threshold(self, percent: float) -> float:
        return (math.floor(percent / self.step) + 1) * self.step

    def text(self) -> str:
        elapsed = self.clock() - self.started
        new = self.done - self.start_done
        rate = new / elapsed if elapsed > 0 and new else 0.0
        left = self.total - self.done
        eta = format_duration(left / rate) if rate else "?"
        percent = self._percent()
        filled = int(self.WIDTH * self.done / self.total) if self.total else self.WIDTH
        bar = "#" * filled + "." * (self.WIDTH - filled)
        return (f"{self.label} [{bar}] {self.done}/{self.total} {percent:5.1f}%  "
                f"{_rate(rate)} {self.unit}/s  ETA {eta if left else '0s'}")

    def update(self, count: int = 1) -> None:
        self.done += count
        if not self.enabled:
            return
        if self.tty:
            now = self.clock()
            if now - self.last_draw >= 0.1 or self.done >= self.total:
                self.last_draw = now
                self.stream.write("\r" + self.text() + "\x1b[K")
                self.stream.flush()
                self.drawn = True
        elif self._percent() >= self.next_line or self.done >= self.total:
            self.next_line = self._next_threshold(self._percent())
            self.stream.write(self.text() + "\n")
            self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.tty and self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False
