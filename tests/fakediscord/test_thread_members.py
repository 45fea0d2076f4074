"""Thread members: a ping in a thread brings the player in (how a private thread per match
takes in its players), and the thread-member routes with Discord's rules."""

from __future__ import annotations

import discord
import pytest

from fakediscord import FakeDiscord
from fakediscord.permissions import (
    CREATE_PRIVATE_THREADS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
)

from .conftest import Town
from .test_rules import raw
from .testbot import running_bot


def rules_of(fake: FakeDiscord) -> list[str]:
    return [v.rule for v in fake.take_violations()]


async def test_a_ping_brings_players_into_a_private_thread(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        thread = await channel.create_thread(name="round 1, table 1")
        world_thread = fake.world.channels[thread.id]
        assert not fake.world.can_view(town.alice, world_thread)
        await thread.send(f"<@{town.alice.id}> it is your move")
        await fake.settle()
        assert town.alice.id in world_thread.member_ids
        assert fake.world.can_view(town.alice, world_thread)
        assert [n.user for n in fake.notifications(world_thread)] == [town.alice]
        assert not fake.world.can_view(town.bob, world_thread)  # not pinged: still outside
        # a ping the message does not allow neither notifies nor brings anyone in
        quiet = discord.AllowedMentions.none()
        await thread.send(f"<@{town.bob.id}> waits", allowed_mentions=quiet)
        await fake.settle()
        assert town.bob.id not in world_thread.member_ids
        assert fake.notifications(world_thread, user=town.bob) == []


async def test_a_ping_does_not_bring_in_who_cannot_see_the_channel(
    fake: FakeDiscord, town: Town
) -> None:
    fake.set_overwrite(town.channel, town.bob, allow=0, deny=VIEW_CHANNEL)
    async with running_bot(fake) as bot:
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        thread = await channel.create_thread(name="table 2", type=discord.ChannelType.public_thread)
        await thread.send(f"<@{town.alice.id}> <@{town.bob.id}> your match")
        await fake.settle()
        members = fake.world.channels[thread.id].member_ids
        assert town.alice.id in members and town.bob.id not in members
        assert [n.user for n in fake.notifications(fake.world.channels[thread.id])] == [
            town.alice
        ]


async def test_adding_and_removing_thread_members(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        thread = await channel.create_thread(name="table 3")
        with pytest.raises(discord.NotFound) as unknown:
            await thread.fetch_member(town.alice.id)
        assert unknown.value.code == 10007
        await thread.add_user(discord.Object(town.alice.id))
        member = await thread.fetch_member(town.alice.id)
        assert member.id == town.alice.id and member.thread_id == thread.id
        assert fake.world.can_view(town.alice, fake.world.channels[thread.id])
        await thread.add_user(discord.Object(town.alice.id))  # again: nothing changes
        await thread.remove_user(discord.Object(town.alice.id))
        assert not fake.world.can_view(town.alice, fake.world.channels[thread.id])
        assert rules_of(fake) == ["unknown_member"]


async def test_thread_member_rules(fake: FakeDiscord, town: Town) -> None:
    stranger = fake.create_user("stranger")
    base = f"/channels/{town.thread.id}/thread-members"
    async with running_bot(fake):
        status, body = await raw(fake, "PUT", f"{base}/{stranger.id}")
        assert (status, body["code"]) == (404, 10007)  # not in the server
        status, body = await raw(fake, "PUT", f"/channels/{town.channel.id}/thread-members/1")
        assert (status, body["code"]) == (400, 50024)  # not a thread
        fake.archive_thread(town.thread)
        status, body = await raw(fake, "PUT", f"{base}/{town.alice.id}")
        assert (status, body["code"]) == (400, 50083)
        fake.set_thread_archived(town.thread, False)
        fake.set_bot_permissions(town.guild, VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY)
        status, body = await raw(fake, "PUT", f"{base}/{town.alice.id}")
        assert (status, body["code"]) == (403, 50013)  # no right to post in threads
        fake.set_bot_permissions(
            town.guild, VIEW_CHANNEL | SEND_MESSAGES_IN_THREADS | CREATE_PRIVATE_THREADS
        )
        status, _ = await raw(fake, "PUT", f"{base}/{town.alice.id}")
        assert status == 204
        # a public thread's members are removed only with Manage Threads
        status, body = await raw(fake, "DELETE", f"{base}/{town.alice.id}")
        assert (status, body["code"]) == (403, 50013)
        assert town.alice.id in town.thread.member_ids
        assert rules_of(fake) == [
            "unknown_member",
            "not_a_thread",
            "archived_thread",
            "missing_permissions",
            "missing_permissions",
        ]
