"""Horseplay Rustling's marks and texts as pieces: each a cached RGBA image (transparent round
it) pasted with its own alpha, so a picture is put together from pieces straight in its palette
(``render.layers.Layers``) instead of being drawn on in full colour and reduced.

Shapes drawn without anti-aliasing (outlines, the arrow, crosses, panels, legend icons) have an
alpha of only 0 or 255, so pasting one gives the very pixels drawing it there would; a text
piece is its colour with the text's anti-aliased mask as alpha, which blends exactly as
painting the colour through the mask. Pieces are drawn on their own canvas at whole-pixel
offsets, so they land where drawing on the picture would put them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from render.cache import kept
from render.common import HIGHLIGHT, INK, draw_text, font, length
from render.horseplay import layers
from render.horseplay.layout import Colour, diameter

Piece = tuple[Image.Image, int, int]
CLEAR = (0, 0, 0, 0)
#: room round the last move's path for the arrow's width and head
MARGIN = 20


def _piece(width: int, height: int, draw: Callable[[ImageDraw.ImageDraw], None]) -> Image.Image:
    img = Image.new("RGBA", (width, height), CLEAR)
    draw(ImageDraw.Draw(img))
    return img


@kept
def text(words: str, size: int, bold: bool, anchor: str, fill: Colour) -> Piece:
    """A text in ``fill`` and its offset from the anchor point, cut to its ink. Its mask is
    put together from words drawn before (``draw_text``: a move's new line, such as what it
    did, is mostly words of earlier ones), from whole-pixel anchor points, so the same pixels
    land where drawing the line on the picture would put them. The room it is drawn in comes
    from the line's measure and the font's lines (remembered for the words), not from laying
    the new line out whole to find its box, which costs about as much as drawing it."""
    face = font(size, bold)
    ascent, descent = face.getmetrics()
    reach = math.ceil(length(face, words))
    room = size + 2  # more than a glyph reaches past its advance or the font's lines
    x = room + {"l": 0, "m": (reach + 1) // 2}.get(anchor[0], reach)
    y = room + ascent + descent
    mask = Image.new("L", (reach + 2 * room + 1, 2 * (ascent + descent + room)), 0)
    draw_text(mask, (x, y), words, face, 255, anchor)
    ink = mask.getbbox()
    if ink is None:  # nothing to see
        return Image.new("RGBA", (1, 1), (*fill, 0)), 0, 0
    mask = mask.crop(ink)
    img = Image.new("RGBA", mask.size, fill)
    img.putalpha(mask)
    return img, ink[0] - x, ink[1] - y


@lru_cache(maxsize=16)
def outline(side: int, inset: int, colour: Colour) -> Image.Image:
    """A square's frame, 5 px wide, ``inset`` px inside its edge."""
    far = side - inset
    return _piece(
        side, side, lambda d: d.rectangle((inset, inset, far, far), outline=colour, width=5)
    )


@kept
def arrow(points: tuple[tuple[float, float], ...], size: int) -> Piece:
    """The last move's path as a thick arrow ending at the moved piece; placed at the
    returned offset."""
    # the head stands at most 14 px off the path, the line 6 px: a margin of 20 holds both
    left = math.floor(min(x for x, _ in points)) - MARGIN
    top = math.floor(min(y for _, y in points)) - MARGIN
    right = math.ceil(max(x for x, _ in points)) + MARGIN
    bottom = math.ceil(max(y for _, y in points)) + MARGIN
    pts = [(x - left, y - top) for x, y in points]
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    ux, uy = (bx - ax) / length, (by - ay) / length
    tip = (bx - ux * diameter(size) * 0.5, by - uy * diameter(size) * 0.5)
    base = (tip[0] - ux * 22, tip[1] - uy * 22)
    line = [*pts[:-1], base]
    head = [tip, (base[0] - uy * 14, base[1] + ux * 14), (base[0] + uy * 14, base[1] - ux * 14)]
    cx = sum(p[0] for p in head) / 3
    cy = sum(p[1] for p in head) / 3
    inner = [(cx + (x - cx) * 0.55, cy + (y - cy) * 0.55) for x, y in head]

    def draw(d: ImageDraw.ImageDraw) -> None:
        d.line(line, fill=INK, width=12, joint="curve")
        d.polygon(head, fill=INK)
        d.line(line, fill=HIGHLIGHT, width=6, joint="curve")
        d.polygon(inner, fill=HIGHLIGHT)

    return _piece(right - left, bottom - top, draw), left, top


@lru_cache(maxsize=4)
def cross(side: int) -> Image.Image:
    """A bold cross over a taken piece, for a square ``side`` px wide."""
    centre = side / 2
    return _piece(side, side, lambda d: layers.cross(d, (centre, centre), side * 0.2))


@lru_cache(maxsize=16)
def panel(width: int, height: int, radius: int, fill: Colour, edge: Colour | None, thick: int):
    """A rounded panel (``edge``: its outline, ``thick`` px)."""
    return _piece(
        width + 1,
        height + 1,
        lambda d: d.rounded_rectangle(
            (0, 0, width, height), radius=radius, fill=fill, outline=edge, width=thick
        ),
    )


@lru_cache(maxsize=4)
def bar(length: int, thick: int, colour: Colour) -> Image.Image:
    """A horizontal line ``length`` px long through the middle of its piece (a crossed-out
    colour's chip)."""
    half = thick // 2 + 1
    return _piece(
        length + 1,
        2 * half + 1,
        lambda d: d.line((0, half, length, half), fill=colour, width=thick),
    )


@lru_cache(maxsize=8)
def ring(side: int, colour: Colour) -> Image.Image:
    """A ring 5 px wide round a piece ``side`` px across: a piece that can take a Stable."""
    return _piece(
        side, side, lambda d: d.ellipse((0, 0, side - 1, side - 1), outline=colour, width=5)
    )
