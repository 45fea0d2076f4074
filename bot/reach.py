"""What the bot's handlers are handed, typed: the interaction, its components, and the bot.

discord.py builds every interaction with the client that received it, typed as any
``discord.Client``. A handler names the interaction ``Click`` and reaches the running bot
(the match service, the pictures, the reports) through ``ranch``, which says what it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeAlias, cast

import discord

if TYPE_CHECKING:
    from bot.analyses import Analyses
    from bot.matches import MatchService
    from bot.render_pool import Renderer

#: an interaction with the bot: a slash command, a click, a submitted box
Click: TypeAlias = discord.Interaction[discord.Client]
#: a button or a select on one of the bot's messages
Button: TypeAlias = discord.ui.Button[discord.ui.View]
Select: TypeAlias = discord.ui.Select[discord.ui.View]
#: the component discord.py hands ``DynamicItem.from_custom_id`` (as the message carried it)
Component: TypeAlias = discord.ui.Item[discord.ui.View]


class Ranch(Protocol):
    """What the components use of the running bot (``bot.client.RanchHand``)."""

    service: MatchService
    renderer: Renderer
    analyses: Analyses


def ranch(interaction: Click) -> Ranch:
    """The bot that received ``interaction``: always Ranch Hand, which discord.py built it with."""
    return cast("Ranch", interaction.client)
