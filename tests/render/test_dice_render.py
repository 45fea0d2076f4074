"""Cattle Baron pictures: what the last move did is drawn and told (High Rollin's:
``test_highrollin_render``)."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from games.cattle import RULES as CATTLE
from games.cattle import Die, Pass, Raid, pile
from games.rng import ScriptedRng, SeededRng
from render import cattle
from render.common import HIGHLIGHT


def picture(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def count(image: Image.Image, colour: tuple[int, int, int]) -> int:
    rgb = image.convert("RGB")
    return sum(n for n, c in rgb.getcolors(1 << 16) or [] if c == colour)


def cattle_raid() -> tuple:
    state = CATTLE.new_game(["ann", "bob"], rng=SeededRng(3))
    state = replace(state, rolls=(5, 5), studs=(Die("red", 5), Die("blue", 5)))
    seat = state.order[state.pos]
    die = max(state.herd, key=lambda d: d.face)
    after = CATTLE.apply(state, seat, Raid(die), rng=SeededRng(3, 1)).state
    return state, Raid(die), after, seat, die


def test_cattle_last_move_is_told_and_the_raided_die_is_outlined() -> None:
    before, action, after, seat, die = cattle_raid()
    change = cattle.Change(after, action, before)
    assert change.text == f"{before.names[seat]} rolled 5: raided {die.colour} {die.face}"
    assert change.left_herd == {die: 1} and change.new_stock[seat] == {die: 1}
    assert change.delta == {seat: die.face}
    assert change.new_stock[1 - seat] == {} and change.new_swiss == {0: {}, 1: {}}
    plain = picture(cattle.draw(after))
    marked = picture(cattle.draw(after, last=action, previous=before))
    assert count(marked, HIGHLIGHT) > count(plain, HIGHLIGHT)  # the raided die is ringed
    assert count(marked, cattle.RUST) > count(plain, cattle.RUST)  # its ghost in the herd


def test_cattle_forced_pass_reads_as_nothing_to_take() -> None:
    state = CATTLE.new_game(["ann", "bob"], {"colours": 2, "dice_per_colour": 4},
                            rng=ScriptedRng([1, 2, 3, 4, 1, 5, 6, 6, 5, 2]))  # fmt: skip
    brand = state.brand(1)
    gone = [d for d in state.herd if d.colour == brand]
    state = replace(
        state,
        herd=pile(d for d in state.herd if d.colour != brand),
        stocks=((), pile(gone)),
    )
    assert CATTLE.forced_action(state, 1) == Pass()
    after = CATTLE.apply(state, 1, Pass(), rng=ScriptedRng([])).state
    text = cattle.Change(after, Pass(), state).text
    assert text == f"bob rolled 2: no {brand} left in the herd, passed"


def test_cattle_header_names_the_winner() -> None:
    state = CATTLE.new_game(["ann", "bob"], rng=SeededRng(5))
    ply = 0
    while CATTLE.outcome(state) is None:
        ply += 1
        seat = CATTLE.to_act(state)[0]
        action = CATTLE.default_action(state, seat)
        state = CATTLE.apply(state, seat, action, rng=SeededRng(5, ply)).state
    outcome = CATTLE.outcome(state)
    assert outcome is not None
    if len(outcome.winners) == 1:
        winner = state.names[outcome.winners[0]]
        assert cattle.status(state) == f"Game over · {winner} wins {max(outcome.scores)}"
    else:
        assert "share the win" in cattle.status(state)


def test_cattle_largest_table_is_phone_shaped_and_small() -> None:
    cattle.warm()
    state = CATTLE.new_game([f"rancher{i}" for i in range(8)], rng=SeededRng(9))
    everything = replace(state, herd=pile([*state.herd, *(s for s in state.studs if s)]))
    for s in (state, everything):
        png = cattle.draw(s, seat=0)
        assert picture(png).width <= 900 and len(png) < 150_000
