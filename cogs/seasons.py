"""``/game season``: a server's season, started and ended by someone with Manage Server.

Joins the ``/game`` group (as ``cogs.records`` does). Without ``action`` it shows the season
running (privately); ``action:start`` and ``action:end`` announce it in the channel, in the
server's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot import seasons
from bot.command_words import described
from bot.locales import server_locale
from bot.matches import Refusal
from bot.store import SeasonRow
from bot.table import escape, stamp
from cogs.records import COLOUR, QUIET, GameGroupCommands, GroupCommand
from words import domain
from words.catalogue import set_locale

if TYPE_CHECKING:
    from bot.client import RanchHand
    from cogs.base import Interaction

_, ngettext, N_ = domain("bot").functions()

ACTIONS = [
    app_commands.Choice(name=described(N_("start a new season")), value="start"),
    app_commands.Choice(name=described(N_("end the season")), value="end"),
]


@app_commands.command(
    name="season",
    description=described(N_("This server's season; admins start and end seasons.")),
)
@app_commands.describe(
    action=described(N_("start or end (Manage Server); leave out to see the current season")),
    name=described(N_("The new season's name (default: Season and its number)")),
)
@app_commands.choices(action=ACTIONS)
async def season(
    interaction: Interaction,
    action: str | None = None,
    name: app_commands.Range[str, 1, 100] | None = None,
) -> None:
    guild_id = interaction.guild_id
    if guild_id is None:
        raise Refusal(_("Seasons belong to a server; use this in one."))
    store = interaction.client.store
    if action is None:
        await _show(interaction, await store.seasons.current_season(guild_id))
        return
    if not interaction.permissions.manage_guild:
        raise Refusal(_("Starting and ending seasons needs the Manage Server permission."))
    if name is not None and action != "start":
        raise Refusal(_("Only a new season takes a name: use `action:start`."))
    now = interaction.client.clock()
    if action == "start":
        opened = await seasons.start(store, guild_id, name, interaction.user.id, now)
        set_locale(server_locale(interaction))  # a public message: the server's language
        text = _(
            "🏁 **{name}** begins! Season ratings start fresh for everyone; all-time ratings "
            "keep counting. `/game leaderboard` shows the season."
        ).format(name=escape(str(opened.name)))
    else:
        ended = await seasons.end(store, guild_id, now)
        set_locale(server_locale(interaction))
        played = await store.seasons.season_results(int(ended.id))
        text = ngettext(
            "🏁 **{name}** is over after {count} rated match. Its leaderboards stay: "
            "`/game leaderboard season:all-time` shows all time.",
            "🏁 **{name}** is over after {count} rated matches. Its leaderboards stay: "
            "`/game leaderboard season:all-time` shows all time.",
            played,
        ).format(name=escape(str(ended.name)), count=played)
    await interaction.response.send_message(text, allowed_mentions=QUIET)


async def _show(interaction: Interaction, current: SeasonRow | None) -> None:
    if current is None:
        text = _(
            "No season is running in this server: ratings are all-time. Someone with Manage "
            "Server can start one with `/game season action:start`."
        )
    else:
        played = await interaction.client.store.seasons.season_results(int(current.id))
        text = ngettext(
            "**{name}** is running since {time}: {count} rated match so far. A player with "
            "fewer than {least} rated matches in it is provisional.",
            "**{name}** is running since {time}: {count} rated matches so far. A player with "
            "fewer than {least} rated matches in it is provisional.",
            played,
        ).format(
            name=escape(str(current.name)),
            time=stamp(float(current.started_at), "D"),
            count=played,
            least=seasons.PROVISIONAL_BELOW,
        )
    embed = discord.Embed(title=_("🏁 Season"), description=text, colour=COLOUR)
    await interaction.response.send_message(embed=embed, ephemeral=True)


class Seasons(GameGroupCommands):
    """Holds the command this module adds to the ``/game`` group."""

    group_commands: tuple[GroupCommand, ...] = (season,)


async def setup(bot: RanchHand) -> None:
    await bot.add_cog(Seasons(bot))
