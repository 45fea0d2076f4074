"""User installs: where the app is not a member it may only answer, and only so much."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import discord
import pytest
from discord import app_commands

from fakediscord import CommandUsageError, FakeDiscord
from fakediscord.permissions import DEFAULT_MEMBER_PERMISSIONS, USE_EXTERNAL_APPS


class Anywhere(discord.Client):
    """A bot with one command installable to users, usable everywhere."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none())
        self.tree = app_commands.CommandTree(self)
        self.codes: dict[str, int] = {}

    async def setup_hook(self) -> None:
        @self.tree.command(description="Answer, then followups and a post of its own")
        @app_commands.allowed_installs(guilds=True, users=True)
        @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
        async def anywhere(
            interaction: discord.Interaction, followups: int = 0, post: bool = False
        ) -> None:
            await interaction.response.send_message("here")
            for n in range(followups):
                try:
                    await interaction.followup.send(f"followup {n + 1}")
                except discord.HTTPException as err:
                    self.codes["followup"] = err.code
            if post:
                assert interaction.channel_id is not None
                try:
                    await self.get_partial_messageable(interaction.channel_id).send("myself")
                except discord.HTTPException as err:
                    self.codes["post"] = err.code

        await self.tree.sync()


@contextlib.asynccontextmanager
async def running(fake: FakeDiscord) -> AsyncIterator[Anywhere]:
    bot = Anywhere()
    task = asyncio.create_task(bot.start(fake.bot_token))
    await asyncio.wait_for(bot.wait_until_ready(), 10)
    await fake.settle()
    try:
        yield bot
    finally:
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def test_a_group_dm_takes_answers_and_five_followups_and_nothing_else(
    fake: FakeDiscord,
) -> None:
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    group = fake.create_group_dm(alice, bob)
    fake.install_for_user(alice)
    async with running(fake) as bot:
        rec = await fake.slash(alice, group, "anywhere", followups=6, post=True)
        assert rec.payload["context"] == 2
        assert rec.payload["authorizing_integration_owners"] == {"1": str(alice.id)}
        assert rec.response is not None and not rec.ephemeral
        assert len(rec.followups) == 5, "five followups, no more"
        assert bot.codes == {"followup": 40094, "post": 50001}
        assert len(fake.take_violations("followup_limit")) == 1
        assert len(fake.take_violations("not_a_member")) == 1, "a channel call fails the test"
        with pytest.raises(CommandUsageError, match="not installed"):
            await fake.slash(bob, group, "anywhere")


async def test_without_external_apps_a_users_app_answers_privately(fake: FakeDiscord) -> None:
    alice = fake.create_user("alice")
    fake.install_for_user(alice)
    guild = fake.create_guild("Elsewhere")
    channel = fake.create_text_channel(guild, "general")
    fake.add_member(guild, alice)
    fake.remove_bot_from_guild(guild)
    async with running(fake):
        rec = await fake.slash(alice, channel, "anywhere", followups=1)
        assert rec.payload["context"] == 0 and rec.payload["guild_id"] == str(guild.id)
        assert not rec.ephemeral, "members may use external apps by default"
        everyone = fake.world.member_role(guild)
        fake.set_role_permissions(everyone, DEFAULT_MEMBER_PERMISSIONS & ~USE_EXTERNAL_APPS)
        rec = await fake.slash(alice, channel, "anywhere", followups=1)
        assert rec.ephemeral and all(m.ephemeral for m in rec.followups), "Discord hides it"


async def test_the_bots_own_dm_is_a_guild_installs_context_too(fake: FakeDiscord) -> None:
    alice = fake.create_user("alice")
    async with running(fake):
        rec = await fake.slash(alice, fake.dm_channel(alice), "anywhere")
        assert rec.payload["context"] == 1
        assert rec.payload["authorizing_integration_owners"] == {"0": "0"}
