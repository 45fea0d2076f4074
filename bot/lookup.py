"""Boards Discord may have taken without the bot knowing: found before anything is posted again.

A post can be done by Discord while its answer never arrives (a 5xx or a dropped connection
after the work, or the process killed between posting a board and recording it). Before such
a board is posted again, it is looked for: the interaction's own response (``@original``), or
the channel's newest messages, by the marks of ``bot.marks`` (never by its words). A followup
that discord.py sent more than once (it retries a 5xx, and Discord may have done the first)
leaves copies; they are found the same way and deleted, so each ply is shown by one message.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol

import discord

# TRANSPORT: what a request whose answer was lost raises (its work may or may not have been
# done); ALREADY_ANSWERED (40060): an earlier try of this answer was taken (discord.py
# retries a callback whose answer was lost)
from bot.answer import ALREADY_ANSWERED, TRANSPORT
from bot.channels import CannotPost
from bot.marks import has_buttons, shown_ply
from bot.reach import Click

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

#: how many of a channel's newest messages are searched for a board posted but not recorded
RECENT = 25


class Reaching(Protocol):
    """How a channel is reached with the bot's own token (``bot.channels.Channels``)."""

    async def postable(
        self, channel_id: int, *, edit: bool = False
    ) -> discord.PartialMessageable: ...


class Stripping(Protocol):
    """What a copy that could not be deleted needs: its buttons taken off
    (``bot.strips.Strips``)."""

    async def strip_buttons(self, channel_id: int, message_id: int) -> None: ...


def may_be_taken(err: BaseException) -> bool:
    """Whether a failed request may still have been done by Discord: its answer was lost
    (a dropped connection, a 5xx), or it says it was answered already (40060)."""
    if isinstance(err, TRANSPORT):
        return True
    if isinstance(err, discord.HTTPException):
        return err.status >= 500 or err.code == ALREADY_ANSWERED
    return False


async def taken_answer(interaction: Click, match_id: int, ply: int) -> discord.Message | None:
    """The interaction's response if it shows the board of ``ply`` (the answer was taken
    though the request failed), else None."""
    try:
        message = await interaction.original_response()
    except (discord.HTTPException, *TRANSPORT) as err:
        log.info("interaction %s: its response could not be read: %r", interaction.id, err)
        return None
    return message if shown_ply(message, match_id) == ply else None


async def newest_boards(
    bot: Host,
    channels: Reaching,
    channel_id: int,
    match_id: int,
    *,
    after: int = 0,
    final: int | None = None,
) -> list[tuple[discord.Message, int]]:
    """The bot's board messages of the match among the channel's newest (after message
    ``after``), newest first, with the ply each shows; empty if the channel cannot be read."""
    found: list[tuple[discord.Message, int]] = []
    try:
        channel = await channels.postable(channel_id, edit=True)
        async for message in channel.history(limit=RECENT):
            if message.id <= after:
                break
            if bot.user is None or message.author.id != bot.user.id:
                continue
            ply = shown_ply(message, match_id, final)
            if ply is not None:
                found.append((message, ply))
    except (discord.HTTPException, CannotPost, *TRANSPORT) as err:
        log.info("match %s: could not read the channel's newest boards: %r", match_id, err)
    return found


async def posted_unrecorded(
    bot: Host,
    channels: Reaching,
    channel_id: int,
    match_id: int,
    plies: list[int],
    after: int,
    final: int | None,
) -> tuple[discord.Message, int] | None:
    """The newest board of one of ``plies`` already in the channel (posted, then not
    recorded), with its ply; None if there is none."""
    for message, ply in await newest_boards(
        bot, channels, channel_id, match_id, after=after, final=final
    ):
        if ply in plies:
            log.info("match %s: board of ply %s was already posted", match_id, ply)
            return message, ply
    return None


async def drop_copies(
    bot: Host,
    channels: Reaching,
    strips: Stripping,
    message: discord.Message,
    match_id: int,
    ply: int,
) -> int:
    """Delete the other messages showing the board of ``ply`` (copies a retried followup
    left); returns how many went."""
    dropped = 0
    for other, shown in await newest_boards(bot, channels, message.channel.id, match_id):
        if shown == ply and other.id != message.id:
            try:
                await other.delete()
                dropped += 1
            except (discord.HTTPException, *TRANSPORT) as err:
                log.info("match %s: a copy of a board stays: %r", match_id, err)
                if has_buttons(other):
                    await strips.strip_buttons(other.channel.id, other.id)
    if dropped:
        log.info("match %s: %d copies of the board of ply %s removed", match_id, dropped, ply)
    return dropped
