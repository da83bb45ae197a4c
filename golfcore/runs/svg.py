"""The frame of golfcore's SVG charts (``golf survey --plot``, ``golf tournament --plot``):
plain SVG 1.1 text, no extra packages."""

from __future__ import annotations

from xml.sax.saxutils import escape

from golfcore.errors import GolfError


def open_document(width: float, height: float, title: str, subtitle: str) -> list[str]:
    """The first lines of a chart: the SVG element, a white page, the title (also the
    document's ``<title>``) and a grey subtitle centred under it. End with ``"</svg>"``."""
    return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" '
        f'font-size="12">',
        f'<title>{escape(title)}</title>',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2:.1f}" y="24" text-anchor="middle" font-size="16" '
        f'font-weight="bold">{escape(title)}</text>',
        f'<text x="{width / 2:.1f}" y="42" text-anchor="middle" fill="#555">'
        f'{escape(subtitle)}</text>',
    ]


def save(path: str, svg: str) -> None:
    """Write a chart to ``path``; :class:`GolfError` saying why when it cannot be written."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(svg)
    except OSError as exc:
        raise GolfError(f"cannot write {path}: {exc.strerror or exc}") from None
