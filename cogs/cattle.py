"""Cattle Baron's command group: everything comes from the shared game cog."""

from __future__ import annotations

from typing import Any

import games
from bot.command_words import described
from cogs.base import GameCog
from words import domain

_, ngettext, N_ = domain("bot").functions()


class Cattle(
    GameCog,
    group_name="cattle",
    group_description=described(
        N_("Cattle Baron: roll your stud, grab, rustle and swiss your herd")
    ),
):
    rules = games.get("cattle")


async def setup(bot: Any) -> None:
    await bot.add_cog(Cattle(bot))
