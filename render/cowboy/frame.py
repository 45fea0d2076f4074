"""One Super Cowboy picture: fields, fences and tokens over the cached range, marks on what the
last move changed, the header and the players' cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.base import Event
from games.cowboy.board import face
from games.cowboy.fields import herds, owner_map, steer_at
from games.cowboy.state import WIN, CowboyState
from games.cowboy.talk_picture import card_counts, card_items, card_title, last_move, status
from games.cowboy.turn import bandit_zone
from render.common import HIGHLIGHT, INK, MUTED, PAPER, text_width
from render.cowboy.icons import (
    ACTING,
    CARD,
    DARK,
    HOMESTEAD,
    PLAYER_COLOURS,
    RED,
    WASH,
    WIN_GREEN,
    WON,
    Colour,
    fence_bar,
    grass,
    player_letters,
    post,
    tint,
)
from render.cowboy.layers import (
    BIG,
    PAD,
    TEXT,
    WIDTH,
    Geo,
    geo,
    legend_strip,
    range_layer,
    wash_lut,
)
from render.cowboy.paint import drawable, fit, stamp, wrap, write
from render.shelf import Kept

ROAMING = (120, 90, 60)
WHITE = (255, 255, 255)


class Ground:
    """The colour under each square and intersection (grass, a field's wash, a homestead), so
    icons are pasted with soft edges made for it."""

    def __init__(self, state: CowboyState) -> None:
        self.board = state.board
        self.owned = owner_map(state.fields)

    def square(self, s: int) -> Colour:
        if s in self.board.homesteads:
            return HOMESTEAD
        x, y = self.board.xy(s)
        tone = grass(x, y)
        owner = self.owned.get(s)
        return tone if owner is None else tint(tone, PLAYER_COLOURS[owner], WASH)

    def point(self, p: int) -> Colour:
        return self.square(self.board.around(p)[-1])


def compose(
    state: CowboyState,
    seat: int | None = None,
    last: object = None,
    previous: object = None,
    events: Sequence[Event] = (),
) -> Image.Image:
    """The picture of ``state`` for ``seat``: ``previous`` (the state before the last move)
    marks what changed, and the move's ``events`` tell it in the header."""
    players = len(state.names)
    g = geo(state.tiles, players)
    bare = range_layer(state.tiles, players)
    img = drawable(bare.copy())
    prev = previous if isinstance(previous, CowboyState) and previous.tiles == state.tiles else None
    letters = player_letters(state.names)
    ground = Ground(state)
    _fields(img, bare, g, state)
    d = ImageDraw.Draw(img)
    _fences(d, g, state, prev)
    _zone(img, g, state, ground)
    _tokens(img, d, g, state, letters, ground)
    marks: set[str] = set()
    if prev is not None:
        marks = _changes(img, g, state, prev, ground)
    _choices(d, g, state)
    _header(img, state, events, started=previous is None)
    _cards(img, d, bare, g, state, letters, seat, prev)
    strip = legend_strip(shown_kinds(state, marks))
    out = img.crop((0, 0, WIDTH, img.height + strip.height))  # the new rows: index 0, paper
    out.paste(strip, (0, img.height))
    return out


def shown_kinds(state: CowboyState, marks: set[str]) -> tuple[str, ...]:
    """What the legend explains: only the kinds of things this picture shows."""
    board = state.board
    features = set(board.features)
    present = {
        "steer": bool(state.steers),
        "printed": "P" in features,
        "skull": "S" in features,
        "stolen": bool(state.stolen),
        "tree": bool(board.trees),
        "house": bool(board.homesteads),
        "stream": bool(board.runs),
        "indian": bool(state.indians),
        "twister": bool(state.twisters),
        "bandit": state.bandit is not None,
        "zone": state.bandit is not None,
        "pilgrim": bool(state.pilgrims),
        "moved": "moved" in marks,
        "ghost": "ghost" in marks,
    }
    return tuple(kind for kind, on in present.items() if on)


def _fields(img: Image.Image, bare: Image.Image, g: Geo, state: CowboyState) -> None:
    """Each field's squares washed with its owner's colour (cut from the ``bare`` range)."""
    c = g.cell
    for fl in state.fields:
        lut = list(wash_lut(fl.owner))
        for s in fl.squares:
            px, py = g.square(s)
            img.paste(bare.crop((px + 1, py + 1, px + c, py + c)).point(lut), (px + 1, py + 1))


def _zone(img: Image.Image, g: Geo, state: CowboyState, ground: Ground) -> None:
    size = int(g.cell * 0.5)
    for p in bandit_zone(state):
        x, y = g.point(p)
        stamp(img, "zone", size, (x - size // 2, y - size // 2), ground.point(p))


def _fences(d: ImageDraw.ImageDraw, g: Geo, state: CowboyState, prev: CowboyState | None) -> None:
    c = g.cell
    fw = max(8, c // 5)
    if state.moved is not None and state.phase == "moved":
        d.line(g.edge(state.moved), fill=HIGHLIGHT, width=fw)
    now = dict(state.fences)
    before = dict(prev.fences) if prev is not None else now
    for e in before:
        if e not in now:  # torn down by a twister: a dashed ghost
            (ax, ay), (bx, by) = g.edge(e)
            for k in range(0, 6, 2):
                p0 = (ax + (bx - ax) * k / 6, ay + (by - ay) * k / 6)
                p1 = (ax + (bx - ax) * (k + 1) / 6, ay + (by - ay) * (k + 1) / 6)
                d.line((p0, p1), fill=WHITE, width=4)
    for e in now:
        if e not in before:
            d.line(g.edge(e), fill=HIGHLIGHT, width=fw + 14)
    for e, owner in state.fences:
        a, b = g.edge(e)
        fence_bar(d, a, b, fw, owner)
    r = fw * 0.75
    for e, owner in state.fences:
        for x, y in g.edge(e):
            post(d, x, y, r, owner, PLAYER_COLOURS[owner])


def _tokens(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    g: Geo,
    state: CowboyState,
    letters: tuple[str, ...],
    ground: Ground,
) -> None:
    c = g.cell
    board = state.board
    owned = ground.owned
    token = int(c * 0.86)
    pad = (c - token) // 2
    for s in state.stolen:
        px, py = g.square(s)
        stamp(img, "stolen", int(c * 0.86), (px + c // 14, py + c // 14), ground.square(s))
    for s in board.printed:
        if s in owned and steer_at(state, s):
            px, py = g.square(s)
            box = (px + 3, py + 3, px + c - 3, py + c - 3)
            d.ellipse(box, outline=PLAYER_COLOURS[owned[s]], width=max(4, c // 10))
    for s in state.steers:
        owner = owned.get(s)
        ring = PLAYER_COLOURS[owner] if owner is not None else ROAMING
        px, py = g.square(s)
        stamp(img, "steer", token, (px + pad, py + pad), ground.square(s), ring)
    for kind, squares in (("indian", state.indians), ("twister", state.twisters)):
        for s in squares:
            px, py = g.square(s)
            stamp(img, kind, token, (px + pad, py + pad), ground.square(s))
    badge = max(20, int(c * 0.4))
    for fl in state.fields:
        s = fl.squares[-1]
        px, py = g.square(s)
        colour = PLAYER_COLOURS[fl.owner]
        stamp(img, "badge", badge, (px + 1, py + 1), ground.square(s), colour, letters[fl.owner])
    small = int(c * 0.84)
    half = small // 2
    for p, heading in state.pilgrims:
        x, y = g.point(p)
        stamp(img, "pilgrim", small, (x - half, y - half), ground.point(p), letter="P")
        f = face(heading)  # a wedge on the rim shows which way they walk
        tip = (x + f.dx * half * 1.15, y - f.dy * half * 1.15)
        side = (-f.dy * half * 0.4, -f.dx * half * 0.4)
        base = (x + f.dx * half * 0.7, y - f.dy * half * 0.7)
        wedge = [
            tip,
            (base[0] + side[0], base[1] + side[1]),
            (base[0] - side[0], base[1] - side[1]),
        ]
        d.polygon(wedge, fill=WHITE, outline=DARK, width=2)
    if state.bandit is not None:
        x, y = g.point(state.bandit)
        stamp(img, "bandit", small, (x - half, y - half), ground.point(state.bandit))
    big = int(c * 0.86)
    acting = None if state.finished else state.pending.seat if state.pending else state.turn
    for s, p in enumerate(state.cowboys):
        if s in state.out:
            continue
        x, y = g.point(p)
        under = ground.point(p)
        if s == acting:
            r = big * 0.6
            d.ellipse((x - r, y - r, x + r, y + r), fill=WHITE, outline=DARK, width=2)
            under = WHITE
        xy = (x - big // 2, y - big // 2)
        stamp(img, "cowboy", big, xy, under, PLAYER_COLOURS[s], letters[s])


def _changes(
    img: Image.Image, g: Geo, state: CowboyState, prev: CowboyState, ground: Ground
) -> set[str]:
    """A dashed ring where a token was, a bright ring on where it is now; which were drawn."""
    c = g.cell
    ring = int(c * 0.98)
    ghost = int(c * 0.7)
    gone: list[tuple[float, float, Colour]] = []
    came: list[tuple[float, float, Colour]] = []
    for kind in ("steers", "indians", "twisters", "stolen"):
        was, now = set(getattr(prev, kind)), set(getattr(state, kind))
        if kind != "stolen":
            gone += [(*g.centre(s), ground.square(s)) for s in sorted(was - now)]
        came += [(*g.centre(s), ground.square(s)) for s in sorted(now - was)]
    points_was = {*prev.cowboys, *(p for p, _ in prev.pilgrims)}
    points_now = {*state.cowboys, *(p for p, _ in state.pilgrims)}
    if prev.bandit is not None:
        points_was.add(prev.bandit)
    if state.bandit is not None:
        points_now.add(state.bandit)
    gone += [(*g.point(p), ground.point(p)) for p in sorted(points_was - points_now)]
    came += [(*g.point(p), ground.point(p)) for p in sorted(points_now - points_was)]
    for x, y, under in gone:
        stamp(img, "ghost", ghost, (x - ghost / 2, y - ghost / 2), under)
    for x, y, under in came:
        stamp(img, "moved", ring, (x - ring / 2, y - ring / 2), under)
    return {kind for kind, drawn in (("ghost", gone), ("moved", came)) if drawn}


def _choices(d: ImageDraw.ImageDraw, g: Geo, state: CowboyState) -> None:
    """The squares a pending choice offers, outlined."""
    p = state.pending
    if p is None or p.kind not in ("give", "rustled", "place", "claim"):
        return
    squares = [s for part in p.parts for s in part] if p.kind == "claim" else list(p.choices)
    c = g.cell
    for s in squares:
        px, py = g.square(s)
        d.rectangle((px + 3, py + 3, px + c - 3, py + c - 3), outline=DARK, width=6)
        d.rectangle((px + 4, py + 4, px + c - 4, py + c - 4), outline=HIGHLIGHT, width=4)


def _header(img: Image.Image, state: CowboyState, events: Sequence[Event], started: bool) -> None:
    width = WIDTH - 2 * PAD
    colour = WIN_GREEN if state.finished and state.winners else INK
    head = status(state)
    size = BIG if text_width(head, BIG, True) <= width else TEXT
    write(img, (PAD, 8), fit(head, size, width, True), size, colour, PAPER, bold=True)
    told = last_move(state, events, started)
    for k, line in enumerate(wrap(told, TEXT, width, 2)):
        write(img, (PAD, 50 + k * 36), line, TEXT, INK, PAPER)


def _cards(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    bare: Image.Image,
    g: Geo,
    state: CowboyState,
    letters: tuple[str, ...],
    seat: int | None,
    prev: CowboyState | None,
) -> None:
    counts = herds(state)
    before = herds(prev) if prev is not None else counts
    acting = None if state.finished else state.pending.seat if state.pending else state.turn
    for s, name in enumerate(state.names):
        box = g.card_box(s)
        x0, _, x1, _ = box
        fill, outline = CARD, None
        if s == acting:
            fill, outline = ACTING, HIGHLIGHT
        elif s in state.winners:
            fill, outline = WON, WIN_GREEN
        label = fit(card_title(name, seat == s), TEXT + 2, x1 - 76 - x0 - 66, True)
        items = card_items(state.hands[s], state.lost[s], s in state.out)
        shown = (
            box,
            fill,
            outline,
            s,
            letters[s],
            label,
            card_counts(counts[s], WIN, state.fences_left[s]),
            counts[s] - before[s],
            fit(items, TEXT, x1 - x0 - 24),
        )
        img.paste(_card(bare, shown), box[:2])
        # a bit of this player's fence, colour, pattern and post shape, drawn where it stands
        # (a post's slanted edges fall on other pixels when drawn elsewhere and moved)
        fx, y = x1 - 76, box[1] + 24
        fence_bar(d, (fx, y), (x1 - 14, y), 10, s)
        for px in (fx, x1 - 14):
            post(d, px, y, 7, s, PLAYER_COLOURS[s])


#: cards by what they show: a move changes one or two (the turn's highlight moves on, a count
#: changes) and the others are as they were; 256 kept drawn (about 41 KB each), the 4,096
#: before them deflated (a few KB each), for a bot drawing for more matches than that
_CARDS = Kept(drawn=256, shelved=4096, name="render.cowboy.cards")


def _card(bare: Image.Image, shown: tuple[Any, ...]) -> Image.Image:
    """A player's card but for its bit of fence, drawn on the range under it (the frame's
    paper: the range draws only on the board, so the card's place and contents say all there
    is to it)."""
    return _CARDS.get(shown, lambda: _draw_card(bare, shown))


def _draw_card(bare: Image.Image, shown: tuple[Any, ...]) -> Image.Image:
    (x0, y0, x1, y1), fill, outline, seat, letter, label, text, change, items = shown
    card = drawable(bare.crop((x0, y0, x1 + 1, y1 + 1)))
    d = ImageDraw.Draw(card)
    d.rounded_rectangle((0, 0, x1 - x0, y1 - y0), radius=12, fill=fill, outline=outline, width=4)
    stamp(card, "cowboy", 40, (8, 6), fill, PLAYER_COLOURS[seat], letter)
    write(card, (56, 8), label, TEXT + 2, INK, fill, bold=True)
    write(card, (12, 48), text, TEXT, INK, fill)
    if change:
        tone = WIN_GREEN if change > 0 else RED
        write(card, (18 + text_width(text, TEXT), 48), f"{change:+d}", TEXT, tone, fill, bold=True)
    write(card, (12, 86), items, TEXT, MUTED, fill)
    return card
