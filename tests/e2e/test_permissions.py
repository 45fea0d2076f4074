"""Where the bot may not post: refused up front, and never a silent failure later.

A channel missing any permission a whole match needs refuses ``/<game> new`` privately with
the exact list; a channel that loses them during a match stops the match's turn clock (no
reminder reached anyone, so no deadline may fire) and the next player there is told why and
how to fix it; once fixed, the clock runs again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.texts import BLOCKED
from fakediscord import FakeDiscord
from fakediscord.permissions import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    DEFAULT_MEMBER_PERMISSIONS,
    EMBED_LINKS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
)
from ranchtest.harness import ManualClock, board, boards, open_match, running, until
from tests.conftest import World

NEEDED = {
    VIEW_CHANNEL: "View Channel",
    SEND_MESSAGES: "Send Messages",
    ATTACH_FILES: "Attach Files",
    EMBED_LINKS: "Embed Links",
    READ_MESSAGE_HISTORY: "Read Message History",
}


def plain_member_bot(fake: FakeDiscord, world: World) -> None:
    """The bot with a member's usual rights (no Administrator: overwrites apply to it)."""
    fake.set_bot_permissions(world.guild, DEFAULT_MEMBER_PERMISSIONS)


async def moved(fake: FakeDiscord, world: World, user: Any) -> Any:
    """``user`` rolls from the newest board, which is followed by a new one."""
    before = len(boards(fake, world.channel))
    rec = await fake.click(user, board(fake, world.channel), label="Roll the dice")
    await until(lambda: len(boards(fake, world.channel)) > before, what="the new board")
    await fake.settle()
    return rec


def deny_bot(fake: FakeDiscord, channel: Any, bits: int) -> None:
    fake.set_overwrite(channel, fake.world.bot_user, deny=bits)


@pytest.mark.parametrize("bit", list(NEEDED), ids=list(NEEDED.values()))
async def test_new_is_refused_privately_naming_the_missing_permission(
    fake: FakeDiscord, world: World, database: Path, bit: int
) -> None:
    plain_member_bot(fake, world)
    deny_bot(fake, world.channel, bit)
    async with running(fake, database) as runner:
        rec = await fake.slash(world.alice, world.channel, "farm new")
        assert rec.ephemeral
        text = rec.response.content
        assert f"I'm missing **{NEEDED[bit]}" in text or f", {NEEDED[bit]}" in text, text
        assert "Permissions" in text, "it says where to grant it"
        assert await runner.bot.service.live_in(world.channel.id) is None
        assert [m for m in fake.messages(world.channel) if not m.ephemeral] == []


@pytest.mark.parametrize(
    ("bit", "name"),
    [
        (CREATE_PUBLIC_THREADS, "Create Public Threads"),
        (SEND_MESSAGES_IN_THREADS, "Send Messages in Threads"),
    ],
)
async def test_a_thread_request_without_thread_rights_is_refused_before_anything_exists(
    fake: FakeDiscord, world: World, database: Path, bit: int, name: str
) -> None:
    plain_member_bot(fake, world)
    deny_bot(fake, world.channel, bit)
    async with running(fake, database) as runner:
        rec = await fake.slash(world.alice, world.channel, "farm new", thread=True)
        assert rec.ephemeral and name in rec.response.content
        assert not [c for c in fake.world.channels.values() if c.is_thread], "no empty thread"
        assert await runner.bot.service.in_guild(world.guild.id) == [], "no orphan lobby"
        # the same channel still takes a match without a thread when it can
        if bit == CREATE_PUBLIC_THREADS:
            rec = await fake.slash(world.alice, world.channel, "farm new")
            assert not rec.ephemeral


