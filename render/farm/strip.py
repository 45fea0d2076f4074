"""The farm's "last move" strip: the two dice, then what the last move did, told with animal
chips carrying +/- counts (or an open offer, and who it waits for).

The story is told by the narrator (``games.farm.talk_board``) from the move's events; a
picture without them (a fresh game, a player who left) says whose turn it is instead.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from games.farm import ANIMALS
from games.farm.talk_board import Chip
from render.cache import kept
from render.common import INK, MUTED, PALETTE, bbox, build_once, draw_text, font, length
from render.farm.animals import OUTLINE, SS, Colour, icon
from render.layers import Layers

CARD: Colour = (255, 251, 242)
GAIN_FILL: Colour = (214, 240, 224)
LOSS_FILL: Colour = (252, 222, 206)
PLAIN_FILL: Colour = (240, 232, 214)
TEXT = 27  # the smallest text on a 720 px picture that still shows 11 px 300 px wide
TITLE = 28
CHIP_H, CHIP_ICON = 40, 34  # an animal 34 px here shows 14 px 300 px wide
DIE_R = 30


Part = str | Chip  # words, or a chip; "\n" starts the second line
#: what a board is laid on: a full-colour picture, or the same laid straight in its palette
Surface = Image.Image | Layers


def chip_text(chip: Chip) -> str:
    if chip.count is None:
        return ""
    return {1: "+", -1: "−", 0: ""}[chip.sign] + str(chip.count)


@build_once
def chip(c: Chip) -> Image.Image:
    """A rounded chip: the count (with its sign) then the animal."""
    text = chip_text(c)
    f = font(TEXT, True)
    tw = int(length(f, text)) + 4 if text else 0
    w = 8 + tw + CHIP_ICON + 6
    img = Image.new("RGBA", (w, CHIP_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill, edge = {
        1: (GAIN_FILL, PALETTE["green"]),
        -1: (LOSS_FILL, PALETTE["vermillion"]),
        0: (PLAIN_FILL, (196, 176, 140)),
    }[c.sign]
    d.rounded_rectangle(
        (0, 0, w - 1, CHIP_H - 1), radius=CHIP_H // 2, fill=fill, outline=edge, width=2
    )
    if text:
        d.text((8, CHIP_H // 2), text, font=f, fill=INK, anchor="lm")
    pic = icon(ANIMALS[c.kind], CHIP_ICON)
    img.alpha_composite(pic, (8 + tw, (CHIP_H - CHIP_ICON) // 2))
    return img


def draw_story(img: Surface, box: tuple[int, int, int, int], parts: list[Part]) -> None:
    """The parts flowing over at most two lines inside ``box``."""
    x0, y0, x1, _ = box
    x, y = x0, y0
    f = font(TEXT)
    for part in parts:
        if part == "\n":
            x, y = x0, y + CHIP_H + 6
            continue
        if isinstance(part, Chip):
            pic = chip(part)
            if x + pic.width > x1 and x > x0:
                x, y = x0, y + CHIP_H + 6
            img.paste(pic, (x, y), pic)
            x += pic.width + 6
        else:
            w = int(length(f, part))
            if x + w > x1 and x > x0:
                x, y = x0, y + CHIP_H + 6
            text = fit_words(part, TEXT, False, x1 - x)
            label(img, (x, y + CHIP_H // 2), text, TEXT, False, MUTED, CARD)
            x += int(length(f, text)) + 8


@kept
def _label(
    text: str, size: int, bold: bool, ink: Colour, bg: Colour, anchor: str
) -> tuple[Image.Image, int, int]:
    """``text`` drawn once on a flat ``bg``, and where its corner sits from the anchor point.

    Names and counts recur from one picture to the next, and pasting a drawn label is several
    times quicker than drawing the text again. Bounded (names come and go); two threads may
    both draw a missing label, which costs a fraction of a millisecond."""
    f = font(size, bold)
    left, top, right, bottom = bbox(f, text, anchor)
    img = Image.new("RGB", (right - left + 2, bottom - top + 2), bg)
    draw_text(img, (1 - left, 1 - top), text, f, ink, anchor)
    return img, left - 1, top - 1


def label(
    img: Surface,
    xy: tuple[float, float],
    text: str,
    size: int,
    bold: bool,
    ink: Colour,
    bg: Colour,
    anchor: str = "lm",
) -> None:
    """Paste ``text`` at ``xy`` (Pillow's ``anchor``) on a flat background of colour ``bg``."""
    pic, dx, dy = _label(text, size, bold, ink, bg, anchor)
    img.paste(pic, (round(xy[0]) + dx, round(xy[1]) + dy))


def fit_words(text: str, size: int, bold: bool, width: int) -> str:
    """Shorten worded ``text`` by whole words, with an ellipsis, until it fits ``width``
    pixels (a single word too long for the room is shortened as a name would be)."""
    f = font(size, bold)
    if length(f, text) <= width:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        shorter = " ".join(words).rstrip(",;:") + "…"
        if length(f, shorter) <= width:
            return shorter
    return fit(text, size, bold, width)


def fit(text: str, size: int, bold: bool, width: int) -> str:
    """Shorten ``text`` (a name) with an ellipsis until it fits ``width`` pixels."""
    f = font(size, bold)
    if length(f, text) <= width:
        return text
    while text and length(f, text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


@build_once
def die(side: str, face: str | None, dim: bool = False) -> Image.Image:
    """A twelve-sided die seen from above: a pentagon face ringed by five more; a fox or wolf
    face bursts red. ``dim``: the roll before the last move, faded into the card."""
    r = DIE_R
    danger = face in ("fox", "wolf")
    size = 2 * r + 40
    big = size * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = big / 2
    R = r * SS

    def ring(radius: float, n: int, turn: float) -> list[tuple[float, float]]:
        return [
            (
                c + radius * math.cos(turn + 2 * math.pi * i / n),
                c + radius * math.sin(turn + 2 * math.pi * i / n),
            )
            for i in range(n)
        ]

    if danger:
        burst = []
        for i in range(28):
            rad = (R + 14 * SS) if i % 2 == 0 else (R + 3 * SS)
            t = 2 * math.pi * i / 28
            burst.append((c + rad * math.cos(t), c + rad * math.sin(t)))
        d.polygon(burst, fill=(*PALETTE["vermillion"], 255))
    body = {"fox": (226, 150, 70), "wolf": (150, 158, 174)}[side]
    if danger:
        body = (110, 24, 20)
    top = (255, 250, 238) if not danger else (176, 44, 32)
    outer = ring(R, 10, -math.pi / 2)
    inner = ring(R * 0.7, 5, -math.pi / 2)
    d.polygon(outer, fill=(*body, 255), outline=(*OUTLINE, 255), width=3 * SS)
    for i, pt in enumerate(inner):
        d.line((pt, outer[2 * i]), fill=(*OUTLINE, 255), width=2 * SS)
    d.polygon(inner, fill=(*top, 255), outline=(*OUTLINE, 255), width=2 * SS)
    out = img.resize((size, size), Image.Resampling.LANCZOS)
    isz = int(r * 1.4) if danger else max(CHIP_ICON, int(r * 1.12))
    if face:
        pic = icon(face, isz)
        out.alpha_composite(
            pic, (size // 2 - isz // 2, size // 2 - isz // 2 + (0 if danger else 2))
        )
    else:
        ImageDraw.Draw(out).text(
            (size / 2, size / 2 + 2), "?", font=font(28, True), fill=MUTED, anchor="mm"
        )
    if dim:
        card = Image.new("RGBA", out.size, (*CARD, 255))
        faded = Image.blend(card, Image.alpha_composite(card, out), 0.45)
        faded.putalpha(out.getchannel("A"))
        out = faded
    return out
