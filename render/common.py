"""Shared drawing helpers: fonts, a colour-blind-safe palette, PNG encoding."""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"

#: Okabe-Ito palette: distinguishable with the common colour-vision deficiencies. Always pair a
#: colour with a letter or shape as well.
PALETTE = {
    "orange": (230, 159, 0),
    "sky": (86, 180, 233),
    "green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "vermillion": (213, 94, 0),
    "purple": (204, 121, 167),
    "black": (40, 40, 40),
}
INK = (33, 33, 33)
PAPER = (250, 246, 236)
MUTED = (120, 112, 100)
HIGHLIGHT = (255, 214, 10)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def to_png(image: Image.Image) -> bytes:
    """Encode for Discord: palette-quantised when that keeps it small and crisp."""
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=6)
    return out.getvalue()


def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(font(size, bold).getlength(text))
