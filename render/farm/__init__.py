"""Super Farmer board, phone first: 720 px wide, everything in one column.

From the top: whose turn; the last move (the dice, then what the move did as animal chips with
+/- counts, or the open offer); the stock, each animal with how many are left; then one pen per
player, five slots to fill and the dogs, with a +/- badge on whatever the last move changed. No
text is under 27 px and no animal under 34 px, so shown 300 px wide on a phone no text is under
11 px and no animal under 14 px. The exchange rates and the goal are the rules' (the rules page
and ``/farm rules``), not the picture's.

Animal pictures are drawn once per size (``animals``), pen slots once per animal and count, the
background once per table size, and the palette once; ``warm()`` builds them all up front.
A board is laid straight in that palette (``render.layers``), pixel for pixel the full-colour
``compose`` reduced to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PIL import Image, ImageDraw

import words
from games.base import Event
from games.farm import (
    ANIMALS,
    FOX_DIE,
    NEEDED,
    RULES,
    STOCK,
    WOLF_DIE,
    FarmOptions,
    FarmState,
    PendingOffer,
)
from games.farm import talk_board as told
from render.common import HIGHLIGHT, INK, MUTED, PALETTE, PAPER, build_once, font, length
from render.farm.animals import OUTLINE, WHITE, Colour, ghost, icon
from render.farm.strip import CARD, TEXT, TITLE, Surface, die, draw_story, fit, fit_words, label
from render.ground import Ground
from render.layers import Layers

W = 720
MARGIN = 12
HEADER_H = 60
STRIP_Y, STRIP_H = HEADER_H + 8, 148
#: the dice's step, where the move's chips start, and the room of the strip's title
DIE_STEP = 92
STORY_X = MARGIN + 4 + 2 * DIE_STEP + 16
TITLE_W = W - 2 * MARGIN - 28
STOCK_Y, STOCK_H = STRIP_Y + STRIP_H + 20, 112
PENS_Y = STOCK_Y + STOCK_H + 14
PEN_W, PEN_H, PEN_GAP = W - 2 * MARGIN, 124, 8
BAR_H = 48
SLOT_W, SLOT_H, SLOT_GAP, FENCE = 92, 64, 4, 12
ICON = 50
DISC = 36
BARN: Colour = (150, 46, 36)
WOOD: Colour = (122, 82, 50)
TAN: Colour = (236, 222, 196)
LIT: Colour = (255, 226, 120)
ASKED: Colour = (200, 230, 248)
SEAT_COLOURS = ("orange", "sky", "green", "purple", "blue", "yellow")
#: stock columns: one an animal, the dogs behind a fence
STOCK_COLS = (96,) * 7


def _card(
    d: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    fill: Colour = CARD,
    border: Colour = WOOD,
    width: int = 3,
) -> None:
    d.rounded_rectangle(box, radius=12, fill=fill, outline=border, width=width)


def _paste(img: Surface, pic: Image.Image, x: float, y: float) -> None:
    img.paste(pic, (round(x), round(y)), pic)


def _height(players: int) -> int:
    return PENS_Y + players * (PEN_H + PEN_GAP) - PEN_GAP + MARGIN


def _stock_x(i: int) -> int:
    x = MARGIN + 4 + sum(STOCK_COLS[:i])
    return x + (8 if i >= 5 else 0)


def _slot_x(j: int) -> int:
    return MARGIN + 8 + j * (SLOT_W + SLOT_GAP) + (FENCE if j >= 5 else 0)


@build_once
def _background(players: int, locale: str) -> Ground:
    """Everything that never changes at a table of ``players``, worded in ``locale``."""
    with words.use(locale):
        return Ground(_lay_background(players))


def _lay_background(players: int) -> Image.Image:
    h = _height(players)
    img = Image.new("RGB", (W, h), PAPER)
    d = ImageDraw.Draw(img)
    for y in range(HEADER_H + 8, h, 22):  # faint planks
        d.line((0, y, W, y), fill=(244, 236, 220), width=2)
    d.rectangle((0, 0, W, HEADER_H), fill=BARN)
    d.rectangle((0, HEADER_H - 5, W, HEADER_H), fill=(118, 34, 28))
    _card(d, (MARGIN, STRIP_Y, W - MARGIN, STRIP_Y + STRIP_H))
    _card(d, (MARGIN, STOCK_Y, W - MARGIN, STOCK_Y + STOCK_H))
    tab, stock = font(TEXT, True), told.stock_tab()
    tab_w = int(length(tab, stock)) + 20
    d.rounded_rectangle(
        (W - MARGIN - 16 - tab_w, STOCK_Y - 16, W - MARGIN - 16, STOCK_Y + 16), radius=8, fill=WOOD
    )
    d.text((W - MARGIN - 16 - tab_w / 2, STOCK_Y + 1), stock, font=tab, fill=CARD, anchor="mm")
    fence = _stock_x(5) - 5
    d.line((fence, STOCK_Y + 12, fence, STOCK_Y + STOCK_H - 12), fill=TAN, width=3)
    for i, kind in enumerate(ANIMALS):
        cx = _stock_x(i) + STOCK_COLS[i] // 2
        _paste(img, icon(kind, ICON), cx - ICON // 2, STOCK_Y + 22)
    plain = _frame("plain")
    for s in range(players):
        _paste(img, plain, MARGIN - 3, PENS_Y + s * (PEN_H + PEN_GAP) - 3)
    return img


FRAME_INSET = {"plain": 3, "lit": 5, "asked": 5}
BAR_FILL = {"plain": TAN, "lit": LIT, "asked": ASKED}


@build_once
def _frame(look: str) -> Image.Image:
    """A pen's card and name bar (before its contents): ``plain``, ``lit`` (on turn or won),
    or ``asked`` (to answer an offer); 3 px of dark outline around the lit ones."""
    img = Image.new("RGBA", (PEN_W + 7, PEN_H + 7), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    x, y, x1, y1 = 3, 3, 3 + PEN_W, 3 + PEN_H
    border = {"plain": WOOD, "lit": HIGHLIGHT, "asked": PALETTE["sky"]}[look]
    if look != "plain":
        d.rounded_rectangle((0, 0, x1 + 3, y1 + 3), radius=14, fill=OUTLINE)
    _card(d, (x, y, x1, y1), border=border, width=3 if look == "plain" else 5)
    inset = FRAME_INSET[look]
    d.rounded_rectangle(
        (x + inset, y + inset, x1 - inset, y + BAR_H), radius=9, fill=BAR_FILL[look]
    )
    fence = _slot_x(5) - FENCE // 2 - SLOT_GAP // 2 - MARGIN + 3
    d.line((fence, y + BAR_H + 10, fence, y + PEN_H - 8), fill=WOOD, width=4)
    return img


@build_once
def _disc(seat: int) -> Image.Image:
    """The seat's number on its colour."""
    img = Image.new("RGBA", (DISC, DISC), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    colour = PALETTE[SEAT_COLOURS[seat % len(SEAT_COLOURS)]]
    d.ellipse((0, 0, DISC - 1, DISC - 1), fill=colour, outline=OUTLINE, width=2)
    d.text((DISC / 2, DISC / 2), str(seat + 1), font=font(TEXT, True), fill=INK, anchor="mm")
    return img


@build_once
def _slot(kind: int, count: int) -> Image.Image:
    """One pen slot with its count, opaque on the pen's card: the animal, or its faint
    silhouette when the pen has none."""
    img = Image.new("RGB", (SLOT_W, SLOT_H), CARD)
    d = ImageDraw.Draw(img)
    owned = count > 0
    fill, edge = (238, 230, 214), TAN
    if owned:
        fill, edge = (
            ((236, 248, 236), PALETTE["green"])
            if kind in NEEDED
            else (
                (230, 238, 248),
                PALETTE["blue"],
            )
        )
    d.rounded_rectangle(
        (0, 0, SLOT_W - 1, SLOT_H - 1), radius=10, fill=fill, outline=edge, width=3 if owned else 2
    )
    pic = icon(ANIMALS[kind], ICON) if owned else ghost(ANIMALS[kind], ICON)
    img.paste(pic, (3, (SLOT_H - ICON) // 2), pic)
    d.text(
        (SLOT_W - 6, SLOT_H // 2 + 2),
        str(count),
        font=font(28 if count < 10 else TEXT, True),
        fill=INK if owned else MUTED,
        anchor="rm",
    )
    return img


@build_once
def _badge(delta: int) -> Image.Image:
    """A +n (green) or −n (vermillion) pill for a slot the last move changed."""
    text = ("+" if delta > 0 else "−") + str(abs(delta))
    f = font(TEXT, True)
    w = int(length(f, text)) + 16
    img = Image.new("RGBA", (w, 32), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill = PALETTE["green"] if delta > 0 else PALETTE["vermillion"]
    d.rounded_rectangle((0, 0, w - 1, 31), radius=16, fill=fill, outline=OUTLINE, width=2)
    d.text((w / 2, 16), text, font=f, fill=WHITE, anchor="mm")
    return img


@build_once
def _pill(text: str, fill: Colour) -> Image.Image:
    f = font(TEXT, True)
    w = int(length(f, text)) + 22
    img = Image.new("RGBA", (w, 36), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, 35), radius=18, fill=fill, outline=OUTLINE, width=2)
    d.text((w / 2, 18), text, font=f, fill=INK, anchor="mm")
    return img


def _can_trade(state: FarmState) -> bool:
    return not state.traded and state.offer is None and RULES.can_trade(state, state.turn)


#: the widths names are fitted to, widest first, until the words around them fit
NAME_ROOMS = (300, 150, 110, 80)
STATUS_W = W - 2 * MARGIN - 56


def _names(state: FarmState, size: int, room: int) -> list[str]:
    return [fit(name, size, True, room) for name in state.names]


def _status(state: FarmState) -> str:
    """The header: names shortened first, so the words (and every name) always show."""
    f = font(30, True)
    for room in NAME_ROOMS:
        text = told.header(state, _names(state, 30, room), _can_trade(state))
        if length(f, text) <= STATUS_W:
            return text
    return fit_words(text, 30, True, STATUS_W)


def _header(img: Surface, state: FarmState) -> None:
    mark = "crown" if state.winners else "rabbit"
    _paste(img, icon(mark, 46), MARGIN, 6)
    status = fit_words(_status(state), 30, True, STATUS_W)
    label(img, (MARGIN + 56, HEADER_H // 2 - 2), status, 30, True, HIGHLIGHT, BARN)


def _strip(img: Surface, state: FarmState, events: Sequence[Event]) -> None:
    """The title across the card, then the two dice and what the move did beside them."""
    roll = state.last_roll
    dim = not any(e.kind == "roll" for e in events)
    for i, side in enumerate(("fox", "wolf")):
        pic = die(side, roll[i] if roll else None, dim and roll is not None)
        _paste(img, pic, MARGIN + 4 + i * DIE_STEP, STRIP_Y + 40)
    f = font(TITLE, True)
    for room in NAME_ROOMS:  # names shortened first, so the verb and both names show
        title, parts = told.story(state, events, _names(state, TITLE, room))
        if length(f, title) <= TITLE_W:
            break
    if not title:
        title = told.turn_title(fit(state.names[state.turn], TITLE, True, 250))
    label(
        img,
        (MARGIN + 14, STRIP_Y + 24),
        fit_words(title, TITLE, True, TITLE_W),
        TITLE,
        True,
        INK,
        CARD,
    )
    box = (STORY_X, STRIP_Y + 48, W - MARGIN - 12, STRIP_Y + STRIP_H - 8)
    draw_story(img, box, parts)


def _stock(img: Surface, state: FarmState) -> None:
    for i, n in enumerate(state.stock):
        cx = _stock_x(i) + STOCK_COLS[i] // 2
        label(img, (cx, STOCK_Y + 90), str(n), 28, True, INK if n else BARN, CARD, "mm")


def _tag(state: FarmState, seat: int) -> tuple[str, Colour] | None:
    herd = state.herds[seat]
    if seat in state.winners:
        return told.tag("winner"), HIGHLIGHT
    if state.winners or seat in state.out:
        return (told.tag("left"), TAN) if seat in state.out else None
    offer = state.offer
    if offer is not None and offer.to == seat:
        return told.tag("answer"), ASKED
    if offer is not None and offer.by == seat:
        return told.tag("waiting"), LIT
    if seat == state.turn:
        return told.tag("trade_or_roll" if _can_trade(state) else "roll"), HIGHLIGHT
    have = sum(1 for i in NEEDED if herd[i])
    if have == 4:
        missing = next(i for i in NEEDED if not herd[i])
        return told.needs(missing), TAN
    return None


def _pen(
    img: Surface,
    state: FarmState,
    seat: int,
    y: int,
    viewer: int | None,
    before: tuple[int, ...] | None,
) -> None:
    herd = state.herds[seat]
    x, x1 = MARGIN, W - MARGIN
    won = seat in state.winners
    offer = state.offer
    asked = not state.winners and offer is not None and offer.to == seat
    acting = not state.winners and seat == state.turn
    look = "asked" if asked else "lit" if won or acting else "plain"
    if look != "plain":  # the plain frame is part of the background
        frame = _frame(look)
        _paste(img, frame, x - 3, y - 3)
    bar = BAR_FILL[look]
    cy = y + (BAR_H + FRAME_INSET[look]) // 2
    _paste(img, _disc(seat), x + 10, cy - DISC // 2)
    have = sum(1 for i in NEEDED if herd[i])
    progress = f"{have}/5"
    ink = PALETTE["green"] if have == 5 else INK
    label(img, (x1 - 12, cy), progress, 28, True, ink, bar, "rm")
    right = x1 - 22 - int(length(font(28, True), progress))
    tag = _tag(state, seat)
    if tag is not None:
        pill = _pill(*tag)
        right -= pill.width
        _paste(img, pill, right, cy - 18)
        right -= 10
    name_x = x + 20 + DISC
    if won:
        _paste(img, icon("crown", 36), name_x, cy - 19)
        name_x += 42
    name = state.names[seat]
    if viewer == seat:
        room = right - name_x - int(length(font(28, True), told.you("")))
        name = told.you(fit(name, 28, True, room))
    else:
        name = fit(name, 28, True, right - name_x)
    label(img, (name_x, cy), name, 28, True, INK, bar)
    sy = y + BAR_H + 6
    for j in range(7):
        sx = _slot_x(j)
        img.paste(_slot(j, herd[j]), (sx, sy))
        if before is not None and before[j] != herd[j]:
            badge = _badge(herd[j] - before[j])
            _paste(img, badge, sx + SLOT_W - badge.width + 6, sy - 12)


def compose(
    state: FarmState,
    seat: int | None = None,
    previous: FarmState | None = None,
    events: Sequence[Event] = (),
) -> Image.Image:
    """The whole farm as a full-colour picture; ``seat`` marks the viewer's own pen."""
    img = _background(len(state.names), words.current()).image()
    _lay(img, state, seat, previous, events)
    return img


def _lay(
    img: Surface,
    state: FarmState,
    seat: int | None,
    previous: FarmState | None,
    events: Sequence[Event],
) -> None:
    """Everything that changes, on a table's background; ``events`` tell the last move and
    ``previous`` marks what it changed."""
    n = len(state.names)
    _header(img, state)
    _strip(img, state, events)
    _stock(img, state)
    same = previous is not None and len(previous.herds) == n
    for s in range(n):
        before = previous.herds[s] if same and previous is not None else None
        _pen(img, state, s, PENS_Y + s * (PEN_H + PEN_GAP), seat, before)


@build_once
def _palette() -> Image.Image:
    """256 colours taken from boards showing every picture, face, chip and highlight once.

    Mapping onto a fixed palette is many times quicker than choosing one per picture and makes
    the output depend on the state alone. Built once (``warm()`` builds it up front)."""
    names = tuple("abcdef")
    full, none = (1, 1, 1, 1, 1, 1, 1), (0,) * 7
    herds = (full, none, (9, 1, 0, 1, 0, 0, 1), none, full, (1, 0, 1, 0, 1, 1, 0))
    base = FarmState(names=names, herds=herds, stock=STOCK, options=FarmOptions())
    offer = PendingOffer(0, 1, (6, 0, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0))
    moved = replace(base, herds=(none, full, *herds[2:]), last_roller=0)
    every = {a: 1 for a in ANIMALS}
    rolled = (
        Event(
            "roll",
            {
                "seat": 0,
                "fox": "horse",
                "wolf": "wolf",
                "attacks": [
                    {"predator": "wolf", "result": "ate", "animals": every},
                ],
            },
        ),
        Event("breed", {"seat": 0, "animals": every, "short": []}),
    )
    traded = (Event("trade", {"seat": 0, "give": every, "got": every}),)
    boards = [
        compose(replace(base, last_roll=("fox", "wolf"), last_roller=0, offer=offer)),
        compose(replace(base, last_roll=("horse", "cow"), winners=(4,), turn=4), 1, moved, rolled),
        compose(replace(moved, last_roll=("sheep", "pig"), turn=2), None, base, traded),
    ]
    sheet = Image.new("RGB", (W, sum(b.height for b in boards)))
    y = 0
    for board in boards:
        sheet.paste(board, (0, y))
        y += board.height
    chosen = sheet.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    # only the colours are kept (the sample sheet they came from is 2.5 MB of pixels)
    palette = Image.new("P", (1, 1))
    palette.putpalette(chosen.getpalette() or [])
    return palette


def warm() -> None:
    """Build every cache a picture needs (animals, dice, slots, badges, backgrounds, palette)."""
    _palette()
    for players in range(RULES.min_players, RULES.max_players + 1):
        _background(players, words.current())
    for kind in range(7):
        for count in range(13):
            _slot(kind, count)
    for n in range(61):  # stock counts
        label(Image.new("RGB", (1, 1)), (0, 0), str(n), 28, True, INK if n else BARN, CARD, "mm")
    for look, fill in BAR_FILL.items():
        _frame(look)
        for have in range(6):
            ink = PALETTE["green"] if have == 5 else INK
            label(Image.new("RGB", (1, 1)), (0, 0), f"{have}/5", 28, True, ink, fill, "rm")
    for seat in range(RULES.max_players):
        _disc(seat)
    for delta in range(1, 13):
        _badge(delta)
        _badge(-delta)
    for key, fill in (
        ("winner", HIGHLIGHT),
        ("answer", ASKED),
        ("waiting", LIT),
        ("trade_or_roll", HIGHLIGHT),
        ("roll", HIGHLIGHT),
    ):
        _pill(told.tag(key), fill)
    for players in range(RULES.min_players, RULES.max_players + 1):  # a board for each turn
        empty = FarmState(tuple("abcdef")[:players], ((0,) * 7,) * players, STOCK, FarmOptions())
        for turn in range(players):
            draw(replace(empty, turn=turn))
    for side, faces in (("fox", FOX_DIE), ("wolf", WOLF_DIE)):
        for face in sorted(set(faces)):
            die(side, face, False)
            die(side, face, True)


def draw(
    state: FarmState,
    *,
    seat: int | None = None,
    last: object = None,
    previous: FarmState | None = None,
    events: Sequence[Event] = (),
) -> bytes:
    """The farm as PNG bytes, worded in the active locale; ``events`` (what the last move did)
    tell the last-move strip, ``previous`` (the state before it) marks what changed.

    The same pieces as ``compose`` lays in full colour, laid straight in the fixed palette
    (``render.layers``): the same picture without reducing all its pixels each time."""
    board = Layers(_background(len(state.names), words.current()), _palette())
    _lay(board, state, seat, previous, events)
    return board.png()
