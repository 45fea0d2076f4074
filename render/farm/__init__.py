"""Super Farmer board: every pen as five slots to fill, the stock, the two dice, whose turn.

Animals and dice faces are drawn here from Pillow primitives on a 100x100 grid, four times
over-sampled and cached per size, so a move only pastes them. Every picture carries a word too,
so hue is never the only cue.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache

from PIL import Image, ImageDraw

from games.farm import (
    ANIMALS,
    NEEDED,
    STOCK,
    VALUE,
    FarmOptions,
    FarmState,
    PendingOffer,
    show,
)
from render.common import HIGHLIGHT, INK, MUTED, PALETTE, PAPER, font, to_png
from render.farm.animals import OUTLINE, SS, WHITE, Colour, ghost, icon

# Board ---------------------------------------------------------------------------------------

W = 1200
MARGIN = 20
GAP_X = 16
HEADER_H = 80
TOP_Y, TOP_H = 96, 258
STRIP_Y, STRIP_H = TOP_Y + TOP_H + 12, 64
PANELS_Y = STRIP_Y + STRIP_H + 16
PANEL_W, PANEL_H, GAP = (W - 2 * MARGIN - GAP_X) // 2, 240, 16
SLOT_W, SLOT_STEP, SLOT_H, FENCE = 72, 76, 140, 18
BARN: Colour = (150, 46, 36)
WOOD: Colour = (122, 82, 50)
CARD: Colour = (255, 251, 242)
TAN: Colour = (236, 222, 196)
SEAT_COLOURS = ("orange", "sky", "green", "purple", "blue", "yellow")
DANGER = {"fox": "eats rabbits", "wolf": "eats the herd"}
#: the stock's exchange rates, shown as a reference strip when no offer is pending
RATES = (
    (6, "rabbit", "sheep"),
    (2, "sheep", "pig"),
    (3, "pig", "cow"),
    (2, "cow", "horse"),
    (1, "sheep", "small_dog"),
    (1, "cow", "big_dog"),
)


def _word(kind: str) -> str:
    return kind.replace("_", " ")


def _card(
    d: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    fill: Colour = CARD,
    border: Colour = WOOD,
    width: int = 3,
) -> None:
    d.rounded_rectangle(box, radius=14, fill=fill, outline=border, width=width)


def _paste(
    img: Image.Image, kind: str, size: int, x: float, y: float, *, faint: bool = False
) -> None:
    pic = ghost(kind, size) if faint else icon(kind, size)
    img.paste(pic, (round(x), round(y)), pic)


@lru_cache(maxsize=8)
def _background(rows: int) -> Image.Image:
    """Everything that never changes for a given number of panel rows."""
    h = PANELS_Y + rows * PANEL_H + (rows - 1) * GAP + MARGIN
    img = Image.new("RGB", (W, h), PAPER)
    d = ImageDraw.Draw(img)
    for y in range(HEADER_H + 8, h, 22):  # faint planks
        d.line((0, y, W, y), fill=(244, 236, 220), width=2)
    d.rectangle((0, 0, W, HEADER_H), fill=BARN)
    d.rectangle((0, HEADER_H - 6, W, HEADER_H), fill=(118, 34, 28))
    _paste(img, "rabbit", 64, 14, 8)
    d.text(
        (86, HEADER_H // 2), "SUPER FARMER", font=font(40, True), fill=(255, 244, 220), anchor="lm"
    )
    _card(d, (MARGIN, TOP_Y, 540, TOP_Y + TOP_H))
    _card(d, (556, TOP_Y, W - MARGIN, TOP_Y + TOP_H))
    d.text((MARGIN + 18, TOP_Y + 12), "LAST ROLL", font=font(24, True), fill=WOOD)
    for i, side in enumerate(("fox", "wolf")):
        d.text(
            (MARGIN + 130 + i * 250, TOP_Y + 56),
            f"{side} die",
            font=font(17, True),
            fill=MUTED,
            anchor="ms",
        )
    d.text((574, TOP_Y + 12), "STOCK", font=font(24, True), fill=WOOD)
    d.text(
        (W - MARGIN - 18, TOP_Y + 16),
        "animals left to breed and trade",
        font=font(18),
        fill=MUTED,
        anchor="ra",
    )
    for i, kind in enumerate(ANIMALS):
        x = 574 + i * 86
        _paste(img, kind, 68, x + 6, TOP_Y + 56)
        d.text((x + 40, TOP_Y + 238), _word(kind), font=font(16, True), fill=MUTED, anchor="ms")
    return img


@lru_cache(maxsize=1)
def _rates_strip() -> Image.Image:
    img = Image.new("RGB", (W - 2 * MARGIN, STRIP_H), PAPER)
    d = ImageDraw.Draw(img)
    _card(d, (0, 0, img.width - 1, STRIP_H - 1), fill=TAN, width=2)
    f, size = font(26, True), 50
    d.text((16, STRIP_H // 2), "RATES", font=font(20, True), fill=WOOD, anchor="lm")
    x0 = 100
    width = size * 2 + 34 + int(f.getlength("6"))
    step = (img.width - x0 - 8) / len(RATES)
    for k, (n, give, get) in enumerate(RATES):
        x = x0 + k * step + (step - width) / 2
        d.text((x, STRIP_H // 2), str(n), font=f, fill=INK, anchor="lm")
        x += 4 + f.getlength(str(n))
        _paste(img, give, size, x, 7)
        d.text((x + size + 14, STRIP_H // 2), "=", font=f, fill=INK, anchor="mm")
        _paste(img, get, size, x + size + 28, 7)
    return img


@lru_cache(maxsize=32)
def _die_face(side: str, face: str | None, r: int) -> Image.Image:
    """A twelve-sided die seen from above: a pentagon face ringed by five more."""
    danger = face in ("fox", "wolf")
    size = 2 * r + 40
    big = size * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = big / 2
    R = r * SS

    def ring(radius: float, n: int, turn: float) -> list[tuple[float, float]]:
        return [
            (
                c + radius * math.cos(turn + 2 * math.pi * i / n),
                c + radius * math.sin(turn + 2 * math.pi * i / n),
            )
            for i in range(n)
        ]

    if danger:  # a jagged burst behind the die
        burst = []
        for i in range(28):
            rad = (R + 12 * SS) if i % 2 == 0 else (R + 2 * SS)
            t = 2 * math.pi * i / 28
            burst.append((c + rad * math.cos(t), c + rad * math.sin(t)))
        d.polygon(burst, fill=(*PALETTE["vermillion"], 255))
    body = {"fox": (226, 150, 70), "wolf": (150, 158, 174)}[side]
    if danger:
        body = (110, 24, 20)
    top = (255, 250, 238) if not danger else (176, 44, 32)
    outer = ring(R, 10, -math.pi / 2)
    inner = ring(R * 0.7, 5, -math.pi / 2)
    d.polygon(outer, fill=(*body, 255), outline=(*OUTLINE, 255), width=3 * SS)
    for i, pt in enumerate(inner):
        d.line((pt, outer[2 * i]), fill=(*OUTLINE, 255), width=2 * SS)
    d.polygon(inner, fill=(*top, 255), outline=(*OUTLINE, 255), width=2 * SS)
    out = img.resize((size, size), Image.Resampling.LANCZOS)
    isz = int(r * 1.34) if danger else int(r * 1.12)
    if face:
        _paste(out, face, isz, size / 2 - isz / 2, size / 2 - isz / 2 + (0 if danger else 3))
    else:
        ImageDraw.Draw(out).text(
            (size / 2, size / 2 + 4), "?", font=font(int(r * 0.8), True), fill=MUTED, anchor="mm"
        )
    return out


SLOT_TOP = 8  # room above a slot for its tick


@lru_cache(maxsize=16)
def _slot(kind: str, owned: bool) -> Image.Image:
    """One pen slot without its count: filled with a tick, or a faint silhouette if missing."""
    img = Image.new("RGBA", (SLOT_W + 1, SLOT_H + 1 + SLOT_TOP), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    needed = ANIMALS.index(kind) in NEEDED
    fill, edge = (238, 230, 214), TAN
    if owned:
        fill, edge = (
            ((240, 250, 238), PALETTE["green"]) if needed else ((232, 238, 246), PALETTE["blue"])
        )
    d.rounded_rectangle(
        (0, SLOT_TOP, SLOT_W, SLOT_TOP + SLOT_H),
        radius=10,
        fill=fill,
        outline=edge,
        width=3 if owned else 2,
    )
    _paste(img, kind, 66, 3, SLOT_TOP + 6, faint=not owned)
    word = _word(kind)
    size = 15 if font(15, True).getlength(word) <= SLOT_W - 6 else 13
    d.text(
        (SLOT_W // 2, SLOT_TOP + 130),
        word,
        font=font(size, True),
        fill=INK if owned else MUTED,
        anchor="ms",
    )
    if needed and owned:
        d.ellipse((SLOT_W - 28, 0, SLOT_W - 4, 24), fill=PALETTE["green"], outline=OUTLINE, width=2)
        d.text((SLOT_W - 16, 12), "✓", font=font(16, True), fill=WHITE, anchor="mm")
    return img


def _fit(text: str, size: int, bold: bool, width: int) -> str:
    """Shorten ``text`` with an ellipsis until it fits ``width`` pixels."""
    f = font(size, bold)
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _pill(
    d: ImageDraw.ImageDraw,
    x: int,
    y: int,
    text: str,
    fill: Colour,
    ink: Colour,
    *,
    right: bool = False,
) -> None:
    f = font(20, True)
    w = int(f.getlength(text)) + 24
    x0 = x - w if right else x
    d.rounded_rectangle((x0, y, x0 + w, y + 32), radius=16, fill=fill, outline=OUTLINE, width=2)
    d.text((x0 + w / 2, y + 16), text, font=f, fill=ink, anchor="mm")


def _status(state: FarmState) -> str:
    names = [_fit(name, 34, True, 300) for name in state.names]
    if state.winners:
        return " and ".join(names[s] for s in state.winners) + (
            " win!" if len(state.winners) > 1 else " wins!"
        )
    if state.offer is not None:
        return f"{names[state.offer.to]} to answer {names[state.offer.by]}'s offer"
    if state.traded:
        return f"{names[state.turn]} to roll"
    return f"{names[state.turn]} to trade or roll"


def _dice(img: Image.Image, d: ImageDraw.ImageDraw, state: FarmState) -> None:
    roll = state.last_roll
    if roll is not None and state.last_roller is not None:
        who = _fit("by " + state.names[state.last_roller], 22, True, 300)
        d.text((522, TOP_Y + 16), who, font=font(22, True), fill=INK, anchor="ra")
    r = 64
    for i, side in enumerate(("fox", "wolf")):
        face = roll[i] if roll else None
        cx = MARGIN + 130 + i * 250
        pic = _die_face(side, face, r)
        img.paste(pic, (cx - pic.width // 2, TOP_Y + 138 - pic.height // 2), pic)
        if face in DANGER:
            d.text(
                (cx, TOP_Y + 234),
                face.upper() + "!",
                font=font(30, True),
                fill=PALETTE["vermillion"],
                anchor="ms",
            )
            d.text((cx, TOP_Y + 252), DANGER[face], font=font(16, True), fill=BARN, anchor="ms")
        else:
            d.text(
                (cx, TOP_Y + 242),
                face or "no roll yet",
                font=font(26 if face else 20, True),
                fill=INK if face else MUTED,
                anchor="ms",
            )


def _stock(d: ImageDraw.ImageDraw, state: FarmState) -> None:
    for i, n in enumerate(state.stock):
        x = 574 + i * 86
        d.text(
            (x + 40, TOP_Y + 166), str(n), font=font(30, True), fill=INK if n else BARN, anchor="ms"
        )
        d.rounded_rectangle(
            (x + 8, TOP_Y + 180, x + 72, TOP_Y + 192), radius=6, fill=TAN, outline=WOOD, width=1
        )
        part = max(12, round(64 * min(n, STOCK[i]) / STOCK[i])) if n > 0 else 0
        if part:
            d.rounded_rectangle(
                (x + 8, TOP_Y + 180, x + 8 + part, TOP_Y + 192), radius=6, fill=PALETTE["green"]
            )


def _offer(img: Image.Image, d: ImageDraw.ImageDraw, state: FarmState) -> None:
    offer = state.offer
    if offer is None:
        img.paste(_rates_strip(), (MARGIN, STRIP_Y))
        return
    names = state.names
    room = W - 2 * MARGIN - 136
    for size, name_w in ((28, 400), (24, 400), (22, 200), (20, 150)):  # keep the trade whole
        by, to = (_fit(names[s], size, True, name_w) for s in (offer.by, offer.to))
        text = f"{by} offers {to} {show(offer.give)} for {show(offer.get)}"
        if font(size, True).getlength(text) <= room:
            break
    _card(d, (MARGIN, STRIP_Y, W - MARGIN, STRIP_Y + STRIP_H), fill=(255, 236, 160), border=OUTLINE)
    d.text(
        (MARGIN + 16, STRIP_Y + STRIP_H // 2), "OFFER", font=font(24, True), fill=BARN, anchor="lm"
    )
    d.text(
        (MARGIN + 116, STRIP_Y + STRIP_H // 2),
        _fit(text, size, True, room),
        font=font(size, True),
        fill=INK,
        anchor="lm",
    )


def _panel(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    state: FarmState,
    seat: int,
    x: int,
    y: int,
    viewer: int | None,
) -> None:
    herd = state.herds[seat]
    won = seat in state.winners
    acting = not state.winners and seat == state.turn
    answering = not state.winners and state.offer is not None and state.offer.to == seat
    lit = won or acting or answering
    border = PALETTE["sky"] if answering and not acting else HIGHLIGHT if lit else WOOD
    x1, y1 = x + PANEL_W, y + PANEL_H
    if lit:
        d.rounded_rectangle((x - 5, y - 5, x1 + 5, y1 + 5), radius=18, fill=OUTLINE)
    _card(d, (x, y, x1, y1), border=border, width=7 if lit else 3)
    d.rounded_rectangle(
        (x + 7 if lit else x + 3, y + 7 if lit else y + 3, x1 - (7 if lit else 3), y + 56),
        radius=10,
        fill=(200, 230, 248) if border == PALETTE["sky"] else (255, 226, 120) if lit else TAN,
    )
    colour = PALETTE[SEAT_COLOURS[seat % len(SEAT_COLOURS)]]
    d.ellipse((x + 14, y + 11, x + 52, y + 49), fill=colour, outline=OUTLINE, width=3)
    d.text((x + 33, y + 31), str(seat + 1), font=font(22, True), fill=INK, anchor="mm")
    have = sum(1 for i in NEEDED if herd[i])
    progress = f"{have}/5"
    d.text(
        (x1 - 16, y + 31),
        progress,
        font=font(34, True),
        fill=PALETTE["green"] if have == 5 else INK,
        anchor="rm",
    )
    pw = int(font(34, True).getlength(progress))
    for k in range(5):  # pips next to the fraction
        px = x1 - 30 - pw - (4 - k) * 20
        d.ellipse(
            (px - 7, y + 24, px + 7, y + 38),
            outline=OUTLINE,
            width=2,
            fill=PALETTE["green"] if k < have else CARD,
        )
    you = " (you)" if viewer == seat else ""
    name_x = x + 110 if won else x + 62
    if won:
        _paste(img, "crown", 46, x + 60, y + 4)
    room = x1 - pw - 130 - name_x - int(font(28, True).getlength(you))
    d.text(
        (name_x, y + 31),
        _fit(state.names[seat], 28, True, room) + you,
        font=font(28, True),
        fill=INK,
        anchor="lm",
    )
    # five needed animals, then the dogs behind a fence post
    for j, kind in enumerate(ANIMALS):
        sx = x + 12 + j * SLOT_STEP + (FENCE if j >= 5 else 0)
        sy = y + 64
        n = herd[j]
        tile = _slot(kind, n > 0)
        img.paste(tile, (sx, sy - SLOT_TOP), tile)
        d.text(
            (sx + SLOT_W // 2, sy + 108),
            f"×{n}" if n else "0",
            font=font(28, True),
            fill=INK if n else MUTED,
            anchor="ms",
        )
    fence = x + 12 + 5 * SLOT_STEP + (FENCE - SLOT_STEP + SLOT_W) // 2
    d.line((fence, y + 70, fence, y + 198), fill=WOOD, width=4)
    worth = sum(n * v for n, v in zip(herd, VALUE, strict=True))
    d.text((x + 16, y1 - 22), f"herd worth {worth} rabbits", font=font(19), fill=MUTED, anchor="lm")
    tag = None
    if won:
        tag = ("WINNER", HIGHLIGHT, INK)
    elif answering:
        tag = ("? ANSWER OFFER", PALETTE["sky"], INK)
    elif acting:
        tag = ("▶ TO ROLL" if state.traded or state.offer else "▶ TRADE OR ROLL", HIGHLIGHT, INK)
    elif have == 4:
        missing = next(i for i in NEEDED if not herd[i])
        tag = (f"needs a {_word(ANIMALS[missing])}", TAN, INK)
    if tag:
        _pill(d, x1 - 14, y1 - 40, tag[0], tag[1], tag[2], right=True)


def compose(state: FarmState, seat: int | None = None) -> Image.Image:
    """The whole farm as a full-colour picture; ``seat`` marks the viewer's own pen."""
    n = len(state.names)
    rows = (n + 1) // 2
    img = _background(rows).copy()
    d = ImageDraw.Draw(img)
    status = _fit(_status(state), 34, True, W - 480 - (62 if state.winners else 0))
    d.text(
        (W - MARGIN, HEADER_H // 2 - 3), status, font=font(34, True), fill=HIGHLIGHT, anchor="rm"
    )
    if state.winners:
        sw = font(34, True).getlength(status)
        _paste(img, "crown", 52, W - MARGIN - sw - 62, 10)
    _dice(img, d, state)
    _stock(d, state)
    _offer(img, d, state)
    for s in range(n):
        row, col = divmod(s, 2)
        x = MARGIN + col * (PANEL_W + GAP_X)
        if n % 2 and s == n - 1:
            x = (W - PANEL_W) // 2
        _panel(img, d, state, s, x, PANELS_Y + row * (PANEL_H + GAP), seat)
    return img


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """256 colours taken from boards showing every picture, face and highlight once.

    Mapping onto a fixed palette is ten times quicker than choosing one per picture, keeps
    six full pens far below the size limit, and makes the output depend on the state alone.
    """
    names = tuple("abcdef")
    full, none = (1, 1, 1, 1, 1, 1, 1), (0,) * 7
    herds = (full, none, (9, 1, 0, 1, 0, 0, 1), none, full, (1, 0, 1, 0, 1, 1, 0))
    base = FarmState(names=names, herds=herds, stock=STOCK, options=FarmOptions())  # type: ignore[arg-type]
    offer = PendingOffer(0, 1, (6, 0, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0))
    boards = [
        replace(base, last_roll=("fox", "wolf"), last_roller=0, offer=offer),
        replace(base, last_roll=("horse", "cow"), last_roller=1, winners=(4,), turn=4),
        replace(base, last_roll=("sheep", "pig"), last_roller=2, turn=1),
        replace(base, last_roll=("pig", "sheep"), last_roller=3, turn=2, traded=True),
        replace(base, last_roll=("rabbit", "rabbit"), last_roller=3, turn=3),
        replace(base, turn=5),
    ]
    pictures = [compose(b, seat=1) for b in boards]
    sheet = Image.new("RGB", (W, sum(p.height for p in pictures)))
    y = 0
    for picture in pictures:
        sheet.paste(picture, (0, y))
        y += picture.height
    sample = sheet.resize((W // 2, sheet.height // 2), Image.Resampling.NEAREST)
    return sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def draw(
    state: FarmState, *, seat: int | None = None, last: object = None, previous: object = None
) -> bytes:
    """The farm as PNG bytes. ``last`` is accepted for the common signature; the picture
    already shows the last roll and any pending offer, which is what players look for."""
    img = compose(state, seat)
    return to_png(img, palette=_palette())
