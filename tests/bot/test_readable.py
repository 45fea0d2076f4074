"""A board anyone can read: a picture's alt text and the text board, for every game, in the
match's (or the reader's) language, within Discord's limits."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
import words
from bot import readable
from bot.matches import Match, Seat
from games.base import Event
from games.rng import SeededRng
from tests.words_pseudo import unmarked_english

GAMES = ("farm", "horseplay", "highrollin", "cattle", "cowboy")
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]


def played(game: str, players: int, plies: int, seed: int = 7) -> tuple[Match, list[Event]]:
    """A match of ``game`` after up to ``plies`` random moves, and the last move's events."""
    rules = games.get(game)
    pick = random.Random(seed)
    state = rules.new_game(NAMES[:players], rng=SeededRng(seed))
    events: list[Event] = []
    ply = 0
    for ply in range(1, plies + 1):
        if rules.outcome(state) is not None:
            break
        seat = rules.to_act(state)[0]
        step = rules.apply(
            state, seat, pick.choice(rules.legal_actions(state, seat)), rng=SeededRng(seed, ply)
        )
        state, events = step.state, list(step.events)
    seats = [Seat(i, 100 + i, n) for i, n in enumerate(NAMES[:players])]
    status = "finished" if rules.outcome(state) is not None else "active"
    match = Match(
        id=41,
        game=game,
        guild_id=1,
        channel_id=2,
        parent_id=None,
        status=status,
        host_id=100,
        seed=seed,
        ply=ply,
        options={},
        seats=seats,
        created_at=0,
        updated_at=0,
        state=state,
    )
    return match, events


@pytest.mark.parametrize("game", GAMES)
def test_alt_text_names_the_game_the_move_and_whose_turn(game: str) -> None:
    rules = games.get(game)
    for players in (rules.min_players, rules.max_players):
        match, events = played(game, players, 12)
        alt = readable.alt_text(match, match.state, match.ply, events)
        assert alt.startswith(f"{readable.game_title(match)}, move {match.ply}.")
        assert len(alt) <= readable.ALT_LIMIT
        for seat in rules.to_act(match.state):
            assert match.name_of(seat) in alt
        said = rules.narrator.event(readable.major_events(events)[0], readable.names_of(match))
        assert said.strip().rstrip(".") in alt  # the last move, told


@pytest.mark.parametrize("game", GAMES)
def test_alt_text_is_worded_in_the_matchs_language(game: str) -> None:
    match, events = played(game, 2, 6)
    with words.use("pl"):
        polish = readable.alt_text(match, match.state, match.ply, events)
        title = readable.game_title(match)
    assert polish.startswith(f"{title}, ruch {match.ply}.")
    # (the events' words are each narrator's, tested with it)
    with words.use(words.PSEUDO):
        pseudo = readable.alt_text(match, match.state, match.ply, ())
    assert unmarked_english(pseudo, NAMES) == []


