"""Super Farmer readable without its picture: the alt text (``describe``) names whose turn it is
and stays short, and the text board holds every number the picture shows in the right place
(each pen's counts, seat and progress; the stock; the dice; an open offer) and the legal moves
in the notation, which parse back to the legal actions, in English, Polish and the
pseudo-locale; a whole game can be played from the text board alone."""

from __future__ import annotations

import functools
import random
import re
from typing import Any

import pytest
from farm_kit import ALICE, BOB, RULES, offered, setup

import words
from games.farm import ANIMALS, FarmState, talk_text
from games.farm.talk_text import BOARD_MAX, DESCRIBE_MAX
from games.rng import SeededRng

LOCALES = ("en", "pl", words.PSEUDO)
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]
#: the picture's pens show the five needed animals, then the two dogs
EN_ANIMALS = {
    "rabbit": ("rabbit", "rabbits"),
    "sheep": ("sheep", "sheep"),
    "pig": ("pig", "pigs"),
    "cow": ("cow", "cows"),
    "horse": ("horse", "horses"),
    "small_dog": ("small dog", "small dogs"),
    "big_dog": ("big dog", "big dogs"),
}
#: the rates row under the stock: 6 rabbits = 1 sheep, 2 sheep = 1 pig, ...
RATE_NUMBERS = ["6", "1", "2", "1", "3", "1", "2", "1", "1", "1", "1", "1"]


def _playout(players: int, seed: int) -> FarmState:
    """A position some random moves into a game (a player may have left, an offer be open)."""
    pick = random.Random(seed)
    state = RULES.new_game(NAMES[:players], rng=SeededRng(seed))
    for ply in range(pick.randrange(0, 400)):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        if players > 2 and seed % 4 == 0 and ply == 30:
            step = RULES.resign(state, (seat + 1) % players, rng=SeededRng(seed, ply))
        else:
            step = RULES.apply(
                state, seat, pick.choice(RULES.legal_actions(state, seat)), rng=SeededRng(seed, ply)
            )
        state = step.state
    return state


@functools.cache
def positions() -> list[tuple[FarmState, int | None]]:
    """30 positions per table size, each with a reader (a seat, or a spectator)."""
    out = []
    for players in range(RULES.min_players, RULES.max_players + 1):
        for k in range(30):
            seed = players * 1000 + k
            state = _playout(players, seed)
            viewer = random.Random(seed).choice([None, *range(players)])
            out.append((state, viewer))
    return out


def sections(board: str) -> dict[str, list[str]]:
    """The text board's sections: heading to lines."""
    found: dict[str, list[str]] = {}
    heading = ""
    for line in board.split("\n"):
        if line.startswith("### "):
            heading = line[4:]
            found[heading] = []
        else:
            found.setdefault(heading, []).append(line)
    return found


def numbers(text: str) -> list[str]:
    return re.findall(r"\d+", text)


def pen_numbers(state: FarmState, seat: int) -> list[str]:
    """The numbers a pen of the picture shows, in the order the text tells them: the seat's
    disc, the five needed animals and the two dogs (none left out), and ``have/5``."""
    herd = state.herds[seat]
    have = sum(1 for i in range(5) if herd[i])
    return [str(n) for n in (seat + 1, *herd, have, 5)]


def unmarked(text: str, names: list[str]) -> list[str]:
    """Letters in a pseudo-locale text outside every ⟦⟧, names and `notation` left out."""
    text = re.sub(r"`[^`]*`", "", text)
    for name in names:
        text = text.replace(name, "")
    outside, depth = [], 0
    for ch in text:
        depth += ch == "⟦"
        if depth == 0:
            outside.append(ch)
        depth -= ch == "⟧"
    return re.findall(r"[A-Za-z]+", "".join(outside))


def moves_of(
    board: str, state: FarmState, viewer: int | None, locale: str = "en"
) -> dict[int, list[str]]:
    """The moves the text board lists, by the seat they are listed for."""
    headings = {
        _in(locale, "Moves for {name}").format(name=name): s for s, name in enumerate(state.names)
    }
    if viewer is not None:
        headings[_in(locale, "Your moves")] = viewer
    return {
        headings[heading]: [line[3:-1] for line in lines if line.startswith("- `")]
        for heading, lines in sections(board).items()
        if heading in headings
    }


