"""Draw the app's icons: ``golfcore/web/static/icon-192.png`` and ``icon-512.png``.

The same picture as ``icon.svg`` (a white card with a red heart on the felt green), drawn
pixel by pixel with the standard library only (zlib and struct: no image library, nothing
downloaded), 4 x 4 samples a pixel for smooth edges. The PNGs are committed; run this again
after changing the picture::

    python tools/make_icons.py
"""

from __future__ import annotations

import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "golfcore" / "web" / "static"
FELT = (0x1F, 0x6F, 0x4A)
CARD = (0xFF, 0xFF, 0xFF)
HEART = (0xC6, 0x28, 0x28)
EDGE = (0x17, 0x57, 0x3A)
SAMPLES = 4
#: The shapes in a 100 x 100 square (as icon.svg's viewBox): the card's box and corner radius.
CARD_BOX = (24.0, 14.0, 76.0, 86.0)
CARD_RADIUS = 7.0

Colour = tuple[int, int, int]


def in_rounded(x: float, y: float, box: tuple[float, float, float, float], r: float) -> bool:
    left, top, right, bottom = box
    if not (left <= x <= right and top <= y <= bottom):
        return False
    cx = min(max(x, left + r), right - r)
    cy = min(max(y, top + r), bottom - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def in_heart(x: float, y: float) -> bool:
    """Two circles and the triangle below them, centred on the card."""
    for cx in (42.5, 57.5):
        if (x - cx) ** 2 + (y - 44.0) ** 2 <= 8.5 ** 2:
            return True
    # the triangle (34.6, 48) (65.4, 48) (50, 66)
    if y < 47.0 or y > 66.0:
        return False
    half = 15.4 * (66.0 - y) / 18.0
    return abs(x - 50.0) <= half


def colour_at(x: float, y: float) -> Colour:
    if in_heart(x, y):
        return HEART
    if in_rounded(x, y, CARD_BOX, CARD_RADIUS):
        return CARD
    if in_rounded(x, y, (CARD_BOX[0] - 1.2, CARD_BOX[1] - 1.2, CARD_BOX[2] + 1.2,
                         CARD_BOX[3] + 1.2), CARD_RADIUS + 1.2):
        return EDGE
    return FELT


def draw(size: int, at: Callable[[float, float], Colour] = colour_at) -> bytes:
    """The RGB rows of a ``size`` x ``size`` picture, each row prefixed by PNG filter 0."""
    rows = bytearray()
    step = 100.0 / size
    for py in range(size):
        rows.append(0)
        for px in range(size):
            total = [0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    c = at((px + (sx + 0.5) / SAMPLES) * step, (py + (sy + 0.5) / SAMPLES) * step)
                    total[0] += c[0]
                    total[1] += c[1]
                    total[2] += c[2]
            n = SAMPLES * SAMPLES
            rows.extend((total[0] // n, total[1] // n, total[2] // n))
    return bytes(rows)


def png(size: int, rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)      # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def main(folder: Path = STATIC) -> int:
    for size in (192, 512):
        path = folder / f"icon-{size}.png"
        path.write_bytes(png(size, draw(size)))
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
