"""Super Cowboy board pictures, phone-first: 800 px wide, the board above the players' cards
and an icon legend.

``layers`` holds the layout and what is drawn once (the range of a deal, owners' washes, the
legend); ``frame`` draws one position over it with marks on what the last move changed;
``icons`` the colours and icons. The words (the header, told from the last move's events, the
cards and the legend) are the narrator's (``games.cowboy.talk_picture``), in the active
locale. Pictures are reduced to one fixed palette, so no colours are chosen per picture.
"""

from __future__ import annotations

import string
from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.base import Event
from games.cowboy.data import TILES
from games.cowboy.state import CowboyState
from games.cowboy.talk_picture import LEGEND, tile_title
from render import png
from render.common import INK, PAPER, font
from render.cowboy.frame import ROAMING, WHITE, compose
from render.cowboy.icons import (
    ACTING,
    CARD,
    DARK,
    GRASS,
    HOMESTEAD,
    PLAYER_COLOURS,
    WASH,
    WON,
    Colour,
    player_letters,
    tint,
)
from render.cowboy.layers import BIG, TEXT, frame, geo, legend_picture, range_layer, wash_lut
from render.cowboy.paint import letter_sprite, palette, sprite

__all__ = ["compose", "draw", "player_letters", "tile_picture", "tile_sheet", "warm"]


def draw(
    state: CowboyState,
    *,
    seat: int | None = None,
    last: object = None,
    previous: object = None,
    events: Sequence[Event] = (),
) -> bytes:
    """The range as PNG bytes for ``seat`` (None: a spectator), its texts in the active
    locale; ``previous`` (the state before the last move) gives the marks of change and the
    move's ``events`` the header's last move."""
    return png.encode(compose(state, seat, last, previous, events))


def warm() -> None:
    """Build every cache that does not depend on a deal: the palette, fonts, the coordinates
    and legend, and icons over each ground they sit on, at the sizes both boards use, and every
    initial a player can have on them (a deal's own range is built on its first picture).
    About half a second."""
    palette()
    grounds = [*GRASS, HOMESTEAD, *(tint(g, c, WASH) for c in PLAYER_COLOURS for g in GRASS)]
    for size in (12, 16):
        cell = geo(_SAMPLE[size], 2).cell
        token, small, big = int(cell * 0.86), int(cell * 0.84), int(cell * 0.86)
        for under in grounds:
            for colour in (*PLAYER_COLOURS, ROAMING):
                _prime("steer", token, under, colour)
            for kind in ("indian", "twister"):
                _prime(kind, token, under)
            _prime("stolen", int(cell * 0.86), under)
            _prime("pilgrim", small, under, letter="P")
            _prime("bandit", small, under)
            for kind, share in (("zone", 0.5), ("ghost", 0.7), ("moved", 0.98)):
                _prime(kind, int(cell * share), under)
            for colour in PLAYER_COLOURS:
                _prime("cowboy", big, under, colour)
        badge = max(20, int(cell * 0.4))
        for colour in PLAYER_COLOURS:
            _prime("cowboy", big, WHITE, colour)
            for under in GRASS:
                _prime("badge", badge, tint(under, colour, WASH), colour)
            for letter in INITIALS:
                letter_sprite("cowboy", big, colour, letter)
                letter_sprite("badge", badge, colour, letter)
        for under in GRASS:
            for kind, share in (("tree", 0.86), ("printed", 0.86), ("skull", 0.86)):
                _prime(kind, int(cell * share), under)
        _prime("house", int(cell * 0.86), HOMESTEAD)
    for colour in PLAYER_COLOURS:
        for fill in (CARD, ACTING, WON):
            _prime("cowboy", 40, fill, colour)
        for letter in INITIALS:
            letter_sprite("cowboy", 40, colour, letter)
    for owner in range(len(PLAYER_COLOURS)):
        wash_lut(owner)
    for size, players in ((12, 2), (16, 3), (16, 4)):
        frame(size, players)
    for kind, _ in LEGEND:
        if kind != "stream":
            legend_picture(kind)
    for bold in (False, True):
        for size in (TEXT, TEXT + 2, BIG):
            font(size, bold)


#: what ``player_letters`` can put on a player's icons: an initial (as typed, upper-cased:
#: letters and digits cover nearly every name) or a seat number
INITIALS = string.ascii_uppercase + string.digits


def _prime(
    kind: str, size: int, under: Colour, colour: Colour = (0, 0, 0), letter: str = ""
) -> None:
    """Build a sprite under the very key ``stamp`` asks for it by."""
    sprite(kind, size, under, colour, letter)


def _sample(n: int) -> tuple[tuple[str, int], ...]:
    return tuple((t, 0) for t in sorted(TILES)[: n * n])


_SAMPLE = {12: _sample(3), 16: _sample(4)}


def tile_picture(tile_id: str, px: int = 240) -> Image.Image:
    """One tile, upright, as the board draws it (for the rules page)."""
    others = [t for t in sorted(TILES) if t != tile_id][:8]
    tiles = ((tile_id, 0), *((t, 0) for t in others))
    g = geo(tiles, 2)
    c = g.cell
    top = g.oy + (g.size - 4) * c
    crop = range_layer(tiles, 2).convert("RGB").crop((g.ox, top, g.ox + 4 * c + 1, top + 4 * c + 1))
    return crop.resize((px, px), Image.Resampling.LANCZOS)


def tile_sheet(columns: int = 6, px: int = 240) -> Image.Image:
    """All tiles with their ids and names."""
    label = 30
    gap = 14
    ids = sorted(TILES)
    rows = -(-len(ids) // columns)
    sheet = Image.new("RGB", (gap + columns * (px + gap), gap + rows * (px + label + gap)), PAPER)
    d = ImageDraw.Draw(sheet)
    for k, tid in enumerate(ids):
        x = gap + (k % columns) * (px + gap)
        y = gap + (k // columns) * (px + label + gap)
        d.text((x, y), tile_title(tid), font=font(18, bold=True), fill=INK)
        sheet.paste(tile_picture(tid, px), (x, y + label))
        d.rectangle((x, y + label, x + px, y + label + px), outline=DARK, width=2)
    return sheet
