"""Horseplay Rustling board picture: the board with the pieces, the last move (its path, the
pieces it took or huffed shown as ghosts) and what an enemy can do next (a warning sign on a
Stable or piece it can take, "H" on the piece a skipped capture would cost), with a legend,
whose move, the last-move strip and a panel per colour.

Phone-first: 720 px wide, no text under 22 px. The board layer and the sprites are drawn once
(``warm``); a picture pastes sprites, draws the marks and the text, maps onto a fixed palette
and is encoded quickly. Each colour carries a letter (G, R, B, K) and crowns a crown, so hue
is never the only cue; marks are shapes (warning sign, "H" badge, cross, ghost).
"""

from __future__ import annotations

import threading

from PIL import Image, ImageDraw

from games.horseplay import RULES, HorseplayState, Move, geometry
from games.horseplay.board import colour_of, is_crown
from games.horseplay.threats import threats
from games.rng import SeededRng
from render import png
from render.common import HIGHLIGHT, INK
from render.horseplay import layers, panels
from render.horseplay.layout import (
    ALERT,
    KEY_COLOURS,
    board_bottom,
    box,
    cell,
    centre,
    diameter,
)
from render.horseplay.story import Story, story
from render.layers import reduce

_lock = threading.Lock()
_palette: list[Image.Image] = []


def draw(
    state: HorseplayState,
    *,
    seat: int | None = None,
    last: Move | None = None,
    previous: HorseplayState | None = None,
) -> bytes:
    img = compose(state, seat=seat, last=last, previous=previous)
    return png.encode(reduce(img, palette()))


def compose(
    state: HorseplayState,
    *,
    seat: int | None = None,
    last: Move | None = None,
    previous: HorseplayState | None = None,
) -> Image.Image:
    """The picture in full colour (``draw`` maps it onto the palette)."""
    size = state.size
    told = story(state, last, previous)
    gone_out = [c for c in state.colours if c not in state.live()]
    seen = None if state.finished else threats(state)
    danger = bool(seen and (seen.stables or seen.taken))
    huff = seen.huff if seen else None
    items = panels.legend_items(
        state, danger=danger, huff=huff is not None, ghosts=bool(told.gone), out=bool(gone_out)
    )
    legend_top = board_bottom(size)
    panels_top = legend_top + panels.legend_height(len(items))
    img = Image.new("RGB", (layers.WIDTH, panels_top + panels.panels_height(state)), INK)
    miss = state.options.miss_a_turn and size == 11
    img.paste(layers.board(size, state.colours, miss, state.options.centre_win))
    img.paste(layers.PAPER, (0, legend_top, layers.WIDTH, img.height))
    for c in gone_out:
        left, top, _, _ = box(geometry(size).stables[c], size)
        img.paste(layers.plain_stable(size), (left, top))
    d = ImageDraw.Draw(img)
    if last is not None:
        left, top, right, bottom = box(last.start, size)
        d.rectangle((left + 2, top + 2, right - 2, bottom - 2), outline=HIGHLIGHT, width=5)
    for sq in seen.stables if seen else ():
        left, top, right, bottom = box(sq, size)
        d.rectangle((left + 1, top + 1, right - 1, bottom - 1), outline=ALERT, width=5)
    _ghosts(img, state, told)
    _pieces(img, state)
    if last is not None:
        _arrow(d, last, size)
    _ghost_marks(img, d, state, told)
    if seen is not None:
        _danger(img, state, seen.stables | seen.taken, huff)
    panels.header(img, state, seat)
    panels.strip(img, told)
    viewer = state.to_move if not state.finished else state.colours[0]
    faded = colour_of(told.gone[0].cell) if told.gone else viewer
    panels.legend(img, legend_top, items, viewer, faded)
    panels.panels(img, panels_top, state, seat)
    return img


