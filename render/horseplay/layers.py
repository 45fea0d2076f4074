"""Horseplay Rustling's drawn-once layers: the board per size and colours in play, the piece
sprites (and their ghosts), the mark icons. Each is cached; ``render.horseplay.warm`` builds
them all under one lock so concurrent first pictures do not each draw them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from games.horseplay import LETTERS, geometry
from games.horseplay.board import FILES
from render.cache import kept
from render.common import INK, PAPER, font
from render.horseplay.layout import (
    ALERT,
    BARN,
    BLUE_SQ,
    GOLD,
    GREEN_SQ,
    GREEN_SQ_DARK,
    MARGIN,
    MISS_HATCH,
    PIECE,
    SMALL,
    SS,
    STRAW,
    STRAW_DARK,
    WHITE,
    WIDTH,
    WOOD,
    WOOD_LIGHT,
    board_bottom,
    box,
    cell,
    origin,
)

Box = tuple[int, int, int, int]


def board(size: int, colours: tuple[int, ...], miss: bool, centre_win: bool) -> Image.Image:
    """Paper down to the board's foot: the wooden frame, squares, Stables, Miss a Turn
    squares and coordinates (the picture's top is pasted from it). Not kept: the picture's
    ground (``render.horseplay._ground``), which holds it, is."""
    geo = geometry(size)
    c = cell(size)
    img = Image.new("RGB", (WIDTH, board_bottom(size)), PAPER)
    d = ImageDraw.Draw(img)
    x0, y0 = origin(size)
    side = c * size
    d.rounded_rectangle(
        (x0 - MARGIN + 2, y0 - MARGIN + 2, x0 + side + MARGIN - 2, y0 + side + MARGIN - 2),
        radius=14,
        fill=WOOD,
    )
    d.rounded_rectangle(
        (x0 - MARGIN + 8, y0 - MARGIN + 8, x0 + side + MARGIN - 8, y0 + side + MARGIN - 8),
        radius=10,
        outline=WOOD_LIGHT,
        width=2,
    )
    for sq in range(size * size):
        if geo.playable[sq]:
            d.rectangle(box(sq, size), fill=BLUE_SQ)
        else:
            d.rectangle(box(sq, size), fill=GREEN_SQ)
            _grass(d, box(sq, size))
    owners = {geo.stables[k]: k for k in colours}
    for sq in (*geo.stables, geo.centre):
        _stable(d, box(sq, size), owners.get(sq), centre_win and sq == geo.centre)
    if miss:
        for sq in geo.miss:
            _miss(d, box(sq, size))
    d.rectangle((x0 - 1, y0 - 1, x0 + side, y0 + side), outline=INK, width=2)
    label = font(SMALL, True)
    for i in range(size):
        fx = x0 + i * c + c / 2
        for y in (y0 - MARGIN / 2, y0 + side + MARGIN / 2):
            d.text((fx, y), FILES[i], font=label, fill=PAPER, anchor="mm")
        ry = y0 + (size - 1 - i) * c + c / 2
        for x in (x0 - MARGIN / 2, x0 + side + MARGIN / 2):
            d.text((x, ry), str(i + 1), font=label, fill=PAPER, anchor="mm")
    return img


def _grass(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A few tufts, so green squares read as paddock rather than a flat hue."""
    left, top, right, _ = b
    w = right - left
    for fx, fy in ((0.25, 0.3), (0.7, 0.55), (0.4, 0.8)):
        x, y = left + fx * w, top + fy * w
        for dx in (-4, 0, 4):
            d.line((x, y, x + dx, y - 7), fill=GREEN_SQ_DARK, width=2)


def _hatch(d: ImageDraw.ImageDraw, b: Box, step: int, colour: tuple[int, int, int], width: int):
    left, top, right, _ = b
    w = right - left
    for i in range(-w, w, step):
        d.line(
            (left + max(i, 0), top + max(-i, 0), left + min(w, w + i), top + min(w, w - i)),
            fill=colour,
            width=width,
        )


def _stable(d: ImageDraw.ImageDraw, b: Box, owner: int | None, winning: bool) -> None:
    """Straw floor and a barn; a colour's Stable has its frame and letter, nobody's a star,
    and a centre where a crown wins (option ``centre_win``) a gold crown."""
    left, top, right, _ = b
    w = right - left
    d.rectangle(b, fill=STRAW)
    _hatch(d, b, 10, STRAW_DARK, 2)
    roof = [
        (left + 0.1 * w, top + 0.44 * w),
        (left + 0.5 * w, top + 0.12 * w),
        (right - 0.1 * w, top + 0.44 * w),
    ]
    d.line(roof, fill=BARN, width=4, joint="curve")
    walls = (0.18 * w, 0.38 * w, 0.9 * w)
    d.line(
        (
            left + walls[0],
            top + walls[1],
            left + walls[0],
            top + walls[2],
            right - walls[0],
            top + walls[2],
            right - walls[0],
            top + walls[1],
        ),
        fill=BARN,
        width=3,
    )
    if owner is not None:
        d.rectangle(b, outline=PIECE[owner], width=5)
        d.text(
            (left + w / 2, top + 0.64 * w),
            LETTERS[owner],
            font=font(SMALL + 4, True),
            fill=PIECE[owner],
            anchor="mm",
        )
    elif winning:
        crown_mark(d, (left + w / 2, top + 0.66 * w), w * 0.46)
    else:
        d.text((left + w / 2, top + 0.64 * w), "★", font=font(SMALL + 2), fill=BARN, anchor="mm")


@lru_cache(maxsize=4)
def plain_stable(size: int) -> Image.Image:
    """Nobody's Stable, to cover the Stable of a colour that is out (a plain square now)."""
    c = cell(size)
    img = Image.new("RGB", (c, c), STRAW)
    _stable(ImageDraw.Draw(img), (0, 0, c, c), None, False)
    return img


def crown_mark(d: ImageDraw.ImageDraw, at: tuple[float, float], width: float) -> None:
    """A gold crown outlined in ink, ``width`` px wide, centred on ``at``."""
    x, y = at
    h = width / 2
    pts = [
        (x - h, y + h * 0.55),
        (x - h, y - h * 0.55),
        (x - h * 0.5, y),
        (x, y - h * 0.75),
        (x + h * 0.5, y),
        (x + h, y - h * 0.55),
        (x + h, y + h * 0.55),
    ]
    d.polygon(pts, fill=GOLD, outline=INK, width=2)


def _miss(d: ImageDraw.ImageDraw, b: Box) -> None:
    """Miss a Turn: hatched, with a pause sign (the rules page names it)."""
    left, top, right, _ = b
    w = right - left
    _hatch(d, b, 12, MISS_HATCH, 4)
    d.rectangle(b, outline=INK, width=3)
    pause(d, (left + w / 2, top + w / 2), w * 0.42)


def pause(d: ImageDraw.ImageDraw, at: tuple[float, float], side: float) -> None:
    x, y = at
    h = side / 2
    d.rectangle((x - h, y - h, x + h, y + h), fill=INK)
    bar = side * 0.18
    d.rectangle((x - h * 0.55, y - h * 0.6, x - h * 0.55 + bar, y + h * 0.6), fill=WHITE)
    d.rectangle((x + h * 0.55 - bar, y - h * 0.6, x + h * 0.55, y + h * 0.6), fill=WHITE)


@kept
def sprite(colour: int, crowned: bool, diameter: int, ghost: bool = False) -> Image.Image:
    """A counter with its letter; a crown stands two counters high with a gold crown. A ghost
    is the same piece faded, for a piece that left the board in the last move."""
    if ghost:
        solid = sprite(colour, crowned, diameter)
        alpha = solid.getchannel("A").point(lambda a: a * 45 // 100)
        faded = solid.copy()
        faded.putalpha(alpha)
        return faded
    big = diameter * SS
    lift = big // 9 if crowned else 0
    img = Image.new("RGBA", (big, big + lift), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill = PIECE[colour]
    rim = tuple(max(0, int(v * 0.55)) for v in fill)
    edge = 3 * SS
    if crowned:
        d.ellipse((0, lift, big - 1, big + lift - 1), fill=rim, outline=INK, width=edge)
    d.ellipse((0, 0, big - 1, big - 1), fill=fill, outline=INK, width=edge)
    d.ellipse(
        (big * 0.12, big * 0.12, big * 0.88, big * 0.88), outline=(255, 255, 255, 150), width=2 * SS
    )
    if crowned:
        c = big / 2
        pts = [
            (c - 0.22 * big, 0.38 * big),
            (c - 0.24 * big, 0.12 * big),
            (c - 0.11 * big, 0.25 * big),
            (c, 0.07 * big),
            (c + 0.11 * big, 0.25 * big),
            (c + 0.24 * big, 0.12 * big),
            (c + 0.22 * big, 0.38 * big),
        ]
        d.polygon(pts, fill=GOLD, outline=INK, width=SS * 2)
        letter = font(_letter(big, 0.46), True)
        d.text((c, 0.66 * big), LETTERS[colour], font=letter, fill=WHITE, anchor="mm")
    else:
        letter = font(_letter(big, 0.52), True)
        d.text((big / 2, big / 2), LETTERS[colour], font=letter, fill=WHITE, anchor="mm")
    return img.resize((diameter, (big + lift) // SS), Image.Resampling.LANCZOS)


def _letter(big: int, share: float) -> int:
    """A piece's letter size on the over-sampled canvas: ``share`` of the piece, and on a
    board piece (``BOARD_PIECE`` px and up) never under ``SMALL`` px once scaled down."""
    size = int(big * share)
    if big >= BOARD_PIECE * SS:
        size = max(size, SMALL * SS)
    return size


#: the smallest piece drawn on a board (11x11); smaller sprites are colour chips
BOARD_PIECE = 44


@lru_cache(maxsize=8)
def warning(side: int) -> Image.Image:
    """A warning sign: a red-edged yellow triangle with "!" (an enemy can take it)."""
    big = side * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    tri = [(big / 2, big * 0.04), (big * 0.97, big * 0.94), (big * 0.03, big * 0.94)]
    d.polygon(tri, fill=ALERT)
    inner = [(big / 2, big * 0.26), (big * 0.8, big * 0.82), (big * 0.2, big * 0.82)]
    d.polygon(inner, fill=WHITE)
    d.rectangle((big * 0.455, big * 0.4, big * 0.545, big * 0.64), fill=INK)
    d.ellipse((big * 0.45, big * 0.68, big * 0.55, big * 0.78), fill=INK)
    return img.resize((side, side), Image.Resampling.LANCZOS)


@lru_cache(maxsize=8)
def huff_badge(side: int) -> Image.Image:
    """A round ink badge with "H": the piece huffed if its colour skips a capture."""
    big = side * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse((0, 0, big - 1, big - 1), fill=INK, outline=WHITE, width=SS)
    d.text((big / 2, big * 0.52), "H", font=font(int(big * 0.74), True), fill=WHITE, anchor="mm")
    return img.resize((side, side), Image.Resampling.LANCZOS)


def cross(d: ImageDraw.ImageDraw, at: tuple[float, float], r: float) -> None:
    """A bold cross over a piece that was taken."""
    cx, cy = at
    for w, colour in ((11, INK), (5, WHITE)):
        d.line((cx - r, cy - r, cx + r, cy + r), fill=colour, width=w)
        d.line((cx - r, cy + r, cx + r, cy - r), fill=colour, width=w)


def used_colours() -> list[tuple[int, int, int]]:
    """Blends the sprites and icons need beyond the flat colours (their anti-aliased edges)."""
    out = []
    for k in range(4):
        for base in (BLUE_SQ, STRAW, PAPER):
            for t in (0.25, 0.5, 0.75):
                out.append(_blend(base, PIECE[k], t))
            out.append(_blend(base, PIECE[k], 0.45))
    return out


def _blend(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    red, green, blue = (int(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return (red, green, blue)
