"""Where to post a match's board when no click's answer carries it: chosen per match.

``ChannelPoster`` (a server table) posts and edits with the bot's own token, finds a board
Discord took without the bot knowing among the channel's newest messages, and sends
followups while the interaction lasts. ``InteractionPoster`` (a casual table, ``bot.venue``)
has no channel: nothing is posted, edited or read with the bot's token (``NoRoute``: the
board waits for the next interaction), and a followup is sent only through an interaction
younger than 14 minutes that has followups left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot import lookup, venue
from bot.answer import Click
from bot.marks import board_nonce
from bot.model import Match

if TYPE_CHECKING:
    from bot.host import Host

#: what a board message is sent or edited with: discord.py's keyword arguments, each of its
#: own type (content, embed, files or attachments, view, allowed mentions)
Fields = dict[str, Any]


class ChannelPoster:
    """A server table: the channel is the bot's to post in."""

    def __init__(self, bot: Host, channels: lookup.Reaching, strips: lookup.Stripping) -> None:
        """``channels``: the channels the bot posts in (``bot.channels``); ``strips``: a copy
        of a board that could not be deleted loses its buttons."""
        self.bot = bot
        self.channels = channels
        self.strips = strips

    async def send(self, match: Match, kwargs: Fields) -> discord.Message:
        channel = await self.channels.postable(match.channel_id)
        # the nonce names the board: a retry, another process or a restart within Discord's
        # window gets the message already created back instead of a second one
        return await channel.send(nonce=board_nonce(match.id, match.ply), **kwargs)

    async def edit(self, match: Match, message_id: int, kwargs: Fields) -> discord.Message:
        channel = await self.channels.postable(match.channel_id, edit=True)
        return await channel.get_partial_message(message_id).edit(**kwargs)

    async def find(
        self, match: Match, plies: list[int], after: int = 0, final: int | None = None
    ) -> tuple[discord.Message, int] | None:
        """A board of ``plies`` already in the channel though not recorded, with its ply."""
        return await lookup.posted_unrecorded(
            self.bot, self.channels, match.channel_id, match.id, plies, after, final
        )

    async def drop_copies(self, message: discord.Message, match: Match) -> None:
        await lookup.drop_copies(self.bot, self.channels, self.strips, message, match.id, match.ply)

    def may_follow_up(self, interaction: Click) -> bool:
        return not interaction.is_expired()

    def followed_up(self, interaction: Click) -> None:
        """(a server table's interactions have no followup limit)"""


class InteractionPoster(ChannelPoster):
    """A casual table: interactions alone reach it."""

    async def send(self, match: Match, kwargs: Fields) -> discord.Message:
        raise venue.no_route()

    async def edit(self, match: Match, message_id: int, kwargs: Fields) -> discord.Message:
        raise venue.no_route()

    async def find(
        self, match: Match, plies: list[int], after: int = 0, final: int | None = None
    ) -> tuple[discord.Message, int] | None:
        return None  # the channel cannot be read: a board is never looked for there

    async def drop_copies(self, message: discord.Message, match: Match) -> None:
        return None

    def may_follow_up(self, interaction: Click) -> bool:
        return venue.may_follow_up(interaction, self.bot.clock)

    def followed_up(self, interaction: Click) -> None:
        venue.followed_up(interaction)


def poster_for(
    bot: Host, match: Match, channels: lookup.Reaching, strips: lookup.Stripping
) -> ChannelPoster:
    """The poster of ``match``'s kind of table."""
    kind = InteractionPoster if match.casual else ChannelPoster
    return kind(bot, channels, strips)
