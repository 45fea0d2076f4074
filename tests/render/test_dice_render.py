"""High Rollin' pictures: what the last move did is drawn and told."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

import render
from games.highrollin import RULES as ROLLIN
from games.highrollin import Place, Stop
from games.highrollin.model import Die as HDie
from games.rng import SeededRng
from render import highrollin


def picture(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def count(image: Image.Image, colour: tuple[int, int, int]) -> int:
    rgb = image.convert("RGB")
    return sum(n for n, c in rgb.getcolors(1 << 16) or [] if c == colour)


def test_highrollin_story_tells_the_last_turns_result() -> None:
    state = ROLLIN.new_game(["ann", "bob"], {"towers": "steady"}, rng=SeededRng(2))
    ply = 0
    told = set()
    while ROLLIN.outcome(state) is None and ply < 400:
        ply += 1
        action = ROLLIN.default_action(state, state.turn)
        after = ROLLIN.apply(state, state.turn, action, rng=SeededRng(2, ply)).state
        text = highrollin.story(after, action, state)
        name = state.names[state.turn]
        assert text.startswith(name)
        if isinstance(action, Place) and state.began == 5 and len(state.hand) == 1:
            tops = " + ".join(str(t[-1].face) for t in after.towers)
            if after.round == state.round:
                assert text.startswith(f"{name} stacked all five: {tops} · {name} +")
                told.add("scored")
        if isinstance(action, Stop):
            assert "stopped" in text
            told.add("stop")
        state = after
    assert "scored" in told


def test_highrollin_tall_tower_keeps_its_top_full_size() -> None:
    highrollin.warm()
    state = ROLLIN.new_game(["ann", "bob", "cy", "di"], rng=SeededRng(4))
    tall = tuple(HDie(c % 2, 1) for c in range(15))
    state = replace(state, towers=(tall, *state.towers[1:]), removed=state.removed)
    png = highrollin.draw(state)
    image = picture(png)
    assert image.width <= 900 and len(png) < 150_000
    # the top (a red 1) is drawn full size: a run of red across most of a full-size die, in
    # tower 1's column; the fifteen dice under it are much smaller
    red = highrollin.FILLS[0]
    rgb = image.convert("RGB")
    x0 = highrollin.TOWER_X[0] - highrollin.TOP_DIE
    longest = 0
    for y in range(highrollin.TABLE[1], highrollin.BASE_Y):
        run = 0
        for x in range(x0, x0 + 2 * highrollin.TOP_DIE):
            run = run + 1 if rgb.getpixel((x, y)) == red else 0
            longest = max(longest, run)
    assert longest >= highrollin.TOP_DIE * 0.75
    # the conformance suite draws through the registry: same pictures
    assert render.draw("highrollin", state) == png
