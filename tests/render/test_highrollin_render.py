"""High Rollin' pictures: the last-move strip told from the play's events, a tall tower, and
every text in the picture's locale, fitted at word boundaries."""

from __future__ import annotations

import io
import random
from dataclasses import replace

import pytest
from PIL import Image

import render
import words
from games.highrollin import RULES as ROLLIN
from games.highrollin import Place, Stop
from games.highrollin.model import Die
from games.highrollin.talk import picture
from games.rng import SeededRng
from render import highrollin


def image_of(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def test_strip_tells_the_last_turns_result_from_its_events() -> None:
    state = ROLLIN.new_game(["ann", "bob"], {"towers": "steady"}, rng=SeededRng(2))
    ply = 0
    told = set()
    while ROLLIN.outcome(state) is None and ply < 400:
        ply += 1
        action = ROLLIN.default_action(state, state.turn)
        step = ROLLIN.apply(state, state.turn, action, rng=SeededRng(2, ply))
        text = picture.strip(step.events, state.names)
        name = state.names[state.turn]
        assert text.startswith(name)
        if any(e.kind == "score" for e in step.events):
            tops = "+".join(str(t[-1].face) for t in step.state.towers)
            if step.state.round == state.round:
                assert text.startswith(f"{name} stacked all five; tops {tops} · {name} +")
                told.add("scored")
        if isinstance(action, Stop):
            assert "stopped" in text
            told.add("stop")
        state = step.state
    assert "scored" in told


def test_strip_of_a_fall_names_the_tower_and_the_others_gain() -> None:
    from tests.games.highrollin_kit import make

    piles = [(3, 3, 4, 4), (2, 2, 2, 2), (1, 1, 1, 1)]
    state = make(("r3 b3 g3 y3 r3", "b6", "g4", "y4"), piles, hand="b3 r6", began=5)
    from games.rng import ScriptedRng

    step = ROLLIN.apply(state, 0, Place(1, 0), rng=ScriptedRng([0.2, 3, 5, 2, 6]))
    assert picture.strip(step.events, state.names) == "Tower 1 toppled: 3 fell · others +5"
    with words.use("pl"):
        assert picture.strip(step.events, state.names) == (
            "Wieża 1 się przewróciła: spadły 3 · pozostali +5"
        )


def test_no_events_no_story_the_strip_shows_the_rule() -> None:
    state = ROLLIN.new_game(["ann", "bob"], rng=SeededRng(1))
    assert picture.strip((), state.names) == ""
    # a board drawn without events (the first one) is still a picture
    assert image_of(render.draw("highrollin", state)).width == highrollin.W


def test_tall_tower_keeps_its_top_full_size() -> None:
    highrollin.warm()
    state = ROLLIN.new_game(["ann", "bob", "cy", "di"], rng=SeededRng(4))
    tall = tuple(Die(c % 2, 1) for c in range(15))
    state = replace(state, towers=(tall, *state.towers[1:]), removed=state.removed)
    png = highrollin.draw(state)
    image = image_of(png)
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


def positions(players: int, seed: int, plies: int = 60) -> list[tuple]:
    """(before, action, step) along a random game: every phase, falls and new rounds."""
    state = ROLLIN.new_game([f"gracz{i}" for i in range(players)], rng=SeededRng(seed))
    pick = random.Random(seed)
    out = []
    for ply in range(1, plies + 1):
        if ROLLIN.outcome(state) is not None:
            break
        action = pick.choice(ROLLIN.legal_actions(state, state.turn))
        step = ROLLIN.apply(state, state.turn, action, rng=SeededRng(seed, ply))
        out.append((state, action, step))
        state = step.state
    return out


@pytest.mark.parametrize("locale", ["pl", words.PSEUDO])
def test_pictures_draw_in_polish_and_the_pseudo_locale(locale: str) -> None:
    for players, seed in ((2, 3), (4, 5)):
        moves = positions(players, seed)
        for before, action, step in moves[::6]:
            png = render.draw(
                "highrollin",
                step.state,
                seat=0,
                last=action,
                previous=before,
                events=step.events,
                locale=locale,
            )
            assert image_of(png).width == highrollin.W


def test_polish_texts_fit_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fitted text of the Polish picture (strip, header, titles, hints, labels) is drawn
    whole, at most a little smaller, at 2 and 4 players through whole games."""
    drawn: list[tuple[str, str, int, int]] = []
    fit_words = highrollin.fit_words

    def spy(text: str, size: int, width: int, bold: bool = False) -> tuple[str, int]:
        shown, used = fit_words(text, size, width, bold)
        drawn.append((text, shown, size, used))
        return shown, used

    monkeypatch.setattr(highrollin, "fit_words", spy)
    for players, seed in ((2, 3), (4, 5), (4, 8)):
        for before, action, step in positions(players, seed, 150):
            render.draw(
                "highrollin",
                step.state,
                seat=1,
                last=action,
                previous=before,
                events=step.events,
                locale="pl",
            )
    assert len(drawn) > 1000
    cut = {text for text, shown, _, _ in drawn if shown != text}
    assert not cut, cut
    assert min(used - size for _, _, size, used in drawn) >= -4
    assert min(used for _, _, _, used in drawn) >= highrollin.MIN_TEXT


def test_fit_words_shortens_at_a_word_boundary() -> None:
    text = "Wieża 2 się przewróciła: spadły 3 · pozostali +5 i jeszcze bardzo długie słowa"
    shown, size = highrollin.fit_words(text, 24, 300)
    assert shown.endswith("…") and size == highrollin.MIN_TEXT  # never smaller
    whole = shown.removesuffix("…")
    assert text.startswith(whole) and not text[len(whole)].isalnum()  # a word boundary


def test_at_four_players_the_acting_panel_and_the_board_fit_the_first_phone_screen() -> None:
    """Shown 300 px wide, a phone's first screen is 600 px high: the towers, this turn's box
    and the acting player's row (whichever seat acts) are all within it."""
    for seat in range(4):
        state = ROLLIN.new_game([f"Player {i}" for i in range(4)], rng=SeededRng(7))
        state = replace(state, turn=seat)
        image = image_of(highrollin.draw(state)).convert("RGB")
        screen = 600 * image.width // 300
        assert screen >= highrollin.TURN_Y + highrollin.TURN_H  # towers and this turn's box
        # the acting row is the one on the highlight paper: find its last pixel row
        x = image.width // 2
        acting = [
            y
            for y in range(highrollin.TURN_Y + highrollin.TURN_H, image.height)
            if image.getpixel((x, y)) == highrollin.STRIP
        ]
        assert acting, "the acting player's row is drawn"
        assert max(acting) < screen, (seat, max(acting), screen)
        low = highrollin.TURN_Y + highrollin.TURN_H + 8 + seat * highrollin.PLAYER_H
        assert low <= min(acting) <= max(acting) < low + highrollin.PLAYER_H  # its own row


def test_dice_that_carry_meaning_are_14px_and_their_texts_11px_on_a_phone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tops, rolled dice, fallen dice and pile chips at least 14 px shown 300 px wide; a die's
    letter or face at least 11 px there, or no text at all (a small die under a tall top)."""
    scale = 300 / highrollin.W
    for size in (highrollin.TOP_DIE, highrollin.HAND_DIE, highrollin.FALLEN_DIE, highrollin.CHIP):
        assert size * scale >= 14
    from PIL import ImageDraw

    drawn: list[float] = []
    text = ImageDraw.ImageDraw.text

    def spy(self, xy, words, *args, font=None, **kw):  # type: ignore[no-untyped-def]
        if str(words).strip():
            drawn.append(font.size / 3)  # sprites are drawn three times larger, then shrunk
        return text(self, xy, words, *args, font=font, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    for size in range(10, highrollin.TOP_DIE + 1):
        drawn.clear()
        highrollin._sprite.__wrapped__(0, 6, size, highrollin.WOOD, "R")
        assert all(px * scale >= 11 - 0.01 for px in drawn), (size, drawn)
    drawn.clear()
    highrollin._sprite.__wrapped__(0, None, highrollin.CHIP, highrollin.CARD, "R")
    assert drawn and drawn[0] * scale >= 11 - 0.01
