"""Super Cowboy board: the range with its tiles, fences, fields, tokens and the last event.

The tiles (grass, streams, trees, homesteads, skulls, printed steers) and the coordinates are
one cached layer per deal; icons are drawn once per size, over-sampled, and pasted. Each
player has a colour and a letter; fields carry the owner's letter, so hue is never the only
cue. The last event's movements are arrows (dashed when the token was stopped).
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from games.cowboy.board import Board, face
from games.cowboy.data import CARDS
from games.cowboy.fields import herds, owner_map, steer_at
from games.cowboy.notation import prompt
from games.cowboy.state import WIN, CowboyState
from games.cowboy.turn import bandit_zone
from render.common import HIGHLIGHT, INK, MUTED, PALETTE, PAPER, font, text_width, to_png

Colour = tuple[int, int, int]
SS = 3  # over-sampling of icons
BOARD_PX = 900
MARGIN = 34
PANEL = 330
PLAYER_COLOURS: tuple[Colour, ...] = (
    PALETTE["vermillion"],
    PALETTE["blue"],
    PALETTE["green"],
    PALETTE["yellow"],
)
GRASS: tuple[Colour, Colour] = ((170, 196, 120), (182, 200, 126))
WATER: Colour = (70, 140, 205)
WOOD: Colour = (92, 60, 34)
HIDE: Colour = (150, 92, 50)
BONE: Colour = (246, 240, 222)
DARK: Colour = (38, 32, 28)
RED: Colour = (196, 40, 40)


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


@lru_cache(maxsize=64)
def _icon(kind: str, size: int, colour: Colour = (0, 0, 0), letter: str = "") -> Image.Image:
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
        w = max(1, int(1.5 * k))
        d.polygon(
            _pts(k, [(10, 26), (32, 36), (38, 44), (26, 44), (8, 34)]),
            fill=BONE,
            outline=MUTED,
            width=w,
        )
        d.polygon(
            _pts(k, [(90, 26), (68, 36), (62, 44), (74, 44), (92, 34)]),
            fill=BONE,
            outline=MUTED,
            width=w,
        )
        d.polygon(
            _pts(k, [(32, 32), (68, 32), (62, 78), (50, 90), (38, 78)]),
            fill=BONE,
            outline=MUTED,
            width=w,
        )
        d.ellipse(_box(k, 38, 44, 47, 54), fill=MUTED)
        d.ellipse(_box(k, 53, 44, 62, 54), fill=MUTED)
    elif kind == "printed":
        d.ellipse(_box(k, 3, 3, 97, 97), outline=(120, 70, 40), width=max(1, int(3 * k)))
        _head(d, k, (170, 110, 60))
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
    if letter:
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
    return _finish(img, size)


# The static range ------------------------------------------------------------------------------


class _Geo:
    """Pixel positions of squares and intersections."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.size = board.size
        self.cell = BOARD_PX // board.size
        self.ox = MARGIN
        self.oy = MARGIN
        self.span = self.cell * self.size

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


