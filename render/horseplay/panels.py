"""Horseplay Rustling's text around the board: header, last-move strip, legend, the colour
panels and the line on what points are for. Every text is at least ``SMALL`` px."""

from __future__ import annotations

from typing import Protocol

from PIL import Image

from games.horseplay import COLOURS, QUIET_ROUNDS, RULES, HorseplayState
from games.horseplay import talk_picture as words
from games.horseplay.board import colour_of, is_crown
from render.common import HIGHLIGHT, INK, MUTED, text_width
from render.horseplay import layers, marks
from render.horseplay.layout import (
    BARN,
    CAPTION,
    HEADER,
    LEGEND_ROW,
    PANEL,
    PANEL_EDGE,
    PANEL_GAP,
    PANEL_H,
    SMALL,
    STRIP,
    TITLE,
    WIDTH,
)
from render.horseplay.story import Story


class Canvas(Protocol):
    """Where a picture is put together: a full-colour ``Image`` or ``render.layers.Layers``."""

    def paste(self, piece: Image.Image, box: tuple[int, int], mask: Image.Image | None = ...): ...


def put(img: Canvas, piece: Image.Image, at: tuple[int, int]) -> None:
    """A piece pasted with its own alpha."""
    img.paste(piece, at, piece)


def write(
    img: Canvas,
    at: tuple[float, float],
    text: str,
    size: int = SMALL,
    *,
    bold: bool = False,
    fill: tuple[int, int, int] = INK,
    anchor: str = "la",
) -> None:
    """A text through the piece cache: names, the legend and the panels repeat from one
    picture to the next, so each is rasterised once."""
    piece, dx, dy = marks.text(text, size, bold, anchor, fill)
    put(img, piece, (round(at[0]) + dx, round(at[1]) + dy))


def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text`` as it fits in ``width`` px: whole words dropped from its end, with "…" (a
    single word too long for the room, such as a long name, is cut with "…")."""
    if text_width(text, size, bold) <= width:
        return text
    spoken = text.split(" ")
    while len(spoken) > 1:
        spoken.pop()
        shorter = " ".join(spoken).rstrip(" ·,;:") + "…"
        if text_width(shorter, size, bold) <= width:
            return shorter
    while text_width(text + "…", size, bold) > width and len(text) > 1:
        text = text[:-1]
    return text.rstrip() + "…"


def header(img: Canvas, state: HorseplayState, seat: int | None) -> None:
    title = words.title()
    write(img, (22, 12), title, 30, bold=True, fill=TITLE)
    quiet = max(0, state.round - 1 - state.last_capture_round)
    info = words.board_line(state.size, state.round, quiet, QUIET_ROUNDS)
    write(img, (22, 54), info, SMALL, fill=MUTED)
    right = WIDTH - 22
    room = right - (22 + text_width(title, 30, True) + 30)
    if state.finished:
        names = [state.names[s] for s in state.winners]
        won = fit(words.won(names), 28, room, True)
        write(img, (right, 12), won, 28, bold=True, fill=INK, anchor="ra")
        outcome = RULES.outcome(state)
        why = RULES.narrator.outcome(outcome, state.names) if outcome else ""
        write(img, (right, 54), fit(why, SMALL, room), SMALL, fill=MUTED, anchor="ra")
        return
    colour = state.to_move
    who = state.names[state.seat(colour)]
    if seat is not None and seat == state.seat(colour):
        who = words.you(who)
    name = fit(who, 26, room - 60, True)
    line = fit(words.to_move(COLOURS[colour]), SMALL, room - 60)
    x = right - max(text_width(name, 26, True), text_width(line, SMALL))
    put(img, layers.sprite(colour, False, 50), (x - 60, 18))
    write(img, (x, 14), name, 26, bold=True, fill=INK)
    write(img, (x, 52), line, SMALL, fill=MUTED)


def strip(img: Canvas, told: Story) -> None:
    """The last move in one line, on a band under the header."""
    top = HEADER
    put(img, marks.panel(WIDTH - 28, STRIP - 8, 10, PANEL, None, 1), (14, top))
    x = 26
    if told.mover is not None:
        put(img, layers.sprite(told.mover, False, 30), (x, top + 6))
        x += 40
    text = fit(told.text, SMALL, WIDTH - 28 - x)
    write(img, (x, top + (STRIP - 8) / 2), text, SMALL, fill=INK, anchor="lm")


def legend_items(
    state: HorseplayState, *, danger: bool, huff: bool, ghosts: bool, out: bool = False
) -> list[tuple[str, str]]:
    """(icon, text) for each mark the picture shows now; the Stables first, always. ``out``:
    a colour is out, so its Stable is drawn as nobody's."""
    shown = ["stable"]
    corners = len(state.colours) < 4
    if corners or out or not state.options.centre_win:
        shown.append("star")
    if state.options.centre_win:
        shown.append("crown")
    if danger:
        shown.append("warning")
    if huff:
        shown.append("huff")
    if ghosts:
        shown.append("ghost")
    if state.options.miss_a_turn and state.size == 11:
        shown.append("pause")
    return [(icon, words.legend(icon)) for icon in shown]


