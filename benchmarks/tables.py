"""The text tables the benchmarks print: one row per measured configuration, one column per
figure, rates shortened (``131.2k``, ``2.26M``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any

#: (header, field of the row, format: a ``str.format`` pattern or a function)
Column = tuple[str, str, "str | Callable[[Any], str]"]


def fmt_rate(x: float) -> str:
    if x >= 1e6:
        return f"{x / 1e6:.2f}M"
    if x >= 1e3:
        return f"{x / 1e3:.1f}k"
    return f"{x:.0f}"


def table(rows: Sequence[Any], columns: Sequence[Column]) -> str:
    """``rows`` (dataclass instances) as aligned text: the first column left, the others right,
    a rule under the headers."""
    cells = [[h for h, _, _ in columns]]
    for row in rows:
        values = asdict(row)
        cells.append([f(values[k]) if callable(f) else f.format(values[k])
                      for _, k, f in columns])
    widths = [max(len(r[i]) for r in cells) for i in range(len(columns))]
    lines = []
    for n, r in enumerate(cells):
        lines.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                               for i, (c, w) in enumerate(zip(r, widths))))
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)
