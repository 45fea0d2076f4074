"""``/help``: what Ranch Hand does, its games, how to start a match, where the rules are; in
the reader's language, privately."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.command_words import described
from words import domain

if TYPE_CHECKING:
    from bot.client import RanchHand
    from cogs.base import Interaction

_, ngettext, N_ = domain("bot").functions()
COLOUR = discord.Colour.from_rgb(176, 112, 48)


def help_embed(rules_url: str | None) -> discord.Embed:
    """The help page: one line per game with its command, players and rules."""
    embed = discord.Embed(
        title=_("Ranch Hand"),
        colour=COLOUR,
        description=_(
            "Ranch-themed tabletop games played in this channel, by buttons, menus or typed "
            "moves, minutes or days apart. After every move the bot posts the board and "
            "mentions whoever plays next."
        ),
    )
    lines = []
    for key in games.registry.game_keys():
        rules = games.get(key)
        title = rules.narrator.text(rules.title)
        where = (
            _("[rules]({url})").format(url=rules_url.format(game=key))
            if rules_url
            else _("rules: `/{game} rules`").format(game=key)
        )
        players = _("{low}-{high} players").format(low=rules.min_players, high=rules.max_players)
        lines.append(f"**{title}** · `/{key}` · {players} · {where}")
    embed.add_field(name=_("Games"), value="\n".join(lines), inline=False)
    embed.add_field(
        name=_("Start a match"),
        value=_(
            "`/farm new` (or any game) opens a lobby in this channel; others press **Join**, "
            "or add computer players; the host presses **Start**. `thread:True` gives the "
            "match its own thread."
        ),
        inline=False,
    )
    embed.add_field(
        name=_("While you play"),
        value=_(
            "Only the player whose turn it is can act. `/game mine` lists every match waiting "
            "on you, `/game notify` sets your reminders, `/game status` shows what runs here."
        ),
        inline=False,
    )
    embed.add_field(
        name=_("Your data"),
        value=_("`/game privacy` says what is kept about you; `/game forget-me` removes it."),
        inline=False,
    )
    return embed


class Help(commands.Cog):
    def __init__(self, bot: RanchHand) -> None:
        self.bot = bot

    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.command(
        name="help",
        description=described(N_("What Ranch Hand does, its games and how to start a match.")),
    )
    async def help(self, interaction: Interaction) -> None:
        url = getattr(getattr(self.bot, "settings", None), "rules_url", None)
        await interaction.response.send_message(embed=help_embed(url), ephemeral=True)


async def setup(bot: RanchHand) -> None:
    await bot.add_cog(Help(bot))
