"""Horseplay Rustling's text around the board: header, last-move strip, legend, the colour
panels and the line on what points are for. Every text is at least ``SMALL`` px."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.horseplay import COLOURS, QUIET_ROUNDS, HorseplayState
from games.horseplay.board import colour_of, is_crown
from render.common import HIGHLIGHT, INK, MUTED, bbox, font, text_width
from render.horseplay import layers
from render.horseplay.layout import (
    BARN,
    CAPTION,
    HEADER,
    LEGEND_ROW,
    PANEL,
    PANEL_EDGE,
    PANEL_GAP,
    PANEL_H,
    PIECE,
    SMALL,
    STRAW,
    STRIP,
    TITLE,
    WIDTH,
)
from render.horseplay.story import Story

POINTS_LINE = f"Points decide only after {QUIET_ROUNDS} rounds with no capture"


@lru_cache(maxsize=1024)
def _label(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """A text's anti-aliased mask and its offset from the anchor point, drawn once."""
    face = font(size, bold)
    left, top, right, bottom = bbox(face, text, anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


def write(
    img: Image.Image,
    at: tuple[float, float],
    text: str,
    size: int = SMALL,
    *,
    bold: bool = False,
    fill: tuple[int, int, int] = INK,
    anchor: str = "la",
) -> None:
    """Draw a text through the mask cache: names, the legend and the panels repeat from one
    picture to the next, so each is rasterised once."""
    mask, dx, dy = _label(text, size, bold, anchor)
    x, y = round(at[0]) + dx, round(at[1]) + dy
    img.paste(fill, (x, y, x + mask.width, y + mask.height), mask)


def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    if text_width(text, size, bold) <= width:
        return text
    while text_width(text + "…", size, bold) > width and len(text) > 1:
        text = text[:-1]
    return text.rstrip() + "…"


def header(img: Image.Image, state: HorseplayState, seat: int | None) -> None:
    title = "Horseplay Rustling"
    write(img, (22, 12), title, 30, bold=True, fill=TITLE)
    quiet = max(0, state.round - 1 - state.last_capture_round)
    info = f"{state.size}×{state.size} · round {state.round}"
    if quiet:
        info += f" · {quiet}/{QUIET_ROUNDS} quiet"
    write(img, (22, 54), info, SMALL, fill=MUTED)
    right = WIDTH - 22
    room = right - (22 + text_width(title, 30, True) + 30)
    if state.finished:
        names = " & ".join(state.names[s] for s in state.winners)
        write(
            img,
            (right, 12),
            fit(f"{names} won", 28, room, True),
            28,
            bold=True,
            fill=INK,
            anchor="ra",
        )
        write(img, (right, 54), fit(state.reason, SMALL, room), SMALL, fill=MUTED, anchor="ra")
        return
    colour = state.to_move
    who = state.names[state.seat(colour)]
    if seat is not None and seat == state.seat(colour):
        who += " (you)"
    name = fit(who, 26, room - 60, True)
    line = f"{COLOURS[colour].title()} to move"
    x = right - max(text_width(name, 26, True), text_width(line, SMALL))
    chip = layers.sprite(colour, False, 50)
    img.paste(chip, (x - 60, 18), chip)
    write(img, (x, 14), name, 26, bold=True, fill=INK)
    write(img, (x, 52), line, SMALL, fill=MUTED)


def strip(img: Image.Image, told: Story) -> None:
    """The last move in one line, on a band under the header."""
    d = ImageDraw.Draw(img)
    top = HEADER
    d.rounded_rectangle((14, top, WIDTH - 14, top + STRIP - 8), radius=10, fill=PANEL)
    x = 26
    if told.mover is not None:
        chip = layers.sprite(told.mover, False, 30)
        img.paste(chip, (x, top + 6), chip)
        x += 40
    text = fit(told.text, SMALL, WIDTH - 28 - x)
    write(img, (x, top + (STRIP - 8) / 2), text, SMALL, fill=INK, anchor="lm")


def legend_items(
    state: HorseplayState, *, danger: bool, huff: bool, ghosts: bool, out: bool = False
) -> list[tuple[str, str]]:
    """(icon, text) for each mark the picture shows now; the Stables first, always. ``out``:
    a colour is out, so its Stable is drawn as nobody's."""
    items = [("stable", "Stable: end here, take all")]
    corners = len(state.colours) < 4
    if corners or out or not state.options.centre_win:
        items.append(("star", "nobody's: a plain square"))
    if state.options.centre_win:
        items.append(("crown", "centre: a crown here wins"))
    if danger:
        items.append(("warning", "an enemy can take it next"))
    if huff:
        items.append(("huff", "huffed unless you capture"))
    if ghosts:
        items.append(("ghost", "gone in the last move"))
    if state.options.miss_a_turn and state.size == 11:
        items.append(("pause", "Miss a Turn square"))
    return items


def legend_height(count: int) -> int:
    return LEGEND_ROW * ((count + 1) // 2) + 8


def legend(
    img: Image.Image, top: int, items: list[tuple[str, str]], colour: int, faded: int
) -> None:
    """Two columns of icon and text; ``colour`` tints the Stable icon, ``faded`` the ghost."""
    d = ImageDraw.Draw(img)
    column = (WIDTH - 40) // 2
    for i, (icon, text) in enumerate(items):
        x = 20 + (i % 2) * column
        y = top + 4 + (i // 2) * LEGEND_ROW
        mid = y + LEGEND_ROW / 2
        _icon(img, d, icon, (x + 15, mid), faded if icon == "ghost" else colour)
        write(img, (x + 38, mid), fit(text, SMALL, column - 44), SMALL, fill=INK, anchor="lm")


def _icon(
    img: Image.Image, d: ImageDraw.ImageDraw, icon: str, at: tuple[float, float], colour: int
) -> None:
    x, y = at
    if icon == "stable":
        d.rectangle((x - 14, y - 14, x + 14, y + 14), fill=STRAW, outline=PIECE[colour], width=4)
        d.line((x - 9, y - 1, x, y - 9, x + 9, y - 1), fill=BARN, width=3)
    elif icon == "star":
        d.rectangle((x - 14, y - 14, x + 14, y + 14), fill=STRAW)
        write(img, (x, y), "★", SMALL + 2, fill=BARN, anchor="mm")
    elif icon == "crown":
        d.rectangle((x - 14, y - 14, x + 14, y + 14), fill=STRAW)
        layers.crown_mark(d, (x, y), 22)
    elif icon == "pause":
        layers.pause(d, (x, y), 26)
    else:
        pic = {
            "warning": lambda: layers.warning(30),
            "huff": lambda: layers.huff_badge(30),
            "ghost": lambda: layers.sprite(colour, False, 30, True),
        }[icon]()
        img.paste(pic, (int(x - 15), int(y - 15)), pic)


def panels_height(state: HorseplayState) -> int:
    rows = (len(state.colours) + 1) // 2
    return rows * (PANEL_H + PANEL_GAP) + CAPTION


def panels(img: Image.Image, top: int, state: HorseplayState, seat: int | None) -> None:
    """A panel per colour: who, pieces on the board, and the points (a tie-break, so small)."""
    d = ImageDraw.Draw(img)
    width = (WIDTH - 28 - PANEL_GAP) // 2
    live = set(state.live())
    for i, c in enumerate(state.colours):
        x = 14 + (i % 2) * (width + PANEL_GAP)
        y = top + (i // 2) * (PANEL_H + PANEL_GAP)
        active = not state.finished and c == state.to_move
        d.rounded_rectangle(
            (x, y, x + width, y + PANEL_H),
            radius=12,
            fill=PANEL,
            outline=HIGHLIGHT if active else PANEL_EDGE,
            width=5 if active else 2,
        )
        chip = layers.sprite(c, False, 44)
        img.paste(chip, (x + 12, y + 13), chip)
        if c not in live:
            d.line((x + 8, y + PANEL_H / 2, x + 62, y + PANEL_H / 2), fill=INK, width=5)
        points = f"{state.scores[c]} pts"
        write(img, (x + width - 12, y + 10), points, SMALL, fill=MUTED, anchor="ra")
        name = state.names[state.seat(c)]
        if seat is not None and seat == state.seat(c):
            name += " (you)"
        room = width - 66 - 16 - text_width(points, SMALL)
        write(img, (x + 66, y + 8), fit(name, 24, room, True), 24, bold=True, fill=INK)
        mine = [p for p in state.board if p and colour_of(p) == c]
        crowns = sum(1 for p in mine if is_crown(p))
        note = f"{len(mine)} on board" + (f" · {crowns} crowned" if crowns else "")
        if c not in live:
            note = "out"
        elif c in state.missing:
            note = "misses next turn"
        write(img, (x + 66, y + 38), fit(note, SMALL, width - 78), SMALL, fill=MUTED)
    bottom = top + panels_height(state) - CAPTION
    write(
        img,
        (WIDTH / 2, bottom + CAPTION / 2 - 2),
        fit(POINTS_LINE, SMALL, WIDTH - 30),
        SMALL,
        fill=MUTED,
        anchor="mm",
    )
