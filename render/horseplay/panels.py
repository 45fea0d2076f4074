"""Horseplay Rustling's text around the board: header, last-move strip, legend and the colour
panels. Every text is at least ``SMALL`` px."""

from __future__ import annotations

from typing import Protocol

from PIL import Image

from games.horseplay import COLOURS, QUIET_ROUNDS, RULES, HorseplayState
from games.horseplay import talk_picture as words
from games.horseplay.board import colour_of, is_crown
from render.common import HIGHLIGHT, INK, MUTED, text_width
from render.horseplay import layers, marks
from render.horseplay.layout import (
    ALERT,
    BADGE,
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
        won = fit(words.won(names), 30, room, True)
        write(img, (right, 12), won, 30, bold=True, fill=INK, anchor="ra")
        outcome = RULES.outcome(state)
        why = RULES.narrator.outcome(outcome, state.names) if outcome else ""
        write(img, (right, 54), fit(why, SMALL, room), SMALL, fill=MUTED, anchor="ra")
        return
    colour = state.to_move
    who = state.names[state.seat(colour)]
    if seat is not None and seat == state.seat(colour):
        who = words.you(who)
    name = fit(who, 28, room - 60, True)
    line = fit(words.to_move(COLOURS[colour]), SMALL, room - 60)
    x = right - max(text_width(name, 28, True), text_width(line, SMALL))
    put(img, layers.sprite(colour, False, 50), (x - 60, 18))
    write(img, (x, 12), name, 28, bold=True, fill=INK)
    write(img, (x, 52), line, SMALL, fill=MUTED)


def strip(img: Canvas, told: Story) -> None:
    """The last move on a band under the header: one line, or two when it is long (split
    between its parts)."""
    top = HEADER
    put(img, marks.panel(WIDTH - 28, STRIP - 8, 10, PANEL, None, 1), (14, top))
    x = 26
    if told.mover is not None:
        put(img, layers.sprite(told.mover, False, 30), (x, top + (STRIP - 8) // 2 - 15))
        x += 40
    room = WIDTH - 28 - x
    middle = top + (STRIP - 8) / 2
    lines = _two_lines(told.text, room)
    for n, line in enumerate(lines):
        y = middle + (n - (len(lines) - 1) / 2) * (SMALL + 6)
        write(img, (x, y), fit(line, SMALL, room), SMALL, fill=INK, anchor="lm")


def _two_lines(text: str, room: float) -> list[str]:
    """``text`` as one line if it fits ``room``, else two, split after the last " · " part
    that fits the first."""
    glue = " · "
    parts = text.split(glue)
    if text_width(text, SMALL) <= room or len(parts) == 1:
        return [text]
    first = 1
    while first < len(parts) - 1 and text_width(glue.join(parts[: first + 1]), SMALL) <= room:
        first += 1
    return [glue.join(parts[:first]), glue.join(parts[first:])]


def legend_items(*, danger: bool, raiders: bool, huff: bool, ghosts: bool) -> list[tuple[str, str]]:
    """(icon, text) for each mark the picture shows now (what the squares and pieces are is
    the rules page's to say, not the picture's)."""
    shown = [
        icon
        for icon, on in (
            ("warning", danger),
            ("raider", raiders),
            ("huff", huff),
            ("ghost", ghosts),
        )
        if on
    ]
    return [(icon, words.legend(icon)) for icon in shown]


def _columns(items: list[tuple[str, str]]) -> int:
    """Two columns when every text fits half the width whole, else one."""
    room = (WIDTH - 40) // 2 - BADGE - 12
    return 2 if all(text_width(text, SMALL) <= room for _, text in items) else 1


def legend_height(items: list[tuple[str, str]]) -> int:
    columns = _columns(items)
    return LEGEND_ROW * ((len(items) + columns - 1) // columns) + 8


def legend(img: Canvas, top: int, items: list[tuple[str, str]], raider: int, faded: int) -> None:
    """Icon and text, in two columns when the texts fit; ``raider`` colours the ringed
    piece, ``faded`` the ghost."""
    columns = _columns(items)
    column = (WIDTH - 40) // columns
    for i, (icon, text) in enumerate(items):
        x = 20 + (i % columns) * column
        y = top + 4 + (i // columns) * LEGEND_ROW
        mid = y + LEGEND_ROW / 2
        _icon(img, icon, (x + BADGE // 2, int(mid)), faded if icon == "ghost" else raider)
        room = column - BADGE - 12
        write(img, (x + BADGE + 8, mid), fit(text, SMALL, room), SMALL, fill=INK, anchor="lm")


def _icon(img: Canvas, icon: str, at: tuple[int, int], colour: int) -> None:
    x, y = at
    half = BADGE // 2
    if icon == "raider":
        put(img, layers.sprite(colour, False, BADGE - 10), (x - half + 5, y - half + 5))
        put(img, marks.ring(BADGE, ALERT), (x - half, y - half))
        return
    pic = {
        "warning": lambda: layers.warning(BADGE),
        "huff": lambda: layers.huff_badge(BADGE),
        "ghost": lambda: layers.sprite(colour, False, BADGE, True),
    }[icon]()
    put(img, pic, (x - half, y - half))


def panels_height(state: HorseplayState) -> int:
    rows = (len(state.colours) + 1) // 2
    return rows * (PANEL_H + PANEL_GAP) + PANEL_GAP


#: the most a legend takes: its four marks a row each
LEGEND_MAX = 4 * LEGEND_ROW + 8

#: the panels of four colours: the most they take
PANELS_MAX = 2 * (PANEL_H + PANEL_GAP) + PANEL_GAP


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
        name = state.names[state.seat(c)]
        if seat is not None and seat == state.seat(c):
            name = words.you(name)
        write(img, (x + 66, y + 8), fit(name, 28, width - 78, True), 28, bold=True, fill=INK)
        mine = [p for p in state.board if p and colour_of(p) == c]
        crowns = sum(1 for p in mine if is_crown(p))
        note = words.pieces(len(mine))
        if c not in live:
            note = words.out()
        elif c in state.missing:
            note = words.misses_next_turn()
        write(img, (x + 66, y + 44), fit(note, SMALL, width - 78), SMALL, fill=MUTED)
        # the crowns and the points last (points only break a stalled game: small)
        last = words.crowns_and_points(crowns if c in live else 0, state.scores[c])
        write(img, (x + 66, y + 76), fit(last, SMALL, width - 78), SMALL, fill=MUTED)
