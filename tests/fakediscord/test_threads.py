"""Thread life: auto-archive on the virtual clock, unarchive by posting, locks, types,
deleted channels and a bot removed from its guild."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import discord
import pytest

from fakediscord import CommandUsageError, ComponentError, FakeDiscord
from fakediscord.permissions import READ_MESSAGE_HISTORY, SEND_MESSAGES_IN_THREADS, VIEW_CHANNEL

from .conftest import Town
from .test_rules import raw
from .testbot import running_bot


def rules_of(fake: FakeDiscord) -> list[str]:
    return [v.rule for v in fake.take_violations()]


async def wait_until(predicate: Callable[[], Any], timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.01)


async def test_threads_archive_after_idle_time_and_posting_reopens(
    fake: FakeDiscord, town: Town
) -> None:
    short = fake.create_thread(town.channel, "quick", auto_archive_duration=60)
    async with running_bot(fake) as bot:
        fake.clock_offset += 59 * 60
        assert not short.archived and not town.thread.archived
        fake.clock_offset += 61
        assert short.archived and not town.thread.archived  # the other has 1440 minutes
        client_thread = bot.get_channel(short.id)
        assert isinstance(client_thread, discord.Thread)
        await wait_until(lambda: client_thread.archived)  # THREAD_UPDATE reached the client
        # the bot posting unarchives it (it may send there)
        sent = await client_thread.send("still here")
        assert not short.archived
        # discord.py dropped the archived thread from its cache; the update brings it back
        await wait_until(lambda: bot.get_channel(short.id) is not None)
        # editing in an archived thread fails with 50083
        fake.archive_thread(short)
        with pytest.raises(discord.HTTPException) as archived:
            await sent.edit(content="changed")
        assert archived.value.code == 50083 and archived.value.status == 400
        assert rules_of(fake) == ["archived_thread"]
        # PATCH archived=false reopens it, and a longer auto-archive keeps it open
        await client_thread.edit(archived=False, auto_archive_duration=10080)
        assert not short.archived and short.auto_archive_duration == 10080
        fake.clock_offset += 3 * 86400
        assert not short.archived


async def test_people_cannot_use_commands_in_archived_threads(
    fake: FakeDiscord, town: Town
) -> None:
    async with running_bot(fake):
        fake.archive_thread(town.thread)
        with pytest.raises(CommandUsageError, match="archived"):
            await fake.slash(town.alice, town.thread, "farm new")
        await fake.say(town.alice, town.thread, "anyone?")  # unarchives, as the client does
        assert not town.thread.archived
        rec = await fake.slash(town.alice, town.thread, "farm new")
        assert rec.response is not None


async def test_locked_threads_need_manage_threads(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        fake.set_bot_permissions(
            town.guild, VIEW_CHANNEL | SEND_MESSAGES_IN_THREADS | READ_MESSAGE_HISTORY
        )
        thread = bot.get_channel(town.thread.id)
        assert isinstance(thread, discord.Thread)
        fake.archive_thread(town.thread, locked=True)
        await fake.settle()
        assert thread.locked and thread.archived
        with pytest.raises(discord.HTTPException) as closed:
            await thread.send("let me in")
        assert closed.value.code == 50083
        with pytest.raises(discord.HTTPException):
            await thread.edit(archived=False)
        assert rules_of(fake) == ["archived_thread", "archived_thread"]
        with pytest.raises(ComponentError, match="locked"):
            fake.lock_thread(town.thread, True)
            fake.set_thread_archived(town.thread, False)
            await fake.say(town.alice, town.thread, "hello")
        # an Administrator bot may post: the thread opens again
        fake.archive_thread(town.thread)
        fake.set_bot_permissions(town.guild, 1 << 3)
        await fake.settle()
        await thread.send("moderator speaking")
        assert not town.thread.archived and town.thread.locked


async def test_thread_types_follow_the_parent(fake: FakeDiscord, town: Town) -> None:
    news = fake.create_text_channel(town.guild, "news", announcement=True)
    async with running_bot(fake) as bot:
        client_news = bot.get_channel(news.id)
        assert isinstance(client_news, discord.TextChannel) and client_news.is_news()
        with pytest.raises(discord.HTTPException) as private:
            await client_news.create_thread(name="private?")  # discord.py's default: type 12
        assert private.value.code == 50035
        thread = await client_news.create_thread(name="story", type=discord.ChannelType.news_thread)
        assert thread.type is discord.ChannelType.news_thread
        status, body = await raw(
            fake, "POST", f"/channels/{town.channel.id}/threads", json={"name": "x", "type": 10}
        )
        assert status == 400 and body["code"] == 50035
        assert rules_of(fake) == ["thread_type", "thread_type"]
        status, body = await raw(
            fake,
            "POST",
            f"/channels/{town.channel.id}/threads",
            json={"name": "x", "type": 11, "auto_archive_duration": 30},
        )
        assert status == 400 and "auto_archive_duration" in body["errors"]
        assert rules_of(fake) == ["auto_archive_duration"]


async def test_deleted_channels_and_threads(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        deleted: list[int] = []

        async def on_guild_channel_delete(channel: discord.abc.GuildChannel) -> None:
            deleted.append(channel.id)

        async def on_thread_delete(thread: discord.Thread) -> None:
            deleted.append(thread.id)

        bot.add_listener(on_guild_channel_delete)
        bot.add_listener(on_thread_delete)
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        rec = await fake.slash(town.alice, town.channel, "farm new")
        fake.delete_channel(town.channel)  # and its thread
        await wait_until(lambda: set(deleted) == {town.channel.id, town.thread.id})
        assert bot.get_channel(town.channel.id) is None
        with pytest.raises(discord.NotFound) as gone:
            await channel.send("hello?")
        assert gone.value.code == 10003
        assert rules_of(fake) == ["unknown_channel"]
        assert rec.response is not None and rec.response.deleted
        with pytest.raises(ComponentError):
            await fake.click(town.alice, rec.response, label="Roll")


async def test_bot_removed_from_a_guild(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        removed: list[int] = []

        async def on_guild_remove(guild: discord.Guild) -> None:
            removed.append(guild.id)

        bot.add_listener(on_guild_remove)
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        board = await fake.slash(town.alice, town.channel, "farm new")
        fake.remove_bot_from_guild(town.guild)
        await wait_until(lambda: removed == [town.guild.id])
        assert bot.get_guild(town.guild.id) is None
        with pytest.raises(discord.Forbidden) as outside:
            await channel.send("still here?")
        assert outside.value.code == 50001
        assert rules_of(fake) == ["missing_access"]
        with pytest.raises(CommandUsageError, match="not in"):
            await fake.slash(town.alice, town.channel, "farm new")
        with pytest.raises(ComponentError, match="not in"):
            await fake.click(town.alice, board.response, label="Roll")
        fake.add_bot_to_guild(town.guild)
        await wait_until(lambda: bot.get_guild(town.guild.id) is not None)
        rec = await fake.slash(town.alice, town.channel, "farm new")
        assert rec.response is not None


async def test_clicks_in_archived_threads(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake):
        board = await fake.slash(town.alice, town.thread, "farm new")
        fake.archive_thread(town.thread)
        rolled = await fake.click(town.bob, board.response, label="Roll")
        assert rolled.callback_type == 7 and rolled.response.content == "g1 rolled 1"
        assert not town.thread.archived  # answering reopened it
        fake.archive_thread(town.thread, locked=True)
        with pytest.raises(ComponentError, match="locked"):
            await fake.click(town.bob, rolled.response, label="Roll")
