"""Cattle Baron board, phone first: the last move, the herd by colour, every player's haul.

Every die shows its colour letter beside its face ("R6"), as large as the face, so no one has
to tell red from orange by hue. Dice that moved in the last move are outlined (and the herd
keeps a ghost where one left); score changes get a +/- badge. The picture is drawn straight
into a fixed palette from cached sprites (see ``render.flat``); ``warm()`` builds them.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.base import Event
from games.cattle import COLOURS, LETTERS, CattleState, Die, total
from games.cattle import talk_picture as says
from games.cattle.model import Pasture, Switch
from games.cattle.talk_dice import colour_words
from render.cache import kept
from render.common import HIGHLIGHT, INK, MUTED, PALETTE, PAPER, font, length
from render.flat import Canvas, Colour, Palette, fit

WIDTH = 600
M = 12  # outer margin
HERD_DIE = 40
STOCK_DIE = 36
STUD_DIE = 40
PITCH = 4
HUES: dict[str, Colour] = {
    "red": PALETTE["vermillion"],
    "blue": PALETTE["blue"],
    "green": PALETTE["green"],
    "yellow": PALETTE["yellow"],
    "orange": PALETTE["orange"],
    "purple": PALETTE["purple"],
    "white": (246, 243, 234),
    "black": PALETTE["black"],
    "cyan": PALETTE["sky"],
    "tan": (196, 160, 112),
    "lime": (172, 212, 76),
    "maroon": (124, 36, 54),
}
LETTER = dict(zip(COLOURS, LETTERS, strict=True))
WHITE: Colour = (255, 255, 255)
WOOD: Colour = (98, 62, 36)
CREAM: Colour = (250, 238, 210)
PANEL: Colour = (243, 232, 208)
PASTURE: Colour = (226, 233, 203)
STRIP: Colour = (255, 243, 190)
EDGE: Colour = (150, 110, 70)
RUST: Colour = (178, 52, 34)
GAIN: Colour = (0, 120, 70)
IVORY: Colour = (252, 250, 242)


def _ink_on(hue: Colour) -> Colour:
    luma = 0.299 * hue[0] + 0.587 * hue[1] + 0.114 * hue[2]
    return INK if luma > 140 else WHITE


def _rim(hue: Colour) -> Colour:
    return (int(hue[0] * 0.55), int(hue[1] * 0.55), int(hue[2] * 0.55))


def _palette() -> Palette:
    flat = [PAPER, INK, MUTED, HIGHLIGHT, WOOD, CREAM, PANEL, PASTURE, STRIP, EDGE, RUST, GAIN]
    flat += [IVORY, WHITE, _rim(IVORY)]
    hues = list(HUES.values())
    flat += hues + [_rim(h) for h in hues]
    pairs = [
        (ink, paper)
        for paper in (PAPER, PANEL, PASTURE, STRIP)
        for ink in (INK, MUTED, WOOD, RUST, GAIN)
    ]
    pairs += [(CREAM, WOOD), (EDGE, PANEL), (EDGE, PAPER), (HIGHLIGHT, PAPER), (INK, HIGHLIGHT)]
    pairs += [(INK, IVORY), (_rim(IVORY), PANEL)]
    for hue in hues:
        pairs += [(_ink_on(hue), hue), (_rim(hue), PANEL), (_rim(hue), PASTURE)]
    return Palette(flat, pairs, steps=3)


PAL = _palette()
_lock = threading.Lock()


@kept
def _die(colour: str | None, face: int, size: int, paper: Colour) -> Image.Image:
    """A die with its colour letter and face side by side ("R6"); a plain white die for a
    roll. Drawn over-sampled on ``paper`` and reduced to the palette once."""
    ss = 3
    hue = HUES[colour] if colour else IVORY
    big = Image.new("RGB", (size * ss, size * ss), paper)
    d = ImageDraw.Draw(big)
    s = size * ss
    d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.2, fill=_rim(hue))
    d.rounded_rectangle((ss * 2, ss * 2, s - 1 - ss * 2, s - 1 - ss * 3), radius=s * 0.16, fill=hue)
    text = f"{LETTER[colour]}{face}" if colour else str(face)
    f = font(int(s * (0.5 if colour else 0.62)), True)
    d.text((s * 0.5, s * 0.47), text, font=f, fill=_ink_on(hue), anchor="mm")
    return PAL.reduce(big.resize((size, size), Image.Resampling.LANCZOS))


@kept
def _ghost(size: int, paper: Colour) -> Image.Image:
    """Where a die left the herd this move: an empty dashed outline."""
    image = Image.new("RGB", (size, size), paper)
    d = ImageDraw.Draw(image)
    for i in range(0, size, 8):
        for a, b in (((i, 0), (i + 4, 0)), ((i, size - 2), (i + 4, size - 2))):
            d.line((*a, *b), fill=RUST, width=2)
        for a, b in (((0, i), (0, i + 4)), ((size - 2, i), (size - 2, i + 4))):
            d.line((*a, *b), fill=RUST, width=2)
    return PAL.reduce(image)


def warm() -> None:
    """Build every cached sprite: all dice, and the labels, numbers and boxes of sample games
    at every table size (drawn, not kept), so a first real picture draws little but names."""
    from games.cattle import RULES
    from games.rng import SeededRng

    with _lock:
        for paper in (PANEL, PASTURE):
            for colour in COLOURS[:8]:
                for face in range(1, 7):
                    _die(colour, face, HERD_DIE, paper)
                    _die(colour, face, STOCK_DIE, paper)
            _ghost(HERD_DIE, paper)
    for players in range(2, 9):
        state = RULES.new_game([f"Player {i}" for i in range(players)], rng=SeededRng(players))
        for ply in range(1, 2 * players + 2):
            if state.finished:
                break
            seat = state.order[state.pos]
            action = RULES.default_action(state, seat)
            step = RULES.apply(state, seat, action, rng=SeededRng(ply))
            draw(step.state, last=action, previous=state, events=step.events)
            state = step.state


# What changed ---------------------------------------------------------------------------------


class Change:
    """Which dice the last move moved and whose score it changed, read from the states before
    and after it (what it did is told from its events)."""

    def __init__(self, state: CattleState, last: object, previous: object) -> None:
        self.left_herd: Counter[Die] = Counter()
        self.new_herd: Counter[Die] = Counter()
        self.new_stock: dict[int, Counter[Die]] = {}
        self.new_swiss: dict[int, Counter[Die]] = {}
        self.delta: dict[int, int] = {}
        self.stud: int | None = None
        if not isinstance(previous, CattleState) or previous.finished or last is None:
            return
        before = previous
        self.left_herd = _gone(before.herd, state.herd)
        self.new_herd = _gone(state.herd, before.herd)
        for s in range(len(state.names)):
            self.new_stock[s] = _gone(state.stocks[s], before.stocks[s])
            self.new_swiss[s] = _gone(state.swiss[s], before.swiss[s])
            if state.stocks[s] == before.stocks[s] and state.swiss[s] == before.swiss[s]:
                continue  # (a score is what a player's dice make: the same dice, the same)
            change = state.score(s) - before.score(s)
            if change:
                self.delta[s] = change
        seat = before.order[before.pos]
        if isinstance(last, Switch | Pasture):
            self.stud = seat


def _gone(dice: Sequence[Die], others: Sequence[Die]) -> Counter[Die]:
    """The dice of ``dice`` that ``others`` does not hold (most of a move's piles are as they
    were: nothing to count)."""
    if dice == others:
        return Counter()
    return Counter(dice) - Counter(others)


# Layout ---------------------------------------------------------------------------------------

HEADER_H = 56
STRIP_H = 44
TITLE_H = 36
ROW_GAP = 6
LABEL_W = 108
PLAYER_TOP = 50  # name row of a player block


def _lines(dice: Sequence[Die], width: int) -> list[list[Die]]:
    per = max(1, (width + PITCH) // (STOCK_DIE + PITCH))
    return [list(dice[i : i + per]) for i in range(0, len(dice), per)]


def _player_h(state: CattleState, seat: int) -> int:
    inner = WIDTH - 2 * M - LABEL_W - 16
    lines = max(1, len(_lines(state.stocks[seat], inner)))
    if state.swiss[seat]:
        lines += len(_lines(state.swiss[seat], inner))
    return PLAYER_TOP + lines * (STOCK_DIE + PITCH) + 10


#: the herd's colour names take at most this much room (at 16 px) before its dice
HERD_LABEL_MOST = 152


def _herd_label_w(state: CattleState) -> int:
    """Room for the herd's colour names: LABEL_W, or more for a language whose names of the
    colours in play are longer (Polish "pomarańczowy"), so no name is cut or squeezed."""
    f = font(16, True)
    need = max(length(f, colour_words(c)) for c in COLOURS[: state.options.colours]) + 16
    return int(min(HERD_LABEL_MOST, max(LABEL_W, need)))


def _herd_line(state: CattleState) -> int:
    """Herd dice on one line of a colour's row; a colour with more takes two lines."""
    return (WIDTH - 2 * M - _herd_label_w(state) - 40) // (HERD_DIE + PITCH)


