"""High Rollin' table: four dice towers on a wooden table, the piles, scores and this turn.

Dice are cached sprites (colour, face, size, tilt), drawn over-sampled once; a move only pastes
them. Every die carries its face as a number and its colour as a letter (R, B, G, Y), so hue is
never the only cue. Tall towers lean more the likelier they are to topple; fallen dice lie
tumbled beside the tower they came from.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.highrollin.model import (
    GAME_SCORE,
    LETTERS,
    TOWERS,
    HighRollinState,
    Place,
    deal,
    fits,
    percent,
    topple_chance,
)
from render.common import HIGHLIGHT, INK, MUTED, PALETTE, PAPER, font, to_png

Colour = tuple[int, int, int]
W, H = 1100, 770
SS = 3  # over-sampling of the die sprites
DIE_FILL: tuple[Colour, ...] = (
    PALETTE["vermillion"],
    PALETTE["blue"],
    PALETTE["green"],
    PALETTE["yellow"],
)
DIE_INK: tuple[Colour, ...] = ((255, 255, 255), (255, 255, 255), (255, 255, 255), INK)
BROWN: Colour = (92, 56, 30)
WOOD: Colour = (168, 116, 70)
WOOD_DARK: Colour = (132, 86, 48)
CARD: Colour = (255, 251, 240)
SHADOW = (40, 24, 12, 90)

TABLE = (16, 72, 736, 548)
SIDE = (752, 72, 1084, 548)
TURN = (16, 560, 1084, 754)
BASE_Y = 468  # bottom edge of the tower bases
TOWER_X = tuple(TABLE[0] + 90 + i * 180 for i in range(TOWERS))
STACK_ROOM = BASE_Y - TABLE[1] - 18
FULL_DIE = 56


def _darker(c: Colour, k: float = 0.72) -> Colour:
    return (int(c[0] * k), int(c[1] * k), int(c[2] * k))


@lru_cache(maxsize=512)
def die_sprite(colour: int, face: int, size: int, tilt: int = 0) -> Image.Image:
    """A die seen from the front: the face as a number, the colour as a corner letter."""
    big = size * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill = DIE_FILL[colour]
    r = big * 0.2
    d.rounded_rectangle((0, 0, big - 1, big - 1), radius=r, fill=_darker(fill, 0.62))
    inset = max(SS, big // 16)
    d.rounded_rectangle(
        (inset // 2, inset // 2, big - 1 - inset, big - 1 - inset), radius=r * 0.85, fill=fill
    )
    ink = DIE_INK[colour]
    if size >= 18:
        f = font(int(big * 0.58), True)
        d.text((big * 0.54, big * 0.55), str(face), font=f, fill=ink, anchor="mm")
        lf = font(max(8 * SS, int(big * 0.22)), True)
        d.text((big * 0.1, big * 0.07), LETTERS[colour], font=lf, fill=ink, anchor="la")
    else:
        f = font(int(big * 0.72), True)
        d.text((big * 0.5, big * 0.52), str(face), font=f, fill=ink, anchor="mm")
    out = img.resize((size, size), Image.Resampling.LANCZOS)
    if tilt:
        out = out.rotate(tilt, resample=Image.Resampling.BICUBIC, expand=True)
    return out


@lru_cache(maxsize=8)
def _background(players: int) -> Image.Image:
    img = Image.new("RGB", (W, H), PAPER)
    d = ImageDraw.Draw(img)
    d.text((24, 16), "High Rollin'", font=font(34, True), fill=BROWN)
    d.text((290, 30), f"first past {GAME_SCORE} wins", font=font(18), fill=MUTED)
    # the wooden table with planks
    x0, y0, x1, y1 = TABLE
    d.rounded_rectangle(TABLE, radius=14, fill=WOOD, outline=BROWN, width=3)
    grain = random.Random(7)
    for y in range(y0 + 40, y1 - 10, 46):
        d.line((x0 + 6, y, x1 - 6, y), fill=WOOD_DARK, width=2)
        for _ in range(5):
            gx = grain.randint(x0 + 20, x1 - 120)
            d.line((gx, y + 20, gx + grain.randint(40, 110), y + 20), fill=(156, 106, 62), width=1)
    for x in TOWER_X:
        d.ellipse((x - 48, BASE_Y - 8, x + 48, BASE_Y + 10), fill=WOOD_DARK)
    for i, x in enumerate(TOWER_X):
        d.rounded_rectangle(
            (x - 54, BASE_Y + 16, x + 54, BASE_Y + 48), radius=8, fill=CARD, outline=BROWN, width=2
        )
        d.text((x, BASE_Y + 32), f"Tower {i + 1}", font=font(19, True), fill=BROWN, anchor="mm")
    for box, title in ((SIDE, "Players"), (TURN, "")):
        d.rounded_rectangle(box, radius=14, fill=CARD, outline=BROWN, width=3)
        if title:
            d.text((box[0] + 18, box[1] + 10), title, font=font(22, True), fill=BROWN)
    return img


def _tower_layout(height: int, tallest: int, lean_left: bool) -> list[tuple[float, float, int]]:
    """(x offset, y of top edge, tilt) of each die, bottom first; taller towers lean more."""
    size = _stack_die(tallest)
    lean = min(56.0, 220 * topple_chance(height)) if height >= 3 else 0.0
    sign = -1 if lean_left else 1
    out = []
    for i in range(height):
        t = i / max(1, height - 1)
        dx = sign * lean * t**1.7
        slope = sign * lean * 1.7 * t**0.7 / max(1, (height - 1) * (size + 2))
        tilt = -round(math.degrees(math.atan(slope))) if lean else 0
        out.append((dx, BASE_Y - (i + 1) * (size + 2), tilt))
    return out


def _stack_die(tallest: int) -> int:
    return max(12, min(FULL_DIE, STACK_ROOM // max(1, tallest) - 2))


def _paste(img: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    img.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)


def _draw_towers(img: Image.Image, state: HighRollinState, last: Any) -> None:
    d = ImageDraw.Draw(img, "RGBA")
    tallest = max(len(t) for t in state.towers)
    size = _stack_die(tallest)
    wobbly = state.options.towers == "wobbly"
    for i, tower in enumerate(state.towers):
        x = TOWER_X[i]
        layout = _tower_layout(len(tower), tallest, lean_left=i % 2 == 1)
        for die, (dx, top, tilt) in zip(tower, layout, strict=True):
            _paste(img, die_sprite(die.colour, die.face, size, tilt), x + dx, top + size / 2)
        if isinstance(last, Place) and last.tower == i and state.fall is None and len(tower) > 1:
            dx, top, _ = layout[-1]
            d.rounded_rectangle(
                (x + dx - size / 2 - 4, top - 4, x + dx + size / 2 + 4, top + size + 4),
                radius=8,
                outline=HIGHLIGHT,
                width=4,
            )
        info = f"{len(tower)} high"
        if wobbly and topple_chance(len(tower) + 1):
            info += f" · next {percent(topple_chance(len(tower) + 1))}"
        d.text((x, BASE_Y + 62), info, font=font(15, True), fill=CARD, anchor="mm")
    fall = state.fall
    if fall is not None:
        _draw_fall(img, state, size)


def _draw_fall(img: Image.Image, state: HighRollinState, size: int) -> None:
    """Fallen dice tumbled at the foot of their tower, on both sides, and a word for what."""
    fall = state.fall
    assert fall is not None
    d = ImageDraw.Draw(img, "RGBA")
    x = TOWER_X[fall.tower]
    scatter = random.Random(fall.tower * 1000 + sum(f.face * 7 + f.colour for f in fall.dice))
    small = 30
    for n, die in enumerate(fall.dice):
        side = -1 if n % 2 else 1
        slot = (n // 2) % 3
        row = n // 6
        fx = x + side * (46 + slot * 32) + scatter.randint(-3, 3)
        fy = BASE_Y - 16 - row * 28 + scatter.randint(-4, 4)
        tilt = scatter.choice((-38, -24, 18, 30, 42))
        _paste(img, die_sprite(die.colour, die.face, small, tilt), fx, fy)
    word = {"topple": "toppled", "knock": "knocked over", "drop": "slipped"}[fall.kind]
    word += f": {len(fall.dice)} fell"
    height = len(state.towers[fall.tower])
    label_y = max(TABLE[1] + 22, BASE_Y - height * (size + 2) - 24)
    label_y = min(label_y, BASE_Y - 30 - ((len(fall.dice) - 1) // 6 + 1) * 28)
    f = font(17, True)
    w = f.getlength(word)
    d.rounded_rectangle(
        (x - w / 2 - 8, label_y - 14, x + w / 2 + 8, label_y + 14),
        radius=8,
        fill=(*HIGHLIGHT, 240),
        outline=BROWN,
        width=2,
    )
    d.text((x, label_y), word, font=f, fill=INK, anchor="mm")


def _draw_players(img: Image.Image, state: HighRollinState) -> None:
    d = ImageDraw.Draw(img, "RGBA")
    n = len(state.names)
    x0, y0, x1, y1 = SIDE
    top = y0 + 46
    row = min(108, (y1 - 10 - top) // n)
    acting = None if state.winners else state.turn
    for seat, name in enumerate(state.names):
        y = top + seat * row
        if seat == acting:
            d.rounded_rectangle(
                (x0 + 8, y - 2, x1 - 8, y + row - 8), radius=10, fill=(*HIGHLIGHT, 110)
            )
            d.polygon([(x0 + 14, y + 8), (x0 + 26, y + 17), (x0 + 14, y + 26)], fill=BROWN)
        won = seat in state.winners
        label = _fit(("★ " if won else "") + name, 22, x1 - x0 - 130)
        d.text((x0 + 32, y + 4), label, font=font(22, True), fill=INK)
        d.text(
            (x1 - 20, y + 2), str(state.scores[seat]), font=font(30, True), fill=BROWN, anchor="ra"
        )
        pile = state.piles[seat]
        px = x0 + 32
        for c in range(4):
            sprite = _pile_die(c)
            img.paste(sprite, (px, y + 40), sprite)
            d.text(
                (px + 30, y + 53),
                f"×{pile[c]}",
                font=font(18, True),
                fill=INK if pile[c] else MUTED,
                anchor="lm",
            )
            px += 66
        held = sum(pile)
        note = f"{held} {'die' if held == 1 else 'dice'} in pile"
        if state.options.match:
            wins = state.wins[seat]
            note += f" · {wins} {'game' if wins == 1 else 'games'} won"
        d.text((x0 + 32, y + 72), note, font=font(14), fill=MUTED)


@lru_cache(maxsize=4)
def _pile_die(colour: int) -> Image.Image:
    """A blank die with just its colour letter, for pile counts."""
    size = 26
    big = size * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill = DIE_FILL[colour]
    d.rounded_rectangle((0, 0, big - 1, big - 1), radius=big * 0.2, fill=_darker(fill, 0.62))
    d.rounded_rectangle((2, 2, big - 5, big - 5), radius=big * 0.18, fill=fill)
    d.text(
        (big / 2, big / 2),
        LETTERS[colour],
        font=font(int(big * 0.6), True),
        fill=DIE_INK[colour],
        anchor="mm",
    )
    return img.resize((size, size), Image.Resampling.LANCZOS)


def _fit(text: str, size: int, width: int, bold: bool = True) -> str:
    f = font(size, bold)
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _draw_turn(img: Image.Image, state: HighRollinState) -> None:
    d = ImageDraw.Draw(img, "RGBA")
    x0, y0 = TURN[0], TURN[1]
    name = state.names[state.turn]
    if state.winners:
        names = " and ".join(state.names[s] for s in state.winners)
        what = "the match" if state.options.match else "the game"
        d.text(
            (x0 + 22, y0 + 16),
            f"{names} win{'' if len(state.winners) > 1 else 's'} {what}!",
            font=font(30, True),
            fill=BROWN,
        )
        table = "   ".join(f"{n} {s}" for n, s in zip(state.names, state.scores, strict=True))
        first = "Last game:  " if state.options.match else "Final scores:  "
        d.text((x0 + 22, y0 + 64), first + table, font=font(22), fill=INK)
        if state.options.match:
            wins = "   ".join(
                f"{n} {w}" + (f" (best {b})" if w else "")
                for n, w, b in zip(state.names, state.wins, state.best, strict=True)
            )
            d.text((x0 + 22, y0 + 100), "Games won:  " + wins, font=font(22), fill=INK)
        return
    phase = state.phase
    title = {
        "roll": f"{name} to choose dice and roll",
        "place": f"{name} must stack",
        "decide": f"{name}: roll again or stop",
        "lift": f"{name} takes a penalty",
    }[phase]
    d.text((x0 + 22, y0 + 12), _fit(title, 26, 640), font=font(26, True), fill=BROWN)
    if phase == "roll":
        pile = state.piles[state.turn]
        size = min(5, sum(pile))
        lines = [
            f"Roll {size} dice from the pile, any colours"
            + (" (all that are left)." if size < 5 else ": e.g. roll red red blue green green."),
            "If none of them fits, the penalty comes off the tallest tower.",
        ]
        fresh = all(len(t) == 1 for t in state.towers) and state.piles == deal(len(state.names))
        if fresh and state.rolloff:
            last = state.rolloff[-1]
            shown = ", ".join(f"{state.names[s]} {f}" for s, f in enumerate(last) if f is not None)
            lines.append(f"Roll-off: {shown}; lowest starts.")
        for i, line in enumerate(lines):
            d.text((x0 + 22, y0 + 58 + i * 34), line, font=font(22), fill=INK)
        return
    started = f"began with {state.began} · stacked {state.began - len(state.hand)}"
    d.text((x0 + 22, y0 + 44), started, font=font(16), fill=MUTED)
    size = 62
    for i, die in enumerate(state.hand):
        cx = x0 + 80 + i * 150
        d.text((cx, y0 + 74), str(i + 1), font=font(16, True), fill=MUTED, anchor="mm")
        _paste(img, die_sprite(die.colour, die.face, size), cx, y0 + 116)
        where = [t + 1 for t, tower in enumerate(state.towers) if fits(die, tower[-1])]
        if where:
            text = ("tower " if len(where) == 1 else "towers ") + ", ".join(map(str, where))
        else:
            text = "no fit"
        d.text((cx, y0 + 158), text, font=font(17, True), fill=INK if where else MUTED, anchor="mm")
    hint_x = x0 + 80 + 5 * 150 - 40
    if phase == "lift":
        tied = state.tallest()
        k = min(state.penalty or 0, len(state.towers[tied[0]]) - 1)
        towers = ", ".join(str(t + 1) for t in tied[:-1]) + f" or {tied[-1] + 1}"
        many = "die" if k == 1 else "dice"
        hint = [f"Penalty {state.penalty}: lift {k} {many}", f"off tower {towers}"]
    elif phase == "decide":
        hint = ["None of these fit:", "roll them again or stop"]
    else:
        hint = ["Stacking is compulsory", "while any die fits"]
    for i, line in enumerate(hint):
        d.text((hint_x, y0 + 88 + i * 30), line, font=font(19, i == 0), fill=INK)


def draw(
    state: HighRollinState, *, seat: int | None = None, last: Any = None, previous: object = None
) -> bytes:
    """The table as a PNG: towers, players' piles and scores, and the dice of this turn."""
    img = _background(len(state.names)).copy()
    d = ImageDraw.Draw(img)
    right = f"Round {state.round}"
    if state.options.match:
        right = f"Match game {state.game} of 3 · " + right
    if state.options.towers == "steady":
        right += " · steady towers"
    d.text((W - 24, 22), right, font=font(24, True), fill=BROWN, anchor="ra")
    _draw_towers(img, state, last)
    _draw_players(img, state)
    _draw_turn(img, state)
    # a 256-colour palette keeps the file about a third of the size, with no visible banding
    return to_png(img)
