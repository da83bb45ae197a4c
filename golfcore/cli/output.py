"""What every ``golf`` command prints, and how: stdout, stderr, JSON, aligned tables, exit status.

Conventions, the same for every command:

* results go to stdout (:func:`out`, :func:`print_json`), errors to stderr (:func:`err`);
* exit status :data:`OK` (0) on success, :data:`BAD_INPUT` (1) for bad input (a malformed code,
  an unknown variant, a refused move: printed by :func:`error` as ``golf: error: <message>``),
  :data:`USAGE` (2) for a usage error (argparse's own message);
* JSON is printed with ``ensure_ascii=False``: Spanish text stays as is.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Sequence

#: The program's name, as usage lines and error messages write it.
PROG = "golf"

#: Exit status: success.
OK = 0
#: Exit status: bad input (``golf: error: ...`` on stderr), or a failure the command reports.
BAD_INPUT = 1
#: Exit status: a usage error (argparse's message on stderr).
USAGE = 2


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


def print_json(data: Any) -> None:
    """Print ``data`` as indented JSON on stdout."""
    out(json.dumps(data, ensure_ascii=False, indent=2))


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
