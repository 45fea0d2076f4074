"""Horseplay Rustling picture geometry and colours: a 720 px wide portrait picture, shown about
300 px wide on a phone, so no text is drawn under 27 px (11 px on the phone) and no mark that
carries meaning under 34 px (14 px).

From the top: a header (title, whose move), the last-move strip, the board, a legend of the
marks on it (only those shown) and one panel per colour (two a row).
"""

from __future__ import annotations

from render.common import HIGHLIGHT, INK, MUTED, PALETTE, PAPER

Colour = tuple[int, int, int]

WIDTH = 720
#: the smallest font: 27 px shows at 11 px on a picture shown 300 px wide
SMALL = 27
#: the smallest mark that carries meaning (a warning sign, a badge): 14 px at 300 px
BADGE = 34
HEADER = 92
#: the last-move strip: room for two lines
STRIP = 76
MARGIN = 34  # room for the coordinates round the board
LEGEND_ROW = 44
PANEL_H = 110
PANEL_GAP = 8
SS = 4  # over-sampling for sprites and icons

PIECE: tuple[Colour, ...] = (
    PALETTE["green"],
    PALETTE["vermillion"],
    PALETTE["blue"],
    PALETTE["black"],
)
BLUE_SQ: Colour = (168, 206, 232)
GREEN_SQ: Colour = (118, 160, 92)
GREEN_SQ_DARK: Colour = (104, 145, 80)
WOOD: Colour = (112, 76, 46)
WOOD_LIGHT: Colour = (146, 104, 66)
STRAW: Colour = (232, 204, 138)
STRAW_DARK: Colour = (220, 188, 120)
MISS_HATCH: Colour = (120, 170, 210)
BARN: Colour = (150, 52, 38)
WHITE: Colour = (255, 255, 255)
GOLD: Colour = (240, 190, 40)
TITLE: Colour = (92, 56, 30)
PANEL: Colour = (242, 233, 214)
PANEL_EDGE: Colour = (214, 200, 172)
#: danger marks: an enemy can take it next turn (always with the warning-sign shape)
ALERT: Colour = (200, 20, 60)

#: every flat colour the picture uses; the fixed palette keeps them exact
KEY_COLOURS: tuple[Colour, ...] = (
    *PIECE,
    INK,
    PAPER,
    MUTED,
    HIGHLIGHT,
    BLUE_SQ,
    GREEN_SQ,
    GREEN_SQ_DARK,
    WOOD,
    WOOD_LIGHT,
    STRAW,
    STRAW_DARK,
    MISS_HATCH,
    BARN,
    WHITE,
    GOLD,
    TITLE,
    PANEL,
    PANEL_EDGE,
    ALERT,
)


def cell(size: int) -> int:
    return 72 if size == 9 else 58


def diameter(size: int) -> int:
    return int(cell(size) * 0.84)


def origin(size: int) -> tuple[int, int]:
    """Top left pixel of square a<size> (the board's top left)."""
    return (WIDTH - cell(size) * size) // 2, HEADER + STRIP + MARGIN


def board_bottom(size: int) -> int:
    return HEADER + STRIP + 2 * MARGIN + cell(size) * size


def box(sq: int, size: int) -> tuple[int, int, int, int]:
    """Pixel box of a square, a1 at the bottom left."""
    c = cell(size)
    x0, y0 = origin(size)
    f, r = sq % size, sq // size
    left, top = x0 + f * c, y0 + (size - 1 - r) * c
    return left, top, left + c, top + c


def centre(sq: int, size: int) -> tuple[float, float]:
    left, top, right, bottom = box(sq, size)
    return (left + right) / 2, (top + bottom) / 2
