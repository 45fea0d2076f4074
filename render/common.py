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


def to_png(image: Image.Image, *, colors: int = 256, palette: Image.Image | None = None) -> bytes:
    """Encode for Discord, reduced to a palette first.

    Flat-coloured boards lose nothing visible at 256 colours but shrink three to five times,
    which keeps busy boards far under Discord's preview budget. A fixed ``palette`` is quicker
    than choosing colours per picture and makes the bytes depend on the state alone.
    """
    if image.mode != "P":
        if palette is not None:
            image = image.quantize(palette=palette, dither=Image.Dither.NONE)
        else:
            image = image.quantize(
                colors, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
            )
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=6)
    return out.getvalue()


def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(font(size, bold).getlength(text))
