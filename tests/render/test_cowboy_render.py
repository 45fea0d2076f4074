"""The Super Cowboy picture: phone-shaped, small, and showing what the last move changed."""

from __future__ import annotations

import importlib
import io
import random
from dataclasses import replace

import pytest
from PIL import Image

import games
import words
from games.base import Event
from games.cowboy.state import CowboyState, End, Fence, Pending, Rope, Rustle
from games.cowboy.talk_picture import card_counts, card_items, last_move, legend, status
from games.rng import SeededRng
from render import draw as draw_any
from render.common import HIGHLIGHT, text_width
from render.cowboy import compose, draw, warm
from render.cowboy.frame import fit
from render.cowboy.icons import icon, letter_layer
from render.cowboy.layers import BIG, LEGEND_COLS, LEGEND_ICON, PAD, TEXT, WIDTH, geo
from render.cowboy.paint import letter_sprite, sprite
from render.shelf import Kept

RULES = games.get("cowboy")
NAMES = ("Annie", "Buck", "Calamity", "Doc")

Moment = tuple[CowboyState, object, CowboyState | None, tuple[Event, ...]]


def _playout(players: int, seed: int, plies: int) -> list[Moment]:
    """Keen fencers and ropers: every position with the move that led to it, the position
    before and the move's events."""
    state = RULES.new_game(NAMES[:players], rng=SeededRng(seed))
    out: list[Moment] = [(state, None, None, ())]
    pick = random.Random(seed)
    weights = {Fence: 30, Rope: 40, Rustle: 20}
    for ply in range(1, plies):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        actions = RULES.legal_actions(state, seat)
        action = pick.choices(actions, [weights.get(type(a), 2) for a in actions])[0]
        before = state
        step = RULES.apply(state, seat, action, rng=SeededRng(seed, ply))
        state = step.state
        out.append((state, action, before, step.events))
    return out


def _bright(image: Image.Image, box: tuple[float, float, float, float]) -> int:
    """How many pixels in ``box`` have the highlight colour."""
    crop = image.convert("RGB").crop(tuple(int(v) for v in box))
    return sum(n for n, colour in crop.getcolors(1 << 16) or [] if colour == HIGHLIGHT)


def _square_box(state: CowboyState, name: str) -> tuple[float, float, float, float]:
    g = geo(state.tiles, len(state.names))
    s = state.board.parse_square(name)
    assert s is not None
    x, y = g.square(s)
    return (x, y, x + g.cell, y + g.cell)


def test_a_busy_four_player_board_is_phone_shaped_small_and_stable() -> None:
    state, last, previous, events = _playout(4, 3, 420)[-1]
    png = draw_any("cowboy", state, last=last, previous=previous, events=events)
    image = Image.open(io.BytesIO(png))
    assert image.width == 800 and image.width <= image.height <= 1.8 * image.width
    assert image.mode == "P" and len(png) < 150_000
    # one fixed palette: same bytes
    assert draw(state, last=last, previous=previous, events=events) == png


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_and_the_acting_players_card_fit_a_phones_first_screen(players: int) -> None:
    """Shown 300 px wide, the first 600 px of height hold the whole board and the card of
    whoever acts, whichever seat that is."""
    state = RULES.new_game(NAMES[:players], rng=SeededRng(7))
    image = compose(state)
    first_screen = 600 * image.width / 300
    g = geo(state.tiles, players)
    assert g.oy + g.span < first_screen
    for seat in range(players):
        acting = replace(state, turn=seat)
        assert g.card_box(seat)[3] < first_screen
        card = g.card_box(seat)
        assert compose(acting).crop(card) != image.crop(card) or seat == state.turn


def test_a_steer_that_moved_is_ringed_where_it_stands_now() -> None:
    start = RULES.new_game(NAMES[:2], rng=SeededRng(5))
    was = replace(start, steers=(start.board.parse_square("e5"),))
    now = replace(start, steers=(start.board.parse_square("f6"),))
    marked = compose(now, None, End(), was)
    plain = compose(now, None, None, None)
    assert _bright(marked, _square_box(now, "f6")) > 40
    assert _bright(plain, _square_box(now, "f6")) == 0
    # where it was, a dashed ring: the square no longer looks like bare grass
    assert marked.crop(_square_box(now, "e5")) != plain.crop(_square_box(now, "e5"))


def test_a_new_fence_glows_and_the_squares_of_a_choice_are_outlined() -> None:
    start = RULES.new_game(NAMES[:2], rng=SeededRng(5))
    board = start.board
    edge = board.parse_edge("F5-G5")
    built = replace(start, fences=((edge, 0),))
    assert _bright(compose(built, None, Fence(), start), _square_box(start, "f5")) > 20
    assert _bright(compose(built, None, None, None), _square_box(start, "f5")) == 0
    choices = tuple(board.parse_square(s) for s in ("a1", "a2"))
    asking = replace(start, pending=Pending("place", start.turn, choices, True, token="steer"))
    picture = compose(asking)
    assert _bright(picture, _square_box(start, "a2")) > 40
    assert _bright(picture, _square_box(start, "c2")) == 0
    assert status(asking) == f"{NAMES[start.turn]} places a roaming steer (marked)"


