"""Horseplay Rustling's command group: everything comes from the shared game cog."""

from __future__ import annotations

from typing import Any

import games
from bot.command_words import described
from cogs.base import GameCog
from words import domain

_, ngettext, N_ = domain("bot").functions()


class Horseplay(
    GameCog,
    group_name="horseplay",
    group_description=described(
        N_("Horseplay Rustling: draughts where taking a Stable wipes out a colour")
    ),
):
    rules = games.get("horseplay")


async def setup(bot: Any) -> None:
    await bot.add_cog(Horseplay(bot))
