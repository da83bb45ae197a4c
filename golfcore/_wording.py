"""Counts and ranges for people, one way everywhere (``golf``'s commands, the reports of surveys
and tournaments): :func:`plural` and :func:`value_range`. :mod:`golfcore.cli.output` exports
them; this module imports nothing of golfcore, so that any module may use them."""

from __future__ import annotations

__all__ = ["plural", "value_range"]


def plural(count: int, noun: str, plural_noun: str | None = None) -> str:
    """``1 stroke``, ``0 strokes``, ``2 matches`` (``plural_noun`` when adding ``s`` is
    wrong)."""
    many = noun + "s" if plural_noun is None else plural_noun
    return f"{count:,} {noun if count == 1 else many}"


def value_range(low: str | float, high: str | float, digits: int = 2, unit: str = "") -> str:
    """``-0.98 to 6.48``: a range for people (numbers written with ``digits`` decimals, text as
    given; ``unit`` after each bound, ``1.2% to 3.4%``). Never ``-0.98-6.48``."""
    def text(value: str | float) -> str:
        return value if isinstance(value, str) else f"{value:.{digits}f}"
    return f"{text(low)}{unit} to {text(high)}{unit}"
