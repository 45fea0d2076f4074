"""The farm's pictures: animals, fox, wolf and crown from Pillow primitives.

Each is painted on a 100x100 grid, four times over-sampled, outlined and cached per size, so a
move only pastes them. Each has its own silhouette; the board always adds a word as well.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw, ImageFilter

from render.common import PALETTE, build_once

SS = 4  # over-sampling factor for the cached pictures
Colour = tuple[int, int, int]
OUTLINE: Colour = (62, 44, 30)
DARK: Colour = (45, 38, 34)
WHITE: Colour = (255, 255, 255)


class _Pen:
    """Draws on a 100x100 grid scaled to the picture, so icons are written once for any size."""

    def __init__(self, draw: ImageDraw.ImageDraw, scale: float, dx: float = 0, dy: float = 0):
        self.d, self.k, self.dx, self.dy = draw, scale, dx, dy

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (self.dx + x * self.k, self.dy + y * self.k)

    def oval(
        self,
        cx: float,
        cy: float,
        rx: float,
        ry: float,
        fill: Colour,
        angle: float = 0,
        edge: Colour | None = None,
    ) -> None:
        a = math.radians(angle)
        pts = []
        for i in range(36):
            t = 2 * math.pi * i / 36
            x, y = rx * math.cos(t), ry * math.sin(t)
            pts.append(
                self.p(
                    cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)
                )
            )
        self.d.polygon(pts, fill=fill, outline=edge, width=max(1, round(1.2 * self.k)))

    def poly(self, pts: Sequence[tuple[float, float]], fill: Colour) -> None:
        self.d.polygon([self.p(x, y) for x, y in pts], fill=fill)

    def rect(self, x0: float, y0: float, x1: float, y1: float, fill: Colour, r: float = 0) -> None:
        box = (*self.p(x0, y0), *self.p(x1, y1))
        self.d.rounded_rectangle(box, radius=r * self.k, fill=fill)

    def line(self, pts: Sequence[tuple[float, float]], fill: Colour, w: float) -> None:
        self.d.line(
            [self.p(x, y) for x, y in pts],
            fill=fill,
            width=max(1, round(w * self.k)),
            joint="curve",
        )

    def arc(
        self, cx: float, cy: float, r: float, start: float, end: float, fill: Colour, w: float
    ) -> None:
        box = (*self.p(cx - r, cy - r), *self.p(cx + r, cy + r))
        self.d.arc(box, start, end, fill=fill, width=max(1, round(w * self.k)))


def _rabbit(p: _Pen) -> None:
    fur, shade, pink = (200, 172, 140), (168, 138, 106), (236, 150, 160)
    p.oval(58, 21, 5.5, 18, fur, angle=-14)
    p.oval(69, 20, 5.5, 18, fur, angle=12)
    p.oval(58, 22, 2.5, 13, pink, angle=-14)
    p.oval(69, 21, 2.5, 13, pink, angle=12)
    p.oval(50, 88, 17, 6, shade)
    p.oval(44, 67, 27, 22, fur)
    p.oval(68, 45, 15, 13, fur)
    p.oval(16, 62, 8, 8, WHITE)
    p.oval(67, 87, 8, 5, shade)
    p.oval(73, 42, 2.6, 2.6, DARK)
    p.oval(82, 47, 2.6, 2, pink)


def _sheep(p: _Pen) -> None:
    wool, edge, face = (248, 244, 230), (214, 204, 180), (58, 50, 46)
    for x in (30, 40, 58, 66):
        p.rect(x, 62, x + 6, 92, face, 2)
    for cx, cy, r in (
        (28, 52, 13),
        (40, 41, 14),
        (56, 41, 14),
        (67, 51, 13),
        (31, 65, 12),
        (48, 67, 13),
        (64, 64, 12),
        (47, 53, 15),
    ):
        p.oval(cx, cy, r, r, wool, edge=edge)
    p.oval(80, 53, 9, 13, face, angle=-30)
    p.oval(71, 47, 7, 3, face, angle=25)
    p.oval(76, 41, 7, 6, wool, edge=edge)
    p.oval(83, 50, 2, 2, WHITE)


def _pig(p: _Pen) -> None:
    pink, deep = (244, 168, 180), (222, 128, 148)
    p.arc(13, 46, 6, 200, 520, deep, 3)
    for x in (27, 37, 59, 68):
        p.rect(x, 66, x + 8, 90, deep, 2)
    p.oval(47, 57, 32, 22, pink)
    p.oval(75, 52, 16, 16, pink)
    p.poly(((64, 42), (73, 24), (80, 41)), deep)
    p.oval(90, 56, 6, 8, deep)
    p.oval(89, 53, 1.5, 2, DARK)
    p.oval(89, 59, 1.5, 2, DARK)
    p.oval(80, 47, 2.3, 2.3, DARK)


def _cow(p: _Pen) -> None:
    hide, pink, horn = (252, 250, 242), (236, 168, 170), (226, 214, 178)
    p.line(((20, 42), (14, 72)), OUTLINE, 2.5)
    p.oval(14, 75, 3, 5, DARK)
    for x in (25, 35, 57, 66):
        p.rect(x, 60, x + 8, 92, hide, 2)
        p.rect(x, 86, x + 8, 92, DARK, 1)
    p.rect(18, 34, 76, 70, hide, 12)
    p.oval(34, 47, 10, 8, DARK, angle=20)
    p.oval(58, 59, 8, 6, DARK)
    p.oval(61, 42, 6, 5, DARK)
    p.oval(50, 72, 7, 5, pink)
    p.poly(((73, 27), (66, 14), (79, 24)), horn)
    p.poly(((88, 25), (96, 13), (93, 28)), horn)
    p.oval(69, 34, 7, 3, hide, angle=-20)
    p.oval(83, 41, 11, 15, hide)
    p.oval(84, 31, 5, 4, DARK)
    p.oval(86, 56, 10, 7, pink)
    p.oval(83, 56, 1.6, 1.6, DARK)
    p.oval(90, 56, 1.6, 1.6, DARK)
    p.oval(87, 42, 2.3, 2.3, DARK)


def _horse(p: _Pen) -> None:
    coat, mane, hoof = (164, 102, 56), (78, 48, 28), (50, 40, 34)
    p.poly(((22, 46), (12, 50), (5, 82), (14, 84), (22, 60)), mane)
    for x in (21, 30, 57, 66):
        p.rect(x, 58, x + 6, 92, coat, 2)
        p.rect(x, 87, x + 6, 92, hoof, 1)
    p.oval(44, 53, 28, 15, coat)
    p.poly(((54, 46), (66, 18), (80, 14), (86, 30), (72, 54)), coat)
    p.oval(84, 30, 8, 17, coat, angle=-48)
    p.poly(((72, 16), (74, 4), (80, 14)), coat)
    p.poly(((63, 22), (72, 9), (77, 13), (62, 44), (54, 46)), mane)
    p.oval(81, 24, 2.2, 2.2, DARK)
    p.oval(94, 40, 1.5, 1.5, DARK)


def _small_dog(p: _Pen) -> None:
    # drawn smaller and lower than the big dog: a terrier with floppy ears and a curly tail
    p = _Pen(p.d, p.k * 0.8, p.dx + 14 * p.k, p.dy + 18 * p.k)
    fur, light, ear = (218, 170, 100), (240, 212, 168), (136, 86, 46)
    p.arc(20, 40, 8, 120, 380, fur, 4)
    for x in (28, 37, 54, 62):
        p.rect(x, 66, x + 7, 88, fur, 2)
    p.oval(45, 62, 24, 13, fur)
    p.oval(71, 46, 14, 13, fur)
    p.oval(84, 52, 8, 6, light)
    p.oval(90, 49, 3.2, 2.6, DARK)
    p.oval(64, 50, 5, 11, ear, angle=18)
    p.line(((60, 55), (70, 60)), PALETTE["blue"], 4)
    p.oval(75, 43, 2.3, 2.3, DARK)


def _big_dog(p: _Pen) -> None:
    # a shepherd: upright pointed ears, black saddle, bushy tail
    tan, saddle, light = (196, 144, 82), (58, 48, 44), (226, 190, 140)
    p.poly(((18, 46), (8, 56), (6, 78), (14, 74), (20, 58)), saddle)
    for x in (21, 30, 56, 65):
        p.rect(x, 58, x + 7, 92, tan, 2)
    p.oval(43, 53, 28, 15, tan)
    p.oval(40, 46, 22, 9, saddle)
    p.poly(((60, 50), (66, 28), (80, 26), (78, 54)), tan)
    p.oval(78, 32, 12, 11, tan)
    p.poly(((80, 28), (97, 40), (94, 45), (78, 42)), light)
    p.oval(95, 40, 3, 2.6, DARK)
    p.poly(((68, 27), (70, 6), (79, 23)), saddle)
    p.poly(((76, 23), (84, 6), (87, 26)), saddle)
    p.line(((64, 42), (77, 48)), PALETTE["vermillion"], 4)
    p.oval(82, 31, 2.3, 2.3, DARK)


def _fox(p: _Pen) -> None:
    # face on, narrowed eyes and bared teeth: the fox on the die should look like trouble
    fur, cheek, ear = (224, 110, 30), (252, 244, 230), (70, 36, 24)
    p.poly(((50, 94), (10, 44), (16, 4), (38, 28), (62, 28), (84, 4), (90, 44)), fur)
    p.poly(((19, 12), (24, 30), (33, 27)), ear)
    p.poly(((81, 12), (76, 30), (67, 27)), ear)
    p.poly(((12, 46), (40, 60), (50, 94)), cheek)
    p.poly(((88, 46), (60, 60), (50, 94)), cheek)
    p.poly(((40, 84), (60, 84), (50, 92)), (150, 20, 20))
    p.poly(((42, 84), (45, 84), (43.5, 90)), WHITE)
    p.poly(((55, 84), (58, 84), (56.5, 90)), WHITE)
    for side in (-1, 1):
        cx = 50 + side * 17
        p.poly(((cx - 11 * side, 42), (cx + 10 * side, 36), (cx + 6 * side, 48)), (255, 214, 10))
        p.oval(cx + 1 * side, 43, 1.6, 4.5, DARK)
        p.line(((cx - 13 * side, 37), (cx + 10 * side, 31)), DARK, 3)
    p.oval(50, 78, 5, 4, DARK)


def _wolf(p: _Pen) -> None:
    fur, muzzle, deep = (124, 130, 142), (206, 208, 214), (70, 74, 86)
    p.poly(
        ((50, 97), (18, 80), (6, 40), (12, 2), (36, 24), (64, 24), (88, 2), (94, 40), (82, 80)), fur
    )
    p.poly(((15, 10), (20, 30), (31, 24)), deep)
    p.poly(((85, 10), (80, 30), (69, 24)), deep)
    p.poly(((30, 56), (50, 46), (70, 56), (66, 84), (50, 94), (34, 84)), muzzle)
    p.poly(((34, 72), (66, 72), (58, 88), (42, 88)), (128, 16, 24))
    for x in (37, 58):
        p.poly(((x, 72), (x + 6, 72), (x + 3, 84)), WHITE)
    for x in (44, 52):
        p.poly(((x, 88), (x + 4, 88), (x + 2, 81)), WHITE)
    for side in (-1, 1):
        cx = 50 + side * 19
        p.poly(((cx - 11 * side, 41), (cx + 10 * side, 34), (cx + 7 * side, 46)), (255, 214, 10))
        p.oval(cx + 1 * side, 41, 1.6, 4.2, DARK)
        p.line(((cx - 14 * side, 35), (cx + 11 * side, 28)), DARK, 3.5)
    p.oval(50, 62, 7, 5, DARK)


def _crown(p: _Pen) -> None:
    gold, jewel = (246, 196, 40), PALETTE["vermillion"]
    p.poly(((8, 80), (4, 26), (28, 52), (50, 14), (72, 52), (96, 26), (92, 80)), gold)
    p.rect(8, 74, 92, 90, gold, 3)
    for x, y in ((4, 24), (50, 12), (96, 24)):
        p.oval(x, y, 6, 6, gold)
    p.oval(50, 62, 7, 7, jewel)
    p.oval(26, 66, 5, 5, PALETTE["blue"])
    p.oval(74, 66, 5, 5, PALETTE["green"])


PAINTERS: dict[str, Callable[[_Pen], None]] = {
    "rabbit": _rabbit,
    "sheep": _sheep,
    "pig": _pig,
    "cow": _cow,
    "horse": _horse,
    "small_dog": _small_dog,
    "big_dog": _big_dog,
    "fox": _fox,
    "wolf": _wolf,
    "crown": _crown,
}


@build_once
def icon(kind: str, size: int) -> Image.Image:
    """The picture of ``kind`` (an animal, fox, wolf or crown), outlined, ``size`` px square."""
    big = size * SS
    layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    PAINTERS[kind](_Pen(ImageDraw.Draw(layer), big / 100 * 0.9, big * 0.05, big * 0.05))
    halo = layer.getchannel("A")
    for _ in range(max(1, round(big * 0.0175))):  # repeated 3x3 is a quick big square dilation
        halo = halo.filter(ImageFilter.MaxFilter(3))
    out = Image.new("RGBA", (big, big), (*OUTLINE, 0))
    out.putalpha(halo)
    out.alpha_composite(layer)
    return out.resize((size, size), Image.Resampling.LANCZOS)


@build_once
def ghost(kind: str, size: int) -> Image.Image:
    """A faint silhouette for an empty slot: which animal is still missing."""
    alpha = icon(kind, size).getchannel("A").point(lambda a: a * 40 // 255)
    out = Image.new("RGBA", (size, size), (*OUTLINE, 0))
    out.putalpha(alpha)
    return out
