"""What every ``golf`` command prints, and how: stdout, stderr, JSON, aligned tables, exit status.

Conventions, the same for every command:

* results go to stdout (:func:`out`, :func:`print_json`), errors to stderr (:func:`err`);
* exit status :data:`OK` (0) on success, :data:`BAD_INPUT` (1) for bad input (a malformed code,
  an unknown variant, a refused move: printed by :func:`error` as ``golf: error: <message>``),
  :data:`USAGE` (2) for a usage error (argparse's own message), :data:`INTERRUPTED` (130)
  after Ctrl-C;
* JSON is printed one object a line (:func:`print_json`; indented with ``--pretty``), with
  ``ensure_ascii=False``: Spanish text stays as is;
* counts and ranges for people: :func:`plural` (``1 stroke``, ``2 strokes``) and
  :func:`value_range` (``-0.98 to 6.48``: a negative bound never reads as a dash).
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import IO, Any

from golfcore._wording import plural, value_range

__all__ = ["BAD_INPUT", "INTERRUPTED", "OK", "PROG", "Searching", "USAGE", "err", "error",
           "error_text", "fields", "json_line", "out", "plural", "print_json", "print_lines",
           "table", "value_range", "widths"]

#: The program's name, as usage lines and error messages write it.
PROG = "golf"

#: Exit status: success.
OK = 0
#: Exit status: bad input (``golf: error: ...`` on stderr), or a failure the command reports.
BAD_INPUT = 1
#: Exit status: a usage error (argparse's message on stderr).
USAGE = 2
#: Exit status: stopped by Ctrl-C (``golf: interrupted`` on stderr), as a shell reports SIGINT.
INTERRUPTED = 130


def out(text: str = "") -> None:
    """Print one line of results on stdout."""
    print(text, file=sys.stdout)


def err(text: str) -> None:
    """Print text on stderr."""
    print(text, file=sys.stderr)


def error_text(message: str) -> str:
    """``golf: error: <message>``."""
    return f"{PROG}: error: {message}"


def error(message: str) -> int:
    """Print ``golf: error: <message>`` on stderr; return :data:`BAD_INPUT`."""
    err(error_text(message))
    return BAD_INPUT


def print_json(data: Any, pretty: bool = False) -> None:
    """Print ``data`` as JSON on stdout: one line, or indented when ``pretty`` (``--pretty``)."""
    out(json.dumps(data, ensure_ascii=False, indent=2) if pretty else json_line(data))


def json_line(data: Any) -> str:
    """``data`` as JSON on one line (for commands that print one object a line)."""
    return json.dumps(data, ensure_ascii=False)


def widths(rows: Sequence[Sequence[str]]) -> list[int]:
    """The width of each column of ``rows``: pass it to :func:`table` to align several tables
    alike."""
    if not rows:
        return []
    return [max(len(row[i]) for row in rows if len(row) > i)
            for i in range(max(len(row) for row in rows))]


def table(rows: Sequence[Sequence[str]], indent: str = "",
          column_widths: Sequence[int] | None = None) -> list[str]:
    """Rows of cells as aligned lines; the last cell is never padded. ``column_widths`` lets
    several tables share one alignment."""
    if not rows:
        return []
    sizes = column_widths or widths(rows)
    lines = []
    for row in rows:
        cells = [cell.ljust(sizes[i]) for i, cell in enumerate(row[:-1])] + [row[-1]]
        lines.append((indent + "  ".join(cells)).rstrip())
    return lines


def print_lines(lines: Sequence[str]) -> None:
    """Print each line on stdout."""
    for line in lines:
        out(line)


def fields(rows: Sequence[tuple[str, str]], indent: str = "") -> list[str]:
    """``key: value`` rows as aligned lines (``status:   playing``)."""
    return table([(f"{key}:", value) for key, value in rows], indent=indent)


class Searching:
    """What a long search shows on stderr while it runs (``golf solve``, ``golf analyse``,
    ``golf deal --winnable``, ``golf play --hint-strategy solver``): after half a second, what
    is being searched, the positions searched so far and the elapsed time, redrawn in place on
    a terminal (else one line every few seconds). ``enabled``: whether it is shown
    (:func:`golfcore.cli.options.progress_wanted`), ``None``: only when stderr is a terminal.

    Use it as a context manager around the search alone (nothing else may print meanwhile);
    the line is erased at the end on a terminal."""

    def __init__(self, label: str, enabled: bool | None = None, what: str = "",
                 stream: IO[str] | None = None, delay: float = 0.5) -> None:
        self.stream = stream if stream is not None else sys.stderr
        isatty = getattr(self.stream, "isatty", None)
        self.tty = bool(isatty and isatty())
        self.enabled = self.tty if enabled is None else enabled
        self.label = label
        self.what = what
        self.visited: int | None = None
        self.step = ""
        self.delay = delay
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._drawn = False
        self._started = 0.0

    def __enter__(self) -> Searching:
        self._started = time.monotonic()
        if self.enabled:
            self._thread = threading.Thread(target=self._run, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self._drawn and self.tty:
            self.stream.write("\r\x1b[K")
            self.stream.flush()

    @property
    def callback(self) -> Callable[[Any], None] | None:
        """The ``progress`` argument of the solver's API: :meth:`report` when shown, else
        ``None`` (a search then spends nothing on reports)."""
        return self.report if self.enabled else None

    def report(self, progress: Any) -> None:
        """Take in a :class:`~golfcore.solitaire.search.solver.SearchProgress`."""
        self.visited = progress.visited
        step, steps = getattr(progress, "step", None), getattr(progress, "steps", None)
        self.step = f" step {step} of {steps}" if step is not None and steps else ""

    def text(self) -> str:
        elapsed = time.monotonic() - self._started
        what = f" {self.what}" if self.what else ""
        visited = f" {self.visited:,} positions," if self.visited is not None else ""
        return f"{PROG} {self.label}: searching{what}{self.step},{visited} {elapsed:.0f} s"

    def _run(self) -> None:
        interval = 0.5 if self.tty else 5.0
        if self._stop.wait(self.delay):
            return
        while True:
            try:
                if self.tty:
                    self.stream.write("\r" + self.text() + "\x1b[K")
                else:
                    self.stream.write(self.text() + "\n")
                self.stream.flush()
                self._drawn = True
            except (OSError, ValueError):
                return
            if self._stop.wait(interval):
                return
