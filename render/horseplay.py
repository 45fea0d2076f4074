"""Horseplay Rustling board: blue and green squares, Stables, Miss a Turn squares, the pieces,
the last move as an arrow, whose turn and the scores.

The board (squares, Stables, coordinates) and the piece sprites are drawn once per size and
cached; a move only pastes sprites and draws the arrow and the text. Each colour carries a
letter (G, R, B, K) and crowns carry a crown, so hue is never the only cue.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.horseplay import COLOURS, LETTERS, QUIET_ROUNDS, HorseplayState, Move, geometry
from games.horseplay.board import FILES, colour_of, is_crown
from render.common import HIGHLIGHT, INK, MUTED, PALETTE, PAPER, font, text_width, to_png

Colour = tuple[int, int, int]
SS = 4  # over-sampling for sprites
WIDTH = 1000
HEADER = 128
FOOTER = 132
MARGIN = 44  # room for the coordinates round the board

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
MISS_HATCH: Colour = (120, 170, 210)
BARN: Colour = (150, 52, 38)
WHITE: Colour = (255, 255, 255)
GOLD: Colour = (240, 190, 40)
TITLE: Colour = (92, 56, 30)


def _cell(size: int) -> int:
    return 96 if size == 9 else 80


def _origin(size: int) -> tuple[int, int]:
    side = _cell(size) * size
    return (WIDTH - side) // 2, HEADER + MARGIN


def _height(size: int) -> int:
    return HEADER + 2 * MARGIN + _cell(size) * size + FOOTER


def _box(sq: int, size: int) -> tuple[int, int, int, int]:
    """Pixel box of a square, a1 at the bottom left."""
    cell = _cell(size)
    x0, y0 = _origin(size)
    f, r = sq % size, sq // size
    left, top = x0 + f * cell, y0 + (size - 1 - r) * cell
    return left, top, left + cell, top + cell


def _centre(sq: int, size: int) -> tuple[float, float]:
    left, top, right, bottom = _box(sq, size)
    return (left + right) / 2, (top + bottom) / 2


# Static layers ------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _board(size: int, colours: tuple[int, ...], miss: bool) -> Image.Image:
    geo = geometry(size)
    cell = _cell(size)
    img = Image.new("RGB", (WIDTH, _height(size)), PAPER)
    d = ImageDraw.Draw(img)
    x0, y0 = _origin(size)
    side = cell * size
    d.rounded_rectangle(
        (x0 - MARGIN + 6, y0 - MARGIN + 6, x0 + side + MARGIN - 6, y0 + side + MARGIN - 6),
        radius=18,
        fill=WOOD,
    )
    d.rounded_rectangle(
        (x0 - MARGIN + 14, y0 - MARGIN + 14, x0 + side + MARGIN - 14, y0 + side + MARGIN - 14),
        radius=12,
        outline=WOOD_LIGHT,
        width=2,
    )
    for sq in range(size * size):
        box = _box(sq, size)
        if not geo.playable[sq]:
            d.rectangle(box, fill=GREEN_SQ)
            _grass(d, box)
        else:
            d.rectangle(box, fill=BLUE_SQ)
    owners = {geo.stables[c]: c for c in colours}
    for sq in (*geo.stables, geo.centre):
        _stable(d, _box(sq, size), owners.get(sq))
    if miss:
        for sq in geo.miss:
            _miss(d, _box(sq, size))
    d.rectangle((x0 - 1, y0 - 1, x0 + side, y0 + side), outline=INK, width=2)
    small = font(22, True)
    for i in range(size):
        fx = x0 + i * cell + cell / 2
        for y in (y0 - MARGIN / 2, y0 + side + MARGIN / 2):
            d.text((fx, y), FILES[i], font=small, fill=PAPER, anchor="mm")
        ry = y0 + (size - 1 - i) * cell + cell / 2
        for x in (x0 - MARGIN / 2, x0 + side + MARGIN / 2):
            d.text((x, ry), str(i + 1), font=small, fill=PAPER, anchor="mm")
    return img


def _grass(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """A few tufts, so green squares read as paddock rather than a flat hue."""
    left, top, right, _ = box
    w = right - left
    for fx, fy in ((0.25, 0.3), (0.7, 0.55), (0.4, 0.8)):
        x, y = left + fx * w, top + fy * w
        for dx in (-5, 0, 5):
            d.line((x, y, x + dx, y - 9), fill=GREEN_SQ_DARK, width=2)


def _stable(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], owner: int | None) -> None:
    """Straw floor, a barn outline and the owner's letter (the centre Stable is nobody's)."""
    left, top, right, bottom = box
    w = right - left
    d.rectangle(box, fill=STRAW)
    for i in range(-w, w, 12):
        d.line(
            (left + max(i, 0), top + max(-i, 0), left + min(w, w + i), top + min(w, w - i)),
            fill=(220, 188, 120),
            width=2,
        )
    roof = [
        (left + 0.08 * w, top + 0.42 * w),
        (left + 0.5 * w, top + 0.08 * w),
        (right - 0.08 * w, top + 0.42 * w),
    ]
    d.line(roof, fill=BARN, width=5, joint="curve")
    d.line(
        (
            left + 0.16 * w,
            top + 0.36 * w,
            left + 0.16 * w,
            bottom - 0.08 * w,
            right - 0.16 * w,
            bottom - 0.08 * w,
            right - 0.16 * w,
            top + 0.36 * w,
        ),
        fill=BARN,
        width=4,
    )
    if owner is not None:
        d.rectangle(box, outline=PIECE[owner], width=6)
        tag = (left + 4, top + 4, left + 30, top + 30)
        d.rectangle(tag, fill=PIECE[owner])
        d.text((left + 17, top + 17), LETTERS[owner], font=font(18, True), fill=WHITE, anchor="mm")
    else:
        d.text((right - 14, top + 15), "★", font=font(20, True), fill=BARN, anchor="mm")


def _miss(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """Miss a Turn: hatched, with a pause-sign tag and the word on a strip at the foot."""
    left, top, right, bottom = box
    w = right - left
    for i in range(-w, w, 14):
        d.line(
            (left + max(i, 0), top + max(-i, 0), left + min(w, w + i), top + min(w, w - i)),
            fill=MISS_HATCH,
            width=5,
        )
    d.rectangle(box, outline=INK, width=3)
    d.rectangle((left + 4, top + 4, left + 28, top + 28), fill=INK)
    d.rectangle((left + 9, top + 9, left + 14, top + 23), fill=WHITE)
    d.rectangle((left + 18, top + 9, left + 23, top + 23), fill=WHITE)
    d.rectangle((left + 3, bottom - 18, right - 3, bottom - 3), fill=INK)
    d.text((left + w / 2, bottom - 10), "MISS A TURN", font=font(11, True), fill=WHITE, anchor="mm")


@lru_cache(maxsize=32)
def _sprite(colour: int, crowned: bool, diameter: int) -> Image.Image:
    """A counter: a disc with its letter; a crown is two counters high with a gold crown."""
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
        (big * 0.14, big * 0.14, big * 0.86, big * 0.86), outline=(255, 255, 255, 150), width=2 * SS
    )
    ink = WHITE
    if crowned:
        c = big / 2
        pts = [
            (c - 0.24 * big, 0.42 * big),
            (c - 0.26 * big, 0.2 * big),
            (c - 0.13 * big, 0.31 * big),
            (c, 0.14 * big),
            (c + 0.13 * big, 0.31 * big),
            (c + 0.26 * big, 0.2 * big),
            (c + 0.24 * big, 0.42 * big),
        ]
        d.polygon(pts, fill=GOLD, outline=INK, width=SS * 2)
        d.text(
            (c, 0.64 * big),
            LETTERS[colour],
            font=font(int(big * 0.34), True),
            fill=ink,
            anchor="mm",
        )
    else:
        d.text(
            (big / 2, big / 2),
            LETTERS[colour],
            font=font(int(big * 0.46), True),
            fill=ink,
            anchor="mm",
        )
    return img.resize((diameter, (big + lift) // SS), Image.LANCZOS)


# Per move ------------------------------------------------------------------------------------


def draw(
    state: HorseplayState,
    *,
    seat: int | None = None,
    last: Move | None = None,
    previous: object = None,
) -> bytes:
    size = state.size
    img = _board(size, state.colours, state.options.miss_a_turn and size == 11).copy()
    d = ImageDraw.Draw(img)
    cell = _cell(size)
    diameter = int(cell * 0.78)
    if last is not None:
        _mark_start(d, last, size)
    for sq, piece in enumerate(state.board):
        if not piece:
            continue
        sprite = _sprite(colour_of(piece), is_crown(piece), diameter)
        left, top, _, _ = _box(sq, size)
        x = left + (cell - sprite.width) // 2
        y = top + (cell - sprite.height) // 2
        img.paste(sprite, (x, y), sprite)
    if last is not None:
        _arrow(d, last, size, diameter)
    _header(img, state, seat)
    _footer(img, state, seat)
    # a 256-colour palette keeps a board near 50 KB instead of 150 KB, with no visible loss
    return to_png(img)


def _mark_start(d: ImageDraw.ImageDraw, move: Move, size: int) -> None:
    left, top, right, bottom = _box(move.start, size)
    d.rectangle((left + 3, top + 3, right - 3, bottom - 3), outline=HIGHLIGHT, width=6)


def _arrow(d: ImageDraw.ImageDraw, move: Move, size: int, diameter: int) -> None:
    """The path as a thick arrow ending at the moved piece; taken squares get a bold cross."""
    pts = [_centre(sq, size) for sq in move.path]
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    ux, uy = (bx - ax) / length, (by - ay) / length
    tip = (bx - ux * diameter * 0.5, by - uy * diameter * 0.5)
    base = (tip[0] - ux * 30, tip[1] - uy * 30)
    line = [*pts[:-1], base]
    head = [tip, (base[0] - uy * 18, base[1] + ux * 18), (base[0] + uy * 18, base[1] - ux * 18)]
    d.line(line, fill=INK, width=16, joint="curve")
    d.polygon(head, fill=INK)
    d.line(line, fill=HIGHLIGHT, width=9, joint="curve")
    d.polygon(_scale(head, 0.62), fill=HIGHLIGHT)
    for sq in move.taken:
        cx, cy = _centre(sq, size)
        r = _cell(size) * 0.28
        for w, colour in ((15, INK), (8, HIGHLIGHT)):
            d.line((cx - r, cy - r, cx + r, cy + r), fill=colour, width=w)
            d.line((cx - r, cy + r, cx + r, cy - r), fill=colour, width=w)


def _scale(pts: list[tuple[float, float]], k: float) -> list[tuple[float, float]]:
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in pts]


def _fit(text: str, size: int, width: int, bold: bool = False) -> str:
    while text_width(text, size, bold) > width and len(text) > 2:
        text = text[:-2] + "…"
    return text


def _header(img: Image.Image, state: HorseplayState, seat: int | None) -> None:
    d = ImageDraw.Draw(img)
    d.text((28, 26), "Horseplay Rustling", font=font(40, True), fill=TITLE)
    quiet = max(0, state.round - 1 - state.last_capture_round)
    info = f"{state.size}×{state.size} · round {state.round}"
    if quiet:
        info += f" · {quiet}/{QUIET_ROUNDS} rounds without a capture"
    d.text((30, 80), info, font=font(22), fill=MUTED)
    right = WIDTH - 28
    if state.finished:
        names = " & ".join(state.names[s] for s in state.winners)
        d.text(
            (right, 30),
            _fit(f"{names} won", 34, 430, True),
            font=font(34, True),
            fill=INK,
            anchor="ra",
        )
        d.text((right, 80), _fit(state.reason, 22, 430), font=font(22), fill=MUTED, anchor="ra")
        return
    colour = state.to_move
    who = state.names[state.seat(colour)]
    if seat is not None and seat == state.seat(colour):
        who += " (you)"
    chip = _sprite(colour, False, 64)
    name = _fit(who, 34, 330, True)
    line = f"{COLOURS[colour].title()} to move"
    x = right - max(text_width(name, 34, True), text_width(line, 22)) - 80
    img.paste(chip, (x, 28), chip)
    d.text((x + 78, 28), name, font=font(34, True), fill=INK)
    d.text((x + 78, 72), line, font=font(22), fill=MUTED)


def _footer(img: Image.Image, state: HorseplayState, seat: int | None) -> None:
    d = ImageDraw.Draw(img)
    top = _height(state.size) - FOOTER + 8
    colours = state.colours
    live = set(state.live())
    width = (WIDTH - 40) // len(colours)
    for i, c in enumerate(colours):
        x = 20 + i * width
        box = (x + 6, top, x + width - 6, top + FOOTER - 24)
        active = not state.finished and c == state.to_move
        d.rounded_rectangle(
            box,
            radius=14,
            fill=(242, 233, 214),
            outline=HIGHLIGHT if active else (214, 200, 172),
            width=5 if active else 2,
        )
        chip = _sprite(c, False, 52)
        img.paste(chip, (x + 18, top + 24), chip)
        name = state.names[state.seat(c)]
        if seat is not None and seat == state.seat(c):
            name += " (you)"
        tx = x + 80
        room = width - 96
        d.text((tx, top + 14), _fit(name, 24, room, True), font=font(24, True), fill=INK)
        d.text((tx, top + 46), f"{state.scores[c]} pts", font=font(26, True), fill=TITLE)
        pieces = sum(1 for p in state.board if p and colour_of(p) == c)
        crowns = sum(1 for p in state.board if p and colour_of(p) == c and is_crown(p))
        note = "out" if c not in live else f"{pieces} on board" + (f", {crowns}♛" if crowns else "")
        if c in state.missing:
            note = "misses next turn"
        d.text((tx, top + 80), _fit(note, 19, room), font=font(19), fill=MUTED)
        if c not in live:
            d.line((x + 14, top + 50, x + 74, top + 50), fill=INK, width=5)
