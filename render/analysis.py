"""The post-game report's chart: each player's chance of winning across the match, the three
biggest moments marked and numbered, and its alt text (``describe``); worded in the active
locale (catalogue domain ``bot``).

Drawn large and plain (thick lines, big type) so it still reads at 300 px wide; every player
has a colour and a marker shape, and the moments are numbered, so nothing rests on colour.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.analysis import Report
from render import png
from render.common import INK, MUTED, PALETTE, PAPER, draw_text, font, length
from words import domain

_, ngettext, N_ = domain("bot").functions()

WIDTH = 720
LEFT, RIGHT, TOP = 100, 30, 112
PLOT_HEIGHT = 280
#: a legend row's height (one player a row)
ROW = 46
TYPE = 30
COLOURS = ("blue", "vermillion", "green", "purple", "orange", "sky", "black", "yellow")
SHAPES = ("circle", "square", "triangle", "diamond")
GRID = (214, 206, 190)
MOMENT = (120, 90, 40)


def chart(report: Report) -> bytes:
    """The chart as PNG bytes."""
    return png.encode(picture(report))


def picture(report: Report) -> Image.Image:
    height = TOP + PLOT_HEIGHT + 60 + ROW * len(report.names)
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw_text(image, (24, 14), _("Chance of winning"), font(36, True), INK)
    _axes(image, draw, len(report.curve))
    placed: list[float] = []
    for rank, moment in sorted(enumerate(report.moments, start=1), key=lambda m: m[1].ply):
        x = _x(moment.ply, len(report.curve))
        badge = max(x, placed[-1] + 42) if placed else x
        placed.append(badge)
        _moment(image, draw, x, badge, rank)
    for seat in range(len(report.names)):
        _line(draw, report, seat)
    _legend(image, draw, report)
    return image


def _x(index: float, points: int) -> float:
    return LEFT + (WIDTH - LEFT - RIGHT) * index / max(points - 1, 1)


def _y(chance: float) -> float:
    return TOP + PLOT_HEIGHT * (1 - chance)


def _axes(image: Image.Image, draw: ImageDraw.ImageDraw, points: int) -> None:
    small = font(TYPE)
    for chance in (0.0, 0.5, 1.0):
        y = _y(chance)
        draw.line([(LEFT, y), (WIDTH - RIGHT, y)], fill=GRID, width=3)
        label = f"{round(chance * 100)}%"
        draw_text(image, (LEFT - 10 - length(small, label), int(y) - 17), label, small, MUTED)
    moves = max(points - 1, 0)
    text = ngettext("{count} move", "{count} moves", moves).format(count=moves)
    below = TOP + PLOT_HEIGHT + 10
    draw_text(image, (WIDTH - RIGHT - length(small, text), below), text, small, MUTED)
    draw_text(image, (LEFT, below), _("start"), small, MUTED)


def _moment(
    image: Image.Image, draw: ImageDraw.ImageDraw, x: float, badge: float, rank: int
) -> None:
    """A dashed line at the moment's move and its number in a disc above (``badge``: the
    disc's centre, moved right off a neighbour's)."""
    for y in range(TOP, TOP + PLOT_HEIGHT, 16):
        draw.line([(x, y), (x, y + 8)], fill=MOMENT, width=3)
    r = 19
    draw.ellipse([badge - r, TOP - 2 * r - 8, badge + r, TOP - 8], fill=MOMENT)
    label = str(rank)
    f = font(28, True)
    draw_text(image, (badge - length(f, label) / 2, TOP - r - 8 - 16), label, f, PAPER)


def _line(draw: ImageDraw.ImageDraw, report: Report, seat: int) -> None:
    colour = PALETTE[COLOURS[seat % len(COLOURS)]]
    points = [(_x(i, len(report.curve)), _y(row[seat])) for i, row in enumerate(report.curve)]
    if len(points) > 1:
        draw.line(points, fill=colour, width=6, joint="curve")
    _marker(draw, points[-1], seat, colour, 11)


def _marker(
    draw: ImageDraw.ImageDraw, at: tuple[float, float], seat: int, colour: tuple[int, ...], r: int
) -> None:
    x, y = at
    shape = SHAPES[seat % len(SHAPES)]
    if shape == "circle":
        draw.ellipse([x - r, y - r, x + r, y + r], fill=colour, outline=INK, width=2)
    elif shape == "square":
        draw.rectangle([x - r, y - r, x + r, y + r], fill=colour, outline=INK, width=2)
    elif shape == "triangle":
        draw.polygon(
            [(x, y - r - 2), (x + r + 2, y + r), (x - r - 2, y + r)], fill=colour, outline=INK
        )
    else:
        draw.polygon(
            [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)],
            fill=colour,
            outline=INK,
        )


def _legend(image: Image.Image, draw: ImageDraw.ImageDraw, report: Report) -> None:
    """One row per player: marker, name, then what their moves and their luck did to their
    chance, in percentage points."""
    f = font(TYPE)
    top = TOP + PLOT_HEIGHT + 58
    for seat, name in enumerate(report.names):
        y = top + seat * ROW
        colour = PALETTE[COLOURS[seat % len(COLOURS)]]
        _marker(draw, (36, y + 17), seat, colour, 12)
        text = _("{name}: moves {decisions}, luck {luck}").format(
            name=_short(name, 14),
            decisions=_points(report.decisions_total(seat)),
            luck=_points(report.luck_total(seat)),
        )
        draw_text(image, (60, y), _fit(f, text, WIDTH - 80), f, INK)


def _short(name: str, most: int) -> str:
    return name if len(name) <= most else name[: most - 1] + "…"


def _fit(f: object, text: str, width: int) -> str:
    while text and length(f, text) > width:
        text = text[:-2] + "…"
    return text


def _points(value: float) -> str:
    return f"{round(value):+d}".replace("-", "−")


def describe(report: Report) -> str:
    """The chart in words for its alt text (at most 1,024 characters): the match's length,
    each player's chance at the start and the end with their two figures, and the moments."""
    moves = max(len(report.curve) - 1, 0)
    parts = [
        ngettext(
            "Chance of winning across {count} move.",
            "Chance of winning across {count} moves.",
            moves,
        ).format(count=moves)
    ]
    for seat, name in enumerate(report.names):
        start, end = report.curve[0][seat], report.curve[-1][seat]
        parts.append(
            _(
                "{name}: {start}% at the start, {end}% at the end; moves {decisions} points, "
                "luck {luck} points."
            ).format(
                name=_short(name, 32),
                start=round(start * 100),
                end=round(end * 100),
                decisions=_points(report.decisions_total(seat)),
                luck=_points(report.luck_total(seat)),
            )
        )
    for rank, m in enumerate(report.moments, start=1):
        who = _short(report.names[m.seat], 32)
        said = (
            _("{rank}: move {ply}, {name}'s choice, {swing} points.")
            if m.kind == "decision"
            else _("{rank}: move {ply}, luck, {name} {swing} points.")
        )
        parts.append(said.format(rank=rank, ply=m.ply, name=who, swing=_points(m.swing)))
    text = " ".join(parts)
    return text if len(text) <= 1024 else text[:1023] + "…"