def _in(locale: str, message: str) -> str:
    with words.use(locale):
        return words.domain("farm").gettext(message)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_text_board_holds_every_number_of_the_picture_in_its_place(locale: str) -> None:
    for state, viewer in positions():
        names = list(state.names)
        with words.use(locale):
            board = RULES.narrator.text_board(state, names, viewer)
        assert len(board) <= BOARD_MAX
        parts = sections(board)
        headings = list(parts)
        turn, pens, stock = (parts[h] for h in headings[:3])
        assert len(pens) == len(names)
        for seat, line in enumerate(pens):
            assert line.startswith("- ") and names[seat] in line.split(";")[0]
            assert numbers(line) == pen_numbers(state, seat), line
        assert numbers(stock[0]) == [str(n) for n in state.stock]
        assert numbers(stock[1]) == RATE_NUMBERS
        offer = state.offer
        told = [str(n) for n in (*offer.give, *offer.get) if n] if offer else []
        assert numbers(" ".join(turn)) == told
        if locale == words.PSEUDO:
            assert unmarked(board, names) == []


def test_the_english_board_counts_each_animal_in_words_and_names_the_dice() -> None:
    for state, viewer in positions():
        names = list(state.names)
        board = RULES.narrator.text_board(state, names, viewer)
        pens = sections(board)["Pens"]
        for seat, line in enumerate(pens):
            for animal, n in zip(ANIMALS, state.herds[seat], strict=True):
                one, many = EN_ANIMALS[animal]
                assert f"{n} {one if n == 1 else many}" in line
            assert ("(you)" in line) == (seat == viewer)
        stock = sections(board)["Stock"][0]
        for animal, n in zip(ANIMALS, state.stock, strict=True):
            one, many = EN_ANIMALS[animal]
            assert f"{n} {one if n == 1 else many}" in stock
        if state.last_roll is not None:
            fox, wolf = (face.replace("_", " ") for face in state.last_roll)
            assert (
                f"Last roll, by {names[state.last_roller]}: the fox die shows {fox}, "
                f"the wolf die {wolf}." in board
            )
        else:
            assert "Nobody has rolled yet." in board


@pytest.mark.parametrize("locale", LOCALES)
def test_the_listed_moves_parse_back_to_the_legal_actions(locale: str) -> None:
    for state, viewer in positions():
        with words.use(locale):
            board = RULES.narrator.text_board(state, list(state.names), viewer)
        listed = moves_of(board, state, viewer, locale)
        assert set(listed) == set(RULES.to_act(state))
        for seat, moves in listed.items():
            parsed = [RULES.parse_action(state, seat, move) for move in moves]
            assert parsed == RULES.legal_actions(state, seat)
        if viewer in RULES.to_act(state):  # the reader's own moves come first
            assert next(iter(listed)) == viewer


@pytest.mark.parametrize("locale", LOCALES)
def test_describe_names_whose_turn_it_is_and_every_player_in_a_short_text(locale: str) -> None:
    longest = 0
    for state, _viewer in positions():
        names = list(state.names)
        with words.use(locale):
            text = RULES.narrator.describe(state, names)
        longest = max(longest, len(text))
        acting = state.winners or RULES.to_act(state)[:1]
        assert all(names[s] in text for s in acting)
        assert all(name in text for name in names)
        assert len(text) <= DESCRIBE_MAX
        assert "\n" not in text
        if locale == words.PSEUDO:
            assert unmarked(text, names) == []
    assert longest > 100


def test_describe_tells_the_turn_the_offer_and_each_herd_in_english() -> None:
    state = setup(2, alice={"rabbit": 7, "sheep": 1}, bob={"pig": 2})
    assert RULES.narrator.describe(state, ["Ann", "Bo"]) == (
        "Ann is on turn and may trade once, then must roll. "
        "Herds: Ann: 1 sheep and 7 rabbits; Bo: 2 pigs."
    )
    state = offered(2)
    assert RULES.narrator.describe(state, ["Ann", "Bo"]) == (
        "Bo to accept or decline Ann's offer of 6 rabbits for 1 sheep. "
        "Herds: Ann: 6 rabbits; Bo: 1 sheep."
    )
    fresh = setup(3)
    assert RULES.narrator.describe(fresh, ["Ann", "Bo", "Cy"]) == (
        "Ann is on turn and must roll. Herds: Ann: nothing; Bo: nothing; Cy: nothing."
    )


def test_describe_in_polish_counts_with_polish_plurals() -> None:
    state = setup(2, alice={"rabbit": 5, "sheep": 2}, bob={"pig": 1})
    with words.use("pl"):
        text = RULES.narrator.describe(state, ["Ania", "Bartek"])
    assert text.startswith("Ania ma turę: może raz wymienić zwierzęta, potem musi rzucić kośćmi.")
    assert "2 owce" in text and "5 królików" in text and "Bartek: 1 świnia" in text


