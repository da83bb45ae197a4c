"""The text report of ``golf survey``: :func:`format_summary` turns a summary
(:func:`~.stats.summarize`) into the lines the command prints: a row per variant, the times per
deal, with ``--fair`` the fair chance beside the clairvoyant share, then the deals that separate
variants."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import Any

from golfcore._wording import plural, value_range
from golfcore.solitaire.survey.progress import format_duration

__all__ = ["LISTED_DEALS", "format_fair", "format_summary"]

#: How many separating deals the text report lists for each pair of variants.
LISTED_DEALS = 20


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _num(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _secs(value: float | None) -> str:
    if value is None:
        return "-"
    if value < 10:
        return f"{value:.3f}s"
    return format_duration(value)


def _table(rows: Sequence[Sequence[str]], right: Collection[int] = ()) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
                 for i, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return lines


def format_summary(summary: dict[str, Any], listed: int = LISTED_DEALS) -> list[str]:
    """The text report: a row per variant, times per deal, then the separating deals."""
    rows = summary["variants"]
    undecided = any(r["undecided"] for r in rows)
    head = ["variant", "n", "winnable", "lost"] + (["undecided"] if undecided else []) + [
        "share", "95% CI", "mean removed", "mean score"]
    table = [head]
    for r in rows:
        low, high = r["ci"]
        ci = value_range(100 * low, 100 * high, 1, "%") if r["share"] is not None else "-"
        score = "-"
        if r["mean_score"] is not None:
            score = f"{r['mean_score']:.1f} {r['score_kind']}"
        table.append([r["variant"], str(r["n"]), str(r["winnable"]), str(r["lost"])]
                     + ([str(r["undecided"])] if undecided else [])
                     + [_pct(r["share"]), ci, _num(r["mean_best_removed"]), score])
    numeric = set(range(1, len(head)))
    lines = _table(table, right=numeric)
    if any(not r["best_searched"] for r in rows if r["n"]):
        lines.append("(mean removed and mean score: only when the best result is searched, "
                     "with --best)")
    lines.append("")
    times = [["time per deal", "mean", "median", "p90", "max", "total", "positions"]]
    for r in rows:
        t = r["time"]
        times.append([r["variant"], _secs(t["mean"]), _secs(t["median"]), _secs(t["p90"]),
                      _secs(t["max"]), _secs(t["total"]), f"{r['visited']:,}"])
    lines += _table(times, right=set(range(1, 7)))
    if any(r.get("fair") is not None for r in rows):
        lines.append("")
        lines += format_fair(summary)
    for pair in summary["pairs"]:
        lines.append("")
        count = pair["count"]
        lines.append(f"winnable in {pair['winnable_in']}, lost in {pair['lost_in']}: "
                     f"{plural(count, 'deal')}")
        if count:
            shown = " ".join(str(d) for d in pair["deals"][:listed])
            more = f" ... and {count - listed} more" if count > listed else ""
            lines.append(f"  {shown}{more}")
    return lines


def _interval(low: float, high: float, outward: bool = False) -> str:
    """``5.1% to 40.2%``; ``outward``: rounded down and up, so that it still holds what it
    held."""
    if outward:
        return value_range(math.floor(1000 * low + 1e-9) / 10,
                           math.ceil(1000 * high - 1e-9) / 10, 1, "%")
    return value_range(100 * low, 100 * high, 1, "%")


def format_fair(summary: dict[str, Any]) -> list[str]:
    """The fair chance beside the clairvoyant share, a row per variant (``--fair``): deals,
    the clairvoyant share and its interval, the mean fair chance (exact, or its bracket), the
    share of deals whose fair chance is exact."""
    table = [["fair chance", "deals", "clairvoyant", "95% CI", "mean fair", "exact"]]
    bracketed = False
    for r in summary["variants"]:
        fair = r.get("fair") or {"n": 0, "mean": None, "bracket": [0.0, 1.0],
                                 "share_exact": None}
        share = _pct(r["share"])
        if fair["mean"] is not None:
            mean = _pct(fair["mean"])
        elif fair["n"]:
            mean = _interval(fair["bracket"][0], fair["bracket"][1], outward=True)
            bracketed = True
        else:
            mean = "-"
        table.append([r["variant"], str(fair["n"]), share,
                      _interval(*r["ci"]) if r["share"] is not None else "-", mean,
                      _pct(fair["share_exact"])])
    lines = _table(table, right=set(range(1, 6)))
    lines.append("(mean fair: the mean of these deals' fair chances, exact when every deal's is;")
    if bracketed:
        lines.append(" else LOW to HIGH, a bracket that holds it at 95 %: the exact values, plus "
                     "what the other deals' searches proved,")
        lines.append(" narrowed by bounds sampled on their stocks (statistical); about these "
                     "deals only; docs/survey.md)")
    else:
        lines.append(" docs/survey.md)")
    return lines