async def test_a_channel_that_loses_send_rights_stops_the_clock_and_says_so(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    plain_member_bot(fake, world)
    clock = ManualClock()
    async with running(fake, database, seed=85, clock=clock) as runner:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        assert match.to_act() == (0,)
        deny_bot(fake, world.channel, SEND_MESSAGES)
        before = len(fake.messages(world.channel))
        clock.advance(24)
        await runner.tick()
        assert len(fake.messages(world.channel)) == before, "no reminder could be posted"
        match = await runner.match_in(world.channel.id)
        assert match.paused and match.paused_by == BLOCKED, "the clock stopped"
        # days later: no deadline fired on alice, who was never reminded; no retry storm
        for _ in range(5):
            clock.advance(24)
            await runner.tick()
        match = await runner.match_in(world.channel.id)
        assert match.ply == 0 and match.paused
        assert len(fake.messages(world.channel)) == before
        # /game status says so
        rec = await fake.slash(world.bob, world.channel, "game status")
        fields = rec.response.embeds[0]["fields"]
        warning = next(f for f in fields if "cannot post" in f["name"])
        assert "Send Messages" in warning["value"]
        # alice moves (the board still comes, through her action) and is told why, privately
        rec = await moved(fake, world, world.alice)
        notes = [m.content for m in rec.followups if m.ephemeral]
        assert any("turn clock is paused" in n and "Send Messages" in n for n in notes), notes
        clock_field = next(
            f for f in board(fake, world.channel).embeds[0]["fields"] if "Turn clock" in f["name"]
        )
        assert "I cannot post in this channel" in clock_field["value"], "the board says so too"
        assert "\n" not in clock_field["value"], "the turn clock is one line"
        # a moderator fixes the channel: bob's next action starts the clock again
        fake.set_overwrite(world.channel, fake.world.bot_user)
        rec = await moved(fake, world, world.bob)
        assert any("runs again" in m.content for m in rec.followups if m.ephemeral)
        match = await runner.match_in(world.channel.id)
        assert not match.paused
        clock.advance(24)
        assert await runner.tick() == 1, "reminders come again"
        assert world.alice.mention in fake.messages(world.channel)[-1].content


async def test_a_lost_channel_found_again_by_the_clock_itself(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    plain_member_bot(fake, world)
    clock = ManualClock()
    async with running(fake, database, seed=85, clock=clock) as runner:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        deny_bot(fake, world.channel, ATTACH_FILES)
        clock.advance(24)
        await runner.tick()
        assert (await runner.match_in(world.channel.id)).paused
        fake.set_overwrite(world.channel, fake.world.bot_user)
        clock.advance(7)  # past the retry: the clock looks again and carries on
        await runner.tick()
        match = await runner.match_in(world.channel.id)
        assert not match.paused
        said = [m.content for m in fake.messages(world.channel)[-2:]]
        assert "I can post here again" in said[0], said
        assert world.alice.mention in said[1], "then the reminder she never had"


async def test_a_lobby_that_expires_where_the_bot_cannot_post_still_says_it_closed(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    plain_member_bot(fake, world)
    clock = ManualClock()
    async with running(fake, database, clock=clock) as runner:
        rec = await fake.slash(world.alice, world.channel, "farm new")
        lobby = rec.response
        deny_bot(fake, world.channel, SEND_MESSAGES)
        clock.advance(25)
        await runner.tick()
        closed = fake.get_message(lobby.id)
        assert "closed: nobody started it" in closed.content and not closed.buttons()
        assert boards(fake, world.channel) == []


async def test_a_refusal_the_bot_did_not_foresee_stops_the_clock_too(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    """The bot's picture of its rights can be out of date; Discord's 403 is what counts."""
    plain_member_bot(fake, world)
    clock = ManualClock()
    async with running(fake, database, seed=85, clock=clock) as runner:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        # the change reaches Discord's side only (no event: the bot's cache still allows it)
        fake.world.set_overwrite(world.channel, fake.world.bot_user, 0, SEND_MESSAGES)
        before = len(fake.messages(world.channel))
        clock.advance(24)
        await runner.tick()
        assert len(fake.messages(world.channel)) == before
        refused = fake.take_violations()
        assert refused and {v.rule for v in refused} == {refused[0].rule}, refused
        match = await runner.match_in(world.channel.id)
        assert match.paused and match.paused_by == BLOCKED
        for _ in range(5):  # the clock ticks on; it does not knock again every minute
            clock.advance(1)
            await runner.tick()
        assert fake.take_violations() == []
        clock.advance(96)
        await runner.tick()
        assert (await runner.match_in(world.channel.id)).ply == 0, "no deadline fired"
        assert len(fake.take_violations()) <= 1, "one look after a few hours, refused again"
        assert (await runner.match_in(world.channel.id)).paused
