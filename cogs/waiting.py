"""``/game digest``: a daily DM of every match waiting on the player, in every server
(``bot.digest``); and the notice owed to a player whose digest turned itself off, sent
privately after their next command."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.command_words import described
from bot.matches import Refusal
from cogs.records import COLOUR, GameGroupCommands, GroupCommand
from words import domain

if TYPE_CHECKING:
    from bot.client import RanchHand
    from cogs.base import Interaction

_, ngettext, N_ = domain("bot").functions()

DEFAULT_HOUR = 8
TURNS = [
    app_commands.Choice(name=described(N_("on")), value="on"),
    app_commands.Choice(name=described(N_("off")), value="off"),
]


@app_commands.command(
    name="digest",
    description=described(N_("A daily DM listing every match waiting on you, in every server.")),
)
@app_commands.describe(
    turn=described(N_("on or off (leave out to see your setting)")),
    hour=described(
        N_("The hour it comes, 0-23 UTC (default {hour}); quiet hours move it later"),
        hour=DEFAULT_HOUR,
    ),
)
@app_commands.choices(turn=TURNS)
async def digest(
    interaction: Interaction,
    turn: str | None = None,
    hour: app_commands.Range[int, 0, 23] | None = None,
) -> None:
    bot = interaction.client
    user_id = interaction.user.id
    if hour is not None and turn != "on":
        raise Refusal(_("An hour goes with `turn:on`, e.g. `/game digest turn:on hour:7`."))
    if turn is not None:
        chosen = (DEFAULT_HOUR if hour is None else hour) if turn == "on" else None
        await bot.store.digests.set_digest(user_id, chosen, bot.clock())
    current = await bot.store.digests.digest_of(user_id)
    if current is None:
        text = _("Your daily digest is off. `/game digest turn:on hour:7` sends it at 07:00 UTC.")
    else:
        text = _(
            "Your daily digest comes at {hour}:00 UTC (after your quiet hours if they cover it), "
            "when at least one match waits on you: each with its game, server, deadline and a "
            "link to its board. `/game mine all:True` shows the same list now."
        ).format(hour=f"{current:02d}")
    embed = discord.Embed(title=_("📬 Daily digest"), description=text, colour=COLOUR)
    await interaction.response.send_message(embed=embed, ephemeral=True)


class Digest(GameGroupCommands):
    """Holds ``/game digest``, and tells a player whose digest Discord refused."""

    group_commands: tuple[GroupCommand, ...] = (digest,)

    @commands.Cog.listener()
    async def on_app_command_completion(self, interaction: Interaction, command: Any) -> None:
        notice = await self.bot.turns.digests.owed_notice(interaction.user.id)
        if notice is not None:
            await interaction.followup.send(notice, ephemeral=True)


async def setup(bot: RanchHand) -> None:
    await bot.add_cog(Digest(bot))
