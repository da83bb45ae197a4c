"""The survey's SVG bar chart (plain SVG 1.1 text, no extra packages)."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from golfcore.runs.svg import open_document


def plot_svg(summary: dict[str, Any], title: str = "Winnable deals") -> str:
    """An SVG bar chart: a bar per variant with its winnable share, the Wilson 95 % interval as
    whiskers, the share and n as labels, a percent axis with grid lines. Plain SVG 1.1 text."""
    rows = summary["variants"]
    bar, gap = 56, 36
    top, bottom, plot_h = 74, 110, 300
    plot_w = max(len(rows), 1) * (bar + gap) + gap
    width = max(64 + plot_w + 24, 440)
    left = (width - plot_w) // 2 + 20
    height = top + plot_h + bottom
    base_y = top + plot_h

    def y(share: float) -> float:
        return base_y - share * plot_h

    out = open_document(width, height, title,
                        "bars: share of deals winnable; whiskers: Wilson 95 % interval")
    for tick in range(0, 101, 10):
        ty = y(tick / 100)
        colour = "#ccc" if tick % 50 else "#999"
        out.append(f'<line x1="{left}" y1="{ty:.1f}" x2="{left + plot_w}" y2="{ty:.1f}" '
                   f'stroke="{colour}" stroke-width="1"/>')
        out.append(f'<text x="{left - 6}" y="{ty + 4:.1f}" text-anchor="end">{tick}%</text>')
    out.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{base_y}" stroke="black"/>')
    out.append(f'<line x1="{left}" y1="{base_y}" x2="{left + plot_w}" y2="{base_y}" '
               f'stroke="black"/>')
    axis_x, axis_y = left - 46, top + plot_h / 2
    out.append(f'<text x="{axis_x}" y="{axis_y:.1f}" text-anchor="middle" '
               f'transform="rotate(-90 {axis_x} {axis_y:.1f})">deals winnable</text>')
    palette = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1",
               "#ff9da7", "#9c755f", "#bab0ac")
    for i, row in enumerate(rows):
        x = left + gap + i * (bar + gap)
        cx = x + bar / 2
        share = row["share"]
        name = escape(row["variant"])
        if share is not None:
            low, high = row["ci"]
            out.append(f'<rect x="{x}" y="{y(share):.1f}" width="{bar}" '
                       f'height="{share * plot_h:.1f}" fill="{palette[i % len(palette)]}">'
                       f'<title>{name}: {row["winnable"]} of {row["winnable"] + row["lost"]} '
                       f'winnable ({100 * share:.1f} %, 95 % CI {100 * low:.1f}-'
                       f'{100 * high:.1f} %)</title></rect>')
            for value in (low, high):
                out.append(f'<line x1="{cx - 10:.1f}" y1="{y(value):.1f}" x2="{cx + 10:.1f}" '
                           f'y2="{y(value):.1f}" stroke="black" stroke-width="1.5"/>')
            out.append(f'<line x1="{cx:.1f}" y1="{y(low):.1f}" x2="{cx:.1f}" '
                       f'y2="{y(high):.1f}" stroke="black" stroke-width="1.5"/>')
            label_y = max(y(high) - 6, top - 2)
            out.append(f'<text x="{cx:.1f}" y="{label_y:.1f}" text-anchor="middle" '
                       f'font-weight="bold">{100 * share:.1f}%</text>')
        else:
            out.append(f'<text x="{cx:.1f}" y="{base_y - 6}" text-anchor="middle" '
                       f'fill="#555">no data</text>')
        out.append(f'<text x="{cx:.1f}" y="{base_y + 15}" text-anchor="middle" fill="#555" '
                   f'font-size="10">n={row["n"]}</text>')
        ly = base_y + 30
        out.append(f'<text x="{cx + 6:.1f}" y="{ly}" text-anchor="end" '
                   f'transform="rotate(-30 {cx + 6:.1f} {ly})">{name}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
