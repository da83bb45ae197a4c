"""The progress bar of ``golf survey``."""

from __future__ import annotations

import math
import sys
import time
from typing import IO, Callable


def format_duration(seconds: float) -> str:
    """``42s``, ``3m07s``, ``2h05m``: a duration rounded to the second, for people."""
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds // 60 % 60:02d}m"


class Progress:
    """A progress bar on ``stream``: redrawn in place when it is a terminal, else a line every
    ``step`` percent. Counts solves (one deal under one variant)."""

    WIDTH = 30

    def __init__(self, total: int, done: int = 0, stream: IO[str] | None = None,
                 enabled: bool = True, step: float = 5.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
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
        return (f"survey [{bar}] {self.done}/{self.total} {percent:5.1f}%  "
                f"{rate:.1f} solves/s  ETA {eta if left else '0s'}")

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