def _rich_table() -> Any:
    """Six players with long names and large herds, each a horse short of winning: the
    longest texts a table gives."""
    herd = {"rabbit": 9, "sheep": 3, "pig": 3, "cow": 2, "small_dog": 0}
    state = setup(6, alice=herd, bob=herd, carol=herd, dave=herd, erin=herd, frank=herd)
    data = RULES.dump(state)
    for k, player in enumerate(data["players"]):
        player["name"] = f"Wielkopolska Hodowczyni Numer {k}"[:32]
    return RULES.load(data)


@pytest.mark.parametrize("locale", LOCALES)
def test_a_full_table_with_long_names_stays_within_the_limits(locale: str) -> None:
    state = _rich_table()
    names = list(state.names)
    with words.use(locale):
        text = RULES.narrator.describe(state, names)
        board = RULES.narrator.text_board(state, names, ALICE)
    assert len(text) <= 1024 - 300  # room for the title and the last move
    assert names[ALICE] in text
    assert len(board) <= BOARD_MAX
    listed = moves_of(board, state, ALICE, locale)[ALICE]
    legal = RULES.legal_actions(state, ALICE)
    assert [RULES.parse_action(state, ALICE, m) for m in listed] == legal[: len(listed)]
    if len(listed) < len(legal):  # the rest are counted, offers last
        assert board.rstrip().endswith(_count_line(locale, len(legal) - len(listed)).rstrip())


def _count_line(locale: str, n: int) -> str:
    with words.use(locale):
        return (
            words.domain("farm")
            .ngettext(
                "…and {n} more move, not listed here.", "…and {n} more moves, not listed here.", n
            )
            .format(n=n)
        )


def test_a_spectator_sees_every_acting_seat_s_moves_and_no_pen_marked_as_theirs() -> None:
    state = offered(3)
    board = RULES.narrator.text_board(state, list(state.names), None)
    assert "(you)" not in board and "### Your moves" not in board
    assert moves_of(board, state, None) == {BOB: ["accept", "decline"], ALICE: ["withdraw"]}
    assert "- bob, seat 2; to accept or decline an offer;" in board
    assert "- alice, seat 1; waiting for an answer to the offer;" in board


def test_a_pen_one_animal_short_says_which_and_a_finished_game_lists_no_moves() -> None:
    herd = {"rabbit": 1, "sheep": 1, "pig": 1, "cow": 1}
    state = setup(2, bob=herd)
    board = RULES.narrator.text_board(state, list(state.names), BOB)
    assert "- bob, seat 2 (you); 1 rabbit, 1 sheep, 1 pig, 1 cow and 0 horses;" in board
    assert "4 of the 5 needed animals; still needs a horse" in board
    assert "### Moves for alice" in board and "### Your moves" not in board
    won = RULES.load({**RULES.dump(state), "winners": [BOB]})
    board = RULES.narrator.text_board(won, list(won.names), None)
    assert "bob has won the game." in board
    assert "- bob, seat 2; the winner;" in board
    assert "Moves" not in board and "still needs" not in board


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_a_whole_game_is_played_from_the_text_board_alone(players: int, seed: int) -> None:
    """Each player reads only its own text board, picks one listed move, types it."""
    pick = random.Random(seed)
    state = RULES.new_game(NAMES[:players], rng=SeededRng(seed))
    for ply in range(5000):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        board = RULES.narrator.text_board(state, NAMES[:players], seat)
        mine = moves_of(board, state, seat)[seat]
        typed = "roll" if "roll" in mine and pick.random() < 0.5 else pick.choice(mine)
        action = RULES.parse_action(state, seat, typed)
        state = RULES.apply(state, seat, action, rng=SeededRng(seed, ply)).state
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.reason == "herd"


def test_moves_beyond_the_room_are_counted_not_cut_off() -> None:
    state = _rich_table()
    many = ["roll", *(f"offer {k} rabbit for 1 sheep to someone far away" for k in range(200))]
    board = talk_text.text_board(state, list(state.names), ALICE, True, [(ALICE, many)])
    listed = moves_of(board, state, ALICE)[ALICE]
    assert len(board) <= BOARD_MAX
    assert listed == many[: len(listed)] and 10 < len(listed) < len(many)
    assert board.endswith(f"…and {len(many) - len(listed)} more moves, not listed here.")
