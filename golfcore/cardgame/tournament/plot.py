"""A tournament's SVG chart (plain SVG 1.1 text, no extra packages): two panels, the mean points
per round of each bot and the share of matches each won, with their 95 % intervals."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any
from xml.sax.saxutils import escape

from golfcore._wording import value_range
from golfcore.runs.svg import open_document

PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948")


def _nice_top(value: float) -> float:
    """A round number at or above ``value`` for an axis (1, 2, 5 × 10^k)."""
    if value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 5, 10):
        if step * power >= value:
            return float(step * power)
    return float(10 * power)


def _panel(out: list[str], rows: Sequence[dict[str, Any]], left: float, top: float,
           width: float, height: float, title: str, value: Callable[[dict[str, Any]], Any],
           interval: Callable[[dict[str, Any]], Any], top_value: float,
           label: Callable[[float], str], names: Sequence[str],
           tooltip: Callable[[dict[str, Any]], str]) -> None:
    base_y = top + height

    def y(v: float) -> float:
        return base_y - max(0.0, min(v, top_value)) / top_value * height

    out.append(f'<text x="{left + width / 2:.1f}" y="{top - 14:.1f}" text-anchor="middle" '
               f'font-weight="bold">{escape(title)}</text>')
    for i in range(6):
        tick = top_value * i / 5
        ty = y(tick)
        out.append(f'<line x1="{left:.1f}" y1="{ty:.1f}" x2="{left + width:.1f}" y2="{ty:.1f}" '
                   f'stroke="{"#999" if i in (0, 5) else "#ddd"}" stroke-width="1"/>')
        out.append(f'<text x="{left - 6:.1f}" y="{ty + 4:.1f}" text-anchor="end">'
                   f'{escape(label(tick))}</text>')
    out.append(f'<line x1="{left:.1f}" y1="{top:.1f}" x2="{left:.1f}" y2="{base_y:.1f}" '
               f'stroke="black"/>')
    slot = width / max(len(rows), 1)
    bar = min(56.0, slot * 0.6)
    for i, row in enumerate(rows):
        cx = left + slot * (i + 0.5)
        v = value(row)
        if v is None:
            out.append(f'<text x="{cx:.1f}" y="{base_y - 6:.1f}" text-anchor="middle" '
                       f'fill="#555">no data</text>')
        else:
            out.append(f'<rect x="{cx - bar / 2:.1f}" y="{y(v):.1f}" width="{bar:.1f}" '
                       f'height="{base_y - y(v):.1f}" fill="{PALETTE[i % len(PALETTE)]}">'
                       f'<title>{escape(tooltip(row))}</title></rect>')
            ci = interval(row)
            if ci is not None:
                low, high = ci
                for w in (low, high):
                    out.append(f'<line x1="{cx - 8:.1f}" y1="{y(w):.1f}" x2="{cx + 8:.1f}" '
                               f'y2="{y(w):.1f}" stroke="black" stroke-width="1.5"/>')
                out.append(f'<line x1="{cx:.1f}" y1="{y(low):.1f}" x2="{cx:.1f}" '
                           f'y2="{y(high):.1f}" stroke="black" stroke-width="1.5"/>')
            top_of = y(ci[1]) if ci is not None else y(v)
            out.append(f'<text x="{cx:.1f}" y="{max(top_of - 6, top + 10):.1f}" '
                       f'text-anchor="middle" font-weight="bold">{escape(label(v))}</text>')
        ly = base_y + 16
        out.append(f'<text x="{cx + 4:.1f}" y="{ly:.1f}" text-anchor="end" '
                   f'transform="rotate(-30 {cx + 4:.1f} {ly:.1f})">{escape(names[i])}</text>')


def plot_svg(summary: dict[str, Any], title: str = "Tournament") -> str:
    """An SVG chart of a tournament's :func:`~.stats.summarize`: per bot, a bar of its mean
    points per round (lower is better) with the 95 % interval as whiskers, and a bar of the
    share of matches it won with the Wilson 95 % interval."""
    rows = summary["seats"]
    names = display_names([r["bot"] for r in rows])
    panel_w = max(len(rows) * 80, 220)
    panel_h, top, gap, margin = 260, 92, 90, 60
    width = margin + panel_w + gap + panel_w + 30
    height = top + panel_h + 110
    highs = [(r["mean_ci"] or [0, r["mean_per_round"] or 0])[1] for r in rows]
    means = [r["mean_per_round"] or 0 for r in rows]
    top_points = _nice_top(max(highs + means + [1.0]))
    unit = summary.get("unit", "match")
    out = open_document(width, height, title,
                        "whiskers: 95 % intervals (t for the mean, Wilson for the share); a "
                        "shared win counts for each tied bot")

    def points_tip(r: dict[str, Any]) -> str:
        ci = r["mean_ci"]
        span = f", 95 % CI {value_range(ci[0], ci[1])}" if ci else ""
        return (f"{r['bot']}: {r['mean_per_round']:.2f} points a round over {r['rounds']} "
                f"rounds{span}")

    def won_tip(r: dict[str, Any]) -> str:
        low, high = r["win_ci"]
        return (f"{r['bot']}: won {r['matches_won']} of {r['matches']} "
                f"({100 * r['win_share']:.1f} %, 95 % CI "
                f"{value_range(100 * low, 100 * high, 1, ' %')})")

    _panel(out, rows, margin, top, panel_w, panel_h, "mean points per round (lower is better)",
           lambda r: r["mean_per_round"], lambda r: r["mean_ci"], top_points,
           lambda v: f"{v:.1f}", names, points_tip)
    _panel(out, rows, margin + panel_w + gap, top, panel_w, panel_h,
           f"{'matches' if unit == 'match' else 'rounds'} won",
           lambda r: r["win_share"], lambda r: r["win_ci"], 1.0,
           lambda v: f"{100 * v:.0f}%", names, won_tip)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def display_names(labels: Sequence[str]) -> list[str]:
    """Labels as reports show them: a bot given more than once is numbered by its position
    (``random #1``, ``random #2``)."""
    repeated = {label for label in labels if labels.count(label) > 1}
    return [f"{label} #{i + 1}" if label in repeated else label for i, label in enumerate(labels)]