def test_the_narrators_description_is_used_and_a_long_one_is_cut_at_a_word(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match, events = played("farm", 2, 4)
    narrator = match.rules.narrator
    monkeypatch.setattr(
        narrator, "describe", lambda state, names: f"{names[0]} has a herd. " + "moo " * 400
    )
    alt = readable.alt_text(match, match.state, match.ply, events)
    assert "alice has a herd." in alt
    assert len(alt) <= readable.ALT_LIMIT and alt.endswith(" …")
    assert "mo …" not in alt  # never cut mid-word


def test_a_failing_description_still_names_whose_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    match, events = played("horseplay", 2, 3)

    def broken(state: Any, names: Any) -> str:
        raise ValueError("a narrator's bug")

    monkeypatch.setattr(match.rules.narrator, "describe", broken)
    alt = readable.alt_text(match, match.state, match.ply, events)
    acting = match.rules.to_act(match.state)
    assert f"It is {match.name_of(acting[0])}'s turn." in alt


def test_a_finished_match_says_who_won() -> None:
    match, events = played("farm", 2, 5000)
    outcome = match.rules.outcome(match.state)
    assert outcome is not None and outcome.winners
    alt = readable.alt_text(match, match.state, match.ply, events)
    assert f"Game over: {match.name_of(outcome.winners[0])} wins." in alt
    board = readable.text_board(match, 0)
    assert board.startswith(f"Game over: {match.name_of(outcome.winners[0])} wins.")
    replay = readable.replay_alt(match, match.ply)
    assert replay.startswith(
        f"Replay of Super Farmer, match #41, {match.ply} moves: alice and bob."
    )
    assert f"Game over: {match.name_of(outcome.winners[0])} wins." in replay
    with words.use("pl"):
        assert readable.replay_alt(match, 22).startswith(
            "Powtórka: Superfarmer, mecz #41, 22 ruchy: alice i bob."
        )


def test_many_events_are_summed_up() -> None:
    match, _ = played("farm", 2, 4)
    narrator = match.rules.narrator
    roll = [e for e in played("farm", 2, 1)[1] if not e.minor][:1] * 6
    said = readable.last_move(match, roll)
    assert said.count(narrator.event(roll[0], readable.names_of(match)).rstrip(".")) == 3
    assert said.endswith("And 3 more events.")


# The text board --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_text_board_lists_every_legal_move_in_the_notation(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot's own text board (a narrator without one): the players, who is to move, and
    the acting seat's moves, which all parse back to the legal actions."""
    rules = games.get(game)

    def none(*args: Any) -> str:
        raise NotImplementedError

    monkeypatch.setattr(rules.narrator, "text_board", none)
    for players in (rules.min_players, rules.max_players):
        match, _ = played(game, players, 9, seed=players)
        if match.status != "active":
            continue
        seat = rules.to_act(match.state)[0]
        board = readable.text_board(match, seat)
        assert len(board) <= readable.TEXT_LIMIT
        for name in readable.names_of(match):
            assert f"- {name}" in board
        assert f"- {match.name_of(seat)}: to move" in board
        legal = list(match.legal_actions(seat))
        listed = [
            part.strip("`")
            for line in board.splitlines()
            if line.startswith("`")
            for part in line.split(", ")
        ]
        assert listed  # the moves are listed
        for text in listed:
            assert rules.parse_action(match.state, seat, text) in legal
        if len(legal) <= readable.LISTED_MOVES:
            assert len(listed) == len(legal)


def test_the_narrators_text_board_is_shown_to_its_viewer(monkeypatch: pytest.MonkeyPatch) -> None:
    match, _ = played("cattle", 3, 5)
    seen: list[int | None] = []

    def board(state: Any, names: Any, viewer: int | None) -> str:
        seen.append(viewer)
        return "### Herds\n" + "\n".join(f"- {n}: 3 studs" for n in names) + "\n" + "x" * 5000

    monkeypatch.setattr(match.rules.narrator, "text_board", board)
    text = readable.text_board(match, 2)
    assert seen == [2]
    assert "- carol: 3 studs" in text
    assert len(text) <= readable.TEXT_LIMIT and text.endswith("\n…")
    embed = readable.text_board_embed(match, None)
    assert seen == [2, None]
    assert embed.title == f"{readable.game_title(match)}: move {match.ply}, as text"
    assert len(embed.description or "") <= readable.TEXT_LIMIT


def test_the_text_board_is_worded_in_the_readers_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def none(*args: Any) -> str:
        raise NotImplementedError

    match, _ = played("horseplay", 2, 3)
    monkeypatch.setattr(match.rules.narrator, "text_board", none)
    with words.use(words.PSEUDO):
        embed = readable.text_board_embed(match, 0)
    texts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    for text in texts:
        assert unmarked_english(text, NAMES) == [], text
    with words.use("pl"):
        board = readable.text_board(match, 0)
    assert "### Gracze" in board


def test_an_ended_matchs_picture_says_it_was_ended_not_whose_turn() -> None:
    match, events = played("cowboy", 3, 4)
    match.status = "abandoned"
    alt = readable.alt_text(match, match.state, match.ply, events)
    assert alt.endswith("The match was ended early.") and "'s turn" not in alt
