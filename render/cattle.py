"""Cattle Baron board, phone first: the last move, the herd by colour, every player's haul.

Drawn 600 px wide for a phone that shows it about 300 px wide: no text is smaller than
``TEXT`` (11 px there) and every die is at least 28 px (14 px there). Every die shows its colour
letter beside its face ("R6"), so no one has to tell red from orange by hue. Dice that moved in
the last move are outlined (and the herd keeps a ghost where one left); score changes get a +/-
badge. The players come in this round's order from the one to act: the acting player's block
right under the herd, then those still to act, then those who already did, each group named.
The picture is drawn straight into a fixed palette from cached sprites (see ``render.flat``);
``warm()`` builds them.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

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
#: the smallest text drawn: 11 px when the picture is shown 300 px wide
TEXT = 22
#: where a phone shows the picture 300 px wide, its first screen: 600 px there
FIRST_SCREEN = 2 * WIDTH
M = 12  # outer margin
DIE = 44  # every die: its letter and face are TEXT px
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
def _die(colour: str, face: int, size: int, paper: Colour) -> Image.Image:
    """A die with its colour letter and face side by side ("R6") at TEXT px. Drawn
    over-sampled on ``paper`` and reduced to the palette once."""
    ss = 3
    hue = HUES[colour]
    big = Image.new("RGB", (size * ss, size * ss), paper)
    d = ImageDraw.Draw(big)
    s = size * ss
    d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.2, fill=_rim(hue))
    d.rounded_rectangle((ss * 2, ss * 2, s - 1 - ss * 2, s - 1 - ss * 3), radius=s * 0.16, fill=hue)
    d.text((s * 0.5, s * 0.47), f"{LETTER[colour]}{face}", font=font(TEXT * ss, True),
           fill=_ink_on(hue), anchor="mm")  # fmt: skip
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
                    _die(colour, face, DIE, paper)
            _ghost(DIE, paper)
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

HEADER_H = 52
STRIP_LINE = TEXT + 6
STRIP_MOST = 3  # lines of the last-move strip
TITLE_H = 40
ROW_GAP = 6
LABEL_W = 116  # at least, for "Stock 51" / "Swiss 5"
PLAYER_TOP = 56  # name row of a player block
SECTION_H = 36  # a group's name above its players
GAP = 8
ROW_SPACE = 12  # between a player's stock and Swiss stock
#: the herd's colour names take this much room before its dice, or more for longer names
HERD_LABEL_LEAST = 100
HERD_LABEL_MOST = 200


def _lines(dice: Sequence[Die], width: int) -> list[list[Die]]:
    per = max(1, (width + PITCH) // (DIE + PITCH))
    return [list(dice[i : i + per]) for i in range(0, len(dice), per)]


def _label_w(state: CattleState) -> int:
    """Room for the stock and Swiss labels ("Stock 51"): LABEL_W, or what the widest needs."""
    f = font(TEXT, True)
    texts = [says.stock_label(total(d)) for d in state.stocks]
    texts += [says.swiss_label(total(d)) for d in state.swiss if d]
    return int(max(LABEL_W, *(length(f, t) + 14 for t in texts)))


def _inner(state: CattleState) -> int:
    """Room for a stock's dice on a line."""
    return WIDTH - 2 * M - _label_w(state) - 16


def _player_h(state: CattleState, seat: int) -> int:
    inner = _inner(state)
    lines = max(1, len(_lines(state.stocks[seat], inner)))
    if state.swiss[seat]:
        lines += len(_lines(state.swiss[seat], inner))
        return PLAYER_TOP + lines * (DIE + PITCH) - PITCH + ROW_SPACE + 12
    return PLAYER_TOP + lines * (DIE + PITCH) - PITCH + 10


def _herd_label_w(state: CattleState) -> int:
    """Room for the herd's colour names, as wide as the longest name in play needs (Polish
    "pomarańczowy"), so no name is cut or squeezed."""
    f = font(TEXT)
    need = max(length(f, colour_words(c)) for c in COLOURS[: state.options.colours]) + 18
    return int(min(HERD_LABEL_MOST, max(HERD_LABEL_LEAST, need)))


def _herd_line(state: CattleState) -> int:
    """Herd dice on one line of a colour's row; a colour with more takes two lines."""
    return (WIDTH - 2 * M - _herd_label_w(state) - 8 + PITCH) // (DIE + PITCH)


