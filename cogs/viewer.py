"""``/game view``: the match viewer (``bot.ui.viewer``), privately, at any move of any match
of this server; the boards' "Moves" button opens the same viewer.

It joins the ``/game`` group of ``cogs.game`` (loaded before this module: cogs load in name
order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands

from bot.command_words import described
from bot.matches import Refusal
from bot.ui.viewer import answer
from cogs.records import MATCH_ID, GameGroupCommands, GroupCommand
from words import domain

if TYPE_CHECKING:
    from bot.client import RanchHand
    from cogs.base import Interaction

_, ngettext, N_ = domain("bot").functions()

MOVE = app_commands.Range[int, 0, 10**15 - 1]


@app_commands.command(
    name="view",
    description=described(N_("Step through a match move by move, privately.")),
)
@app_commands.describe(
    match=described(N_("The match number (default: the one here, else the latest finished)")),
    move=described(N_("The move to show (0: the opening position; default: the latest)")),
)
async def view(
    interaction: Interaction,
    match: MATCH_ID | None = None,
    move: MOVE | None = None,
) -> None:
    match_id = match if match is not None else await _here(interaction)
    await answer(interaction, match_id, move, update=False)


async def _here(interaction: Interaction) -> int:
    """The match being played in this channel, else the latest finished here."""
    service = interaction.client.service
    if interaction.channel_id is None:
        raise Refusal(_("Use this in a server channel."))
    live = await service.live_in(interaction.channel_id)
    if live is not None and live.status == "active":
        return int(live.id)
    row = await service.store.records.latest_finished_in(interaction.channel_id)
    if row is None:
        raise Refusal(_("No match has been played in this channel yet; give a match number."))
    return int(row.id)


class Viewer(GameGroupCommands):
    """Holds the command this module adds to the ``/game`` group."""

    group_commands: tuple[GroupCommand, ...] = (view,)


async def setup(bot: RanchHand) -> None:
    await bot.add_cog(Viewer(bot))