@lru_cache(maxsize=8)
def _range(tiles: tuple[tuple[str, int], ...]) -> Image.Image:
    from games.cowboy.board import board_for

    board = board_for(tiles)
    g = _Geo(board)
    c = g.cell
    width = MARGIN * 2 + g.span + PANEL
    height = MARGIN * 2 + g.span
    img = Image.new("RGB", (width, height), PAPER)
    d = ImageDraw.Draw(img)
    for s in board.squares:
        x, y = board.xy(s)
        tile = (x // 4 + y // 4) % 2
        px, py = g.square(s)
        fill = (222, 204, 160) if s in board.homesteads else GRASS[tile]
        d.rectangle((px, py, px + c, py + c), fill=fill)
    for k in range(g.size + 1):
        d.line((g.ox + k * c, g.oy, g.ox + k * c, g.oy + g.span), fill=(160, 162, 100), width=1)
        d.line((g.ox, g.oy + k * c, g.ox + g.span, g.oy + k * c), fill=(160, 162, 100), width=1)
    for k in range(0, g.size + 1, 4):
        d.line((g.ox + k * c, g.oy, g.ox + k * c, g.oy + g.span), fill=(120, 120, 70), width=2)
        d.line((g.ox, g.oy + k * c, g.ox + g.span, g.oy + k * c), fill=(120, 120, 70), width=2)
    for e in board.homestead_edges:
        d.line(g.edge(e), fill=WOOD, width=max(3, c // 12))
    for run in board.runs:
        pts = [(g.ox + i * c, g.oy + (g.size - j) * c) for i, j in run]
        d.line(pts, fill=(40, 100, 170), width=max(5, c // 6) + 2, joint="curve")
        d.line(pts, fill=WATER, width=max(5, c // 6), joint="curve")
    for s in board.squares:
        kind = {"T": "tree", "H": "house", "S": "skull", "P": "printed"}.get(board.features[s])
        if kind:
            icon = int(c * (0.5 if kind == "skull" else 0.8))
            pad = (c - icon) // 2
            px, py = g.square(s)
            picture = _icon(kind, icon)
            img.paste(picture, (px + pad, py + pad), picture)
    f = font(20, bold=True)
    for k in range(g.size):
        x = g.ox + k * c + c // 2
        for y in (g.oy - MARGIN // 2, g.oy + g.span + MARGIN // 2):
            d.text((x, y), "abcdefghijklmnop"[k], font=f, fill=INK, anchor="mm")
        yy = g.oy + (g.size - 1 - k) * c + c // 2
        for xx in (g.ox - MARGIN // 2, g.ox + g.span + MARGIN // 2):
            d.text((xx, yy), str(k + 1), font=f, fill=INK, anchor="mm")
    d.rectangle((g.ox, g.oy, g.ox + g.span, g.oy + g.span), outline=DARK, width=2)
    return img


# Per move ---------------------------------------------------------------------------------------


def _arrow(
    d: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    colour: Colour,
    width: int,
    dashed: bool = False,
) -> None:
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    head = width * 3.2
    tip = (bx, by)
    base = (bx - ux * head, by - uy * head)
    if dashed:
        n = max(2, int(length / (width * 3)))
        for k in range(0, n, 2):
            p0 = (ax + (bx - ax) * k / n, ay + (by - ay) * k / n)
            p1 = (ax + (bx - ax) * min(k + 1, n) / n, ay + (by - ay) * min(k + 1, n) / n)
            d.line((p0, p1), fill=colour, width=width)
    else:
        d.line((a, base), fill=DARK, width=width + 4)
        d.line((a, base), fill=colour, width=width)
    px, py = -uy, ux
    d.polygon(
        [
            tip,
            (base[0] + px * head * 0.6, base[1] + py * head * 0.6),
            (base[0] - px * head * 0.6, base[1] - py * head * 0.6),
        ],
        fill=colour,
        outline=DARK,
    )


def _trail(d: ImageDraw.ImageDraw, g: _Geo, state: CowboyState) -> None:
    c = g.cell
    for t in state.trail:
        f = face(t.dir)
        on_square = t.token not in ("bandit", "pilgrim")
        if on_square:
            sx, sy = g.centre(t.src)
        else:
            sx, sy = g.point(t.src)
        reach = 1.0 if t.moved else 0.45
        ex, ey = sx + f.dx * c * reach, sy - f.dy * c * reach
        colour = HIGHLIGHT if t.token.startswith("thrown") else (255, 255, 255)
        start = (sx + f.dx * c * 0.18, sy - f.dy * c * 0.18)
        _arrow(d, start, (ex, ey), colour, max(3, c // 14), dashed=not t.moved)


def _fields_overlay(
    img: Image.Image, g: _Geo, state: CowboyState, letters: tuple[str, ...]
) -> None:
    if not state.fields:
        return
    c = g.cell
    corners = [g.square(s) for f in state.fields for s in f.squares]
    x0, y0 = min(x for x, _ in corners), min(y for _, y in corners)
    x1, y1 = max(x for x, _ in corners) + c, max(y for _, y in corners) + c
    over = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
    d = ImageDraw.Draw(over)
    for fl in state.fields:
        r, gg, b = PLAYER_COLOURS[fl.owner]
        for s in fl.squares:
            px, py = g.square(s)
            d.rectangle(
                (px - x0 + 1, py - y0 + 1, px - x0 + c - 1, py - y0 + c - 1), fill=(r, gg, b, 120)
            )
    base = img.crop((x0, y0, x1, y1)).convert("RGBA")
    img.paste(Image.alpha_composite(base, over).convert("RGB"), (x0, y0))


def _badges(img: Image.Image, g: _Geo, state: CowboyState, letters: tuple[str, ...]) -> None:
    """The owner's letter in the top-left corner of each field, above any token."""
    badge = max(18, int(g.cell * 0.38))
    for fl in state.fields:
        px, py = g.square(fl.squares[-1])
        picture = _icon("badge", badge, PLAYER_COLOURS[fl.owner], letters[fl.owner])
        img.paste(picture, (px + 1, py + 1), picture)


def _fit(text: str, size: int, width: int) -> str:
    """``text`` cut short with an ellipsis so it fits ``width`` pixels."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip(" ·,") + "…"


def _panel(
    d: ImageDraw.ImageDraw, g: _Geo, state: CowboyState, letters: tuple[str, ...], seat: int | None
) -> None:
    x0 = g.ox + g.span + MARGIN + 14
    width = PANEL - 28
    y = g.oy
    limit = state.options.max_rounds
    d.text((x0, y), "Super Cowboy", font=font(28, bold=True), fill=INK)
    y += 38
    rounds = f"Round {state.round}" + (f" of {limit}" if limit else "")
    d.text((x0, y), rounds, font=font(20), fill=MUTED)
    y += 34
    counts = herds(state)
    acting = set() if state.finished else {state.pending.seat if state.pending else state.turn}
    for s, name in enumerate(state.names):
        box = (x0 - 6, y - 4, x0 + width, y + 88)
        if s in acting:
            d.rounded_rectangle(box, radius=10, fill=(255, 240, 180), outline=HIGHLIGHT, width=3)
        elif s in state.winners:
            d.rounded_rectangle(
                box, radius=10, fill=(220, 240, 210), outline=(60, 140, 60), width=3
            )
        chip = _icon("cowboy", 44, PLAYER_COLOURS[s], letters[s])
        d._image.paste(chip, (x0, y + 2), chip)  # type: ignore[attr-defined]
        label = name[:14] + (" (you)" if seat == s else "")
        d.text((x0 + 54, y), label, font=font(22, bold=True), fill=INK)
        d.text(
            (x0 + 54, y + 28),
            f"{counts[s]}/{WIN} steers · {state.fences_left[s]} fences",
            font=font(18),
            fill=INK,
        )
        items = ", ".join(CARDS[c].short for c in state.hands[s]) or "no items"
        if state.lost[s]:  # first, so a long list of items never hides it
            items = f"loses {state.lost[s]} turn{'s' if state.lost[s] > 1 else ''} · {items}"
        d.text((x0 + 54, y + 52), _fit(items, 16, width - 54), font=font(16), fill=MUTED)
        y += 100
    y += 6
    if state.finished:
        who = " & ".join(state.names[w] for w in state.winners)
        d.text((x0, y), f"{who} wins!"[:26], font=font(24, bold=True), fill=(40, 120, 40))
        y += 36
    elif state.pending is not None:
        y = _wrap(d, x0, y, width, prompt(state).replace("`", ""), font(17), INK) + 8
    if state.last_card:
        card = CARDS[state.last_card]
        drawer = state.names[state.last_drawer] if state.last_drawer is not None else ""
        d.text((x0, y), f"Last event ({drawer}):"[:30], font=font(17), fill=MUTED)
        y += 24
        y = _wrap(d, x0, y, width, card.name, font(21, bold=True), INK)
        y = _wrap(d, x0, y + 2, width, card.text, font(16), INK)
        y += 6
    d.text(
        (x0, g.oy + g.span - 22),
        f"Deck {len(state.deck)} · discards {len(state.discard)}",
        font=font(16),
        fill=MUTED,
    )


def _wrap(
    d: ImageDraw.ImageDraw, x: int, y: int, width: int, text: str, f: object, fill: Colour
) -> int:
    words = text.split()
    line = ""
    height = int(f.size * 1.25)  # type: ignore[attr-defined]
    for word in words:
        trial = f"{line} {word}".strip()
        if d.textlength(trial, font=f) > width and line:  # type: ignore[arg-type]
            d.text((x, y), line, font=f, fill=fill)  # type: ignore[arg-type]
            y += height
            line = word
        else:
            line = trial
    if line:
        d.text((x, y), line, font=f, fill=fill)  # type: ignore[arg-type]
        y += height
    return y


def compose(state: CowboyState, seat: int | None = None) -> Image.Image:
    board = state.board
    g = _Geo(board)
    c = g.cell
    img = _range(state.tiles).copy()
    letters = player_letters(state.names)
    _fields_overlay(img, g, state, letters)
    d = ImageDraw.Draw(img)
    # the Bandit's zone: where no cowboy may stop
    zone = bandit_zone(state)
    for p in zone:
        x, y = g.point(p)
        r = c * 0.22
        d.ellipse((x - r, y - r, x + r, y + r), outline=RED, width=3)
        d.line((x - r * 0.7, y - r * 0.7, x + r * 0.7, y + r * 0.7), fill=RED, width=3)
    # fences with posts, in the owner's colour
    fw = max(5, c // 9)
    for e, owner in state.fences:
        a, b = g.edge(e)
        d.line((a, b), fill=DARK, width=fw + 4)
        d.line((a, b), fill=PLAYER_COLOURS[owner], width=fw)
        for px, py in (a, b):
            d.rectangle(
                (px - fw // 2 - 1, py - fw // 2 - 1, px + fw // 2 + 1, py + fw // 2 + 1), fill=WOOD
            )
    owned = owner_map(state.fields)
    token = int(c * 0.78)
    pad = (c - token) // 2
    for s in state.stolen:
        px, py = g.square(s)
        d.line((px + pad, py + pad, px + c - pad, py + c - pad), fill=RED, width=max(4, c // 10))
        d.line((px + c - pad, py + pad, px + pad, py + c - pad), fill=RED, width=max(4, c // 10))
    for s in board.printed:
        if s in owned and steer_at(state, s):
            px, py = g.square(s)
            d.ellipse(
                (px + 3, py + 3, px + c - 3, py + c - 3),
                outline=PLAYER_COLOURS[owned[s]],
                width=max(3, c // 12),
            )
    for s in state.steers:
        owner = owned.get(s)
        ring = PLAYER_COLOURS[owner] if owner is not None else (120, 90, 60)
        picture = _icon("steer", token, ring)
        px, py = g.square(s)
        img.paste(picture, (px + pad, py + pad), picture)
    for kind, squares in (("indian", state.indians), ("twister", state.twisters)):
        for s in squares:
            picture = _icon(kind, token)
            px, py = g.square(s)
            img.paste(picture, (px + pad, py + pad), picture)
    _badges(img, g, state, letters)
    small = int(c * 0.72)
    half = small // 2
    for p, heading in state.pilgrims:
        x, y = g.point(p)
        picture = _icon("pilgrim", small, letter="P")
        img.paste(picture, (x - half, y - half), picture)
        f = face(heading)
        _arrow(
            d,
            (x + f.dx * half, y - f.dy * half),
            (x + f.dx * c * 0.6, y - f.dy * c * 0.6),
            (250, 250, 246),
            3,
        )
    if state.bandit is not None:
        x, y = g.point(state.bandit)
        picture = _icon("bandit", small)
        img.paste(picture, (x - half, y - half), picture)
    big = int(c * 0.86)
    for s, p in enumerate(state.cowboys):
        x, y = g.point(p)
        if s == state.turn and not state.finished:
            r = big * 0.62
            d.ellipse((x - r, y - r, x + r, y + r), fill=HIGHLIGHT, outline=DARK, width=2)
        picture = _icon("cowboy", big, PLAYER_COLOURS[s], letters[s])
        img.paste(picture, (x - big // 2, y - big // 2), picture)
    if state.moved is not None and state.phase == "moved":
        a, b = g.edge(state.moved)
        d.line((a, b), fill=HIGHLIGHT, width=3)
    _trail(d, g, state)
    _panel(d, g, state, letters, seat)
    return img


def draw(
    state: CowboyState, *, seat: int | None = None, last: object = None, previous: object = None
) -> bytes:
    """The range as PNG bytes for ``seat`` (None: a spectator). ``last`` is accepted for the
    common signature; the state's trail already shows what the last event moved."""
    img = compose(state, seat)
    return to_png(img, colors=192)


def tile_picture(tile_id: str, px: int = 240) -> Image.Image:
    """One tile, upright, as the board draws it (for the rules page)."""
    from games.cowboy.board import board_for
    from games.cowboy.data import TILES

    others = [t for t in sorted(TILES) if t != tile_id][:8]
    tiles = ((tile_id, 0), *((t, 0) for t in others))
    g = _Geo(board_for(tiles))
    c = g.cell
    top = g.oy + (g.size - 4) * c
    crop = _range(tiles).crop((g.ox, top, g.ox + 4 * c + 1, top + 4 * c + 1))
    return crop.resize((px, px), Image.Resampling.LANCZOS)


def tile_sheet(columns: int = 6, px: int = 240) -> Image.Image:
    """All tiles with their ids and names."""
    from games.cowboy.data import TILES

    label = 30
    gap = 14
    ids = sorted(TILES)
    rows = -(-len(ids) // columns)
    sheet = Image.new("RGB", (gap + columns * (px + gap), gap + rows * (px + label + gap)), PAPER)
    d = ImageDraw.Draw(sheet)
    for k, tid in enumerate(ids):
        x = gap + (k % columns) * (px + gap)
        y = gap + (k // columns) * (px + label + gap)
        d.text((x, y), f"{tid} {TILES[tid].name}", font=font(18, bold=True), fill=INK)
        sheet.paste(tile_picture(tid, px), (x, y + label))
        d.rectangle((x, y + label, x + px, y + label + px), outline=DARK, width=2)
    return sheet
