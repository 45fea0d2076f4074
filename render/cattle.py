"""Cattle Baron board: the herd by colour, this round's rolls and order, every player's haul.

Every die carries its colour letter as well as its hue, so no one has to tell hues apart; dice
are drawn once per colour, face and size (over-sampled, cached) and only pasted per move.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from games.cattle import COLOURS, LETTERS, CattleState, Die, total
from render.common import HIGHLIGHT, INK, MUTED, PALETTE, PAPER, font, to_png

Colour = tuple[int, int, int]
SS = 4  # over-sampling for the cached dice
WIDTH = 1100
MARGIN = 20
GAP = 16
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
WOOD: Colour = (98, 62, 36)
WOOD_DARK: Colour = (66, 40, 22)
CREAM: Colour = (250, 238, 210)
PANEL: Colour = (243, 232, 208)
PASTURE: Colour = (226, 233, 203)
EDGE: Colour = (150, 110, 70)
RUST: Colour = (178, 52, 34)
IVORY: Colour = (252, 250, 242)

HERD_DIE = 42
HERD_W = 660
ROLL_DIE = 38
STUD_DIE = 52
STOCK_DIE = 34
PITCH = 4  # space between dice


def _ink_on(hue: Colour) -> Colour:
    luma = 0.299 * hue[0] + 0.587 * hue[1] + 0.114 * hue[2]
    return INK if luma > 140 else (255, 255, 255)


@lru_cache(maxsize=512)
def _die(colour: str | None, face: int, size: int) -> Image.Image:
    """A rounded die with its face as a number and its colour letter in the corner."""
    hue = HUES[colour] if colour else IVORY
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    s = size * SS
    edge = tuple(int(c * 0.55) for c in hue)
    d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.2, fill=edge)
    d.rounded_rectangle((SS * 2, SS * 2, s - 1 - SS * 2, s - 1 - SS * 3), radius=s * 0.17, fill=hue)
    ink = _ink_on(hue)
    d.text((s * 0.56, s * 0.56), str(face), font=font(int(s * 0.6), True), fill=ink, anchor="mm")
    if colour:
        d.text((s * 0.1, s * 0.06), LETTER[colour], font=font(int(s * 0.3), True), fill=ink)
    return big.resize((size, size), Image.LANCZOS)


@lru_cache(maxsize=8)
def _background(height: int) -> Image.Image:
    image = Image.new("RGB", (WIDTH, height), PAPER)
    d = ImageDraw.Draw(image)
    d.rectangle((0, 0, WIDTH, 74), fill=WOOD)
    for y in (18, 40, 62):  # plank seams
        d.line((0, y, WIDTH, y), fill=WOOD_DARK, width=1)
    d.rectangle((0, 74, WIDTH, 80), fill=WOOD_DARK)
    d.text((MARGIN, 38), "CATTLE BARON", font=font(36, True), fill=CREAM, anchor="lm")
    return image


def _flow(dice: Sequence[Die], size: int, width: int) -> list[list[Die]]:
    per_line = max(1, (width + PITCH) // (size + PITCH))
    return [list(dice[i : i + per_line]) for i in range(0, len(dice), per_line)] or [[]]


class _Canvas:
    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.d = ImageDraw.Draw(image)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        *,
        bold: bool = False,
        fill: Colour = INK,
        anchor: str = "la",
    ) -> int:
        self.d.text(xy, text, font=font(size, bold), fill=fill, anchor=anchor)
        return int(font(size, bold).getlength(text))

    def die(self, x: int, y: int, colour: str | None, face: int, size: int) -> None:
        tile = _die(colour, face, size)
        self.image.paste(tile, (x, y), tile)

    def row(self, x: int, y: int, dice: Sequence[Die], size: int) -> None:
        for i, die in enumerate(dice):
            self.die(x + i * (size + PITCH), y, die.colour, die.face, size)

    def panel(
        self, box: tuple[int, int, int, int], fill: Colour, edge: Colour = EDGE, width: int = 2
    ) -> None:
        self.d.rounded_rectangle(box, radius=12, fill=fill, outline=edge, width=width)


def draw(
    state: CattleState, *, seat: int | None = None, last: object = None, previous: object = None
) -> bytes:
    """The whole table as PNG; ``seat`` marks the viewer's own panel."""
    colours = COLOURS[: state.options.colours]
    if state.finished:
        top_h = 60 + len(state.names) * 46
    else:
        herd_h = 56 + len(colours) * (HERD_DIE + 6) + 8
        top_h = max(herd_h, 56 + len(state.names) * 46 + 44)
    panels = _player_layout(state)
    height = 80 + GAP + top_h + GAP + sum(h for h in panels[1::2]) + GAP * len(panels[::2]) + 10
    image = _background(height).copy()
    c = _Canvas(image)
    _header(c, state)
    y = 80 + GAP
    if state.finished:
        _final(c, state, (MARGIN, y, WIDTH - MARGIN, y + top_h))
    else:
        _herd(c, state, colours, (MARGIN, y, MARGIN + HERD_W, y + top_h))
        _round(c, state, (MARGIN + HERD_W + GAP, y, WIDTH - MARGIN, y + top_h))
    y += top_h + GAP
    col_w = (WIDTH - 2 * MARGIN - GAP) // 2
    for row, row_h in zip(panels[::2], panels[1::2], strict=True):
        for i, s in enumerate(row):
            x = MARGIN + i * (col_w + GAP)
            _player(c, state, s, (x, y, x + col_w, y + row_h), viewer=seat)
        y += row_h + GAP
    return to_png(image)


