"""Errors Discord gives for gone things and closed doors: deleted responses (10008), the
followup that still works after a deleted response, closed DMs (50007)."""

from __future__ import annotations

import asyncio

import discord
import pytest

from fakediscord import FakeDiscord, InteractionRecord

from .conftest import Town
from .test_rules import raw
from .testbot import SampleBot, running_bot


def rules_of(fake: FakeDiscord) -> list[str]:
    return [v.rule for v in fake.take_violations()]


async def held(
    fake: FakeDiscord, bot: SampleBot, town: Town
) -> tuple[discord.Interaction, asyncio.Task[InteractionRecord]]:
    """An interaction the test answers by hand, and the simulated user's pending slash."""
    task = asyncio.create_task(fake.slash(town.alice, town.channel, "bad hold"))
    return await asyncio.wait_for(bot.held, 2), task


@pytest.mark.parametrize("thinking", [True, False])
async def test_deleted_original_response(fake: FakeDiscord, town: Town, thinking: bool) -> None:
    async with running_bot(fake) as bot:
        interaction, task = await held(fake, bot, town)
        if thinking:
            await interaction.response.defer(thinking=True)
        else:
            await interaction.response.send_message("first")
        rec = await task
        original = rec.response
        assert original is not None
        await interaction.delete_original_response()
        assert original.deleted and original not in fake.messages(town.channel)
        # a followup is still a new message, even right after a deleted "thinking" one
        late = await interaction.followup.send("still here", wait=True)
        assert fake.get_message(late.id) is not None and late.id != original.id
        assert not fake.get_message(late.id).loading
        # but @original is gone for good
        with pytest.raises(discord.NotFound) as gone:
            await interaction.edit_original_response(content="again")
        assert gone.value.code == 10008
        with pytest.raises(discord.NotFound):
            await interaction.original_response()
        assert rules_of(fake) == ["no_original_response", "no_original_response"]
        # a deleted followup is unknown too
        await late.delete()
        with pytest.raises(discord.NotFound) as missing:
            await late.edit(content="changed")
        assert missing.value.code == 10008
        assert rules_of(fake) == ["unknown_webhook_message"]


async def test_channel_message_edits_after_deletion(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        message = await channel.send("short-lived")
        await message.delete()
        with pytest.raises(discord.NotFound) as gone:
            await message.edit(content="back?")
        assert gone.value.code == 10008
        assert rules_of(fake) == ["unknown_message"]


async def test_closed_dms(fake: FakeDiscord, town: Town) -> None:
    stranger = fake.create_user("stranger")  # shares no guild with the bot
    async with running_bot(fake) as bot:
        alice = await bot.fetch_user(town.alice.id)
        await alice.send("open")
        fake.set_dms_open(town.alice, False)
        with pytest.raises(discord.Forbidden) as closed:
            await alice.send("closed")
        assert closed.value.code == 50007 and closed.value.status == 403
        far = await bot.fetch_user(stranger.id)
        with pytest.raises(discord.Forbidden) as unknown:
            await far.send("hello")
        assert unknown.value.code == 50007
        assert [m.content for m in fake.messages(fake.dm_channel(town.alice))] == ["open"]


async def test_too_many_refused_requests_would_get_the_bot_banned(
    fake: FakeDiscord, town: Town
) -> None:
    fake.invalid_requests.limit = 5
    fake.set_bot_permissions(town.guild, 0)
    for _ in range(7):
        status, body = await raw(
            fake, "POST", f"/channels/{town.channel.id}/messages", json={"content": "hi"}
        )
        assert (status, body["code"]) == (403, 50001)
    rules = rules_of(fake)
    assert rules.count("missing_access") == 7
    assert rules.count("invalid_request_limit") == 1
