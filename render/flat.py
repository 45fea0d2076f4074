"""Pictures drawn straight into a fixed palette: no colour reduction per picture.

A ``Palette`` holds a game's flat colours and the blends its smooth edges need (text on a
panel, a die's rim on the table). Sprites (text, dice, panels) are drawn in RGB once, reduced
to the palette once and cached; a picture only pastes them onto a "P" canvas and encodes it,
so its cost grows with what is on it, not with its pixels.
"""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image, ImageDraw, ImageFont

from render import png
from render.cache import kept
from render.common import draw_text, font, length
from render.layers import reduce

Colour = tuple[int, int, int]


def blend(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


class Palette:
    """Up to 256 colours: the given ones exactly, then ``steps`` blends of every pair."""

    def __init__(
        self, colours: Iterable[Colour], pairs: Iterable[tuple[Colour, Colour]], steps: int = 4
    ) -> None:
        entries = list(dict.fromkeys(colours))
        for a, b in pairs:
            entries += [blend(a, b, k / (steps + 1)) for k in range(1, steps + 1)]
        entries = list(dict.fromkeys(entries))
        if len(entries) > 256:
            raise ValueError(f"{len(entries)} colours do not fit one palette")
        self.flat = [c for e in entries for c in e] + [0] * (768 - 3 * len(entries))
        self.image = Image.new("P", (1, 1))
        self.image.putpalette(self.flat)
        self.index = {c: i for i, c in reversed(list(enumerate(entries)))}
        self.size = len(entries)

    def reduce(self, image: Image.Image) -> Image.Image:
        """An RGB drawing as palette indices (nearest colour, no dithering)."""
        return reduce(image, self.image)

    def canvas(self, size: tuple[int, int], colour: Colour) -> Image.Image:
        image = Image.new("P", size, self.index[colour])
        image.putpalette(self.flat)
        return image

    def ink(self, colour: Colour) -> int:
        return self.index[colour]


@kept
def text_sprite(
    palette: Palette, text: str, size: int, bold: bool, ink: Colour, paper: Colour
) -> Image.Image:
    """``text`` in ``ink`` on a ``paper`` box exactly as tall as the font's line."""
    f: ImageFont.FreeTypeFont = font(size, bold)
    ascent, descent = f.getmetrics()
    width = max(1, int(length(f, text)) + 2)
    image = Image.new("RGB", (width, ascent + descent), paper)
    draw_text(image, (1, 0), text, f, ink)
    return palette.reduce(image)


@kept
def corner_sprite(
    palette: Palette, fill: Colour, edge: Colour | None, width: int, radius: int, paper: Colour
) -> Image.Image:
    """A small rounded box (2 radius + 2 wide) on ``paper``, drawn over-sampled; boxes of any
    size take its four corners and fill the rest with flat bands."""
    ss = 4
    side = 2 * radius + 2
    big = Image.new("RGB", (side * ss, side * ss), paper)
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, side * ss - 1, side * ss - 1),
        radius=radius * ss,
        fill=fill,
        outline=edge,
        width=width * ss if edge else 0,
    )
    return palette.reduce(big.resize((side, side), Image.Resampling.LANCZOS))


@kept
def corner_quarters(
    palette: Palette, fill: Colour, edge: Colour | None, width: int, radius: int, paper: Colour
) -> tuple[Image.Image, ...]:
    """The four corners of ``corner_sprite``: top left, top right, bottom left, bottom right."""
    corners = corner_sprite(palette, fill, edge, width, radius, paper)
    side, half = 2 * radius + 2, radius + 1
    return tuple(
        corners.crop((cx, cy, cx + half, cy + half))
        for cx, cy in ((0, 0), (side - half, 0), (0, side - half), (side - half, side - half))
    )


class Canvas:
    """A palette picture with the few operations the games need."""

    def __init__(self, palette: Palette, size: tuple[int, int], paper: Colour) -> None:
        self.palette = palette
        width, height = size
        #: the picture in the layout its PNG deflates (``png.rows``): everything is drawn one
        #: column to the right
        self._rows = palette.canvas((width + 1, height), paper)
        self._draw = ImageDraw.Draw(self._rows)
        #: the picture's pixels: palette sprites are copied straight in (a picture pastes a
        #: few hundred; ``Image.paste`` checks and converts on every one)
        self._pixels = self._rows.im

    @property
    def image(self) -> Image.Image:
        """The picture (a copy)."""
        return png.picture(self._rows)

    def rect(self, box: tuple[float, float, float, float], colour: Colour) -> None:
        x0, y0, x1, y1 = box
        self._draw.rectangle((x0 + 1, y0, x1 + 1, y1), fill=self.palette.ink(colour))

    def outline(self, box: tuple[float, float, float, float], colour: Colour, width: int) -> None:
        x0, y0, x1, y1 = box
        ink = self.palette.ink(colour)
        self._draw.rectangle((x0 + 1, y0, x1 + 1, y1), outline=ink, width=width)

    def line(self, xy: tuple[float, float, float, float], colour: Colour, width: int = 1) -> None:
        x0, y0, x1, y1 = xy
        self._draw.line((x0 + 1, y0, x1 + 1, y1), fill=self.palette.ink(colour), width=width)

    def paste(self, sprite: Image.Image, x: float, y: float) -> None:
        left, top = round(x) + 1, round(y)
        if sprite.mode != "P":
            self._rows.paste(sprite, (left, top))
            return
        w, h = sprite.size
        self._pixels.paste(sprite.im, (left, top, left + w, top + h))

    def box(
        self,
        box: tuple[int, int, int, int],
        fill: Colour,
        *,
        edge: Colour | None = None,
        width: int = 2,
        radius: int = 10,
        paper: Colour,
    ) -> None:
        x0, y0, x1, y1 = box
        r = radius
        self.rect((x0 + r, y0, x1 - r - 1, y1 - 1), fill)
        self.rect((x0, y0 + r, x1 - 1, y1 - r - 1), fill)
        if edge is not None:
            self.rect((x0 + r, y0, x1 - r - 1, y0 + width - 1), edge)
            self.rect((x0 + r, y1 - width, x1 - r - 1, y1 - 1), edge)
            self.rect((x0, y0 + r, x0 + width - 1, y1 - r - 1), edge)
            self.rect((x1 - width, y0 + r, x1 - 1, y1 - r - 1), edge)
        half = r + 1
        quarters = corner_quarters(self.palette, fill, edge, width, r, paper)
        places = ((x0, y0), (x1 - half, y0), (x0, y1 - half), (x1 - half, y1 - half))
        for piece, (px, py) in zip(quarters, places, strict=True):
            self.paste(piece, px, py)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        *,
        bold: bool = False,
        ink: Colour,
        paper: Colour,
        anchor: str = "lt",
    ) -> int:
        """Draw ``text``; ``anchor`` is horizontal l/m/r then vertical t/m/b. Returns width."""
        sprite = text_sprite(self.palette, text, size, bold, ink, paper)
        x, y = xy
        w, h = sprite.size
        x -= {"l": 1, "m": w / 2, "r": w - 1}[anchor[0]]
        y -= {"t": 0, "m": h / 2, "b": h}[anchor[1]]
        self.paste(sprite, x, y)
        return w - 2

    def png(self) -> bytes:
        """The picture's PNG (``png.encode`` of ``image``, without the copy; whatever was drawn
        left of the picture, in the rows' first column, is cleared)."""
        return png.encode_rows(self._rows)


def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to ``width`` pixels."""
    f = font(size, bold)
    if length(f, text) <= width:
        return text
    while text and length(f, text + "…") > width:
        text = text[:-1]
    return text + "…"
