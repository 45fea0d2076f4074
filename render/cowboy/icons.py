"""Super Cowboy's colours and icons: drawn once per size, over-sampled, then pasted.

Each player has a colour, a letter and a fence-post shape, so hue is never the only cue. No
player's colour is a colour of the land: no blue (water), green (grass, trees) or brown (wood,
homesteads); every fence is a dark-edged bar in its owner's colour with its owner's posts.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render.cache import kept
from render.common import HIGHLIGHT, MUTED, PALETTE, font

Colour = tuple[int, int, int]
#: how much of its owner's colour washes over a field
WASH = 0.42
SS = 3  # over-sampling of icons
PLAYER_COLOURS: tuple[Colour, ...] = (
    PALETTE["vermillion"],
    (52, 52, 60),  # charcoal: no blue, which is the streams' colour
    PALETTE["purple"],
    PALETTE["yellow"],
)
#: fence posts per seat: circle, square, diamond, triangle
POSTS = ("circle", "square", "diamond", "triangle")
GRASS: tuple[Colour, Colour] = ((172, 198, 124), (184, 204, 132))
GRID: Colour = (152, 164, 104)
TILE_LINE: Colour = (118, 124, 76)
HOMESTEAD: Colour = (222, 204, 160)
WATER: Colour = (120, 196, 240)
WATER_EDGE: Colour = (70, 150, 210)
WOOD: Colour = (92, 60, 34)
HIDE: Colour = (150, 92, 50)
BONE: Colour = (246, 240, 222)
DARK: Colour = (38, 32, 28)
RED: Colour = (196, 40, 40)
WIN_GREEN: Colour = (40, 120, 40)
CARD: Colour = (238, 231, 214)
ACTING: Colour = (255, 240, 180)
WON: Colour = (220, 240, 210)
#: colours the pictures are built from; the fixed palette starts with them
BASE_COLOURS: tuple[Colour, ...] = (
    *PLAYER_COLOURS,
    *GRASS,
    GRID,
    TILE_LINE,
    HOMESTEAD,
    WATER,
    WATER_EDGE,
    WOOD,
    HIDE,
    BONE,
    DARK,
    RED,
    WIN_GREEN,
    CARD,
    ACTING,
    WON,
    HIGHLIGHT,
    MUTED,
    (255, 255, 255),
    (46, 112, 52),
    (30, 80, 36),
    (236, 220, 180),
    (170, 56, 40),
    (120, 170, 210),
    (226, 178, 160),
    (170, 110, 60),
    (120, 70, 40),
    (238, 222, 186),
    (150, 60, 30),
    (250, 244, 230),
    (230, 159, 0),
    (214, 218, 226),
    (90, 96, 110),
    (70, 76, 90),
    (10, 10, 10),
    (74, 50, 30),
    (120, 90, 60),
)


def grass(x: int, y: int) -> Colour:
    """The grass of square (``x``, ``y``): the board's 4 x 4 tiles alternate the two tones."""
    return GRASS[(x // 4 + y // 4) % 2]


def tint(base: Colour, colour: Colour, share: float = 0.45) -> Colour:
    """``base`` with ``share`` of ``colour`` mixed in (a field's wash over grass)."""
    r, g, b = (round(a * (1 - share) + c * share) for a, c in zip(base, colour, strict=True))
    return (r, g, b)


def player_letters(names: tuple[str, ...]) -> tuple[str, ...]:
    """Initials, or seat numbers when two players share one."""
    initials = tuple((n[:1] or "?").upper() for n in names)
    if len(set(initials)) == len(initials):
        return initials
    return tuple(str(i + 1) for i in range(len(names)))


# Icons ----------------------------------------------------------------------------------------


def _canvas(size: int) -> tuple[Image.Image, ImageDraw.ImageDraw, float]:
    img = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img), size * SS / 100


def _finish(img: Image.Image, size: int) -> Image.Image:
    return img.resize((size, size), Image.Resampling.LANCZOS)


def _box(k: float, x0: float, y0: float, x1: float, y1: float) -> tuple[float, ...]:
    return (x0 * k, y0 * k, x1 * k, y1 * k)


def _pts(k: float, pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(x * k, y * k) for x, y in pts]


def _head(d: ImageDraw.ImageDraw, k: float, hide: Colour, horn: Colour = BONE) -> None:
    """A longhorn's head on a 100 grid."""
    d.polygon(
        _pts(k, [(8, 30), (30, 34), (38, 42), (28, 44), (6, 36)]),
        fill=horn,
        outline=DARK,
        width=max(1, int(1.5 * k)),
    )
    d.polygon(
        _pts(k, [(92, 30), (70, 34), (62, 42), (72, 44), (94, 36)]),
        fill=horn,
        outline=DARK,
        width=max(1, int(1.5 * k)),
    )
    d.ellipse(_box(k, 30, 30, 70, 86), fill=hide, outline=DARK, width=max(1, int(2 * k)))
    d.ellipse(_box(k, 36, 64, 64, 88), fill=(226, 178, 160), outline=DARK, width=max(1, int(k)))
    d.ellipse(_box(k, 40, 44, 47, 51), fill=DARK)
    d.ellipse(_box(k, 53, 44, 60, 51), fill=DARK)
    d.ellipse(_box(k, 43, 75, 47, 79), fill=DARK)
    d.ellipse(_box(k, 53, 75, 57, 79), fill=DARK)


@kept
def icon(kind: str, size: int, colour: Colour = (0, 0, 0), letter: str = "") -> Image.Image:
    img, d, k = _canvas(size)
    w = max(1, int(2.5 * k))
    if kind == "tree":
        d.rectangle(_box(k, 44, 60, 56, 92), fill=WOOD)
        for cx, cy, r in ((50, 30, 22), (34, 48, 18), (66, 48, 18), (50, 52, 20)):
            d.ellipse(
                _box(k, cx - r, cy - r, cx + r, cy + r),
                fill=(46, 112, 52),
                outline=(30, 80, 36),
                width=max(1, int(1.5 * k)),
            )
    elif kind == "house":
        d.rectangle(_box(k, 22, 48, 78, 88), fill=(236, 220, 180), outline=DARK, width=w)
        d.polygon(
            _pts(k, [(12, 50), (50, 16), (88, 50)]), fill=(170, 56, 40), outline=DARK, width=w
        )
        d.rectangle(_box(k, 44, 64, 58, 88), fill=WOOD)
        d.rectangle(_box(k, 28, 56, 38, 66), fill=(120, 170, 210), outline=DARK, width=1)
    elif kind == "skull":
        # dark-edged bone with dark eyes: it stands out of pale grass at phone size
        w = max(1, int(5 * k))
        d.polygon(
            _pts(k, [(4, 22), (32, 34), (38, 46), (24, 46), (2, 34)]),
            fill=BONE,
            outline=DARK,
            width=w,
        )
        d.polygon(
            _pts(k, [(96, 22), (68, 34), (62, 46), (76, 46), (98, 34)]),
            fill=BONE,
            outline=DARK,
            width=w,
        )
        d.polygon(
            _pts(k, [(28, 28), (72, 28), (64, 80), (50, 96), (36, 80)]),
            fill=BONE,
            outline=DARK,
            width=w,
        )
        d.ellipse(_box(k, 35, 42, 48, 56), fill=DARK)
        d.ellipse(_box(k, 52, 42, 65, 56), fill=DARK)
    elif kind == "printed":
        # printed on the board: a square brand plate, where a roaming steer is a round token
        d.rounded_rectangle(
            _box(k, 3, 3, 97, 97),
            radius=8 * k,
            fill=(250, 244, 230),
            outline=DARK,
            width=int(6 * k),
        )
        _head(d, k, (170, 110, 60))
    elif kind == "stolen":
        d.ellipse(_box(k, 3, 3, 97, 97), outline=(120, 70, 40), width=max(1, int(3 * k)))
        _head(d, k, (170, 110, 60))
        d.line(_pts(k, [(12, 12), (88, 88)]), fill=RED, width=int(10 * k))
        d.line(_pts(k, [(88, 12), (12, 88)]), fill=RED, width=int(10 * k))
    elif kind == "steer":
        d.ellipse(_box(k, 4, 4, 96, 96), fill=(238, 222, 186), outline=colour, width=int(8 * k))
        _head(d, k, HIDE)
    elif kind == "indian":
        d.ellipse(_box(k, 4, 4, 96, 96), fill=(150, 60, 30), outline=DARK, width=w)
        d.polygon(
            _pts(k, [(50, 8), (62, 30), (58, 62), (50, 70), (42, 62), (38, 30)]),
            fill=(250, 244, 230),
            outline=DARK,
            width=max(1, int(1.5 * k)),
        )
        d.polygon(_pts(k, [(50, 8), (58, 24), (42, 24)]), fill=(30, 30, 30))
        d.line(_pts(k, [(50, 24), (50, 72)]), fill=DARK, width=max(1, int(1.5 * k)))
        d.rectangle(_box(k, 20, 66, 80, 78), fill=(230, 159, 0), outline=DARK, width=1)
    elif kind == "twister":
        d.ellipse(_box(k, 4, 4, 96, 96), fill=(214, 218, 226), outline=(90, 96, 110), width=w)
        for n, (y, half) in enumerate(((18, 36), (32, 28), (46, 21), (60, 14), (74, 8))):
            d.ellipse(
                _box(k, 50 - half + n * 2, y - 5, 50 + half + n * 2, y + 7),
                outline=(70, 76, 90),
                width=max(1, int(3.5 * k)),
            )
        d.line(_pts(k, [(58, 80), (54, 90)]), fill=(70, 76, 90), width=max(1, int(3 * k)))
    elif kind == "bandit":
        d.ellipse(_box(k, 4, 4, 96, 96), fill=DARK, outline=RED, width=int(5 * k))
        d.ellipse(_box(k, 14, 40, 86, 56), fill=(10, 10, 10), outline=(90, 90, 90), width=1)
        d.rectangle(_box(k, 32, 18, 68, 48), fill=(10, 10, 10), outline=(90, 90, 90), width=1)
        d.rectangle(_box(k, 26, 60, 74, 70), fill=RED)
    elif kind == "pilgrim":
        d.ellipse(_box(k, 4, 4, 96, 96), fill=(250, 250, 246), outline=DARK, width=w)
        d.rectangle(_box(k, 34, 18, 66, 54), fill=DARK)
        d.rectangle(_box(k, 20, 50, 80, 58), fill=DARK)
        d.rectangle(_box(k, 44, 40, 56, 50), outline=(230, 200, 60), width=max(1, int(2 * k)))
    elif kind == "badge":
        d.rounded_rectangle(
            _box(k, 4, 4, 96, 96), radius=18 * k, fill=colour, outline=DARK, width=int(6 * k)
        )
    elif kind == "cowboy":
        d.ellipse(_box(k, 3, 3, 97, 97), fill=colour, outline=DARK, width=int(5 * k))
        d.ellipse(_box(k, 14, 26, 86, 42), fill=(74, 50, 30))
        d.rounded_rectangle(_box(k, 32, 10, 68, 36), radius=8 * k, fill=(74, 50, 30))
    if letter and kind in LETTERED:
        return Image.alpha_composite(_finish(img, size), letter_layer(kind, size, colour, letter))
    if letter:
        _letter(d, k, kind, size, colour, letter)
    return _finish(img, size)


#: icons whose letter (a player's initial) sits wholly on the player's colour, so it can be
#: drawn apart from the icon and laid on it (see ``letter_layer``)
LETTERED = ("cowboy", "badge")


def _letter(
    d: ImageDraw.ImageDraw, k: float, kind: str, size: int, colour: Colour, letter: str
) -> None:
    scale = {"cowboy": 0.40, "badge": 0.7}.get(kind, 0.34)
    f = font(int(size * SS * scale), bold=True)
    y = 66 if kind == "cowboy" else 80 if kind in ("bandit", "pilgrim") else 50
    light = sum(colour) > 420 or kind == "pilgrim"
    ink = DARK if light else (255, 255, 255)
    d.text(
        (50 * k, y * k),
        letter,
        font=f,
        anchor="mm",
        fill=ink,
        stroke_width=max(1, int(k)),
        stroke_fill=(255, 255, 255) if light else DARK,
    )


@kept
def letter_layer(kind: str, size: int, colour: Colour, letter: str) -> Image.Image:
    """Just the letter of a ``LETTERED`` icon, on transparency, where the icon puts it."""
    img, d, k = _canvas(size)
    _letter(d, k, kind, size, colour, letter)
    return _finish(img, size)


def fence_bar(
    d: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    width: int,
    seat: int,
) -> None:
    """A fence from ``a`` to ``b`` in ``seat``'s colour, dark-edged, with its owner's pattern
    on it (none, a white middle line, two dark bands, three dots), so it is told apart from
    other players' fences and from the land without its colour."""
    colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    d.line((a, b), fill=DARK, width=width + 4)
    d.line((a, b), fill=colour, width=width)
    pattern = seat % 4
    (ax, ay), (bx, by) = a, b

    def at(t: float) -> tuple[float, float]:
        return ax + (bx - ax) * t, ay + (by - ay) * t

    if pattern == 1:
        d.line((at(0.2), at(0.8)), fill=(255, 255, 255), width=max(2, width // 3))
    elif pattern == 2:
        for t in (0.36, 0.64):
            (x0, y0), (x1, y1) = at(t - 0.05), at(t + 0.05)
            d.line(((x0, y0), (x1, y1)), fill=DARK, width=width + 2)
    elif pattern == 3:
        r = max(1.5, width / 3)
        for t in (0.3, 0.5, 0.7):
            x, y = at(t)
            d.ellipse((x - r, y - r, x + r, y + r), fill=DARK)


def post(d: ImageDraw.ImageDraw, x: float, y: float, r: float, seat: int, fill: Colour) -> None:
    """A fence post of ``seat``'s shape, centred on (x, y)."""
    shape = POSTS[seat % len(POSTS)]
    box = (x - r, y - r, x + r, y + r)
    if shape == "circle":
        d.ellipse(box, fill=fill, outline=DARK, width=2)
    elif shape == "square":
        d.rectangle(box, fill=fill, outline=DARK, width=2)
    elif shape == "diamond":
        k = r * 1.25
        diamond = [(x, y - k), (x + k, y), (x, y + k), (x - k, y)]
        _outlined(d, diamond, (x, y), k / math.sqrt(2), fill)
    else:
        k = r * 1.3
        a, b, c = (x, y - k), (x + k, y + k * 0.8), (x - k, y + k * 0.8)
        ab, bc, ca = math.dist(a, b), math.dist(b, c), math.dist(c, a)
        around = ab + bc + ca
        centre = (
            (bc * a[0] + ca * b[0] + ab * c[0]) / around,
            (bc * a[1] + ca * b[1] + ab * c[1]) / around,
        )
        # the inscribed circle's radius: twice the area over the perimeter
        inradius = abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])) / around
        _outlined(d, [a, b, c], centre, inradius, fill)


