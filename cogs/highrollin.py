"""High Rollin's command group: everything comes from the shared game cog."""

from __future__ import annotations

from typing import Any

import games
from bot.command_words import described
from cogs.base import GameCog
from words import domain

_, ngettext, N_ = domain("bot").functions()


class HighRollin(
    GameCog,
    group_name="highrollin",
    group_description=described(N_("High Rollin': stack dice on wobbly towers, go out first")),
):
    rules = games.get("highrollin")


async def setup(bot: Any) -> None:
    await bot.add_cog(HighRollin(bot))
