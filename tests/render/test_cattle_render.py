"""Cattle Baron's picture: what the last move did is drawn and told from its events, in every
language."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

import render
import words
from games.cattle import RULES as CATTLE
from games.cattle import CattleState, Die, Pass, Raid, pile, total
from games.cattle import talk_picture as says
from games.rng import ScriptedRng, SeededRng
from render import cattle
from render.common import HIGHLIGHT, font, length


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
    step = CATTLE.apply(state, seat, Raid(die), rng=SeededRng(3, 1))
    return state, Raid(die), step, seat, die


def test_the_last_move_is_told_from_its_events_and_the_raided_die_is_outlined() -> None:
    before, action, step, seat, die = cattle_raid()
    after = step.state
    told = says.strip_words(step.events, after.names)
    assert told == f"{before.names[seat]} rolled 5: raided {die.colour} {die.face}"
    change = cattle.Change(after, action, before)
    assert change.left_herd == {die: 1} and change.new_stock[seat] == {die: 1}
    assert change.delta == {seat: die.face}
    assert change.new_stock[1 - seat] == {} and change.new_swiss == {0: {}, 1: {}}
    plain = picture(cattle.draw(after))
    marked = picture(cattle.draw(after, last=action, previous=before, events=step.events))
    assert count(marked, HIGHLIGHT) > count(plain, HIGHLIGHT)  # the raided die is ringed
    assert count(marked, cattle.RUST) > count(plain, cattle.RUST)  # its ghost in the herd
    # the strip is drawn from the events: without them it shows what the order means
    unmarked = picture(cattle.draw(after, last=action, previous=before))
    assert unmarked.tobytes() != marked.tobytes()


def test_a_forced_pass_reads_as_nothing_to_take() -> None:
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
    step = CATTLE.apply(state, 1, Pass(), rng=ScriptedRng([]))
    assert says.strip_words(step.events, state.names) == (
        f"bob rolled 2: no {brand} left in the herd, passed"
    )
    with words.use("pl"):
        told = says.strip_words(step.events, state.names)
    assert told == "bob wyrzuca 2: w stadzie nie ma już niebieskich kości, pas"


def finished() -> CattleState:
    state = CATTLE.new_game(["ann", "bob"], rng=SeededRng(5))
    ply = 0
    while CATTLE.outcome(state) is None:
        ply += 1
        seat = CATTLE.to_act(state)[0]
        action = CATTLE.default_action(state, seat)
        state = CATTLE.apply(state, seat, action, rng=SeededRng(5, ply)).state
    return state


def test_the_header_names_the_winner() -> None:
    state = finished()
    outcome = CATTLE.outcome(state)
    assert outcome is not None and outcome.scores is not None
    if len(outcome.winners) == 1:
        winner = state.names[outcome.winners[0]]
        assert cattle.status(state) == f"Game over · {winner} wins {max(outcome.scores)}"
        with words.use("pl"):
            assert cattle.status(state) == f"Koniec gry · wygrywa {winner}: {max(outcome.scores)}"
    else:
        assert "share the win" in cattle.status(state)


def test_the_largest_table_is_phone_shaped_and_small() -> None:
    cattle.warm()
    state = CATTLE.new_game([f"rancher{i}" for i in range(8)], rng=SeededRng(9))
    everything = replace(state, herd=pile([*state.herd, *(s for s in state.studs if s)]))
    for s in (state, everything):
        png = cattle.draw(s, seat=0)
        assert picture(png).width <= 900 and len(png) < 150_000


def positions(players: int, seed: int) -> list[tuple]:
    """(state, last, previous, events) along a played game: its start, every move of its first
    rounds, and its end."""
    state = CATTLE.new_game([f"gracz{i}" for i in range(players)], rng=SeededRng(seed))
    out: list[tuple] = [(state, None, None, CATTLE.opening_events(state))]
    ply = 0
    while CATTLE.outcome(state) is None:
        ply += 1
        seat = CATTLE.to_act(state)[0]
        action = CATTLE.default_action(state, seat)
        step = CATTLE.apply(state, seat, action, rng=SeededRng(seed, ply))
        if ply < 3 * players or CATTLE.outcome(step.state) is not None:
            out.append((step.state, action, state, step.events))
        state = step.state
    return out


@pytest.mark.parametrize("locale", ["pl", words.PSEUDO])
@pytest.mark.parametrize("players", [2, 8])
def test_pictures_draw_in_every_language(locale: str, players: int) -> None:
    for state, last, previous, events in positions(players, 11):
        png = render.draw(
            "cattle", state, seat=0, last=last, previous=previous, events=events, locale=locale
        )
        assert picture(png).width == cattle.WIDTH


def test_polish_texts_fit_their_places_whole() -> None:
    """Every label of the picture fits where it is drawn; a long strip breaks between words."""
    with words.use("pl"):
        from games.cattle.talk_dice import colour_words

        eight = CATTLE.new_game(["a", "b"], {"colours": 8}, rng=SeededRng(1))
        room = cattle._herd_label_w(eight) - 16
        for colour in cattle.COLOURS[:8]:
            assert length(font(cattle.TEXT), colour_words(colour)) <= room, colour
        assert cattle._herd_line(eight) >= eight.options.dice_per_colour, "a colour on one line"
        wide = replace(eight, stocks=(pile(eight.herd[:30]), ()), swiss=((), pile(eight.herd[30:])))
        labels = [says.stock_label(total(wide.stocks[0])), says.swiss_label(total(wide.swiss[1]))]
        for label in labels:
            assert length(font(cattle.TEXT, True), label) + 12 <= cattle._label_w(wide), label
        for _, _, _, events in positions(8, 3):
            told = says.strip_words(events, [f"gracz{i}" for i in range(8)])
            lines = cattle._strip_lines(told)
            assert " ".join(lines) == told, "wrapped between words, nothing cut"


def random_positions(players: int, seed: int) -> list[tuple]:
    """(state, last, previous, events) after every move of a game played at random."""
    import random

    pick = random.Random(seed)
    state = CATTLE.new_game([f"Player {i}" for i in range(players)], rng=SeededRng(seed))
    out: list[tuple] = [(state, None, None, ())]
    ply = 0
    while CATTLE.outcome(state) is None:
        ply += 1
        seat = CATTLE.to_act(state)[0]
        action = pick.choice(CATTLE.legal_actions(state, seat))
        step = CATTLE.apply(state, seat, action, rng=SeededRng(seed, ply))
        out.append((step.state, action, state, step.events))
        state = step.state
    return out


@pytest.mark.parametrize("locale", ["en", "pl"])
def test_at_eight_players_the_herd_and_the_acting_player_fit_a_phones_first_screen(
    locale: str,
) -> None:
    """Shown 300 px wide, a phone's first screen is about 600 px tall: the herd and the block
    of the player to act are in it, at every move of whole games."""
    assert cattle.DIE * 300 / cattle.WIDTH >= 14, "every die is at least 14 px there"
    assert cattle.TEXT * 300 / cattle.WIDTH >= 11, "its letter and face too"
    with words.use(locale):
        for seed in (1, 2):
            for state, last, previous, events in random_positions(8, seed):
                if state.finished:
                    continue
                told = says.strip_words(events, state.names)
                where = cattle.plan(state, told, cattle.Change(state, last, previous))
                acting = state.order[state.pos]
                assert where.herd[1] <= cattle.FIRST_SCREEN
                assert where.players[acting][1] <= cattle.FIRST_SCREEN, (state.round, acting)


def test_the_players_come_in_this_rounds_order_from_the_one_to_act() -> None:
    state = CATTLE.new_game([f"p{i}" for i in range(5)], rng=SeededRng(4))
    state = replace(state, order=(3, 1, 4, 0, 2), pos=2)
    assert cattle.queue(state) == [
        ("", [4]),
        ("Still to act this round", [0, 2]),
        ("Acted this round", [3, 1]),
    ]
    with words.use("pl"):
        names = [name for name, _ in cattle.queue(state)]
    assert names[1:] == ["Jeszcze zagrają w tej rundzie", "Już zagrali w tej rundzie"]
    where = cattle.plan(state, "", cattle.Change(state, None, None))
    tops = [where.players[s][0] for s in (4, 0, 2, 3, 1)]
    assert tops == sorted(tops) and where.herd[1] < tops[0]
