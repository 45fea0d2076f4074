"""Drawing straight onto the fixed palette, so a picture never needs its colours reduced.

Icons and texts are turned into palette images once, each over the background it will sit on
(grass, a field's wash, a card), keeping their soft edges; they are then pasted with a mask.
Lines and shapes take colours that are in the palette as they are.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render.cache import kept
from render.common import INK, MUTED, PAPER, draw_text, font, length, text_width
from render.cowboy.icons import (
    BASE_COLOURS,
    DARK,
    GRASS,
    LETTERED,
    PLAYER_COLOURS,
    WASH,
    Colour,
    icon,
    letter_layer,
    mark,
    tint,
)

MARKS = ("moved", "ghost", "zone")


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed palette: the picture's own colours, ramps from ink to paper for text, then an
    even spread of colours for the soft edges of icons."""
    colours: list[tuple[int, int, int]] = list(dict.fromkeys([PAPER, INK, *BASE_COLOURS]))
    for seat_colour in PLAYER_COLOURS:
        colours += [tint(g, seat_colour, WASH) for g in GRASS]
    for a, b in ((INK, PAPER), (DARK, GRASS[0]), (MUTED, PAPER), (INK, (238, 231, 214))):
        colours += [tint(a, b, k / 6) for k in range(1, 6)]
    colours = list(dict.fromkeys(colours))
    levels = (0, 64, 128, 176, 216, 255)
    for red in levels:
        for green in levels:
            for blue in levels:
                if len(colours) < 256:
                    colours.append((red, green, blue))
    colours = colours[:256]
    flat = [c for rgb in colours for c in rgb]
    image = Image.new("P", (1, 1))
    image.putpalette(flat + [0] * (768 - len(flat)))
    return image


def drawable(image: Image.Image) -> Image.Image:
    """``image`` (a copy or crop of a picture in the fixed palette), ready to be drawn on in
    colours: Pillow looks a colour's index up in a map it builds afresh for every new image
    (a few tenths of a millisecond, some three times a picture); this gives it the fixed
    palette's own map instead. An image in any other palette is left as it is."""
    own, fixed = image.palette, palette().palette
    if (
        own is not None
        and fixed is not None
        and own.rawmode is None
        and own.mode == fixed.mode
        and own.palette == fixed.palette
    ):
        own.colors = dict(fixed.colors)
    return image


def to_p(image: Image.Image) -> Image.Image:
    """``image`` in the fixed palette (nearest colours, no dithering)."""
    return image.convert("RGB").quantize(palette=palette(), dither=Image.Dither.NONE)


@kept
def sprite(
    kind: str, size: int, bg: Colour, colour: Colour = (0, 0, 0), letter: str = ""
) -> tuple[Image.Image, Image.Image]:
    """An icon or mark over ``bg`` in the palette, and the mask of where it shows. A player's
    initial on an icon is laid on the icon drawn without it (``letter_sprite``), so a match's
    initials cost a small sprite each, not a whole icon per ground."""
    if letter and kind in LETTERED:
        base, mask = sprite(kind, size, bg, colour, "")
        glyph, where = letter_sprite(kind, size, colour, letter)
        lettered = base.copy()
        lettered.paste(glyph, (0, 0), where)
        return lettered, mask
    return _laid(mark(kind, size) if kind in MARKS else icon(kind, size, colour, letter), bg)


def _laid(picture: Image.Image, bg: Colour) -> tuple[Image.Image, Image.Image]:
    """An RGBA ``picture`` over ``bg``, in the palette, and the mask of where it shows."""
    base = Image.new("RGB", picture.size, bg)
    base.paste(picture, (0, 0), picture)
    mask = picture.getchannel("A").point(lambda a: 255 if a >= 24 else 0)
    return to_p(base), mask.convert("1")


@kept
def letter_sprite(
    kind: str, size: int, colour: Colour, letter: str
) -> tuple[Image.Image, Image.Image]:
    """A player's initial as it sits on a ``LETTERED`` icon of ``colour``, in the palette, and
    the mask of where it shows."""
    return _laid(letter_layer(kind, size, colour, letter), colour)


def stamp(
    img: Image.Image,
    kind: str,
    size: int,
    xy: tuple[float, float],
    bg: Colour,
    colour: Colour = (0, 0, 0),
    letter: str = "",
) -> None:
    """Paste an icon of ``size`` whose top-left corner is ``xy``."""
    picture, mask = sprite(kind, size, bg, colour, letter)
    img.paste(picture, (int(xy[0]), int(xy[1])), mask)


@kept
def text_tile(text: str, size: int, bold: bool, fg: Colour, bg: Colour) -> Image.Image:
    """A line of text on a ``bg`` strip, in the palette."""
    f = font(size, bold)
    tile = Image.new("RGB", (int(length(f, text)) + 2, int(size * 1.22)), bg)
    draw_text(tile, (0, 0), text, f, fg)
    return to_p(tile)


def write(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fg: Colour,
    bg: Colour,
    bold: bool = False,
) -> None:
    """Text whose top-left is ``xy`` (as ``ImageDraw.text`` places it) on a plain ``bg``."""
    if text:
        img.paste(text_tile(text, size, bold, fg, bg), (int(xy[0]), int(xy[1])))


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut short at a word with an ellipsis so it fits ``width`` pixels (a single
    word too long for it, like a long name, loses its last letters)."""
    if text_width(text, size, bold) <= width:
        return text
    words = text.split()
    while len(words) > 1 and text_width(" ".join(words) + "…", size, bold) > width:
        words.pop()
    text = " ".join(words)
    while len(words) == 1 and text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip(" ·,;:—") + "…"


def wrap(text: str, size: int, width: int, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width`` pixels (the last one cut short)."""
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines:
        line = words.pop(0)
        while words and text_width(f"{line} {words[0]}", size) <= width:
            line += " " + words.pop(0)
        out.append(line)
    if words:
        out[-1] = fit(out[-1] + " " + " ".join(words), size, width)
    return out
