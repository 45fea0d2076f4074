"""Match threads stay usable: the longest auto-archive, reopened before the bot posts or edits
there, announcement threads in announcement channels, and a locked thread reported to its
players instead of a silent failure."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.texts import BLOCKED
from fakediscord import FakeDiscord
from fakediscord.permissions import DEFAULT_MEMBER_PERMISSIONS
from ranchtest.harness import ManualClock, board, boards, expect_board, running
from tests.conftest import World

DAY = 24 * 3600


def thread_of(fake: FakeDiscord, parent: Any) -> Any:
    (thread,) = [
        c for c in fake.world.channels.values() if c.is_thread and c.parent_id == parent.id
    ]
    return thread


async def thread_match(fake: FakeDiscord, world: World, parent: Any | None = None) -> Any:
    """alice opens a farm match in a thread, bob joins, alice starts; returns the thread."""
    parent = parent or world.channel
    rec = await fake.slash(world.alice, parent, "farm new", thread=True)
    assert rec.ephemeral and rec.response.content.startswith("Opened"), rec.response.content
    thread = thread_of(fake, parent)
    (lobby,) = fake.messages(thread)
    rec = await fake.click(world.bob, lobby, label="Join")
    await expect_board(fake, thread, fake.click(world.alice, rec.response, label="Start"))
    return thread


async def test_a_thread_silent_past_its_auto_archive_still_gets_the_clocks_posts(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    clock = ManualClock()
    async with running(fake, database, seed=85, clock=clock) as runner:
        thread = await thread_match(fake, world)
        assert thread.auto_archive_duration == 10080, "the longest Discord allows"
        first = board(fake, thread)
        # a week and a day of silence on Discord's clock: the thread archives itself
        fake.clock_offset += 8 * DAY
        assert thread.archived
        clock.advance(24)
        assert await runner.tick() == 1
        reminder = fake.messages(thread)[-1]
        assert world.alice.mention in reminder.content and "your move" in reminder.content
        assert not thread.archived
        # silent again past the archive; the deadline's board lands there and the old
        # board loses its buttons (an edit, which an archived thread would refuse)
        fake.clock_offset += 8 * DAY
        assert thread.archived
        clock.advance(48)
        await runner.tick()
        await fake.settle()
        assert "time ran out" in board(fake, thread).content
        assert not fake.get_message(first.id).buttons()


async def test_a_lobby_expiring_in_an_archived_thread_says_it_closed(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    clock = ManualClock()
    async with running(fake, database, clock=clock) as runner:
        await fake.slash(world.alice, world.channel, "farm new", thread=True)
        thread = thread_of(fake, world.channel)
        (lobby,) = fake.messages(thread)
        fake.archive_thread(thread)  # a moderator tidies up
        clock.advance(25)
        await runner.tick()
        closed = fake.get_message(lobby.id)
        assert "closed: nobody started it" in closed.content and not closed.buttons()


async def test_a_locked_match_thread_is_reported_to_its_players(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    fake.set_bot_permissions(world.guild, DEFAULT_MEMBER_PERMISSIONS)  # no Manage Threads
    clock = ManualClock()
    async with running(fake, database, seed=85, clock=clock) as runner:
        thread = await thread_match(fake, world)
        fake.lock_thread(thread)
        before = len(fake.messages(thread))
        clock.advance(24)
        await runner.tick()
        assert len(fake.messages(thread)) == before
        told = fake.messages(world.channel)[-1]
        assert "locked" in told.content and f"<#{thread.id}>" in told.content
        assert {u.id for u in told.mentions} == {world.alice.id, world.bob.id}
        match = await runner.match_in(thread.id)
        assert match.paused and match.paused_by == BLOCKED
        # days on, nothing was played for alice, who was never reminded
        clock.advance(96)
        await runner.tick()
        assert (await runner.match_in(thread.id)).ply == 0
        # her next action there says why
        rec = await fake.slash(world.alice, thread, "game status")
        (warning,) = [f for f in rec.response.embeds[0]["fields"] if "cannot post" in f["name"]]
        assert "locked" in warning["value"]


async def test_a_thread_from_an_announcement_channel_is_an_announcement_thread(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    news = fake.create_text_channel(world.guild, "news", announcement=True)
    async with running(fake, database):
        thread = await thread_match(fake, world, news)
        assert thread.type == 10
        assert boards(fake, thread), "the match is played there"
