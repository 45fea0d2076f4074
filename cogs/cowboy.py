"""Super Cowboy Rope Steer Adventure's command group: everything comes from the shared cog."""

from __future__ import annotations

from typing import Any

import games
from bot.command_words import described
from cogs.base import GameCog
from words import domain

_, ngettext, N_ = domain("bot").functions()


class Cowboy(
    GameCog,
    group_name="cowboy",
    group_description=described(
        N_("Super Cowboy Rope Steer Adventure: fence fields, rope five steers")
    ),
):
    rules = games.get("cowboy")


async def setup(bot: Any) -> None:
    await bot.add_cog(Cowboy(bot))
