"""High Rollin' table, phone first: the last move, four towers, this turn's dice, the players.

Drawn for a phone that shows it 300 px wide (half size): no text under ``MIN_TEXT`` px here
(11 px there), dice that carry meaning at least 28 px (14 px there). Every such die shows its
colour letter beside its face ("R6"), as large as the face. A tower's top (what the next die
must match, and what scores) is always drawn full size, however tall the tower; the dice under
it shrink to fit, and below ``FACE_DIE`` they are plain colour blocks (the height is printed
under the tower). The die stacked last is outlined, fallen dice lie in a row at the foot of
their tower, score changes get a +/- badge. The rules themselves are left to the rules page.
Drawn straight into a fixed palette from cached sprites (see ``render.flat``); ``warm()``
builds them.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.base import Event
from games.highrollin.model import (
    TOWERS,
    Die,
    HighRollinState,
    Place,
    fits,
    topple_chance,
)
from games.highrollin.talk import picture as words
from games.highrollin.talk.common import letter
from render.cache import kept
from render.common import HIGHLIGHT, INK, MUTED, PALETTE, PAPER, font, length
from render.flat import Canvas, Colour, Palette, fit

W = 600
M = 12
#: the smallest text: 11 px on a phone that shows the picture 300 px wide
MIN_TEXT = 22
HEADER_H = 52
STRIP_H = 62
TABLE_H = 440
TOP_DIE = 56  # a tower's top, always this big
LOW_DIE = 44  # the dice under it, at most this big
#: the smallest die that still shows its face (letter and face from ``LETTER_DIE``)
FACE_DIE = 34
LETTER_DIE = 44
HAND_DIE = 56
FALLEN_DIE = 44
CHIP = 36
FILLS: tuple[Colour, ...] = (
    PALETTE["vermillion"],
    PALETTE["blue"],
    PALETTE["green"],
    PALETTE["yellow"],
)
WHITE: Colour = (255, 255, 255)
INKS: tuple[Colour, ...] = (WHITE, WHITE, WHITE, INK)
BROWN: Colour = (92, 56, 30)
WOOD: Colour = (168, 116, 70)
WOOD_DARK: Colour = (132, 86, 48)
CARD: Colour = (255, 251, 240)
STRIP: Colour = (255, 243, 190)
RUST: Colour = (178, 52, 34)
GAIN: Colour = (0, 120, 70)
#: a next-die topple chance this high is printed in warning red under its tower
RISKY = 0.2


def _rim(c: Colour) -> Colour:
    return (int(c[0] * 0.62), int(c[1] * 0.62), int(c[2] * 0.62))


def _palette() -> Palette:
    flat = [PAPER, INK, MUTED, HIGHLIGHT, BROWN, WOOD, WOOD_DARK, CARD, STRIP, RUST, GAIN, WHITE]
    flat += list(FILLS) + [_rim(f) for f in FILLS]
    pairs = [
        (ink, paper) for paper in (PAPER, CARD, STRIP) for ink in (INK, MUTED, BROWN, RUST, GAIN)
    ]
    pairs += [(CARD, WOOD), (WHITE, WOOD), (HIGHLIGHT, WOOD), (BROWN, CARD), (INK, HIGHLIGHT)]
    pairs += [(WOOD_DARK, WOOD), (BROWN, PAPER), (HIGHLIGHT, CARD)]
    for fill, ink in zip(FILLS, INKS, strict=True):
        pairs += [(ink, fill), (_rim(fill), fill), (_rim(fill), WOOD), (_rim(fill), CARD)]
        pairs += [(_rim(fill), STRIP)]
    return Palette(flat, pairs, steps=4)


PAL = _palette()
_lock = threading.Lock()


def _die(colour: int, face: int | None, size: int, paper: Colour) -> Image.Image:
    """A die on ``paper`` with its letter in the active locale and its face ("R6"), or just
    the letter (pile chips); below 24 px only the face fits."""
    return _sprite(colour, face, size, paper, letter(colour))


@kept
def _sprite(colour: int, face: int | None, size: int, paper: Colour, mark: str) -> Image.Image:
    ss = 3
    big = Image.new("RGB", (size * ss, size * ss), paper)
    d = ImageDraw.Draw(big)
    s = size * ss
    fill = FILLS[colour]
    d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.2, fill=_rim(fill))
    inset = max(ss, s // 16)
    d.rounded_rectangle(
        (inset // 2, inset // 2, s - 1 - inset, s - 1 - inset), radius=s * 0.17, fill=fill
    )
    if face is None:
        text, scale = mark, 0.62
    elif size >= LETTER_DIE:
        text, scale = f"{mark}{face}", 0.5
    elif size >= FACE_DIE:
        text, scale = str(face), 0.66
    else:
        text, scale = "", 0.0  # a plain block of the colour
    if text:
        f = font(int(s * scale), True)
        d.text((s * 0.48, s * 0.47), text, font=f, fill=INKS[colour], anchor="mm")
    return PAL.reduce(big.resize((size, size), Image.Resampling.LANCZOS))


def warm() -> None:
    """Build every cached sprite: all dice, and the labels, numbers and boxes of sample games
    at every table size (drawn, not kept), so a first real picture draws little but names."""
    from games.highrollin import RULES
    from games.rng import SeededRng

    with _lock:
        for colour in range(4):
            for paper in (CARD, STRIP):
                _die(colour, None, CHIP, paper)
            for face in range(1, 7):
                for size in (TOP_DIE, HAND_DIE, FALLEN_DIE, LOW_DIE):
                    for paper in (WOOD, CARD):
                        _die(colour, face, size, paper)
    for players in range(2, 5):
        state = RULES.new_game([f"Player {i}" for i in range(players)], rng=SeededRng(players))
        for ply in range(1, 12):
            if state.winners:
                break
            action = RULES.default_action(state, state.turn)
            step = RULES.apply(state, state.turn, action, rng=SeededRng(players, ply))
            draw(step.state, last=action, previous=state, events=step.events)
            state = step.state


# Texts that fit ----------------------------------------------------------------------------------


def fit_words(text: str, size: int, width: float, bold: bool = False) -> tuple[str, int]:
    """``text`` and a font size at which it fits ``width`` pixels: as it is, a little smaller
    (never under ``MIN_TEXT``), or else shortened at a word boundary with an ellipsis (never
    cut inside a word, unless it is a single word, such as a long name)."""
    sizes = [z for z in (size, size - 2, size - 4) if z >= MIN_TEXT] or [size]
    for smaller in sizes:
        if length(font(smaller, bold), text) <= width:
            return text, smaller
    small = sizes[-1]
    cut = text.split(" ")
    while len(cut) > 1:
        cut.pop()
        shorter = " ".join(cut).rstrip(",;:· ") + "…"
        if length(font(small, bold), shorter) <= width:
            return shorter, small
    return fit(text, small, width, bold), small


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text`` broken into lines of at most ``width`` pixels at word boundaries."""
    f = font(size, bold)
    lines: list[str] = []
    for word in text.split():
        if lines and length(f, f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _wrapped(text: str, size: int, width: int) -> list[str]:
    """``text`` as one line when it fits, else wrapped."""
    if length(font(size), text) <= width:
        return [text]
    return wrap(text, size, width)


def _line(
    c: Canvas, xy: tuple[float, float], text: str, size: int, width: float, **kw: Any
) -> None:
    """One line of text fitted to ``width`` (see ``fit_words``)."""
    shown, size = fit_words(text, size, width, kw.get("bold", False))
    c.text(xy, shown, size, **kw)


# Layout ---------------------------------------------------------------------------------------

TABLE = (M, HEADER_H + STRIP_H + 8, W - M, HEADER_H + STRIP_H + 8 + TABLE_H)
BASE_Y = TABLE[3] - 148  # bottom edge of the tower bases: labels, then fallen dice below
TOWER_X = tuple(TABLE[0] + (TABLE[2] - TABLE[0]) * (2 * i + 1) // 8 for i in range(TOWERS))
TURN_Y = TABLE[3] + 8
TURN_H = 176
PLAYER_H = 54
#: the players' rows: name column, then the pile (a chip and a count per colour)
NAME_W = 160
CHIP_STEP = 70


def draw(
    state: HighRollinState,
    *,
    seat: int | None = None,
    last: Any = None,
    previous: Any = None,
    events: Sequence[Event] = (),
) -> bytes:
    """The table as a PNG: the last move, the towers, this turn's dice, the players."""
    n = len(state.names)
    height = TURN_Y + TURN_H + 8 + n * PLAYER_H + 16
    with _lock:
        c = Canvas(PAL, (W, height), PAPER)
        _header(c, state)
        _strip(c, words.strip(events, state.names))
        _towers(c, state, last if isinstance(previous, HighRollinState) else None)
        _turn(c, state)
        _players(c, state, previous, TURN_Y + TURN_H + 8, seat)
        return c.png()


def _header(c: Canvas, state: HighRollinState) -> None:
    c.rect((0, 0, W, HEADER_H - 1), BROWN)
    w = c.text((M, HEADER_H / 2), words.title(), 24, bold=True, ink=CARD, paper=BROWN, anchor="lm")
    room = W - 3 * M - w
    right = words.header(state)
    _line(c, (W - M, HEADER_H / 2), right, 22, room, bold=True, ink=CARD, paper=BROWN, anchor="rm")


def _strip(c: Canvas, text: str) -> None:
    y0 = HEADER_H
    c.rect((0, y0, W, y0 + STRIP_H - 1), STRIP)
    mid = y0 + STRIP_H / 2
    if not text:
        return
    w = c.text((M, mid), words.last(), MIN_TEXT, bold=True, ink=BROWN, paper=STRIP, anchor="lm")
    x, room = M + w + 8, W - 3 * M - w
    lines = _wrapped(text, MIN_TEXT, room)
    if len(lines) > 1:
        # a long story (a move, a new round and the points) takes two lines, the second cut
        for i, line in enumerate(lines[:2]):
            if i == 1 and len(lines) > 2:
                line = " ".join([line, *lines[2:]])
            y = mid + (i - 0.5) * 27
            _line(c, (x, y), line, MIN_TEXT, room, ink=INK, paper=STRIP, anchor="lm")
        return
    _line(c, (x, mid), text, MIN_TEXT, room, ink=INK, paper=STRIP, anchor="lm")


def _towers(c: Canvas, state: HighRollinState, last: Any) -> None:
    c.box(TABLE, WOOD, edge=BROWN, width=3, radius=14, paper=PAPER)
    for y in range(TABLE[1] + 44, BASE_Y - 10, 48):  # planks
        c.line((TABLE[0] + 8, y, TABLE[2] - 8, y), WOOD_DARK, 2)
    tallest = max(len(t) for t in state.towers)
    room = BASE_Y - TABLE[1] - 14 - TOP_DIE
    low = max(10, min(LOW_DIE, room // max(1, tallest - 1) - 2))
    wobbly = state.options.towers == "wobbly"
    for i, tower in enumerate(state.towers):
        x = TOWER_X[i]
        y = BASE_Y
        for die in tower[:-1]:
            y -= low + 2
            c.paste(_die(die.colour, die.face, low, WOOD), x - low / 2, y)
        top = tower[-1]
        y -= TOP_DIE + 2
        c.paste(_die(top.colour, top.face, TOP_DIE, WOOD), x - TOP_DIE / 2, y)
        placed = isinstance(last, Place) and last.tower == i and state.fall is None
        if placed and len(tower) > 1:
            c.outline(
                (x - TOP_DIE / 2 - 4, y - 4, x + TOP_DIE / 2 + 3, y + TOP_DIE + 3), HIGHLIGHT, 4
            )
        column = TOWER_X[1] - TOWER_X[0] - 8
        label = words.tower(i)
        _line(c, (x, BASE_Y + 6), label, 24, column, bold=True, ink=CARD, paper=WOOD, anchor="mt")
        label = words.height(len(tower))
        _line(c, (x, BASE_Y + 36), label, MIN_TEXT, column, ink=CARD, paper=WOOD, anchor="mt")
        chance = topple_chance(len(tower) + 1) if wobbly else 0.0
        if chance:
            risky = chance >= RISKY
            _line(
                c,
                (x, BASE_Y + 64),
                words.next_chance(chance),
                MIN_TEXT,
                column,
                ink=HIGHLIGHT if risky else CARD,
                paper=WOOD,
                anchor="mt",
            )
    fall = state.fall
    if fall is not None:
        _fallen(c, fall.tower, fall.dice)


def _fallen(c: Canvas, tower: int, dice: tuple[Die, ...]) -> None:
    """Fallen dice in a row at the foot of the table under their tower, ringed in red."""
    y = TABLE[3] - FALLEN_DIE - 8
    span = len(dice) * (FALLEN_DIE + 3)
    x = min(max(TABLE[0] + 8, TOWER_X[tower] - span / 2), TABLE[2] - 8 - span)
    label = words.fell()
    w = length(font(MIN_TEXT, True), label)
    if x - w - 6 < TABLE[0] + 8:
        x = TABLE[0] + 14 + w
    c.text(
        (x - 6, y + FALLEN_DIE / 2),
        label,
        MIN_TEXT,
        bold=True,
        ink=HIGHLIGHT,
        paper=WOOD,
        anchor="rm",
    )
    for die in dice:
        c.paste(_die(die.colour, die.face, FALLEN_DIE, WOOD), x, y)
        c.outline((x - 2, y - 2, x + FALLEN_DIE + 1, y + FALLEN_DIE + 1), RUST, 2)
        x += FALLEN_DIE + 3


def _turn(c: Canvas, state: HighRollinState) -> None:
    box = (M, TURN_Y, W - M, TURN_Y + TURN_H)
    c.box(box, CARD, edge=BROWN, width=3, radius=14, paper=PAPER)
    x0, y0 = M + 14, TURN_Y + 10
    wide = W - 4 * M
    if state.winners:
        _line(c, (x0, y0), words.winners(state), 24, wide, bold=True, ink=BROWN, paper=CARD)
        ranked = sorted(state.active(), key=lambda s: -state.scores[s])
        _line(c, (x0, y0 + 44), words.scores(ranked, state), 22, wide, ink=INK, paper=CARD)
        if state.options.match:
            won = words.games_won(ranked, state)
            _line(c, (x0, y0 + 76), won, 22, wide, ink=INK, paper=CARD)
        return
    phase = state.phase
    title = words.turn_title(state)
    if phase == "roll":
        _line(c, (x0, y0), title, 24, wide, bold=True, ink=BROWN, paper=CARD)
        lines = [part for line in words.roll_lines(state) for part in _wrapped(line, 22, wide)]
        for i, line in enumerate(lines[:4]):
            _line(c, (x0, y0 + 40 + i * 32), line, MIN_TEXT, wide, ink=INK, paper=CARD)
        return
    count = words.stacked(state)
    w = length(font(MIN_TEXT), count)
    c.text((W - M - 14, y0 + 4), count, MIN_TEXT, ink=MUTED, paper=CARD, anchor="rt")
    _line(c, (x0, y0), title, 24, wide - w - 12, bold=True, ink=BROWN, paper=CARD)
    step = (wide - HAND_DIE) / 4
    # while stacking, each die's tower in the suggestion; else every tower it fits
    plan = words.planned(state) if phase == "place" else [None] * len(state.hand)
    for i, die in enumerate(state.hand):
        cx = x0 + HAND_DIE / 2 + i * step
        c.paste(_die(die.colour, die.face, HAND_DIE, CARD), cx - HAND_DIE / 2, y0 + 40)
        if phase == "place":
            planned = plan[i]
            where = [] if planned is None else [planned]
        else:
            where = [t for t, tower in enumerate(state.towers) if fits(die, tower[-1])]
        _line(
            c,
            (cx, y0 + 102),
            words.fits_on(where),
            MIN_TEXT,
            round(step) - 6,
            bold=bool(where),
            ink=INK if where else MUTED,
            paper=CARD,
            anchor="mt",
        )
    if phase == "lift":
        _line(c, (x0, y0 + 132), words.hint(state), MIN_TEXT, wide, bold=True, ink=RUST, paper=CARD)
    elif phase == "place":
        _line(c, (x0, y0 + 132), words.plan_line(state), MIN_TEXT, wide, ink=BROWN, paper=CARD)


def _players(c: Canvas, state: HighRollinState, previous: Any, y: int, viewer: int | None) -> None:
    acting = None if state.winners else state.turn
    before = previous if isinstance(previous, HighRollinState) else None
    for seat, name in enumerate(state.names):
        box = (M, y, W - M, y + PLAYER_H - 4)
        now = seat == acting
        won = seat in state.winners
        paper = STRIP if now or won else CARD
        c.box(
            box,
            paper,
            edge=HIGHLIGHT if now or won else BROWN,
            width=3 if now else 1,
            radius=10,
            paper=PAPER,
        )
        mid = y + (PLAYER_H - 4) / 2
        label = words.player(name, won=won, you=seat == viewer)
        if state.options.match:
            label = words.match_wins(label, state.wins[seat])
        _line(
            c,
            (M + 12, mid),
            label,
            MIN_TEXT,
            NAME_W,
            bold=True,
            ink=INK,
            paper=paper,
            anchor="lm",
        )
        x = M + 12 + NAME_W + 6
        pile = state.piles[seat]
        for colour in range(4):
            c.paste(_die(colour, None, CHIP, paper), x, mid - CHIP / 2)
            ink = INK if pile[colour] else MUTED
            c.text(
                (x + CHIP + 2, mid),
                f"×{pile[colour]}",
                MIN_TEXT,
                bold=True,
                ink=ink,
                paper=paper,
                anchor="lm",
            )
            x += CHIP_STEP
        score = state.scores[seat]
        c.text((W - M - 12, mid), str(score), 24, bold=True, ink=BROWN, paper=paper, anchor="rm")
        if before is not None and before.game == state.game:
            delta = score - before.scores[seat]
            if delta:
                sw = length(font(24, True), str(score))
                c.text(
                    (W - M - 18 - sw, mid),
                    f"{delta:+d}",
                    MIN_TEXT,
                    bold=True,
                    ink=GAIN if delta > 0 else RUST,
                    paper=paper,
                    anchor="rm",
                )
        y += PLAYER_H
