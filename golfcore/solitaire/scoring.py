"""Scores, and the nine-hole round of the traditional rule (C4-13, APP-17).

A :class:`Score` is what :func:`golfcore.solitaire.hookspecs.golf_score` answers: app points
(APP-13), strokes (C4-13), or only the result (Cards4). A :class:`Round` adds up nine holes of
strokes against par 45.
"""

from __future__ import annotations

from dataclasses import dataclass, field

POINTS = "points"
STROKES = "strokes"
RESULT = "result"

HOLES = 9
PAR = 45


@dataclass(frozen=True)
class Score:
    """``kind`` is ``"points"``, ``"strokes"`` or ``"result"``; ``value`` is ``None`` while a
    strokes game is still being played and always for ``"result"``."""

    kind: str
    value: int | None

    def __str__(self) -> str:
        if self.value is None:
            return "-"
        one = abs(self.value) == 1 and self.kind.endswith("s")      # 1 stroke, -1 point
        return f"{self.value} {self.kind[:-1] if one else self.kind}"

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "value": self.value}


@dataclass(frozen=True)
class Round:
    """A round of traditional Golf: nine holes, one game each, lowest total wins (C4-13).

    Add holes with :meth:`add`, which returns a new round; ``total`` is the sum of strokes so far
    and ``to_par`` compares the total with par 45 (APP-17), once the round is complete.
    """

    strokes: tuple[int, ...] = field(default=())
    holes: int = HOLES
    par: int = PAR

    def add(self, strokes: int) -> Round:
        if self.complete:
            raise ValueError(f"the round is complete: it has {self.holes} holes")
        if isinstance(strokes, bool) or not isinstance(strokes, int):
            raise TypeError(f"strokes must be a whole number, got {strokes!r}")
        return Round(self.strokes + (strokes,), self.holes, self.par)

    @property
    def complete(self) -> bool:
        return len(self.strokes) >= self.holes

    @property
    def total(self) -> int:
        return sum(self.strokes)

    @property
    def par_so_far(self) -> int:
        """Par for the holes played: 5 a hole, so 45 for nine (APP-17)."""
        return self.par * len(self.strokes) // self.holes

    @property
    def to_par(self) -> int:
        """Running total minus par for the holes played: negative is under par (good)."""
        return self.total - self.par_so_far

    def __str__(self) -> str:
        cards = " ".join(f"{s:+d}" if s < 0 else str(s) for s in self.strokes)
        return (f"holes {len(self.strokes)}/{self.holes}: {cards or '-'}; total {self.total}, "
                f"{self.to_par:+d} to par ({self.par_so_far} of {self.par})")