def _herd_lines(state: CattleState) -> int:
    """Lines per colour: the most dice a colour's row can show (its dice in the herd and the
    ghosts of those a move took never add up to more than its dice) over a line's room."""
    return -(-state.options.dice_per_colour // _herd_line(state))


def _herd_h(state: CattleState) -> int:
    if state.finished:
        return TITLE_H + len(state.names) * 40 + 10
    row = _herd_lines(state) * (HERD_DIE + PITCH) - PITCH + ROW_GAP
    return TITLE_H + state.options.colours * row + 6


def draw(
    state: CattleState,
    *,
    seat: int | None = None,
    last: object = None,
    previous: object = None,
    events: Sequence[Event] = (),
) -> bytes:
    """The whole table as PNG; ``seat`` marks the viewer's own block. The strip tells the
    move in ``events``; ``last`` and ``previous`` mark the dice it moved."""
    change = Change(state, last, previous)
    told = says.strip_words(events, state.names)
    heights = [_player_h(state, s) for s in range(len(state.names))]
    height = HEADER_H + STRIP_H + 8 + _herd_h(state) + 8 + sum(h + 8 for h in heights) + 4
    with _lock:
        c = Canvas(PAL, (WIDTH, height), PAPER)
        _header(c, state)
        _strip(c, state, told)
        y = HEADER_H + STRIP_H + 8
        box = (M, y, WIDTH - M, y + _herd_h(state))
        if state.finished:
            _final(c, state, box)
        else:
            _herd(c, state, change, box)
        y = box[3] + 8
        for s, h in enumerate(heights):
            _player(c, state, s, (M, y, WIDTH - M, y + h), change, viewer=seat)
            y += h + 8
        return c.png()


# Words that fit ------------------------------------------------------------------------------


def sized(text: str, size: int, width: float, bold: bool = False, least: int = 12) -> int:
    """The largest font size from ``size`` down to ``least`` at which ``text`` fits ``width``
    (``least`` if none does)."""
    while size > least and length(font(size, bold), text) > width:
        size -= 1
    return size


def wrap(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """``text`` in lines of at most ``width`` pixels, broken between words (a word longer than
    a line keeps a line of its own)."""
    f = font(size, bold)
    lines: list[str] = []
    for word in text.split():
        if lines and length(f, f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def shortened(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text`` cut after its last whole word that fits ``width``, with an ellipsis (a single
    word too long for it is kept whole)."""
    f = font(size, bold)
    if length(f, text) <= width:
        return text
    words = text.split()
    while len(words) > 1 and length(f, " ".join(words) + "…") > width:
        words.pop()
    return " ".join(words) + "…"


def status(state: CattleState) -> str:
    """The header's right side: whose turn, or who won."""
    if not state.finished:
        name = fit(state.names[state.order[state.pos]], 20, 140, True)
        return says.to_act(state.round, name)
    scores = [state.score(s) for s in range(len(state.names))]
    best = max(scores[s] for s in state.active())
    winners = [state.names[s] for s in state.active() if scores[s] == best]
    if len(winners) == 1:
        return says.winner(fit(winners[0], 20, 150, True), best)
    return says.shared_win(len(winners), best)


def _header(c: Canvas, state: CattleState) -> None:
    c.rect((0, 0, WIDTH, HEADER_H - 1), WOOD)
    right = status(state)
    size = sized(right, 20, WIDTH * 0.62, True, 14)
    used = length(font(size, True), right) + 16
    title = says.title()
    c.text(
        (M, HEADER_H / 2),
        title,
        sized(title, 24, WIDTH - 2 * M - used, True, 14),
        bold=True,
        ink=CREAM,
        paper=WOOD,
        anchor="lm",
    )
    c.text((WIDTH - M, HEADER_H / 2), right, size, bold=True, ink=CREAM, paper=WOOD, anchor="rm")


def _strip(c: Canvas, state: CattleState, told: str) -> None:
    """The last move in words, or at a round's start what the order means."""
    y0 = HEADER_H
    c.rect((0, y0, WIDTH, y0 + STRIP_H - 1), STRIP)
    mid = y0 + STRIP_H / 2
    if not told:
        text = says.order_rule(state.options.ties)
        size = sized(text, 18, WIDTH - 2 * M, least=13)
        _lines_at(c, M, mid, text, size, WIDTH - 2 * M, MUTED)
        return
    w = c.text((M, mid), says.last_label(), 20, bold=True, ink=WOOD, paper=STRIP, anchor="lm")
    room = WIDTH - 2 * M - w - 8
    size = 20 if length(font(20), told) <= room else 17
    _lines_at(c, M + w + 8, mid, told, size, room, INK)


def _lines_at(
    c: Canvas, x: float, mid: float, text: str, size: int, width: float, ink: Colour
) -> None:
    """``text`` on one line at ``size`` when it fits, else on two lines (smaller if need be)
    broken between words, centred on ``mid``."""
    if length(font(size), text) <= width:
        c.text((x, mid), text, size, ink=ink, paper=STRIP, anchor="lm")
        return
    while size > 14 and len(wrap(text, size, width)) > 2:
        size -= 1
    lines = wrap(text, size, width)
    if len(lines) > 2:
        lines = [lines[0], shortened(" ".join(lines[1:]), size, width)]
    step = size + 3
    for i, line in enumerate(lines):
        y = mid + (i - (len(lines) - 1) / 2) * step
        c.text((x, y), line, size, ink=ink, paper=STRIP, anchor="lm")


def _herd(c: Canvas, state: CattleState, change: Change, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, _ = box
    c.box(box, PASTURE, edge=EDGE, paper=PAPER)
    title = says.herd_title(len(state.herd))
    c.text((x0 + 12, y0 + 8), title, 20, bold=True, ink=WOOD, paper=PASTURE)
    size = HERD_DIE
    lines, per_line, room = _herd_lines(state), _herd_line(state), _herd_label_w(state)
    y = y0 + TITLE_H
    fresh = Counter(change.new_herd)
    for colour in COLOURS[: state.options.colours]:
        dice = [d for d in state.herd if d.colour == colour]
        gone = [d for d in change.left_herd.elements() if d.colour == colour]
        mid = y + HERD_DIE / 2
        label = colour_words(colour)
        label_size = sized(label, 18, room - 16, True)
        c.text((x0 + 12, mid), label, label_size, bold=True, ink=INK, paper=PASTURE, anchor="lm")
        for i, die in enumerate([*dice, *gone]):
            x = x0 + room + (i % per_line) * (size + PITCH)
            top = y + (i // per_line) * (size + PITCH)
            if i >= len(dice):
                c.paste(_ghost(size, PASTURE), x, top)
                continue
            c.paste(_die(die.colour, die.face, size, PASTURE), x, top)
            if fresh[die]:
                fresh[die] -= 1
                _ring(c, x, top, size)
        if not dice and not gone:
            c.text((x0 + room, mid), says.none_left(), 18, ink=MUTED, paper=PASTURE, anchor="lm")
        elif dice:
            c.text((x1 - 10, mid), str(len(dice)), 18, ink=MUTED, paper=PASTURE, anchor="rm")
        y += lines * (size + PITCH) - PITCH + ROW_GAP


def _ring(c: Canvas, x: float, y: float, size: int) -> None:
    """Outline a die that moved in the last move."""
    c.outline((x - 3, y - 3, x + size + 2, y + size + 2), HIGHLIGHT, 3)


def _final(c: Canvas, state: CattleState, box: tuple[int, int, int, int]) -> None:
    """Game over: hauls from best to worst with the winner highlighted."""
    x0, y0, x1, _ = box
    c.box(box, PANEL, edge=EDGE, paper=PAPER)
    c.text((x0 + 12, y0 + 8), says.final_title(), 20, bold=True, ink=WOOD, paper=PANEL)
    scores = [state.score(s) for s in range(len(state.names))]
    active = state.active()
    best = max(scores[s] for s in active)
    y = y0 + TITLE_H
    for rank, s in enumerate(sorted(active, key=lambda s: (-scores[s], s))):
        won = scores[s] == best
        paper = HIGHLIGHT if won else PANEL
        if won:
            c.box((x0 + 6, y, x1 - 6, y + 36), HIGHLIGHT, radius=8, paper=PANEL)
        mid = y + 18
        c.text((x0 + 14, mid), f"{rank + 1}.", 20, bold=True, ink=INK, paper=paper, anchor="lm")
        name = fit(state.names[s], 20, 200, True) + (" ★" if won else "")
        c.text((x0 + 48, mid), name, 20, bold=won, ink=INK, paper=paper, anchor="lm")
        parts = says.haul_parts(total(state.stocks[s]), total(state.swiss[s]))
        c.text((x1 - 70, mid), parts, 18, ink=INK, paper=paper, anchor="rm")
        c.text((x1 - 14, mid), str(scores[s]), 22, bold=True, ink=INK, paper=paper, anchor="rm")
        y += 40


def _player(
    c: Canvas,
    state: CattleState,
    seat: int,
    box: tuple[int, int, int, int],
    change: Change,
    viewer: int | None,
) -> None:
    x0, y0, x1, _ = box
    acting = not state.finished and state.order[state.pos] == seat
    gone = seat in state.out
    c.box(box, PANEL, edge=HIGHLIGHT if acting else EDGE, width=5 if acting else 2, paper=PAPER)
    mid = y0 + 26
    x = x0 + 12
    stud = state.studs[seat]
    if not state.finished and not gone:
        at = state.order.index(seat)
        mark = "✓" if at < state.pos else f"{at + 1}."
        c.text((x, mid), mark, 20, bold=True, ink=MUTED, paper=PANEL, anchor="lm")
        x += 30
    if stud is not None:
        c.paste(_die(stud.colour, stud.face, STUD_DIE, PANEL), x, mid - STUD_DIE / 2)
        if change.stud == seat:
            _ring(c, x, mid - STUD_DIE / 2, STUD_DIE)
        x += STUD_DIE + 10
    name_w = x1 - x - 150
    name = fit(state.names[seat], 22, name_w, True)
    if seat == viewer:
        name = says.you(
            fit(state.names[seat], 22, name_w - length(font(22, True), says.you("")), True)
        )
    w = c.text((x, mid), name, 22, bold=True, ink=INK, paper=PANEL, anchor="lm")
    if gone:
        tag, ink = says.left_game(), MUTED
    elif stud is not None and state.rolls[seat] == 3 and state.order.index(seat) >= state.pos:
        tag, ink = says.three(), RUST
    elif stud is not None and stud.face != state.rolls[seat]:
        tag, ink = says.rolled(state.rolls[seat]), MUTED
    else:
        tag, ink = "", MUTED
    if tag and x + w + 8 + length(font(18), tag) < x1 - 70:
        c.text((x + w + 8, mid), tag, 18, bold=ink == RUST, ink=ink, paper=PANEL, anchor="lm")
    c.text((x1 - 12, mid), str(state.score(seat)), 26, bold=True, ink=INK, paper=PANEL, anchor="rm")
    delta = change.delta.get(seat)
    if delta:
        score_w = length(font(26, True), str(state.score(seat)))
        c.text(
            (x1 - 18 - score_w, mid),
            f"{delta:+d}",
            18,
            bold=True,
            ink=GAIN if delta > 0 else RUST,
            paper=PANEL,
            anchor="rm",
        )
    y = y0 + PLAYER_TOP
    inner = x1 - x0 - LABEL_W - 16
    rows = [(says.stock_label, state.stocks[seat], change.new_stock.get(seat, Counter()))]
    if state.swiss[seat]:
        rows.append((says.swiss_label, state.swiss[seat], change.new_swiss.get(seat, Counter())))
    for label, dice, fresh in rows:
        lines = _lines(dice, inner) or [[]]
        paper = PASTURE if label is says.swiss_label else PANEL
        h = len(lines) * (STOCK_DIE + PITCH) - PITCH
        if paper == PASTURE:
            c.box((x0 + 6, y - 3, x1 - 6, y + h + 3), PASTURE, radius=8, paper=PANEL)
        text = label(total(dice))
        c.text(
            (x0 + 12, y + STOCK_DIE / 2),
            text,
            sized(text, 18, LABEL_W - 14, True),
            bold=True,
            ink=WOOD,
            paper=paper,
            anchor="lm",
        )
        if not dice:
            c.text(
                (x0 + LABEL_W + 8, y + STOCK_DIE / 2),
                says.empty(),
                18,
                ink=MUTED,
                paper=paper,
                anchor="lm",
            )
        fresh = Counter(fresh)
        for i, line in enumerate(lines):
            for j, die in enumerate(line):
                dx = x0 + LABEL_W + 8 + j * (STOCK_DIE + PITCH)
                dy = y + i * (STOCK_DIE + PITCH)
                c.paste(_die(die.colour, die.face, STOCK_DIE, paper), dx, dy)
                if fresh[die]:
                    fresh[die] -= 1
                    _ring(c, dx, dy, STOCK_DIE)
        y += h + PITCH + 6