def _header(c: _Canvas, state: CattleState) -> None:
    if state.finished:
        status = "Game over"
    else:
        status = f"Round {state.round} · {state.names[state.order[state.pos]][:20]} to act"
    c.text((WIDTH - MARGIN, 38), status, 26, bold=True, fill=CREAM, anchor="rm")


def _herd(c: _Canvas, state: CattleState, colours: Sequence[str], box: tuple[int, ...]) -> None:
    x0, y0, x1, y1 = box
    c.panel((x0, y0, x1, y1), PASTURE)
    c.text((x0 + 16, y0 + 14), f"THE HERD · {len(state.herd)} dice", 22, bold=True, fill=WOOD)
    per_colour = state.options.dice_per_colour
    size = min(HERD_DIE, (x1 - x0 - 112 - 40) // per_colour - PITCH)
    y = y0 + 52
    for colour in colours:
        dice = [d for d in state.herd if d.colour == colour]
        mid = y + HERD_DIE // 2
        c.text((x0 + 16, mid), colour, 20, bold=True, fill=INK, anchor="lm")
        x = x0 + 112
        if dice:
            c.row(x, mid - size // 2, dice, size)
            c.text((x1 - 14, mid), f"{len(dice)}", 18, fill=MUTED, anchor="rm")
        else:
            c.text((x, mid), "none left", 18, fill=MUTED, anchor="lm")
        y += HERD_DIE + 6


def _round(c: _Canvas, state: CattleState, box: tuple[int, ...]) -> None:
    """This round's rolls in acting order: done ticked and greyed, the actor highlighted."""
    x0, y0, x1, y1 = box
    c.panel((x0, y0, x1, y1), PANEL)
    c.text((x0 + 16, y0 + 14), f"ROUND {state.round}", 22, bold=True, fill=WOOD)
    c.text((x1 - 16, y0 + 18), "low roll first", 16, fill=MUTED, anchor="ra")
    y = y0 + 54
    for i, s in enumerate(state.order):
        done, now = i < state.pos, i == state.pos
        mid = y + ROLL_DIE // 2
        if now:
            c.d.rounded_rectangle(
                (x0 + 6, y - 4, x1 - 6, y + ROLL_DIE + 4), radius=8, fill=HIGHLIGHT
            )
        mark = "✓" if done else f"{i + 1}."
        c.text((x0 + 16, mid), mark, 20, bold=True, fill=MUTED, anchor="lm")
        c.die(x0 + 48, y, None, state.rolls[s], ROLL_DIE)
        c.text(
            (x0 + 98, mid),
            state.names[s][:14],
            22,
            bold=now,
            fill=MUTED if done else INK,
            anchor="lm",
        )
        if state.rolls[s] == 3:
            c.text((x1 - 16, mid), "THREE!", 18, bold=True, fill=RUST, anchor="rm")
        y += 46
    c.text((x0 + 16, y1 - 22), "equal rolls: younger player first", 16, fill=MUTED, anchor="lm")


def _final(c: _Canvas, state: CattleState, box: tuple[int, ...]) -> None:
    """Game over: hauls from best to worst with each player's last stud roll."""
    x0, y0, x1, y1 = box
    c.panel((x0, y0, x1, y1), PANEL)
    c.text((x0 + 16, y0 + 14), "THE HERD IS EMPTY · FINAL HAULS", 22, bold=True, fill=WOOD)
    scores = [state.score(s) for s in range(len(state.names))]
    best = max(scores)
    y = y0 + 56
    for rank, s in enumerate(sorted(range(len(scores)), key=lambda s: (-scores[s], s))):
        mid = y + 18
        won = scores[s] == best
        if won:
            c.d.rounded_rectangle((x0 + 6, y - 2, x1 - 6, y + 38), radius=8, fill=HIGHLIGHT)
        c.text((x0 + 20, mid), f"{rank + 1}.", 20, bold=True, fill=MUTED, anchor="lm")
        name = state.names[s][:24] + ("  ★ winner" if won else "")
        c.text((x0 + 64, mid), name, 22, bold=won, anchor="lm")
        final = state.final_rolls[s] if s < len(state.final_rolls) else None
        note = "rolled 6: stud kept" if final is None else f"last stud roll {final}"
        stock, swiss = total(state.stocks[s]), total(state.swiss[s])
        c.text(
            (x0 + 500, mid), f"{note} · stock {stock} + Swiss {swiss}", 17, fill=MUTED, anchor="lm"
        )
        c.text((x1 - 20, mid), str(scores[s]), 26, bold=True, anchor="rm")
        y += 46


INNER = (WIDTH - 2 * MARGIN - GAP) // 2 - 32 - 86  # room for dice beside a label


def _player_layout(state: CattleState) -> list:
    """Seats in rows of two with each row's height: [row, height, row, height, ...]."""
    out: list = []
    seats = list(range(len(state.names)))
    for i in range(0, len(seats), 2):
        row = seats[i : i + 2]
        out += [row, max(_player_height(state, s) for s in row)]
    return out


def _player_height(state: CattleState, seat: int) -> int:
    lines = len(_flow(state.stocks[seat], STOCK_DIE, INNER)) + len(
        _flow(state.swiss[seat], STOCK_DIE, INNER)
    )
    return 16 + STUD_DIE + 14 + lines * (STOCK_DIE + PITCH) + 14 + 10


def _player(
    c: _Canvas, state: CattleState, seat: int, box: tuple[int, ...], viewer: int | None
) -> None:
    x0, y0, x1, y1 = box
    acting = not state.finished and state.order[state.pos] == seat
    outcome_best = max(state.score(s) for s in range(len(state.names)))
    won = state.finished and state.score(seat) == outcome_best
    edge, width = (HIGHLIGHT, 6) if acting or won else (EDGE, 2)
    c.panel((x0, y0, x1, y1), PANEL, edge, width)
    stud = state.studs[seat]
    y = y0 + 14
    if stud is not None:
        c.die(x0 + 16, y, stud.colour, stud.face, STUD_DIE)
    else:
        box = (x0 + 16, y, x0 + 16 + STUD_DIE, y + STUD_DIE)
        c.d.ellipse(box, fill=HIGHLIGHT if won else PASTURE, outline=EDGE, width=2)
        rank = 1 + sum(state.score(s) > state.score(seat) for s in range(len(state.names)))
        c.text((box[0] + STUD_DIE // 2, y + STUD_DIE // 2), f"#{rank}", 20, bold=True, anchor="mm")
    name = state.names[seat][:18] + (" (you)" if seat == viewer else "")
    c.text((x0 + 84, y + 2), name, 24, bold=True)
    if stud is not None:
        sub = f"brand {stud.colour} · rolled {state.rolls[seat]}"
        if acting:
            sub += " · to act"
    else:
        sub = "★ winner" if won else "final haul"
    c.text((x0 + 84, y + 34), sub, 17, fill=MUTED)
    c.text((x1 - 16, y + 4), str(state.score(seat)), 34, bold=True, anchor="ra")
    c.text((x1 - 16, y + 42), "total", 14, fill=MUTED, anchor="ra")
    y += STUD_DIE + 12
    for label, dice, fill in (
        ("Stock", state.stocks[seat], None),
        ("Swiss", state.swiss[seat], PASTURE),
    ):
        lines = _flow(dice, STOCK_DIE, INNER)
        h = len(lines) * (STOCK_DIE + PITCH) - PITCH
        if fill:
            c.d.rounded_rectangle((x0 + 10, y - 4, x1 - 10, y + h + 4), radius=8, fill=fill)
        c.text((x0 + 18, y + 2), label, 17, bold=True, fill=WOOD)
        c.text((x0 + 18, y + 21), str(total(dice)), 15, fill=MUTED)
        if not dice:
            c.text((x0 + 96, y + STOCK_DIE // 2), "empty", 16, fill=MUTED, anchor="lm")
        for i, line in enumerate(lines):
            c.row(x0 + 96, y + i * (STOCK_DIE + PITCH), line, STOCK_DIE)
        y += h + PITCH + 10
