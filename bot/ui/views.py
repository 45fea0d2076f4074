"""The views the bot sends. Every component in them is a dynamic item (``bot.ids``): when
it is clicked, discord.py finds its class by the custom id, whatever message carries it and
after any restart. So a view only describes a message's components, and nothing needs to keep
it once the message is sent."""

from __future__ import annotations

import discord


class Components(discord.ui.View):
    """A message's components, never kept to listen for clicks."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        """Always: discord.py then sends the components without keeping the view. (A private
        message's view it would otherwise keep for 15 minutes, with a task waiting to end
        it: thousands of them on a busy bot, each holding its buttons and menus.)"""
        return True
