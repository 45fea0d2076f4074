"""The Super Farmer picture: valid, small, and showing what players look for."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from games.farm import RULES, STOCK, FarmState, PendingOffer
from games.rng import SeededRng
from render import draw as draw_any
from render.farm import PANEL_H, PANEL_W, PANELS_Y, TOP_H, TOP_Y, W, draw

NAMES = ("alice", "bob", "Cornelius Longname the Third", "dee", "ed", "fiona")


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


def test_draws_a_valid_png_through_the_registry() -> None:
    state = _state(3, last_roll=("sheep", "rabbit"), last_roller=0)
    png = draw_any("farm", state)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = _image(png)
    assert img.width == W
    assert png == draw(state)  # the picture depends on the state alone


@pytest.mark.parametrize("players", range(2, 7))
def test_every_player_count_fits(players: int) -> None:
    img = _image(draw(_state(players, last_roll=("fox", "wolf"), last_roller=0)))
    rows = (players + 1) // 2
    assert img.height >= PANELS_Y + rows * PANEL_H


@pytest.mark.parametrize("players", [2, 6])
def test_big_herds_stay_under_200_kb(players: int) -> None:
    offer = PendingOffer(0, 1, (6, 0, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0))
    for state in (
        _state(players, last_roll=("fox", "wolf"), last_roller=1, offer=offer),
        _state(players, last_roll=("horse", "cow"), last_roller=0, winners=(0,)),
    ):
        assert len(draw(state, seat=1)) < 200_000


def test_a_fresh_game_draws() -> None:
    assert draw(RULES.new_game(["ann", "ben"], rng=SeededRng(3)))[:4] == b"\x89PNG"


def test_the_last_roll_changes_the_dice() -> None:
    dice = (0, TOP_Y, W // 2, TOP_Y + TOP_H)
    calm = draw(_state(2, last_roll=("rabbit", "sheep"), last_roller=0))
    fox = draw(_state(2, last_roll=("fox", "sheep"), last_roller=0))
    wolf = draw(_state(2, last_roll=("rabbit", "wolf"), last_roller=0))
    none = draw(_state(2))
    for other in (fox, wolf, none):
        assert _changed(calm, other, dice) > 2000
    assert _changed(fox, wolf, dice) > 2000


def test_whose_turn_lights_up_their_pen() -> None:
    first = draw(_state(2, turn=0))
    second = draw(_state(2, turn=1))
    header = (0, 0, W, 80)
    assert _changed(first, second, header) > 500  # "alice to ..." becomes "bob to ..."
    for col in (0, 1):
        pen = (
            20 + col * (PANEL_W + 16),
            PANELS_Y,
            20 + col * (PANEL_W + 16) + PANEL_W,
            PANELS_Y + PANEL_H,
        )
        assert _changed(first, second, pen) > 5000  # border and name bar change colour


def test_an_offer_and_a_winner_show() -> None:
    offer = PendingOffer(0, 1, (6, 0, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0))
    plain = draw(_state(2))
    strip = (0, PANELS_Y - 90, W, PANELS_Y - 10)
    assert _changed(plain, draw(_state(2, offer=offer)), strip) > 2000
    assert _changed(plain, draw(_state(2, winners=(1,))), (0, 0, W, 80)) > 500