def _paste_centred(img: Image.Image, pic: Image.Image, sq: int, size: int) -> None:
    left, top, _, _ = box(sq, size)
    c = cell(size)
    img.paste(pic, (left + (c - pic.width) // 2, top + (c - pic.height) // 2), pic)


def _pieces(img: Image.Image, state: HorseplayState) -> None:
    size, dia = state.size, diameter(state.size)
    for sq, piece in enumerate(state.board):
        if piece:
            _paste_centred(img, layers.sprite(colour_of(piece), is_crown(piece), dia), sq, size)


def _ghosts(img: Image.Image, state: HorseplayState, told: Story) -> None:
    size, dia = state.size, diameter(state.size)
    for g in told.gone:
        if not state.board[g.square]:
            sprite = layers.sprite(colour_of(g.cell), is_crown(g.cell), dia, True)
            _paste_centred(img, sprite, g.square, size)


def _ghost_marks(img: Image.Image, d: ImageDraw.ImageDraw, state: HorseplayState, told: Story):
    size = state.size
    badge = _badge(size)
    for g in told.gone:
        if state.board[g.square]:
            continue
        if g.why == "huffed":
            left, top, _, _ = box(g.square, size)
            pic = layers.huff_badge(badge)
            c = cell(size)
            img.paste(pic, (left + (c - badge) // 2, top + (c - badge) // 2), pic)
        else:
            layers.cross(d, centre(g.square, size), cell(size) * 0.2)


def _badge(size: int) -> int:
    return 34 if size == 9 else 30


def _danger(img: Image.Image, state: HorseplayState, squares: frozenset[int], huff: int | None):
    """A warning sign at the top right of what an enemy can take (a piece or a Stable); "H"
    at the top left of the piece a skipped capture costs."""
    size, b = state.size, _badge(state.size)
    sign = layers.warning(b)
    for sq in squares:
        left, top, right, _ = box(sq, size)
        img.paste(sign, (right - b - 1, top + 1), sign)
    if huff is not None:
        left, top, _, _ = box(huff, size)
        pic = layers.huff_badge(b)
        img.paste(pic, (left + 1, top + 1), pic)


def _arrow(d: ImageDraw.ImageDraw, move: Move, size: int) -> None:
    """The path as a thick arrow ending at the moved piece."""
    pts = [centre(sq, size) for sq in move.path]
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    ux, uy = (bx - ax) / length, (by - ay) / length
    tip = (bx - ux * diameter(size) * 0.5, by - uy * diameter(size) * 0.5)
    base = (tip[0] - ux * 22, tip[1] - uy * 22)
    line = [*pts[:-1], base]
    head = [tip, (base[0] - uy * 14, base[1] + ux * 14), (base[0] + uy * 14, base[1] - ux * 14)]
    d.line(line, fill=INK, width=12, joint="curve")
    d.polygon(head, fill=INK)
    d.line(line, fill=HIGHLIGHT, width=6, joint="curve")
    cx = sum(p[0] for p in head) / 3
    cy = sum(p[1] for p in head) / 3
    d.polygon([(cx + (x - cx) * 0.55, cy + (y - cy) * 0.55) for x, y in head], fill=HIGHLIGHT)


# Caches --------------------------------------------------------------------------------------


def palette() -> Image.Image:
    """The fixed 256-colour palette: every flat colour exactly, the rest chosen once from
    sample pictures (anti-aliased edges), so no picture pays for choosing colours."""
    if not _palette:
        warm()
    return _palette[0]


def warm() -> None:
    """Draw every cached layer and choose the palette (once per process, under a lock)."""
    with _lock:
        if _palette:
            return
        for size in (9, 11):
            for colours in ((0, 2), (0, 1, 2, 3)):
                for miss in (False, True) if size == 11 else (False,):
                    layers.board(size, colours, miss, False)
                    layers.board(size, colours, miss, True)
            for c in range(4):
                for crowned in (False, True):
                    for ghost in (False, True):
                        layers.sprite(c, crowned, diameter(size), ghost)
                layers.sprite(c, False, 50)
                layers.sprite(c, False, 44)
                layers.sprite(c, False, 30)
                layers.sprite(c, False, 30, True)
                layers.sprite(c, True, 30)
            layers.plain_stable(size)
            layers.warning(_badge(size))
            layers.huff_badge(_badge(size))
        layers.warning(30)
        layers.huff_badge(30)
        _palette.append(_choose_palette())


def _samples() -> list[Image.Image]:
    frames = []
    for players, size in ((2, 9), (4, 11)):
        state = RULES.new_game(
            ["Ann", "Bo", "Cy", "Di"][:players], {"size": size}, rng=SeededRng(0)
        )
        previous, last = None, None
        for ply in range(24):
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_actions(state, seat)
            captures = [m for m in legal if m.is_capture]
            last = captures[0] if captures else legal[(ply * 7) % len(legal)]
            previous = state
            state = RULES.apply(state, seat, last, rng=SeededRng(0)).state
            if RULES.outcome(state) is not None:
                break
        frames.append(compose(state, seat=0, last=last, previous=previous))
    return frames


def _choose_palette() -> Image.Image:
    fixed = list(dict.fromkeys((*KEY_COLOURS, *layers.used_colours())))
    frames = _samples()
    mosaic = Image.new("RGB", (sum(f.width for f in frames), max(f.height for f in frames)))
    x = 0
    for f in frames:
        mosaic.paste(f, (x, 0))
        x += f.width
    chosen = mosaic.quantize(256 - len(fixed), method=Image.Quantize.MEDIANCUT)
    rest = chosen.getpalette()[: 3 * (256 - len(fixed))]
    flat = [v for rgb in fixed for v in rgb] + rest
    flat += [0] * (768 - len(flat))
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal
