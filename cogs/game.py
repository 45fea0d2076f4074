"""Cross-game commands: what is running here, recent moves, a latency check."""

from __future__ import annotations

import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.matches import Refusal
from bot.table import escape


class GameCommands(
    commands.GroupCog, group_name="game", group_description="Ranch Hand: matches in this server"
):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="status",
        description="Show the match in this channel and the others running in this server.",
    )
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        service = self.bot.service
        here = await service.live_in(interaction.channel_id)
        embed = discord.Embed(title="Ranch Hand", colour=discord.Colour.from_rgb(176, 112, 48))
        if here is not None:
            rules = here.rules
            seats = ", ".join(escape(s.name) for s in here.seats)
            line = rules.status_line(here.state) if here.state is not None else "lobby"
            embed.add_field(
                name=f"Here: {rules.title} (match #{here.id})",
                value=f"{here.status}, move {here.ply}; players: {seats}\n{escape(line)}",
                inline=False,
            )
        else:
            embed.add_field(
                name="Here",
                value="No match. Start one with `/<game> new`: "
                + ", ".join(f"`/{k}`" for k in sorted(games.RULESETS)),
                inline=False,
            )
        if interaction.guild_id is not None:
            others = [
                m
                for m in await service.in_guild(interaction.guild_id)
                if m.channel_id != interaction.channel_id
            ]
            if others:
                embed.add_field(
                    name="Elsewhere in this server",
                    value="\n".join(
                        f"<#{m.channel_id}>: {m.rules.title}, {m.status}, move {m.ply}"
                        for m in others[:15]
                    ),
                    inline=False,
                )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(
        name="history", description="The latest moves of the match in this channel."
    )
    async def history(self, interaction: discord.Interaction[Any]) -> None:
        match = await self.bot.service.live_in(interaction.channel_id)
        if match is None:
            raise Refusal("No match is running in this channel.")
        rows = await self.bot.service.history(match.id, limit=15)
        if not rows:
            raise Refusal("No moves yet.")
        lines = [f"{r['ply']}. {escape(match.name_of(r['seat']))}: `{r['notation']}`" for r in rows]
        await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True)

    @app_commands.command(name="ping", description="Check that the bot is answering.")
    async def ping(self, interaction: discord.Interaction[Any]) -> None:
        started = time.perf_counter()
        await interaction.response.send_message("🏓 Pong.", ephemeral=True)
        took = (time.perf_counter() - started) * 1000
        await interaction.edit_original_response(content=f"🏓 Pong ({took:.0f} ms to answer).")


async def setup(bot: Any) -> None:
    await bot.add_cog(GameCommands(bot))