def test_the_header_names_every_winner_or_the_prairie() -> None:
    state = RULES.new_game(NAMES, rng=SeededRng(5))
    assert status(replace(state, finished="rounds", winners=())) == (
        "The prairie wins: nobody has a steer"
    )
    five = replace(state, finished="five", winners=(0, 1, 2))
    assert status(five) == "Annie, Buck and Calamity win with five steers!"
    assert status(replace(state, finished="five", winners=(3,))) == "Doc wins with five steers!"
    long = "Annie Oakley, Buffalo Bill Cody and Calamity Jane Canary win with five steers!"
    cut = fit(long, TEXT, 776, bold=True)
    assert cut.endswith("…") and cut.startswith("Annie Oakley")


def test_the_last_move_is_told_with_the_card_it_drew() -> None:
    state = RULES.new_game(NAMES[:2], rng=SeededRng(5))
    seat = state.turn
    step = RULES.apply(state, seat, End(), rng=SeededRng(5, 1))
    told = last_move(step.state, step.events, started=False)
    assert told.startswith(f"{NAMES[seat]} ended the turn; drew ")
    assert last_move(state, (), started=True) == f"New game: {NAMES[seat]} rides first."


def test_after_warm_a_standard_game_needs_no_new_icons() -> None:
    warm()

    def drawn() -> int:  # icons and initials drawn, and turned into the palette
        return sum(f.cache_info().misses for f in (icon, letter_layer, letter_sprite))

    before, lettered = drawn(), sprite.cache_info().misses
    for state, last, previous, events in _playout(4, 3, 420)[::25]:
        draw(state, last=last, previous=previous, events=events)
    assert drawn() == before
    # only a player's initial laid on an icon, once per icon and ground
    assert sprite.cache_info().misses - lettered <= 4 * 16


def test_boards_of_more_matches_than_are_kept_drawn_look_the_same(monkeypatch) -> None:
    """On a busy bot a match's range and cards have left the drawn caches by its next move:
    they come back from the shelf (or are drawn again) and the board is the one it would be."""
    layers = importlib.import_module("render.cowboy.layers")
    frame = importlib.import_module("render.cowboy.frame")
    matches = [_playout(4, seed, 12)[-3:] for seed in (21, 22, 23)]
    alone = [
        [draw(s, last=a, previous=p, events=e) for s, a, p, e in moments] for moments in matches
    ]
    monkeypatch.setattr(layers, "_RANGES", Kept(drawn=1, shelved=8))
    monkeypatch.setattr(frame, "_CARDS", Kept(drawn=4, shelved=64))
    in_turn = [[b""] * 3 for _ in matches]
    for k in range(3):
        for m, moments in enumerate(matches):
            state, last, previous, events = moments[k]
            in_turn[m][k] = draw(state, last=last, previous=previous, events=events)
    assert len(layers._RANGES.shelf) == 3 and len(frame._CARDS.shelf) > 0
    for m in range(len(matches)):
        for k in range(3):
            got = Image.open(io.BytesIO(in_turn[m][k])).convert("RGB").tobytes()
            want = Image.open(io.BytesIO(alone[m][k])).convert("RGB").tobytes()
            assert got == want, f"match {m}, move {k}"


@pytest.mark.parametrize("locale", ["pl", words.PSEUDO])
def test_pictures_draw_in_polish_and_the_pseudo_locale(locale: str) -> None:
    for players, seed in ((2, 7), (4, 8)):
        for state, last, previous, events in _playout(players, seed, 90)[::30]:
            english = draw_any("cowboy", state, last=last, previous=previous, events=events)
            other = draw_any(
                "cowboy", state, last=last, previous=previous, events=events, locale=locale
            )
            image = Image.open(io.BytesIO(other))
            assert image.size == Image.open(io.BytesIO(english)).size and other != english


def test_polish_texts_fit_the_picture_uncut() -> None:
    column = (WIDTH - 2 * PAD) // LEGEND_COLS - LEGEND_ICON - 14
    card = (WIDTH - 2 * PAD - 10) // 2 - 24
    with words.use("pl"):
        for _, label in legend():
            assert text_width(label, TEXT) <= column, label
        assert text_width(card_counts(5, 5, 28), TEXT) <= card
        assert text_width(card_items(("lariat", "sixshooter"), 0, False), TEXT) <= card
        state = RULES.new_game(NAMES, rng=SeededRng(5))
        assert text_width(status(state), BIG, True) <= WIDTH - 2 * PAD
        step = RULES.apply(state, state.turn, End(), rng=SeededRng(5, 1))
        told = last_move(step.state, step.events, started=False)
        assert told.startswith(f"{NAMES[state.turn]} kończy turę; karta ")
