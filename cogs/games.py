"""One command group per registered game (``/farm``, ``/cattle``...): the shared game cog
(``cogs.base.GameCog``) made for each entry of ``games.registry``, named by the game's key and
described by the entry's ``tagline``. A new game needs no cog of its own."""

from __future__ import annotations

import types
from typing import TYPE_CHECKING, Any

from bot.command_words import described
from cogs.base import GameCog
from games import registry

if TYPE_CHECKING:
    from bot.client import RanchHand


def game_cog(entry: registry.Entry) -> type[GameCog]:
    """The command group of ``entry``'s game: ``/<key> new``, ``join``, ``move``..."""

    def body(namespace: dict[str, Any]) -> None:
        namespace["rules"] = entry.rules
        namespace["__module__"] = __name__

    made: type[GameCog] = types.new_class(
        class_name(entry.key),
        (GameCog,),
        {"group_name": entry.key, "group_description": described(entry.tagline)},
        body,
    )
    return made


def class_name(key: str) -> str:
    """A cog's class name from its game's key (``highrollin`` -> ``Highrollin``)."""
    return "".join(part.capitalize() for part in key.split("_"))


async def setup(bot: RanchHand) -> None:
    for key in registry.game_keys():
        await bot.add_cog(game_cog(registry.entry(key))(bot))
