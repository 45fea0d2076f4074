"""Where a user-installed command may open a table, and a casual table's reminders by DM."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import games
from fakediscord import FakeDiscord
from fakediscord.permissions import DEFAULT_MEMBER_PERMISSIONS, USE_EXTERNAL_APPS
from ranchtest.harness import ManualClock, board, running
from tests.conftest import World
from tests.e2e.farm_policy import choose as farm_choice
from tests.e2e.test_casual import open_casual, people
from tests.e2e.test_farm import SHORT_GAME_SEED, play_by_buttons

FARM = games.get("farm")
CANNOT_OPEN = "A table cannot be opened here"


def server_without_the_bot(fake: FakeDiscord, *members: Any, external_apps: bool) -> Any:
    """A server of ``members`` that never invited the bot; its members may use external apps
    publicly or not."""
    guild = fake.create_guild("Elsewhere")
    channel = fake.create_text_channel(guild, "general")
    for user in members:
        fake.add_member(guild, user)
    allowed = DEFAULT_MEMBER_PERMISSIONS
    if not external_apps:
        allowed &= ~USE_EXTERNAL_APPS
    fake.set_role_permissions(fake.world.member_role(guild), allowed)
    fake.remove_bot_from_guild(guild)
    return channel


async def test_without_external_apps_a_table_cannot_open_and_with_the_bot_nothing_changed(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    fake.install_for_user(world.alice)
    closed = server_without_the_bot(fake, world.alice, world.bob, external_apps=False)
    async with running(fake, database) as runner:
        rec = await fake.slash(world.alice, closed, "farm new")
        assert rec.ephemeral and rec.response is not None
        assert CANNOT_OPEN in rec.response.content
        assert runner.bot is not None
        assert await runner.bot.service.live_in(closed.id) is None, "nothing was opened"
        # the same command, by the same player, in a server that has the bot: as ever
        rec = await fake.slash(world.alice, world.channel, "farm new")
        assert rec.response is not None and not rec.ephemeral
        assert "Super Farmer" in rec.response.content
        here = await runner.bot.service.live_in(world.channel.id)
        assert here is not None and not here.casual


async def test_with_external_apps_a_server_without_the_bot_gets_a_casual_table(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    fake.install_for_user(world.alice)
    open_server = server_without_the_bot(fake, world.alice, world.bob, external_apps=True)
    async with running(fake, database, seed=SHORT_GAME_SEED) as runner:
        await open_casual(fake, "farm", open_server, world.alice, world.bob)
        match = await runner.match_in(open_server.id)
        assert match.casual and match.clock.deadline_hours is None, "no deadline by default"
        seat_user = {0: world.alice, 1: world.bob}
        for __ in range(4):
            match = await runner.match_in(open_server.id)
            seat = match.to_act()[0]
            choice = farm_choice(FARM, match.state, seat)
            await play_by_buttons(fake, runner, open_server, seat_user, choice)


async def test_a_reminder_reaches_an_opted_in_player_by_dm_and_a_refused_one_is_turned_off(
    fake: FakeDiscord, database: Path
) -> None:
    alice, bob = people(fake, "alice", "bob")
    fake.install_for_user(bob)
    group = fake.create_group_dm(alice, bob)
    clock = ManualClock()
    async with running(fake, database, seed=SHORT_GAME_SEED, clock=clock) as runner:
        for user in (alice, bob):
            rec = await fake.slash(user, group, "game notify", dm=True)
            assert rec.ephemeral
        rec = await fake.slash(alice, group, "farm new", reminder_hours=1)
        lobby = rec.response
        assert lobby is not None
        await fake.click(bob, lobby, label="Join")
        await fake.click(alice, fake.world.messages[lobby.id], label="Start")
        seat_user = {0: alice, 1: bob}

        async def later(hours: float) -> None:
            fake.clock_offset += hours * 3600
            clock.advance(hours)
            await runner.tick()

        await later(1.1)
        dms = fake.messages(fake.dm_channel(alice))
        assert dms and "Your move" in dms[-1].content, "alice is reminded by DM"
        before = len(fake.messages(group))
        assert len(fake.messages(group)) == before, "and nothing is posted at the table"
        match = await runner.match_in(group.id)
        while match.to_act() != (1,):
            choice = farm_choice(FARM, match.state, 0)
            await play_by_buttons(fake, runner, group, seat_user, choice)
            match = await runner.match_in(group.id)
        fake.set_dms_open(bob, False)
        await later(1.1)
        assert not fake.messages(fake.dm_channel(bob)), "bob's DMs are closed"
        current = board(fake, group)
        roll = next(b for b in current.buttons() if b.custom_id.startswith("rh:a:"))
        rec = await fake.click(bob, current, custom_id=roll.custom_id)
        told = [m.content for m in rec.followups if m.ephemeral]
        assert any("reminder DMs are off" in t for t in told), told
        assert (await runner.match_in(group.id)).ply > match.ply, "and the move was played"
        rec = await fake.slash(bob, group, "game notify")
        assert rec.response is not None and "DM" not in rec.response.content.split(".")[0]


async def test_a_deadline_the_host_set_is_applied_at_the_next_click_and_said_on_its_board(
    fake: FakeDiscord, database: Path
) -> None:
    alice, bob = people(fake, "alice", "bob")
    group = fake.create_group_dm(alice, bob)
    clock = ManualClock()
    async with running(fake, database, seed=SHORT_GAME_SEED, clock=clock) as runner:
        rec = await fake.slash(alice, group, "farm new", deadline_hours=1)
        assert rec.response is not None
        await fake.click(bob, rec.response, label="Join")
        await fake.click(alice, fake.world.messages[rec.response.id], label="Start")
        first = board(fake, group)
        fake.clock_offset += 2 * 3600
        clock.advance(2)
        posted = len(fake.messages(group))
        await runner.tick()
        assert len(fake.messages(group)) == posted, "the clock posts nothing at the table"
        match = await runner.match_in(group.id)
        assert match.to_act() == (0,), "nor applies the deadline by itself"
        # bob looks at the board: the deadline is applied, and its board is his click's answer
        button = next(b for b in first.buttons() if b.custom_id.startswith("rh:a:"))
        rec = await fake.click(bob, first, custom_id=button.custom_id)
        assert rec.response is not None and not rec.ephemeral
        newest = board(fake, group)
        assert "alice" in newest.content and "time ran out (1 h)" in newest.content
        moved = await runner.match_in(group.id)
        assert moved.ply > match.ply and moved.to_act() == (1,)
        assert bob.mention in newest.content.splitlines()[-1], "bob's turn: he is mentioned"


async def test_the_host_ends_a_casual_table_without_a_channel_call(
    fake: FakeDiscord, database: Path
) -> None:
    alice, bob = people(fake, "alice", "bob")
    group = fake.create_group_dm(alice, bob)
    async with running(fake, database, seed=SHORT_GAME_SEED) as runner:
        await open_casual(fake, "farm", group, alice, bob)
        rec = await fake.slash(alice, group, "farm abandon")
        assert rec.ephemeral and rec.response is not None
        rec = await fake.click(alice, rec.response, label="Confirm: end it")
        assert (await runner.match_in(group.id)).status == "abandoned"
        newest = board(fake, group)
        assert not newest.buttons(), "the board, posted through a live interaction, is closed"
        assert any("ended the" in m.content for m in fake.messages(group))