def _herd_rows(state: CattleState, change: Change) -> list[tuple[str, list[Die], int, int]]:
    """Each colour's row: its dice in the herd, how many just left it (ghosts) and its lines."""
    per = _herd_line(state)
    rows = []
    for colour in COLOURS[: state.options.colours]:
        dice = [d for d in state.herd if d.colour == colour]
        gone = sum(n for d, n in change.left_herd.items() if d.colour == colour)
        if dice or gone:
            rows.append((colour, dice, gone, -(-(len(dice) + gone) // per)))
    return rows


def _gone_lines(state: CattleState, change: Change) -> list[str]:
    """The colours with no cow left in the herd, named together under the rows."""
    shown = {row[0] for row in _herd_rows(state, change)}
    empty = [c for c in COLOURS[: state.options.colours] if c not in shown]
    return wrap(says.none_left(empty), TEXT, WIDTH - 2 * M - 24) if empty else []


def _herd_h(state: CattleState, change: Change) -> int:
    if state.finished:
        return TITLE_H + len(state.names) * 44 + 10
    rows = _herd_rows(state, change)
    lines = sum(row[3] for row in rows)
    gone = len(_gone_lines(state, change)) * STRIP_LINE
    return TITLE_H + lines * (DIE + PITCH) + len(rows) * (ROW_GAP - PITCH) + gone + 6


def queue(state: CattleState) -> list[tuple[str, list[int]]]:
    """The players' blocks in groups, each with what names it ("" for none): while playing, the
    player to act, those still to act this round, those who acted, those who left; at the end,
    every seat in order."""
    if state.finished:
        return [("", list(range(len(state.names))))]
    groups = [("", [state.order[state.pos]])]
    groups.append((says.still_to_act(), list(state.order[state.pos + 1 :])))
    groups.append((says.acted(), list(state.order[: state.pos])))
    groups.append(("", list(state.out)))
    return [(name, seats) for name, seats in groups if seats]


@dataclass
class Plan:
    """Where everything goes: the strip's lines, the herd's box, each group's name and each
    player's box (top and bottom)."""

    strip: list[str]
    height: int = 0
    herd: tuple[int, int] = (0, 0)
    names: list[tuple[str, int]] = field(default_factory=list)
    players: dict[int, tuple[int, int]] = field(default_factory=dict)


def plan(state: CattleState, told: str, change: Change) -> Plan:
    """Lay the picture out top to bottom."""
    lines = _strip_lines(told)
    out = Plan(lines)
    y = HEADER_H + (len(lines) * STRIP_LINE + 16 if lines else 0) + GAP
    out.herd = (y, y + _herd_h(state, change))
    y = out.herd[1] + GAP
    for name, seats in queue(state):
        if name:
            out.names.append((name, y))
            y += SECTION_H
        for seat in seats:
            out.players[seat] = (y, y + _player_h(state, seat))
            y = out.players[seat][1] + GAP
    out.height = y - GAP + 6
    return out


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
    where = plan(state, says.strip_words(events, state.names), change)
    with _lock:
        c = Canvas(PAL, (WIDTH, where.height), PAPER)
        _header(c, state)
        _strip(c, where.strip)
        box = (M, where.herd[0], WIDTH - M, where.herd[1])
        if state.finished:
            _final(c, state, box)
        else:
            _herd(c, state, change, box)
        for name, y in where.names:
            c.text((M + 4, y + SECTION_H / 2), name, TEXT, bold=True, ink=MUTED, paper=PAPER,
                   anchor="lm")  # fmt: skip
        for s, (top, bottom) in where.players.items():
            _player(c, state, s, (M, top, WIDTH - M, bottom), change, viewer=seat)
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
        name = fit(state.names[state.order[state.pos]], 24, 220, True)
        return says.to_act(state.round, name)
    scores = [state.score(s) for s in range(len(state.names))]
    best = max(scores[s] for s in state.active())
    winners = [state.names[s] for s in state.active() if scores[s] == best]
    if len(winners) == 1:
        return says.winner(fit(winners[0], 24, 220, True), best)
    return says.shared_win(len(winners), best)


def _header(c: Canvas, state: CattleState) -> None:
    """The game's name (when there is room for it) and whose turn it is, or who won."""
    c.rect((0, 0, WIDTH, HEADER_H - 1), WOOD)
    right = status(state)
    size = sized(right, 24, WIDTH - 2 * M, True, TEXT)
    right = shortened(right, size, WIDTH - 2 * M, True)
    used = length(font(size, True), right) + 16
    c.text((WIDTH - M, HEADER_H / 2), right, size, bold=True, ink=CREAM, paper=WOOD, anchor="rm")
    title = says.title()
    title_size = sized(title, 26, WIDTH - 2 * M - used, True, TEXT)
    if length(font(title_size, True), title) <= WIDTH - 2 * M - used:
        c.text((M, HEADER_H / 2), title, title_size, bold=True, ink=CREAM, paper=WOOD,
               anchor="lm")  # fmt: skip


def _strip_lines(told: str) -> list[str]:
    """The last move in lines of TEXT px beside its label (none when no move is told: a
    round's start needs no strip)."""
    if not told:
        return []
    room = WIDTH - 2 * M - length(font(TEXT, True), says.last_label()) - 10
    lines = wrap(told, TEXT, room)
    if len(lines) > STRIP_MOST:
        rest = shortened(" ".join(lines[STRIP_MOST - 1 :]), TEXT, room)
        lines = [*lines[: STRIP_MOST - 1], rest]
    return lines


def _strip(c: Canvas, lines: list[str]) -> None:
    """The last move in words, under the header."""
    if not lines:
        return
    y0 = HEADER_H
    c.rect((0, y0, WIDTH, y0 + len(lines) * STRIP_LINE + 15), STRIP)
    top = y0 + 8 + STRIP_LINE / 2
    w = c.text((M, top), says.last_label(), TEXT, bold=True, ink=WOOD, paper=STRIP, anchor="lm")
    for i, line in enumerate(lines):
        c.text((M + w + 10, top + i * STRIP_LINE), line, TEXT, ink=INK, paper=STRIP, anchor="lm")


def _herd(c: Canvas, state: CattleState, change: Change, box: tuple[int, int, int, int]) -> None:
    x0, y0, _, _ = box
    c.box(box, PASTURE, edge=EDGE, paper=PAPER)
    title = says.herd_title(len(state.herd))
    c.text((x0 + 12, y0 + 8), title, 24, bold=True, ink=WOOD, paper=PASTURE)
    per_line, room = _herd_line(state), _herd_label_w(state)
    y = y0 + TITLE_H
    fresh = Counter(change.new_herd)
    for colour, dice, gone, lines in _herd_rows(state, change):
        mid = y + DIE / 2
        c.text((x0 + 12, mid), colour_words(colour), TEXT, ink=INK, paper=PASTURE, anchor="lm")
        for i in range(len(dice) + gone):
            x = x0 + room + (i % per_line) * (DIE + PITCH)
            top = y + (i // per_line) * (DIE + PITCH)
            if i >= len(dice):
                c.paste(_ghost(DIE, PASTURE), x, top)
                continue
            die = dice[i]
            c.paste(_die(die.colour, die.face, DIE, PASTURE), x, top)
            if fresh[die]:
                fresh[die] -= 1
                _ring(c, x, top, DIE)
        y += lines * (DIE + PITCH) + ROW_GAP - PITCH
    for line in _gone_lines(state, change):
        c.text((x0 + 12, y + STRIP_LINE / 2), line, TEXT, ink=MUTED, paper=PASTURE, anchor="lm")
        y += STRIP_LINE


def _ring(c: Canvas, x: float, y: float, size: int) -> None:
    """Outline a die that moved in the last move."""
    c.outline((x - 3, y - 3, x + size + 2, y + size + 2), HIGHLIGHT, 3)


def _final(c: Canvas, state: CattleState, box: tuple[int, int, int, int]) -> None:
    """Game over: hauls from best to worst with the winner highlighted."""
    x0, y0, x1, _ = box
    c.box(box, PANEL, edge=EDGE, paper=PAPER)
    c.text((x0 + 12, y0 + 8), says.final_title(), 24, bold=True, ink=WOOD, paper=PANEL)
    scores = [state.score(s) for s in range(len(state.names))]
    active = state.active()
    best = max(scores[s] for s in active)
    y = y0 + TITLE_H
    for rank, s in enumerate(sorted(active, key=lambda s: (-scores[s], s))):
        won = scores[s] == best
        paper = HIGHLIGHT if won else PANEL
        if won:
            c.box((x0 + 6, y, x1 - 6, y + 40), HIGHLIGHT, radius=8, paper=PANEL)
        mid = y + 20
        c.text((x0 + 14, mid), f"{rank + 1}.", TEXT, bold=True, ink=INK, paper=paper, anchor="lm")
        swiss = total(state.swiss[s])
        parts = says.haul_parts(total(state.stocks[s]), swiss) if swiss else ""
        parts_w = length(font(TEXT), parts)
        name_w = int(x1 - 80 - parts_w - 12 - (x0 + 52))
        name = fit(state.names[s], TEXT, name_w - (28 if won else 0), True) + (" ★" if won else "")
        c.text((x0 + 52, mid), name, TEXT, bold=won, ink=INK, paper=paper, anchor="lm")
        if parts:
            c.text((x1 - 80, mid), parts, TEXT, ink=MUTED, paper=paper, anchor="rm")
        c.text((x1 - 14, mid), str(scores[s]), 26, bold=True, ink=INK, paper=paper, anchor="rm")
        y += 44


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
    c.box(box, PANEL, edge=HIGHLIGHT if acting else EDGE, width=5 if acting else 2, paper=PAPER)
    _name_row(c, state, seat, (x0, y0, x1), change, viewer)
    y = y0 + PLAYER_TOP
    label_w = _label_w(state)
    inner = _inner(state)
    rows = [(says.stock_label, state.stocks[seat], change.new_stock.get(seat, Counter()))]
    if state.swiss[seat]:
        rows.append((says.swiss_label, state.swiss[seat], change.new_swiss.get(seat, Counter())))
    for label, dice, fresh in rows:
        lines = _lines(dice, inner) or [[]]
        paper = PASTURE if label is says.swiss_label else PANEL
        h = len(lines) * (DIE + PITCH) - PITCH
        if paper == PASTURE:
            c.box((x0 + 6, y - 3, x1 - 6, y + h + 3), PASTURE, radius=8, paper=PANEL)
        mid = y + DIE / 2
        c.text((x0 + 12, mid), label(total(dice)), TEXT, bold=True, ink=WOOD, paper=paper,
               anchor="lm")  # fmt: skip
        if not dice:
            c.text((x0 + label_w + 8, mid), says.empty(), TEXT, ink=MUTED, paper=paper,
                   anchor="lm")  # fmt: skip
        fresh = Counter(fresh)
        for i, line in enumerate(lines):
            for j, die in enumerate(line):
                dx = x0 + label_w + 8 + j * (DIE + PITCH)
                dy = y + i * (DIE + PITCH)
                c.paste(_die(die.colour, die.face, DIE, paper), dx, dy)
                if fresh[die]:
                    fresh[die] -= 1
                    _ring(c, dx, dy, DIE)
        y += h + ROW_SPACE


def _name_row(
    c: Canvas,
    state: CattleState,
    seat: int,
    row: tuple[int, int, int],
    change: Change,
    viewer: int | None,
) -> None:
    """A player's stud, name, what their roll says (THREE!, the roll when the stud changed,
    or that they left), score and its change."""
    x0, y0, x1 = row
    mid = y0 + 28
    x = x0 + 12
    stud = state.studs[seat]
    if stud is not None:
        c.paste(_die(stud.colour, stud.face, DIE, PANEL), x, mid - DIE / 2)
        if change.stud == seat:
            _ring(c, x, mid - DIE / 2, DIE)
        x += DIE + 10
    score = str(state.score(seat))
    score_w = length(font(28, True), score)
    delta = change.delta.get(seat)
    badge = f"{delta:+d}" if delta else ""
    right = x1 - 12 - score_w - (length(font(TEXT, True), badge) + 8 if badge else 0) - 12
    name = fit(state.names[seat], 24, int(right - x), True)
    if seat == viewer:
        you_w = length(font(24, True), says.you(""))
        name = says.you(fit(state.names[seat], 24, int(right - x - you_w), True))
    w = c.text((x, mid), name, 24, bold=True, ink=INK, paper=PANEL, anchor="lm")
    tag, ink = _tag(state, seat)
    if tag and x + w + 10 + length(font(TEXT, ink == RUST), tag) < right:
        c.text((x + w + 10, mid), tag, TEXT, bold=ink == RUST, ink=ink, paper=PANEL, anchor="lm")
    c.text((x1 - 12, mid), score, 28, bold=True, ink=INK, paper=PANEL, anchor="rm")
    if badge:
        ink = GAIN if delta and delta > 0 else RUST
        c.text((x1 - 20 - score_w, mid), badge, TEXT, bold=True, ink=ink, paper=PANEL,
               anchor="rm")  # fmt: skip


def _tag(state: CattleState, seat: int) -> tuple[str, Colour]:
    stud = state.studs[seat]
    if seat in state.out:
        return says.left_game(), MUTED
    if stud is None:
        return "", MUTED
    if state.rolls[seat] == 3 and state.order.index(seat) >= state.pos:
        return says.three(), RUST
    if stud.face != state.rolls[seat]:
        return says.rolled(state.rolls[seat]), MUTED
    return "", MUTED
