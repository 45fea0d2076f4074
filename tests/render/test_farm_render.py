"""The Super Farmer picture: valid, small, phone-shaped, and showing what players look for:
whose turn, the last move (dice, what it changed, an open offer) and every pen."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

import render.farm as farm
import words
from games.base import Event
from games.farm import RULES, STOCK, FarmState, PendingOffer, Roll
from games.farm.model import PIG, RABBIT, SHEEP
from games.farm.talk_board import Chip, story
from games.rng import ScriptedRng, SeededRng
from render import draw as draw_any
from render.common import HIGHLIGHT, font, length
from render.farm import (
    HEADER_H,
    MARGIN,
    PEN_GAP,
    PEN_H,
    PENS_Y,
    STOCK_H,
    STOCK_Y,
    STRIP_H,
    STRIP_Y,
    W,
    draw,
)

NAMES = ("alice", "bob", "Cornelius Longname the Third", "dee", "ed", "fiona")
DICE = (0, STRIP_Y + 40, farm.STORY_X - 8, STRIP_Y + STRIP_H)
STORY = (farm.STORY_X, STRIP_Y, W, STRIP_Y + STRIP_H)
HEADER = (0, 0, W, HEADER_H)


def _state(players: int, *, big: bool = True, **changes: object) -> FarmState:
    """A mid-game farm; with ``big`` the stock is shared out so every pen is crowded."""
    state = RULES.new_game(NAMES[:players], rng=SeededRng(1))
    if big:
        herds = [[0] * 7 for _ in range(players)]
        for kind, total in enumerate(STOCK):
            for k in range(total - 1):  # leave one of each in the stock
                herds[k % players][kind] += 1
        stock = (1,) * 7
        state = replace(state, herds=tuple(tuple(h) for h in herds), stock=stock)
    return replace(state, **changes)


def _image(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def _changed(a: bytes, b: bytes, box: tuple[int, int, int, int]) -> int:
    """How many pixels inside ``box`` differ between two pictures."""
    diff = ImageChops.difference(_image(a).crop(box), _image(b).crop(box)).convert("L")
    return diff.point(lambda v: 255 if v > 24 else 0).histogram()[255]


def _pen(seat: int) -> tuple[int, int, int, int]:
    y = PENS_Y + seat * (PEN_H + PEN_GAP)
    return (0, y - 14, W, y + PEN_H)


def test_draws_a_valid_png_through_the_registry() -> None:
    state = _state(3, last_roll=("sheep", "rabbit"), last_roller=0)
    png = draw_any("farm", state)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert _image(png).width == W
    assert png == draw(state)  # the picture depends on the state alone


@pytest.mark.parametrize("players", range(2, 7))
def test_every_table_fits_a_phone_shaped_picture(players: int) -> None:
    img = _image(draw(_state(players, last_roll=("fox", "wolf"), last_roller=0)))
    assert img.height >= PENS_Y + players * PEN_H
    assert img.width / img.height <= 4 / 3 + 0.01  # never wider than 4:3


@pytest.mark.parametrize("players", [2, 6])
def test_big_herds_stay_under_150_kb(players: int) -> None:
    offer = PendingOffer(0, 1, (6, 0, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0))
    for state in (
        _state(players, last_roll=("fox", "wolf"), last_roller=1, offer=offer),
        _state(players, last_roll=("horse", "cow"), last_roller=0, winners=(0,)),
    ):
        assert len(draw(state, seat=1)) < 150_000


def test_a_fresh_game_draws() -> None:
    assert draw(RULES.new_game(["ann", "ben"], rng=SeededRng(3)))[:4] == b"\x89PNG"


def test_the_last_roll_changes_the_dice() -> None:
    calm = draw(_state(2, last_roll=("rabbit", "sheep"), last_roller=0))
    fox = draw(_state(2, last_roll=("fox", "sheep"), last_roller=0))
    wolf = draw(_state(2, last_roll=("rabbit", "wolf"), last_roller=0))
    none = draw(_state(2))
    for other in (fox, wolf, none):
        assert _changed(calm, other, DICE) > 1500
    assert _changed(fox, wolf, DICE) > 1500


def test_whose_turn_lights_up_their_pen() -> None:
    first = draw(_state(2, turn=0))
    second = draw(_state(2, turn=1))
    assert _changed(first, second, HEADER) > 500  # "alice to ..." becomes "bob to ..."
    for seat in (0, 1):
        assert _changed(first, second, _pen(seat)) > 5000  # border and name bar change colour


def _near(colour: tuple[int, ...], wanted: tuple[int, ...]) -> bool:
    return max(abs(a - b) for a, b in zip(colour, wanted, strict=True)) < 8


@pytest.mark.parametrize("seat", range(6))
def test_at_six_players_the_acting_pen_and_the_stock_fit_a_phones_first_screen(seat: int) -> None:
    """Shown 300 px wide, a phone's first 600 px of height hold the picture's top 600 * W / 300
    px: the header, the last move, the stock and whichever pen is on turn are all in it."""
    first_screen = 600 * W // 300
    img = _image(draw(_state(6, turn=seat, last_roll=("fox", "wolf"), last_roller=seat)))
    # the acting pen's lit border, down the picture's left edge
    edge = [img.getpixel((MARGIN + 2, y)) for y in range(img.height)]
    lit = [y for y, colour in enumerate(edge) if _near(colour, HIGHLIGHT)]
    assert lit, "the acting pen is lit"
    assert min(lit) >= PENS_Y + seat * (PEN_H + PEN_GAP) - 8, "the lit pen is the acting one"
    assert max(lit) < first_screen
    assert first_screen > STOCK_Y + STOCK_H


def test_an_offer_and_a_winner_show() -> None:
    offer = PendingOffer(0, 1, (6, 0, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0))
    plain = draw(_state(2))
    assert _changed(plain, draw(_state(2, offer=offer)), STORY) > 2000
    assert _changed(plain, draw(_state(2, winners=(1,))), HEADER) > 500


def test_the_last_move_is_told_and_what_changed_is_marked() -> None:
    before = _state(3, big=False, herds=((7, 2, 3, 0, 0, 1, 0), (0,) * 7, (0,) * 7))
    step = RULES.apply(before, 0, Roll(), rng=ScriptedRng(["pig", "wolf"]))
    told = draw(step.state, last=Roll(), previous=before, events=step.events)
    bare = draw(step.state)
    assert _changed(bare, told, STORY) > 2000  # "alice rolled: wolf ate ..." with chips
    assert _changed(bare, told, _pen(0)) > 300  # a badge on each slot the wolf emptied
    assert _changed(bare, told, _pen(1)) == 0  # nothing changed in bob's pen
    eaten = [Chip(PIG, 3, -1), Chip(SHEEP, 2, -1), Chip(RABBIT, 7, -1)]
    assert story(step.state, step.events, NAMES) == ("alice rolled", ["wolf ate", *eaten])


def test_trade_or_roll_is_said_only_when_a_trade_is_possible() -> None:
    fresh = RULES.new_game(["ann", "ben"], rng=SeededRng(3))
    assert farm._status(fresh) == "ann to roll"
    assert farm._tag(fresh, 0) == ("▶ TO ROLL", farm.HIGHLIGHT)
    rich = _state(2)
    assert farm._status(rich) == "alice to trade or roll"
    offer = PendingOffer(0, 1, (6, 0, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0))
    waiting = _state(2, offer=offer)
    assert farm._tag(waiting, 0)[0] == "WAITING" and farm._tag(waiting, 1)[0] == "? ANSWER OFFER"
    assert story(waiting, (), NAMES)[1][-1] == "waiting for bob"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_board_laid_in_its_palette_is_the_full_colour_board_reduced(players: int) -> None:
    """Boards are laid straight in the fixed palette; every pixel must be the one the
    full-colour board reduced to that palette has (a whole game, seen by a player and by a
    spectator, offers and wins included)."""
    import random

    pick = random.Random(players)
    state = RULES.new_game(NAMES[:players], rng=SeededRng(players))
    for ply in range(400):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        action = pick.choice(RULES.legal_actions(state, seat))
        previous = state
        step = RULES.apply(state, seat, action, rng=SeededRng(players, ply))
        state, events = step.state, step.events
        if ply % 3:
            continue
        viewer = pick.choice([None, seat])
        png = draw(state, seat=viewer, last=action, previous=previous, events=events)
        laid = Image.open(io.BytesIO(png))
        full = farm.compose(state, viewer, previous, events)
        reduced = full.quantize(palette=farm._palette(), dither=Image.Dither.NONE)
        assert laid.tobytes() == reduced.tobytes(), f"ply {ply}"


def _positions() -> list[tuple[FarmState, FarmState | None, tuple[Event, ...]]]:
    """(state, previous, events): a fresh game, a roll, a trade, an offer, its answer, a win,
    a player leaving."""
    fresh = RULES.new_game(NAMES[:2], rng=SeededRng(1))
    crowded = _state(6)
    rolled = RULES.apply(crowded, 0, Roll(), rng=ScriptedRng(["fox", "wolf"]))
    trade = RULES.parse_action(crowded, 0, "trade 6 rabbit for 1 sheep")
    traded = RULES.apply(crowded, 0, trade, rng=ScriptedRng([]))
    offer = RULES.parse_action(crowded, 0, f"offer 2 sheep for 1 pig to {NAMES[2]}")
    offered = RULES.apply(crowded, 0, offer, rng=ScriptedRng([]))
    answer = RULES.parse_action(offered.state, 2, "decline")
    declined = RULES.apply(offered.state, 2, answer, rng=ScriptedRng([]))
    left = RULES.resign(crowded, 3, rng=ScriptedRng([]))
    won = _state(2, winners=(1,))
    return [
        (fresh, None, ()),
        (rolled.state, crowded, rolled.events),
        (traded.state, crowded, traded.events),
        (offered.state, crowded, offered.events),
        (declined.state, offered.state, declined.events),
        (left.state, crowded, left.events),
        (won, None, ()),
    ]


@pytest.mark.parametrize("locale", ["pl", words.PSEUDO])
def test_pictures_are_worded_in_the_matchs_language(locale: str) -> None:
    for state, previous, events in _positions():
        english = draw_any("farm", state, previous=previous, events=events)
        png = draw_any("farm", state, previous=previous, events=events, locale=locale)
        assert _image(png).size == _image(english).size
        assert _changed(english, png, HEADER) > 200, "the header is worded"
        if events or state.rolls == 0:
            assert _changed(english, png, STORY) > 200, "the last move is told"


def test_polish_strip_titles_fit_with_every_name_shown() -> None:
    """The longest names are shortened until the title fits its room: no word is cut."""
    width = farm.TITLE_W
    bold = font(farm.TITLE, True)
    for state, _previous, events in _positions():
        with words.use("pl"):
            names = [farm.fit(n, farm.TITLE, True, farm.NAME_ROOMS[-1]) for n in state.names]
            title, _parts = story(state, events, names)
        assert length(bold, title) <= width, title


ICON_SCRIPT = r"""
import json, sys
import render.farm as farm, render.farm.animals as animals, render.farm.strip as strip
sizes = []
def recording(fn):
    def drawn(kind, size):
        sizes.append((kind, size))
        return fn(kind, size)
    return drawn
for module in (farm, strip):
    module.icon = recording(animals.icon)
farm.ghost = recording(animals.ghost)
farm.warm()
print(json.dumps(sizes))
"""


def test_every_animal_shows_at_least_14px_on_a_phone() -> None:
    """Every picture that means something (an animal, a face of the dice, a missing animal's
    silhouette, the crown), drawn in a fresh interpreter over every board ``warm`` lays: at
    least 14 px when the board is shown 300 px wide."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", ICON_SCRIPT], cwd=root, capture_output=True, text=True, check=True
    )
    sizes = json.loads(done.stdout)
    assert {kind for kind, _size in sizes} >= {*farm.ANIMALS, "fox", "wolf", "crown"}
    small = sorted({(k, s) for k, s in sizes if s * 300 / W < 14})
    assert not small, small
