"""Where a match is played, and so how its messages may get there.

A **server table** is in a channel of a server the bot is a member of: the bot posts and edits
there with its own token when no interaction carries a board (``bot.channels``), its turn
clock posts reminders, the outbox retries in the background.

A **casual table** is wherever the bot is not a member: a group DM, a DM between people, a
server without the bot (a player's user install of the application reaches all of them), and
the bot's own DM alike. There the bot may only answer interactions: the lobby is a command's
answer, every board a click's answer or a followup of the interaction that made it; it never
posts, edits with its own token, reads history or opens threads there. An interaction's token
serves 15 minutes and, as only a user's install authorizes it, at most 5 followups: the bot
uses none older than ``TOKEN_USABLE`` and sends at most ``FOLLOWUPS``. A board that cannot go
out so stays in the outbox (no background pass retries it) and is shown by the next
interaction with the match (``Table.show_waiting``).

A match keeps its kind (``Match.casual``), so every part asks the match, not the channel.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.channels import CannotPost
from bot.reach import Click
from words import domain

_, ngettext, N_ = domain("bot").functions()

#: seconds: no interaction token older than this is used (Discord ends it at 15 minutes)
TOKEN_USABLE = 14 * 60.0
#: followups one interaction sends at most where only a user's install authorizes it
FOLLOWUPS = 5
_SENT = "rh:followups"


class NoRoute(CannotPost):
    """A casual table's message with no interaction left to carry it (none, too old, or its
    followups spent): it waits for the next interaction with the match."""


def casual_here(interaction: Click) -> bool:
    """Whether a table opened through ``interaction`` is casual: the bot is not a member of
    its server (or there is no server)."""
    return interaction.guild_id is None or not in_server(interaction)


def in_server(interaction: Click) -> bool:
    """Whether the bot is a member of the interaction's server (discord.py makes a partial
    server of one it is not in, so its own cache is asked)."""
    guild_id = interaction.guild_id
    return guild_id is not None and interaction.client.get_guild(guild_id) is not None


def external_apps_refused(interaction: Click) -> bool:
    """A server without the bot whose members may not use external apps here: Discord makes
    every answer private, so nobody else would see a table."""
    return (
        interaction.guild_id is not None
        and not in_server(interaction)
        and not interaction.permissions.use_external_apps
    )


def may_follow_up(interaction: Click, clock: Callable[[], float]) -> bool:
    """Whether one more followup may be sent through ``interaction`` (young enough, and
    within its followups)."""
    age = clock() - interaction.created_at.timestamp()
    return age < TOKEN_USABLE and interaction.extras.get(_SENT, 0) < FOLLOWUPS


def followed_up(interaction: Click) -> None:
    """Count a followup sent through ``interaction``."""
    interaction.extras[_SENT] = interaction.extras.get(_SENT, 0) + 1


def no_route() -> NoRoute:
    return NoRoute(_("no interaction is left to carry the board"))
