"""Super Farmer's command group: everything comes from the shared game cog."""

from __future__ import annotations

from typing import Any

import games
from bot.command_words import described
from cogs.base import GameCog
from words import domain

_, ngettext, N_ = domain("bot").functions()


class Farm(
    GameCog,
    group_name="farm",
    group_description=described(N_("Super Farmer: breed a farm, beware the fox and the wolf")),
):
    rules = games.get("farm")


async def setup(bot: Any) -> None:
    await bot.add_cog(Farm(bot))
