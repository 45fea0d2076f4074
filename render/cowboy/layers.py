"""The layout of a Super Cowboy picture and the layers drawn once and cached.

Phone-first, 800 px wide: a header (whose turn, the last move), the board with its coordinates
on the left and below, the players' cards, then the legend. The range of a deal (tiles,
coordinates and legend on paper) is built once per deal under a lock (threads that draw at the
same moment do not each build it) and kept while the deal is among the most recently drawn.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.cowboy.board import Board, board_for
from games.cowboy.data import TILES
from games.cowboy.talk_picture import legend
from render.cache import kept
from render.common import INK, MUTED, PAPER, font
from render.cowboy.icons import (
    DARK,
    GRASS,
    GRID,
    HOMESTEAD,
    PLAYER_COLOURS,
    TILE_LINE,
    WASH,
    WATER,
    WATER_EDGE,
    WOOD,
    grass,
    icon,
    mark,
    tint,
)
from render.cowboy.paint import drawable, fit, palette, stamp, to_p
from render.shelf import Kept
from words import current

WIDTH = 800
PAD = 12
LEFT = 42  # room for the row numbers
HEAD = 156  # status line, the last move (two lines), room for cowboys on the north edge
BELOW = 40  # room for the column letters
CARD_H = 128
CARD_GAP = 10
LEGEND_ROW = 42
LEGEND_COLS = 3
LEGEND_ICON = 34
TEXT = 30  # the smallest text: 11 px on a phone that shows the picture 300 px wide
BIG = 33


@dataclass(frozen=True)
class Geo:
    """Pixel positions of squares, intersections and the panels for one board size."""

    board: Board
    players: int

    @cached_property
    def size(self) -> int:
        return self.board.size

    @cached_property
    def cell(self) -> int:
        """Square size: the board, and room east of it for a cowboy on the board's edge."""
        return int((WIDTH - LEFT) / (self.size + 0.6))

    @property
    def ox(self) -> int:
        return LEFT

    @property
    def oy(self) -> int:
        return HEAD

    @cached_property
    def span(self) -> int:
        return self.cell * self.size

    @cached_property
    def cards_y(self) -> int:
        return self.oy + self.span + BELOW + 6

    @cached_property
    def legend_y(self) -> int:
        rows = -(-self.players // 2)
        return self.cards_y + rows * (CARD_H + CARD_GAP) + 2

    @property
    def height(self) -> int:
        """Down to the legend, which each picture adds for what it shows (``legend_strip``)."""
        return self.legend_y

    def card_box(self, seat: int) -> tuple[int, int, int, int]:
        width = (WIDTH - 2 * PAD - CARD_GAP) // 2
        x = PAD + (seat % 2) * (width + CARD_GAP)
        y = self.cards_y + (seat // 2) * (CARD_H + CARD_GAP)
        return x, y, x + width, y + CARD_H

    def square(self, s: int) -> tuple[int, int]:
        x, y = self.board.xy(s)
        return self.ox + x * self.cell, self.oy + (self.size - 1 - y) * self.cell

    def centre(self, s: int) -> tuple[float, float]:
        x, y = self.square(s)
        return x + self.cell / 2, y + self.cell / 2

    def point(self, p: int) -> tuple[int, int]:
        i, j = self.board.ij(p)
        return self.ox + i * self.cell, self.oy + (self.size - j) * self.cell

    def edge(self, e: int) -> tuple[tuple[int, int], tuple[int, int]]:
        a, b = self.board.edge_points(e)
        return self.point(a), self.point(b)


# Caches built once, under one lock -------------------------------------------------------------

_LOCK = threading.RLock()
_CACHE: dict[Any, Any] = {}
#: deals' ranges: the 48 most recently drawn as they are (about 1 MB each), so a move draws only
#: what changed on them (a worker keeps the range of every match it draws for: a match's
#: pictures go to the same worker); the 512 before them deflated (about 42 KB each), for a bot
#: with more live matches than that: taking one back costs 0.6 ms where drawing it costs 2-3 ms
_RANGES = Kept(drawn=48, shelved=512, name="render.cowboy.ranges")


def cached(key: Any, build: Callable[[], Any]) -> Any:
    """``build()`` once per ``key``, even when several threads ask at the same time (kept for
    good: the few layers of each board size)."""
    found = _CACHE.get(key)
    if found is not None:
        return found
    with _LOCK:
        found = _CACHE.get(key)
        if found is None:
            found = _CACHE[key] = build()
        return found


@kept
def geo(tiles: tuple[tuple[str, int], ...], players: int) -> Geo:
    """The layout of a deal at a table size (kept within the caches' budget for the matches
    drawn lately: its figures are worked out once)."""
    return Geo(board_for(tiles), players)


def range_layer(tiles: tuple[tuple[str, int], ...], players: int) -> Image.Image:
    """Paper, the tiles and the coordinates, in the palette: everything that never changes
    during a game, in every language alike (drawn straight in the palette: no colours to
    reduce)."""
    return _RANGES.get((tiles, players), lambda: _draw_range(geo(tiles, players)))


@lru_cache(maxsize=8)
def wash_lut(owner: int) -> tuple[int, ...]:
    """For each palette entry, the entry nearest to it washed with ``owner``'s colour."""
    flat = palette().getpalette() or []
    colours = [tuple(flat[k : k + 3]) for k in range(0, 768, 3)]
    strip = Image.new("RGB", (256, 1))
    strip.putdata([tint(c, PLAYER_COLOURS[owner], WASH) for c in colours])  # type: ignore[arg-type]
    reduced = to_p(strip)
    return tuple(reduced.getpixel((k, 0)) for k in range(256))  # type: ignore[misc]


def frame(size: int, players: int) -> Image.Image:
    """Paper and the coordinates around a board of ``size`` squares, in the palette."""
    key = ("frame", size, players)
    return cached(key, lambda: to_p(_draw_frame(size, players)))


def _draw_frame(size: int, players: int) -> Image.Image:
    tiles = tuple((t, 0) for t in sorted(TILES)[: (size // 4) ** 2])
    g = geo(tiles, players)
    c = g.cell
    img = Image.new("RGB", (WIDTH, g.height), PAPER)
    d = ImageDraw.Draw(img)
    f = font(TEXT, bold=True)
    for k in range(g.size):
        x = g.ox + k * c + c // 2
        below = (x, g.oy + g.span + BELOW // 2 + 6)
        d.text(below, "abcdefghijklmnop"[k], font=f, fill=INK, anchor="mm")
        y = g.oy + (g.size - 1 - k) * c + c // 2
        d.text((LEFT // 2, y), str(k + 1), font=f, fill=INK, anchor="mm")
    return img


#: the icon of each feature letter of ``Board.features``
_FEATURES = {"T": "tree", "H": "house", "S": "skull", "P": "printed"}


def _draw_range(g: Geo) -> Image.Image:
    board = g.board
    c = g.cell
    img = drawable(frame(g.size, g.players).copy())
    d = ImageDraw.Draw(img)
    # grass a tile (4 x 4 squares) at a time, then the homesteads' squares: where squares
    # meet, the grid lines drawn next cover the pixels they share
    for ty in range(0, g.size, 4):
        for tx in range(0, g.size, 4):
            px, py = g.square(board.sq(tx, ty + 3))
            d.rectangle((px, py, px + 4 * c, py + 4 * c), fill=grass(tx, ty))
    for s in sorted(board.homesteads):
        px, py = g.square(s)
        d.rectangle((px, py, px + c, py + c), fill=HOMESTEAD)
    end = g.span
    for k in range(g.size + 1):
        colour, width = (TILE_LINE, 2) if k % 4 == 0 else (GRID, 1)
        d.line((g.ox + k * c, g.oy, g.ox + k * c, g.oy + end), fill=colour, width=width)
        d.line((g.ox, g.oy + k * c, g.ox + end, g.oy + k * c), fill=colour, width=width)
    for e in board.homestead_edges:
        d.line(g.edge(e), fill=WOOD, width=max(3, c // 12))
    for run in board.runs:
        pts = [(g.ox + i * c, g.oy + (g.size - j) * c) for i, j in run]
        d.line(pts, fill=WATER_EDGE, width=max(7, c // 5) + 4, joint="curve")
        d.line(pts, fill=WATER, width=max(7, c // 5), joint="curve")
    for s, feature in enumerate(board.features):
        kind = _FEATURES.get(feature)
        if kind:
            size = int(c * 0.86)
            pad = (c - size) // 2
            px, py = g.square(s)
            x, y = board.xy(s)
            under = HOMESTEAD if kind == "house" else grass(x, y)
            stamp(img, kind, size, (px + pad, py + pad), under)
    d.rectangle((g.ox, g.oy, g.ox + g.span, g.oy + g.span), outline=DARK, width=2)
    return img


def legend_strip(kinds: tuple[str, ...]) -> Image.Image:
    """The legend of just ``kinds`` (in ``LEGEND`` order), in the active locale and the
    palette: a strip as wide as the picture, to go under the players' cards."""
    key = ("legend", kinds, current())
    return cached(key, lambda: to_p(_draw_legend(kinds)))


def legend_picture(kind: str) -> Image.Image:
    """The legend's icon (or mark) of ``kind`` (not ``stream``, a line drawn in place)."""
    size = LEGEND_ICON
    if kind in ("moved", "ghost", "zone"):
        return mark(kind, size)
    if kind == "pilgrim":
        return icon(kind, size, letter="P")
    if kind == "steer":
        return icon(kind, size, (120, 90, 60))
    return icon(kind, size)


def _draw_legend(kinds: tuple[str, ...]) -> Image.Image:
    shown = [(kind, label) for kind, label in legend() if kind in kinds]
    rows = -(-len(shown) // LEGEND_COLS)
    img = Image.new("RGB", (WIDTH, rows * LEGEND_ROW + PAD + 6), PAPER)
    d = ImageDraw.Draw(img)
    column = (WIDTH - 2 * PAD) // LEGEND_COLS
    size = LEGEND_ICON
    d.line((PAD, 2, WIDTH - PAD, 2), fill=MUTED, width=1)
    for k, (kind, label) in enumerate(shown):
        x = PAD + (k % LEGEND_COLS) * column
        y = (k // LEGEND_COLS) * LEGEND_ROW + 8
        if kind == "stream":
            d.line((x, y + size // 2, x + size, y + size // 2), fill=WATER_EDGE, width=12)
            d.line((x, y + size // 2, x + size, y + size // 2), fill=WATER, width=8)
        else:
            if kind in ("moved", "ghost", "zone"):
                d.rectangle((x, y, x + size, y + size), fill=GRASS[0])
            picture = legend_picture(kind)
            img.paste(picture, (x, y), picture)
        room = column - size - 14
        d.text(
            (x + size + 8, y + size // 2),
            fit(label, TEXT, room),
            font=font(TEXT),
            fill=INK,
            anchor="lm",
        )
    return img