def _outlined(
    d: ImageDraw.ImageDraw,
    points: list[tuple[float, float]],
    centre: tuple[float, float],
    inradius: float,
    fill: Colour,
    width: float = 2,
) -> None:
    """A polygon with an inscribed circle (``centre``, ``inradius``), filled and outlined in
    DARK ``width`` px inside its edge, as two fills: the shape shrunk about that centre sits
    exactly ``width`` inside every edge. (Pillow draws a polygon outline wider than 1 px
    through a mask as big as the whole picture, for every post.)"""
    d.polygon(points, fill=DARK)
    scale = max(0.0, (inradius - width) / inradius)
    cx, cy = centre
    d.polygon([(cx + (px - cx) * scale, cy + (py - cy) * scale) for px, py in points], fill=fill)


@kept
def mark(kind: str, size: int) -> Image.Image:
    """Marks of change: ``moved`` (a bright ring on what changed), ``ghost`` (a dashed ring
    where something was), ``zone`` (no cowboy may stop here)."""
    img, d, k = _canvas(size)
    w = max(1, int(7 * k))
    if kind == "moved":
        d.ellipse(_box(k, 4, 4, 96, 96), outline=DARK, width=w + int(4 * k))
        d.ellipse(_box(k, 6, 6, 94, 94), outline=HIGHLIGHT, width=w)
    elif kind == "ghost":
        for a in range(0, 360, 30):
            d.arc(_box(k, 10, 10, 90, 90), a, a + 17, fill=(255, 255, 255), width=w)
            d.arc(_box(k, 10, 10, 90, 90), a + 17, a + 30, fill=DARK, width=w)
    elif kind == "zone":
        d.ellipse(_box(k, 12, 12, 88, 88), outline=RED, width=w)
        d.line(_pts(k, [(28, 28), (72, 72)]), fill=RED, width=w)
    return _finish(img, size)