def legend_height(count: int) -> int:
    return LEGEND_ROW * ((count + 1) // 2) + 8


def legend(img: Canvas, top: int, items: list[tuple[str, str]], colour: int, faded: int) -> None:
    """Two columns of icon and text; ``colour`` tints the Stable icon, ``faded`` the ghost."""
    column = (WIDTH - 40) // 2
    for i, (icon, text) in enumerate(items):
        x = 20 + (i % 2) * column
        y = top + 4 + (i // 2) * LEGEND_ROW
        mid = y + LEGEND_ROW / 2
        _icon(img, icon, (x + 15, int(mid)), faded if icon == "ghost" else colour)
        write(img, (x + 38, mid), fit(text, SMALL, column - 44), SMALL, fill=INK, anchor="lm")


def _icon(img: Canvas, icon: str, at: tuple[int, int], colour: int) -> None:
    x, y = at
    if icon in ("stable", "star", "crown", "pause"):
        put(
            img,
            marks.icon(icon, colour if icon == "stable" else 0),
            (x - marks.ICON, y - marks.ICON),
        )
        if icon == "star":
            write(img, (x, y), "★", SMALL + 2, fill=BARN, anchor="mm")
        return
    pic = {
        "warning": lambda: layers.warning(30),
        "huff": lambda: layers.huff_badge(30),
        "ghost": lambda: layers.sprite(colour, False, 30, True),
    }[icon]()
    put(img, pic, (x - 15, y - 15))


def panels_height(state: HorseplayState) -> int:
    rows = (len(state.colours) + 1) // 2
    return rows * (PANEL_H + PANEL_GAP) + CAPTION


#: the panels of four colours: the most they take
PANELS_MAX = 2 * (PANEL_H + PANEL_GAP) + CAPTION


def panels(img: Canvas, top: int, state: HorseplayState, seat: int | None) -> None:
    """A panel per colour: who, pieces on the board, and the points (a tie-break, so small)."""
    width = (WIDTH - 28 - PANEL_GAP) // 2
    live = set(state.live())
    for i, c in enumerate(state.colours):
        x = 14 + (i % 2) * (width + PANEL_GAP)
        y = top + (i // 2) * (PANEL_H + PANEL_GAP)
        active = not state.finished and c == state.to_move
        edge, thick = (HIGHLIGHT, 5) if active else (PANEL_EDGE, 2)
        put(img, marks.panel(width, PANEL_H, 12, PANEL, edge, thick), (x, y))
        put(img, layers.sprite(c, False, 44), (x + 12, y + 13))
        if c not in live:
            line = marks.bar(54, 5, INK)
            put(img, line, (x + 8, y + PANEL_H // 2 - line.height // 2))
        points = words.points(state.scores[c])
        write(img, (x + width - 12, y + 10), points, SMALL, fill=MUTED, anchor="ra")
        name = state.names[state.seat(c)]
        if seat is not None and seat == state.seat(c):
            name = words.you(name)
        room = width - 66 - 16 - text_width(points, SMALL)
        write(img, (x + 66, y + 8), fit(name, 24, room, True), 24, bold=True, fill=INK)
        mine = [p for p in state.board if p and colour_of(p) == c]
        crowns = sum(1 for p in mine if is_crown(p))
        note = words.pieces(len(mine), crowns)
        if c not in live:
            note = words.out()
        elif c in state.missing:
            note = words.misses_next_turn()
        write(img, (x + 66, y + 38), fit(note, SMALL, width - 78), SMALL, fill=MUTED)
    bottom = top + panels_height(state) - CAPTION
    write(
        img,
        (WIDTH / 2, bottom + CAPTION / 2 - 2),
        fit(words.points_line(QUIET_ROUNDS), SMALL, WIDTH - 30),
        SMALL,
        fill=MUTED,
        anchor="mm",
    )
