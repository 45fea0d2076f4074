"""``/game privacy`` and ``/game forget-me``: what is kept about a person, and forgetting it.

These join the ``/game`` group of ``cogs.game`` (loaded before this module: cogs load in name
order). Both answer privately.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands

from bot import privacy
from bot.command_words import described
from bot.ui import forget_view
from cogs.records import GameGroupCommands, GroupCommand
from words import domain

if TYPE_CHECKING:
    from bot.client import RanchHand
    from cogs.base import Interaction

_, ngettext, N_ = domain("bot").functions()


@app_commands.command(
    name="privacy", description="What Ranch Hand keeps about you, and for how long."
)
async def privacy_command(interaction: Interaction) -> None:
    held = await interaction.client.service.store.people.held_about(interaction.user.id)
    await interaction.response.send_message(privacy.privacy_text(held), ephemeral=True)


@app_commands.command(
    name="forget-me",
    description=described(
        N_("Remove your settings and ratings and your name from finished matches.")
    ),
)
async def forget_me(interaction: Interaction) -> None:
    await interaction.response.send_message(
        privacy.confirm_text(), view=forget_view(interaction.user.id), ephemeral=True
    )


COMMANDS: tuple[GroupCommand, ...] = (privacy_command, forget_me)


class People(GameGroupCommands):
    """Holds the commands this module adds to the ``/game`` group."""

    group_commands = COMMANDS


async def setup(bot: RanchHand) -> None:
    await bot.add_cog(People(bot))
