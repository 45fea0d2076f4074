"""The gate a graceful stop closes: an interaction that arrives once the bot began to stop
reaches no command and no component, and only the client's ``on_interaction`` answers it
("restarting"). Moves already under way finish.

The decision is made once per interaction and kept in ``interaction.extras``: discord.py
hands one interaction to the command tree or a component and to ``on_interaction`` in tasks
of their own, and all of them must agree whether it came in time.
"""

from __future__ import annotations

import discord

#: where the decision is kept, in ``interaction.extras``
CLOSED = "rh_closed"


def closed(interaction: discord.Interaction[discord.Client]) -> bool:
    """Whether ``interaction`` came once the bot began to stop (its client's ``stopping``)."""
    extras = interaction.extras
    if CLOSED not in extras:
        extras[CLOSED] = getattr(interaction.client, "stopping", False) is True
    return extras[CLOSED] is True


class Gated:
    """Mixed into a component: while the bot stops, its callback does not run (the client's
    ``on_interaction`` answers the click)."""

    async def interaction_check(self, interaction: discord.Interaction[discord.Client], /) -> bool:
        return not closed(interaction)
