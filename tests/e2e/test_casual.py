"""Casual tables end to end: the app installed by a player, played where the bot is not a member.

In an emulated group DM the bot can only answer interactions: every channel call it made would
be refused (and fail the test, as a violation), and so would a sixth followup of one
interaction. Three players play a whole Super Farmer match, two a whole Horseplay match, each
told by a mention in a new message when their turn comes; a restart in the middle changes
nothing; a stale click and a stranger's click are refused privately.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import games
from fakediscord import FakeDiscord
from ranchtest.harness import (
    BotRunner,
    ManualClock,
    board,
    boards,
    check_turn_board,
    expect_board,
    running,
)
from tests.e2e.farm_policy import choose as farm_choice
from tests.e2e.test_farm import SHORT_GAME_SEED, play_by_buttons
from tests.e2e.test_horseplay import choose as horseplay_choice
from tests.e2e.test_horseplay import play_menu_move

FARM = games.get("farm")
HORSEPLAY = games.get("horseplay")


def people(fake: FakeDiscord, *names: str) -> list[Any]:
    """Players who share no server with the bot; the first installed the app to her account."""
    users = [fake.create_user(name) for name in names]
    fake.install_for_user(users[0])
    return users


async def open_casual(fake: FakeDiscord, game: str, channel: Any, *players: Any) -> Any:
    """The lobby is the host's command's answer; the others join and the host starts, by
    clicks; returns the first board."""
    host, *others = players
    rec = await fake.slash(host, channel, f"{game} new")
    assert rec.response is not None and not rec.ephemeral, rec.response
    lobby = rec.response
    for player in others:
        rec = await fake.click(player, lobby, label="Join")
        assert rec.callback_type == 7 and not rec.ephemeral, "the lobby updated in place"
        lobby = rec.response
    await expect_board(fake, channel, fake.click(host, lobby, label="Start"))
    first = board(fake, channel)
    assert all(p.name in first.content for p in players), "the seats are listed"
    return first


def assert_followups_within_limit(fake: FakeDiscord) -> None:
    assert all(len(rec.followups) <= 5 for rec in fake.records)


async def play_farm(fake: FakeDiscord, runner: BotRunner, channel: Any, seat_user: dict[int, Any],
                    *, restart_at: int | None = None) -> int:  # fmt: skip
    moves = 0
    while True:
        match = await runner.match_in(channel.id)
        if match.status == "finished":
            return moves
        assert moves < 300, "the game should have ended"
        if moves == restart_at:
            await runner.restart()
        seat = match.to_act()[0]
        before = len(boards(fake, channel))
        fake.take_notifications()
        await play_by_buttons(
            fake, runner, channel, seat_user, farm_choice(FARM, match.state, seat)
        )
        moves += 1
        moved = await runner.match_in(channel.id)
        if moves == (restart_at or 0) + 1:
            # the board before the restart was posted through an interaction the new process
            # does not know: it keeps its buttons (a click on them is refused as out of date)
            newest = board(fake, channel)
        else:
            newest = check_turn_board(fake, channel, before, FARM, match.state, moved)
        if moved.status == "active" and len(boards(fake, channel)) > before:
            nxt = seat_user[moved.to_act()[0]]
            assert nxt.mention in newest.content.splitlines()[-1], "who acts next is mentioned"
            told = [(n.user.id, n.kind) for n in fake.take_notifications()]
            assert (nxt.id, "mention") in told, told


async def test_three_players_play_super_farmer_in_a_group_dm(
    fake: FakeDiscord, database: Path
) -> None:
    alice, bob, carol = people(fake, "alice", "bob", "carol")
    group = fake.create_group_dm(alice, bob, carol)
    async with running(fake, database, seed=SHORT_GAME_SEED) as runner:
        await open_casual(fake, "farm", group, alice, bob, carol)
        seat_user = {0: alice, 1: bob, 2: carol}
        moves = await play_farm(fake, runner, group, seat_user, restart_at=6)
        assert moves > 6
        final = board(fake, group)
        assert "Game over" in final.content
        match = await runner.match_in(group.id)
        assert runner.bot is not None and match.casual
        assert await runner.bot.service.replay(match.id) == match.state
        await after_the_game(fake, group, final, alice, bob, carol)
        assert_followups_within_limit(fake)


async def after_the_game(
    fake: FakeDiscord, group: Any, final: Any, alice: Any, bob: Any, carol: Any
) -> None:
    """The match viewer, the export, the profile and a rematch work at a casual table."""
    viewer = await fake.click(bob, final, label="Moves")
    assert viewer.ephemeral and viewer.response is not None, "the viewer opens privately"
    rec = await fake.slash(alice, group, "game export")
    assert rec.response is not None and rec.response.attachments, "the export is a file"
    rec = await fake.slash(alice, group, "game profile")
    assert rec.response is not None and rec.ephemeral
    casual = next(f for f in rec.response.embeds[0]["fields"] if "Casual" in f["name"])
    assert "Super Farmer" in casual["value"], "the table is on the player's profile"
    rec = await fake.click(carol, final, label="Rematch")
    assert rec.response is not None and not rec.ephemeral
    assert "Rematch" in rec.response.content, "a rematch lobby, as the click's answer"


async def test_two_players_play_horseplay_in_a_group_dm(fake: FakeDiscord, database: Path) -> None:
    alice, bob = people(fake, "alice", "bob")
    group = fake.create_group_dm(alice, bob)
    async with running(fake, database) as runner:
        await open_casual(fake, "horseplay", group, alice, bob)
        users = {0: alice, 1: bob}
        for n in range(120):
            match = await runner.match_in(group.id)
            if match.status == "finished":
                break
            if n == 10:
                await runner.restart()
            (seat,) = match.to_act()
            before = len(boards(fake, group))
            await play_menu_move(fake, runner, group, users, horseplay_choice(match.state, seat))
            assert len(boards(fake, group)) == before + 1, "every move posts one board"
            moved = await runner.match_in(group.id)
            if moved.status == "active":
                nxt = users[moved.to_act()[0]]
                assert nxt.mention in board(fake, group).content.splitlines()[-1]
        assert match.status == "finished" or (await runner.match_in(group.id)).status == "finished"
        assert "Game over" in board(fake, group).content
        assert_followups_within_limit(fake)


async def test_a_stale_click_and_a_strangers_click_are_refused_privately(
    fake: FakeDiscord, database: Path
) -> None:
    alice, bob, carol = people(fake, "alice", "bob", "carol")
    group = fake.create_group_dm(alice, bob, carol)
    clock = ManualClock()
    async with running(fake, database, seed=SHORT_GAME_SEED, clock=clock) as runner:
        first = await open_casual(fake, "farm", group, alice, bob)
        roll = next(b for b in first.buttons() if b.custom_id.endswith(":0:0"))
        rec = await fake.click(carol, first, custom_id=roll.custom_id)
        assert rec.ephemeral and rec.response is not None, "a stranger is refused privately"
        assert "not" in rec.response.content
        # a quarter of an hour later the interaction that posted the board has run out: the
        # bot cannot edit that board any more, so its buttons stay when the turn passes
        fake.clock_offset += 15 * 60
        clock.advance(0.25)
        match = await runner.match_in(group.id)
        choice = farm_choice(FARM, match.state, 0)
        await play_by_buttons(fake, runner, group, {0: alice, 1: bob}, choice)
        moved = await runner.match_in(group.id)
        assert moved.ply > match.ply
        stale = fake.world.messages[first.id]
        assert moved.to_act() == (1,), "alice rolled: the turn passed (a new board)"
        assert stale.buttons(), "nothing but its own interaction could edit that board"
        button = next(b for b in stale.buttons() if b.custom_id.startswith("rh:a:"))
        rec = await fake.click(bob, stale, custom_id=button.custom_id)
        assert rec.ephemeral and rec.response is not None, "a stale click is refused privately"
        assert (await runner.match_in(group.id)).ply == moved.ply, "and changes nothing"
