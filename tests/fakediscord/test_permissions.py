"""Roles, overwrites and Discord's permission computation, seen by the real discord.py client."""

from __future__ import annotations

import io

import discord
import pytest

from fakediscord import FakeDiscord
from fakediscord.permissions import (
    ADMINISTRATOR,
    ATTACH_FILES,
    EMBED_LINKS,
    MANAGE_MESSAGES,
    MENTION_EVERYONE,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
)

from .conftest import Town
from .testbot import png, running_bot

BASIC = VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY


def rules_of(fake: FakeDiscord) -> list[str]:
    return [v.rule for v in fake.take_violations()]


def test_roles_and_overwrites_combine_in_discords_order(fake: FakeDiscord, town: Town) -> None:
    guild, channel = town.guild, town.channel
    dealers = fake.create_role(guild, "dealers", MANAGE_MESSAGES)
    fake.add_roles(guild, town.alice, dealers)
    everyone = guild.default_role
    alice_in = fake.permissions_in(channel, town.alice)
    assert alice_in & MANAGE_MESSAGES and alice_in & SEND_MESSAGES
    # @everyone loses sending here; a role overwrite gives it back to dealers only
    fake.set_overwrite(channel, everyone, deny=SEND_MESSAGES)
    fake.set_overwrite(channel, fake.world.member_role(guild), deny=SEND_MESSAGES)
    fake.set_overwrite(channel, dealers, allow=SEND_MESSAGES)
    assert fake.permissions_in(channel, town.alice) & SEND_MESSAGES
    assert not fake.permissions_in(channel, town.bob) & SEND_MESSAGES
    # without the right to send, attaching and embedding go implicitly
    assert not fake.permissions_in(channel, town.bob) & (ATTACH_FILES | EMBED_LINKS)
    # a member overwrite beats the role overwrite
    fake.set_overwrite(channel, town.alice, deny=SEND_MESSAGES)
    assert not fake.permissions_in(channel, town.alice) & SEND_MESSAGES
    # no View Channel: nothing at all, in the channel and its threads
    fake.set_overwrite(channel, town.bob, deny=VIEW_CHANNEL)
    assert fake.permissions_in(channel, town.bob) == 0
    assert fake.permissions_in(town.thread, town.bob) == 0
    assert fake.permissions_in(town.thread, town.alice) & SEND_MESSAGES_IN_THREADS
    # the bot is Administrator by default: overwrites do not touch it; the owner neither
    assert fake.permissions_in(channel) & SEND_MESSAGES
    fake.set_overwrite(channel, fake.bot_user, deny=VIEW_CHANNEL)
    assert fake.permissions_in(channel) & VIEW_CHANNEL
    owner = fake.world.users[guild.owner_id]
    fake.set_overwrite(channel, owner, deny=VIEW_CHANNEL)
    assert fake.permissions_in(channel, owner) & VIEW_CHANNEL
    # removing an overwrite restores the role's say
    fake.set_overwrite(channel, town.alice)
    assert fake.permissions_in(channel, town.alice) & SEND_MESSAGES


async def test_the_client_sees_the_same_permissions(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        fake.set_bot_permissions(town.guild, BASIC)
        fake.set_overwrite(town.channel, town.guild.default_role, deny=SEND_MESSAGES)
        await fake.settle()
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        client_view = channel.permissions_for(channel.guild.me)
        assert client_view.value == fake.permissions_in(town.channel)
        assert not client_view.send_messages and client_view.view_channel
        # and so does each interaction: app_permissions and member permissions
        fake.set_overwrite(town.channel, town.guild.default_role)
        rec = await fake.slash(town.alice, town.channel, "farm new")
        assert int(rec.payload["app_permissions"]) == BASIC
        assert int(rec.payload["member"]["permissions"]) == fake.permissions_in(
            town.channel, town.alice
        )
        assert bot.interactions[-1].app_permissions.value == BASIC


async def test_missing_permissions_on_channel_routes(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        fake.set_bot_permissions(town.guild, BASIC)
        await fake.settle()
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        sent = await channel.send("plain text is fine")
        with pytest.raises(discord.Forbidden) as embed:
            await channel.send(embed=discord.Embed(title="needs Embed Links"))
        with pytest.raises(discord.Forbidden) as upload:
            await channel.send(file=discord.File(io.BytesIO(png()), "board.png"))
        assert embed.value.code == upload.value.code == 50013
        assert rules_of(fake) == ["missing_permissions", "missing_permissions"]
        # threads need their own right
        with pytest.raises(discord.Forbidden):
            await channel.create_thread(name="t", type=discord.ChannelType.public_thread)
        assert rules_of(fake) == ["missing_permissions"]
        # losing Send Messages stops sends, not edits of its own messages
        fake.set_overwrite(town.channel, fake.world.bot_role(town.guild), deny=SEND_MESSAGES)
        with pytest.raises(discord.Forbidden):
            await channel.send("no more")
        assert rules_of(fake) == ["missing_permissions"]
        await sent.edit(content="edited anyway")
        assert fake.get_message(sent.id).content == "edited anyway"
        # without View Channel the channel is out of reach: 50001
        fake.set_overwrite(town.channel, fake.world.bot_role(town.guild), deny=VIEW_CHANNEL)
        with pytest.raises(discord.Forbidden) as hidden:
            await channel.send("hello?")
        assert hidden.value.code == 50001
        assert rules_of(fake) == ["missing_access"]


async def test_interaction_responses_need_no_channel_permissions(
    fake: FakeDiscord, town: Town
) -> None:
    async with running_bot(fake):
        fake.set_bot_permissions(town.guild, 0)
        fake.set_overwrite(town.channel, fake.world.bot_role(town.guild), deny=VIEW_CHANNEL)
        rec = await fake.slash(town.alice, town.channel, "render")
        assert int(rec.payload["app_permissions"]) == 0
        # defer, a followup with an embed and a PNG, an ephemeral followup, an edit: all fine
        assert rec.response is not None and rec.response.embeds
        assert rec.response.attachments and len(rec.followups) == 2


async def test_mention_everyone_needs_its_permission(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        fake.set_bot_permissions(town.guild, BASIC | EMBED_LINKS)
        await fake.settle()
        await channel.send("@everyone dinner")
        assert fake.notifications(town.channel) == []
        fake.set_bot_permissions(town.guild, BASIC | MENTION_EVERYONE)
        await fake.settle()
        message = await channel.send("@everyone supper")
        notified = {n.user.name for n in fake.notifications(town.channel, kind="everyone")}
        assert notified == {"alice", "bob", "marshal", "ranch_owner"}
        assert {n.message_id for n in fake.notifications(town.channel)} == {message.id}
        assert fake.permissions_in(town.channel) & ADMINISTRATOR == 0


async def test_roles_given_to_the_bot_count(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        fake.set_bot_permissions(town.guild, BASIC)
        embedders = fake.create_role(town.guild, "embedders", EMBED_LINKS)
        fake.add_roles(town.guild, fake.bot_user, embedders)
        await fake.settle()
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        assert channel.permissions_for(channel.guild.me).embed_links
        await channel.send(embed=discord.Embed(title="allowed now"))
        fake.remove_roles(town.guild, fake.bot_user, embedders)
        await fake.settle()
        assert not channel.permissions_for(channel.guild.me).embed_links
        with pytest.raises(discord.Forbidden):
            await channel.send(embed=discord.Embed(title="not any more"))
        assert rules_of(fake) == ["missing_permissions"]
