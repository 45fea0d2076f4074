"""What a lobby message says once its lobby is over, the abandon question, and the turn clock
as a board shows it."""

from __future__ import annotations

from dataclasses import replace

import games
from bot.matches import Match, Seat
from bot.texts import BLOCKED, abandon_question, clock_text, lobby_text
from games.rng import SeededRng

FARM = games.get("farm")


def farm_match(status: str, *, started: bool = True, seats: int = 2) -> Match:
    names = ["alice", "bob", "carol"][:seats]
    state = FARM.new_game(names, {}, rng=SeededRng(1, 0)) if started else None
    return Match(
        id=7,
        game="farm",
        guild_id=1,
        channel_id=2,
        parent_id=None,
        status=status,
        host_id=1000,
        seed=1,
        ply=4,
        options={},
        seats=[Seat(i, 1000 + i, n) for i, n in enumerate(names)],
        created_at=0,
        updated_at=0,
        state=state,
    )


def head(text: str) -> str:
    return text.splitlines()[0]


def test_a_lobby_message_tells_how_the_lobby_ended() -> None:
    assert "lobby (2-6 players)" in head(lobby_text(farm_match("lobby", started=False)))
    assert head(lobby_text(farm_match("active"))) == "🤠 **Super Farmer** (started)"
    assert head(lobby_text(farm_match("abandoned"), end="ended by alice")) == (
        "🤠 **Super Farmer** (ended by alice)"
    )
    closed = lobby_text(farm_match("abandoned", started=False))
    assert head(closed) == "🤠 **Super Farmer** (closed: nobody started it)"
    assert "1. alice (host)" in closed, "the seats are still listed"
    empty = farm_match("abandoned", started=False, seats=0)
    assert head(lobby_text(empty)) == "🤠 **Super Farmer** (closed: everyone left)"


def test_a_finished_match_names_its_winners() -> None:
    match = farm_match("finished")
    dump = FARM.dump(match.state)
    dump["players"][1]["herd"].update(rabbit=1, sheep=1, pig=1, cow=1, horse=1)
    match = replace(match, state=FARM.load({**dump, "winners": [1]}))
    assert head(lobby_text(match)) == "🤠 **Super Farmer** (finished: bob won)"
    both = replace(match, state=FARM.load({**dump, "winners": [0, 1]}))
    assert head(lobby_text(both)) == "🤠 **Super Farmer** (finished: alice and bob won)"


def test_the_abandon_question_says_who_plays_and_where_the_match_stands() -> None:
    assert abandon_question(farm_match("active", seats=3)).startswith(
        "End the Super Farmer match here? **alice**, **bob** and **carol** are playing, move 4."
    )
    lobby = farm_match("lobby", started=False, seats=1)
    assert abandon_question(lobby).startswith(
        "Close the Super Farmer lobby here? It has not started; **alice** has joined."
    )


def test_the_turn_clock_is_one_line_with_the_settings_and_this_turn() -> None:
    running = replace(farm_match("active"), turn_started_at=1000.0)
    assert clock_text(running) == (
        "Reminders every 24 h · deadline 72 h: skip · this turn ends <t:260200:R>"
    )
    paused = replace(running, paused_at=2000.0, paused_until=9000.0, paused_by=1001)
    assert clock_text(paused) == (
        "Reminders every 24 h · deadline 72 h: skip · ⏸️ paused until <t:9000:f>"
    )
    blocked = replace(running, paused_at=2000.0, paused_by=BLOCKED)
    assert "· ⏸️ paused: I cannot post in this channel by myself" in clock_text(blocked)
    for shown in (running, paused, blocked):
        assert "\n" not in clock_text(shown)
    assert clock_text(farm_match("finished")) == "Reminders every 24 h · deadline 72 h: skip"
