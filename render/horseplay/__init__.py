"""Horseplay Rustling board picture: the board with the pieces, the last move (its path, the
pieces it took or huffed shown as ghosts) and what an enemy can do next (a warning sign on a
Stable or piece it can take, a red ring round each piece that can take a Stable, "H" on the
piece a skipped capture would cost), with a legend of the marks shown, whose move, the
last-move strip and a panel per colour.

Phone-first: 720 px wide, shown about 300 px wide: no text under 27 px, no mark under 34 px. The
board layer and the sprites are drawn once (``warm``); a picture pastes sprites, draws the marks
and the text, maps onto a fixed palette and is encoded quickly. Each colour carries a letter (G,
R, B, K) and crowns a crown, so hue is never the only cue; marks are shapes (warning sign, "H"
badge, cross, ghost).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from games.base import Event
from games.horseplay import RULES, HorseplayState, Move, geometry
from games.horseplay.board import colour_of, colours_in_play, is_crown
from games.horseplay.threats import Threats, threats
from games.rng import SeededRng
from render.common import HIGHLIGHT
from render.ground import Ground
from render.horseplay import layers, marks, panels
from render.horseplay.layout import (
    ALERT,
    BADGE,
    KEY_COLOURS,
    board_bottom,
    box,
    cell,
    centre,
    diameter,
)
from render.horseplay.panels import Canvas, put
from render.horseplay.story import Story, story
from render.layers import Layers

_lock = threading.Lock()
_palette: list[Image.Image] = []


def draw(
    state: HorseplayState,
    *,
    seat: int | None = None,
    last: Move | None = None,
    previous: HorseplayState | None = None,
    events: Sequence[Event] = (),
) -> bytes:
    """The picture put together straight in the fixed palette (``render.layers``): the very
    pixels ``compose`` gives, mapped onto the palette, without drawing in full colour."""
    plan = _plan(state, last, previous, events)
    board = Layers(plan.ground, palette(), (layers.WIDTH, plan.height))
    _put(board, plan, state, seat, last)
    return board.png()


def compose(
    state: HorseplayState,
    *,
    seat: int | None = None,
    last: Move | None = None,
    previous: HorseplayState | None = None,
    events: Sequence[Event] = (),
) -> Image.Image:
    """The picture in full colour."""
    plan = _plan(state, last, previous, events)
    img = plan.ground.crop((0, 0, layers.WIDTH, plan.height))
    _put(img, plan, state, seat, last)
    return img


@dataclass(frozen=True)
class _Plan:
    told: Story
    seen: Threats | None
    items: list[tuple[str, str]]
    ground: Ground
    #: where the colour panels begin, and the picture's height
    panels_top: int
    height: int
    gone_out: list[int]


def _plan(
    state: HorseplayState,
    last: Move | None,
    previous: HorseplayState | None,
    events: Sequence[Event],
) -> _Plan:
    size = state.size
    told = story(state, last, previous, events)
    gone_out = [c for c in state.colours if c not in state.live()]
    seen = None if state.finished else threats(state)
    danger = bool(seen and (seen.stables or seen.taken))
    items = panels.legend_items(
        danger=danger,
        raiders=bool(seen and seen.raiders),
        huff=bool(seen and seen.huff is not None),
        ghosts=bool(told.gone),
    )
    panels_top = board_bottom(size) + panels.legend_height(items)
    height = panels_top + panels.panels_height(state)
    miss = state.options.miss_a_turn and size == 11
    ground = _ground(size, state.colours, miss, state.options.centre_win)
    return _Plan(told, seen, items, ground, panels_top, height, gone_out)


@lru_cache(maxsize=4)
def _ground(size: int, colours: tuple[int, ...], miss: bool, centre_win: bool) -> Ground:
    """The board over paper, as tall as the tallest picture on it (a picture is its top)."""
    tallest = board_bottom(size) + panels.LEGEND_MAX + panels.PANELS_MAX
    img = Image.new("RGB", (layers.WIDTH, tallest), layers.PAPER)
    img.paste(layers.board(size, colours, miss, centre_win))
    return Ground(img)


def _put(
    img: Canvas, plan: _Plan, state: HorseplayState, seat: int | None, last: Move | None
) -> None:
    """Everything on the ground, in order: what a move changes on the board, its marks, the
    header, the last-move strip, the legend and the panels."""
    size, told, seen = state.size, plan.told, plan.seen
    for c in plan.gone_out:
        left, top, _, _ = box(geometry(size).stables[c], size)
        img.paste(layers.plain_stable(size), (left, top))
    c = cell(size)
    if last is not None:
        left, top, _, _ = box(last.start, size)
        put(img, marks.outline(c, 2, HIGHLIGHT), (left, top))
    for sq in seen.stables if seen else ():
        left, top, _, _ = box(sq, size)
        put(img, marks.outline(c, 1, ALERT), (left, top))
    _ghosts(img, state, told)
    _pieces(img, state)
    for sq in seen.raiders if seen else ():
        _centred(img, marks.ring(diameter(size) + 12, ALERT), sq, size)
    if last is not None:
        pic, x, y = marks.arrow(tuple(centre(sq, size) for sq in last.path), size)
        put(img, pic, (x, y))
    _ghost_marks(img, state, told)
    if seen is not None:
        _danger(img, state, seen.stables | seen.taken, seen.huff)
    panels.header(img, state, seat)
    panels.strip(img, told)
    viewer = state.to_move if not state.finished else state.colours[0]
    faded = colour_of(told.gone[0].cell) if told.gone else viewer
    raider = colour_of(state.board[min(seen.raiders)]) if seen and seen.raiders else viewer
    panels.legend(img, board_bottom(size), plan.items, raider, faded)
    panels.panels(img, plan.panels_top, state, seat)


def _centred(img: Canvas, pic: Image.Image, sq: int, size: int) -> None:
    left, top, _, _ = box(sq, size)
    c = cell(size)
    put(img, pic, (left + (c - pic.width) // 2, top + (c - pic.height) // 2))


def _pieces(img: Canvas, state: HorseplayState) -> None:
    size, dia = state.size, diameter(state.size)
    for sq, piece in enumerate(state.board):
        if piece:
            _centred(img, layers.sprite(colour_of(piece), is_crown(piece), dia), sq, size)


def _ghosts(img: Canvas, state: HorseplayState, told: Story) -> None:
    size, dia = state.size, diameter(state.size)
    for g in told.gone:
        if not state.board[g.square]:
            _centred(
                img, layers.sprite(colour_of(g.cell), is_crown(g.cell), dia, True), g.square, size
            )


def _ghost_marks(img: Canvas, state: HorseplayState, told: Story) -> None:
    size = state.size
    for g in told.gone:
        if state.board[g.square]:
            continue
        if g.why == "huffed":
            _centred(img, layers.huff_badge(BADGE), g.square, size)
        else:
            _centred(img, marks.cross(cell(size)), g.square, size)


def _danger(img: Canvas, state: HorseplayState, squares: frozenset[int], huff: int | None):
    """A warning sign at the top right of what an enemy can take (a piece or a Stable); "H"
    at the top left of the piece a skipped capture costs."""
    size, b = state.size, BADGE
    sign = layers.warning(b)
    for sq in squares:
        left, top, right, _ = box(sq, size)
        put(img, sign, (right - b - 1, top + 1))
    if huff is not None:
        left, top, _, _ = box(huff, size)
        put(img, layers.huff_badge(b), (left + 1, top + 1))


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
        # the grounds of the default options' boards (two players, three or four); a table
        # with other options has its ground drawn by the first picture that needs it
        for players in (2, 4):
            _ground(9, colours_in_play(players), False, False)
        for size in (9, 11):
            for c in range(4):
                for crowned in (False, True):
                    for ghost in (False, True):
                        layers.sprite(c, crowned, diameter(size), ghost)
                layers.sprite(c, False, 50)
                layers.sprite(c, False, 44)
                layers.sprite(c, False, 30)
                layers.sprite(c, False, BADGE - 10)
                layers.sprite(c, False, BADGE, True)
            layers.plain_stable(size)
        layers.warning(BADGE)
        layers.huff_badge(BADGE)
        _palette.append(_choose_palette())
        # the pieces pasted in the palette, the grounds and the texts of a first board
        for state, last, previous in _sample_positions():
            draw(state, seat=0, last=last, previous=previous)


def _samples() -> list[Image.Image]:
    return [
        compose(state, seat=0, last=last, previous=previous)
        for state, last, previous in _sample_positions()
    ]


def _sample_positions() -> list[tuple[HorseplayState, Move | None, HorseplayState | None]]:
    """A position of a two-player and of a four-player game after a few moves."""
    out = []
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
        out.append((state, last, previous))
    return out


def _choose_palette() -> Image.Image:
    fixed = list(dict.fromkeys((*KEY_COLOURS, *layers.used_colours())))
    frames = _samples()
    mosaic = Image.new("RGB", (sum(f.width for f in frames), max(f.height for f in frames)))
    x = 0
    for f in frames:
        mosaic.paste(f, (x, 0))
        x += f.width
    chosen = mosaic.quantize(256 - len(fixed), method=Image.Quantize.MEDIANCUT)
    palette = chosen.getpalette()
    assert palette is not None  # a quantized picture always has one
    rest = palette[: 3 * (256 - len(fixed))]
    flat = [v for rgb in fixed for v in rgb] + rest
    flat += [0] * (768 - len(flat))
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal
