"""Which lines of equal cards count 0 (CG-05)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from golfcore.cardgame.board import columns_of, diagonals_of, places, rows_of
from golfcore.cardgame.hookspecs import hookimpl
from golfcore.framework.variant import Rule


class RowsColumnsDiagonals(Rule):
    """«un par, un trío o un cuarteto, horizontal, vertical o diagonalmente, sobre una línea o
    columna entera»: whole rows, whole columns and, on square boards, both diagonals."""

    name = "rows-columns-diagonals"
    slot = "lines"
    rule_ids = ("CG-05",)
    places_from = 1
    summary = "a whole row, column or (square boards) diagonal of equal cards counts 0"

    @hookimpl
    def golf_cancelling_lines(self, rows: int, columns: int,
                              options: Mapping[str, Any]) -> Iterable[Sequence[int]]:
        shape = (rows, columns)
        return places(rows_of(shape) + columns_of(shape) + diagonals_of(shape))


class ColumnsOnly(Rule):
    """Six-card golf: a pair of equal cards in a column counts 0; rows do not count."""

    name = "columns-only"
    slot = "lines"
    rule_ids = ("CG-05",)
    places_from = 1
    summary = "only a whole column of equal cards counts 0 (six-card golf's pair in a column)"

    @hookimpl
    def golf_cancelling_lines(self, rows: int, columns: int,
                              options: Mapping[str, Any]) -> Iterable[Sequence[int]]:
        return places(columns_of((rows, columns)))
