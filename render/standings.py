"""A tournament's standings as a picture: a title, a header row and one row per player, the
leader's row marked. Every word comes from the caller (already in the tournament's language);
this module only draws."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from render import png
from render.common import HIGHLIGHT, INK, MUTED, PAPER, draw_text, font, length

WIDTH = 760
MARGIN = 20
TITLE = 26
TEXT = 20
ROW = 34
#: the share of the width each column starts at (place, name, then the figures)
NAME_AT = 0.1
NAME_ROOM = 0.36


def standings_png(
    title: str, header: Sequence[str], rows: Sequence[Sequence[str]], *, marked: int = 1
) -> bytes:
    """``header`` and each row: place, name, then figures; the first ``marked`` rows (the
    leaders) are highlighted."""
    height = MARGIN * 2 + TITLE + 16 + ROW * (len(rows) + 1)
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw_text(image, (MARGIN, MARGIN), title, font(TITLE, bold=True), INK)
    top = MARGIN + TITLE + 16
    columns = _columns(len(header))
    _row(image, top, header, columns, bold=True, fill=MUTED)
    for i, row in enumerate(rows):
        y = top + ROW * (i + 1)
        if i < marked:
            draw.rectangle((MARGIN // 2, y - 4, WIDTH - MARGIN // 2, y + ROW - 8), fill=HIGHLIGHT)
        _row(image, y, row, columns, bold=i < marked, fill=INK)
    return png.encode(image)


def _columns(count: int) -> list[int]:
    inner = WIDTH - 2 * MARGIN
    rest = max(1, count - 2)
    step = (1 - NAME_AT - NAME_ROOM) / rest
    starts = [0.0, NAME_AT] + [NAME_AT + NAME_ROOM + step * i for i in range(rest)]
    return [MARGIN + int(inner * s) for s in starts[:count]]


def _row(
    image: Image.Image,
    y: int,
    cells: Sequence[str],
    columns: Sequence[int],
    *,
    bold: bool,
    fill: tuple[int, int, int],
) -> None:
    face = font(TEXT, bold=bold)
    room = int((WIDTH - 2 * MARGIN) * NAME_ROOM) - 8
    for i, (cell, x) in enumerate(zip(cells, columns, strict=False)):
        text = _fit(face, cell, room) if i == 1 else cell
        draw_text(image, (x, y), text, face, fill)


def _fit(face: ImageFont.FreeTypeFont, text: str, room: int) -> str:
    """``text`` shortened with an ellipsis to fit ``room`` pixels."""
    if length(face, text) <= room:
        return text
    while text and length(face, text + "…") > room:
        text = text[:-1]
    return text + "…"
