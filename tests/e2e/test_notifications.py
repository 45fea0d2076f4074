"""Who is notified, from the emulator's notification records: every message that hands a
player the turn reaches them as a new message with their mention (never an edit, never a
filled-in deferred reply), and nobody else; further actions in the same turn notify nobody."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import games
from fakediscord import FakeDiscord
from ranchtest.harness import ManualClock, board, expect_board, open_match, running
from tests.conftest import World
from tests.e2e.test_highrollin import choose, pick


def notified(fake: FakeDiscord) -> list[tuple[str, str]]:
    """Who was notified since the last look, and why (the records are taken)."""
    return [(n.user.name, n.kind) for n in fake.take_notifications()]


async def test_every_hand_over_notifies_the_player_to_act_and_nobody_else(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    clock = ManualClock()
    async with running(fake, database, seed=85, clock=clock) as runner:
        rec = await fake.slash(world.alice, world.channel, "farm new")
        await fake.click(world.bob, rec.response, label="Join")
        assert notified(fake) == [], "a lobby pings nobody"
        # a slash start: a private note, then the board as a new message
        rec = await expect_board(
            fake, world.channel, fake.slash(world.alice, world.channel, "farm start")
        )
        assert rec.ephemeral and rec.response.content.startswith("Started")
        match = await runner.match_in(world.channel.id)
        assert match.to_act() == (0,)
        assert notified(fake) == [("alice", "mention")]
        # a button move hands the turn to bob
        await expect_board(
            fake,
            world.channel,
            fake.click(world.alice, board(fake, world.channel), label="Roll the dice"),
        )
        assert notified(fake) == [("bob", "mention")]
        # a typed move hands it back
        rec = await expect_board(
            fake, world.channel, fake.slash(world.bob, world.channel, "farm move", action="roll")
        )
        assert rec.ephemeral and rec.response.content.startswith("Played")
        assert notified(fake) == [("alice", "mention")]
        # /board by a watcher: the player to act hears of it, not the one who asked
        rec = await expect_board(
            fake, world.channel, fake.slash(world.bob, world.channel, "farm board")
        )
        assert notified(fake) == [("alice", "mention")]
        # the turn clock: two reminders, then the deadline plays alice's roll and bob is next
        for _ in range(2):
            clock.advance(24)
            assert await runner.tick() == 1
            assert notified(fake) == [("alice", "mention")]
        clock.advance(24)
        assert await runner.tick() == 1
        await fake.settle()
        assert "time ran out" in board(fake, world.channel).content
        assert notified(fake) == [("bob", "mention")]
        assert fake.notifications(kind="everyone") == []


async def test_further_actions_in_the_same_turn_update_the_board_and_notify_nobody(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    rules = games.get("highrollin")
    users = {0: world.alice, 1: world.bob}
    async with running(fake, database, seed=3) as runner:
        await open_match(fake, "highrollin", world.channel, world.alice, world.bob)
        fake.take_notifications()
        same_turn = passed = 0
        for _ in range(14):
            match = await runner.match_in(world.channel.id)
            if match.status != "active":
                break
            state = match.state
            seat = match.to_act()[0]
            await pick(
                fake,
                world.channel,
                board(fake, world.channel),
                users[seat],
                seat,
                choose(state, seat),
            )
            after = await runner.match_in(world.channel.id)
            got = notified(fake)
            if after.status == "active" and rules.turn_key(after.state) == rules.turn_key(state):
                same_turn += 1
                assert got == [], "a further action in the same turn pings nobody"
            elif after.status == "active":
                passed += 1
                (acting,) = after.to_act()
                assert got == [(users[acting].name, "mention")]
        assert same_turn and passed, "both kinds of move were seen"


async def test_player_names_are_escaped_and_ping_nobody(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    rascal: Any = fake.create_user("@everyone ~~hey~~ <@&1> |x|")
    fake.add_member(world.guild, rascal)
    clock = ManualClock()
    async with running(fake, database, seed=85, clock=clock) as runner:
        rec = await fake.slash(rascal, world.channel, "farm new")
        await fake.click(world.bob, rec.response, label="Join")
        lobby = fake.messages(world.channel)[-1]
        assert "@everyone" not in lobby.content and "~~hey~~" not in lobby.content
        await expect_board(fake, world.channel, fake.click(rascal, lobby, label="Start"))
        first = board(fake, world.channel)
        assert "@everyone" not in first.content and "~~hey~~" not in first.content
        clock.advance(24)
        await runner.tick()  # a reminder for the rascal (seat 0)
        reminder = fake.messages(world.channel)[-1]
        assert rascal.mention in reminder.content
        rec = await fake.slash(rascal, world.channel, "game pause", hours=1)
        assert "paused the clock" in rec.response.content
        for message in fake.messages(world.channel):
            assert "@everyone" not in message.content, message.content
        kinds = {n.kind for n in fake.notifications()}
        assert kinds <= {"mention"}, kinds
