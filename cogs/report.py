"""``/game analysis``: a finished match's report of luck and decisions (``bot.ui.analysis``),
the same as the final board's "Luck and decisions" button.

It joins the ``/game`` group of ``cogs.game`` (loaded before this module: cogs load in name
order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands

from bot.command_words import described
from bot.matches import Refusal
from bot.ui.analysis import answer
from bot.ui.routing import table_of
from cogs.records import MATCH_ID, GameGroupCommands, GroupCommand
from words import domain

if TYPE_CHECKING:
    from bot.client import RanchHand
    from cogs.base import Interaction

_, ngettext, N_ = domain("bot").functions()


@app_commands.command(
    name="analysis",
    description=described(N_("A finished match's report: what luck and decisions did.")),
)
@app_commands.describe(
    match=described(N_("The match number (default: the latest finished here)")),
)
async def analysis(interaction: Interaction, match: MATCH_ID | None = None) -> None:
    try:
        match_id = match if match is not None else await _latest(interaction)
    except Refusal as err:
        await table_of(interaction).failed(interaction, err)
        return
    await answer(interaction, match_id)


async def _latest(interaction: Interaction) -> int:
    """The latest finished match of this channel."""
    service = interaction.client.service
    if interaction.channel_id is None:
        raise Refusal(_("Use this in a server channel."))
    row = await service.store.records.latest_finished_in(interaction.channel_id)
    if row is None:
        raise Refusal(_("No match has finished in this channel yet; give a match number."))
    return int(row.id)


class Report(GameGroupCommands):
    """Holds the command this module adds to the ``/game`` group."""

    group_commands: tuple[GroupCommand, ...] = (analysis,)


async def setup(bot: RanchHand) -> None:
    await bot.add_cog(Report(bot))
