"""Permission and thread-state checks the bot's channel requests must pass, as on Discord.

Interaction callbacks and the interaction webhook need no channel permissions; channel
routes do. Threads add their own state: an archived thread refuses edits (50083) but a new
message unarchives it, unless it is locked and the sender may not manage threads; a locked
thread refuses edits of messages by anyone who may not manage threads (160005), archived or not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import DiscordError, forbidden
from .models import Channel
from .permissions import (
    ATTACH_FILES,
    EMBED_LINKS,
    MANAGE_THREADS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    names,
)

if TYPE_CHECKING:
    from .surface import ChannelGuard


def bot_permissions(fake: ChannelGuard, channel: Channel) -> int:
    return fake.world.channel_permissions(fake.bot_user, channel)


def missing_permissions(detail: str) -> DiscordError:
    return forbidden(50013, "Missing Permissions", rule="missing_permissions", detail=detail)


def thread_archived(channel: Channel, action: str) -> DiscordError:
    return DiscordError(
        400,
        50083,
        "Thread is archived",
        rule="archived_thread",
        detail=f"cannot {action} in archived thread #{channel.name}",
    )


def thread_locked(channel: Channel, action: str) -> DiscordError:
    """A locked thread (open or not) refuses changes by anyone without Manage Threads."""
    return DiscordError(
        403,
        160005,
        "Thread is locked",
        rule="locked_thread",
        detail=f"cannot {action} in locked thread #{channel.name}",
    )


def require(fake: ChannelGuard, channel: Channel, needed: int, action: str) -> None:
    """50013 unless the bot holds every bit of ``needed`` in ``channel`` (DMs: always)."""
    if channel.guild_id is None:
        return
    missing = needed & ~bot_permissions(fake, channel)
    if missing:
        raise missing_permissions(
            f"the bot lacks {', '.join(names(missing))} in #{channel.name} to {action}"
        )


def send_bit(channel: Channel) -> int:
    return SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES


def check_channel_send(
    fake: ChannelGuard, channel: Channel, *, files: bool, embeds: bool, reply: bool
) -> None:
    """A bot's POST /channels/{id}/messages: send right, plus files, embeds, replies."""
    needed = send_bit(channel)
    needed |= ATTACH_FILES if files else 0
    needed |= EMBED_LINKS if embeds else 0
    needed |= READ_MESSAGE_HISTORY if reply else 0
    require(fake, channel, needed, "send this message")
    open_thread_for(fake, channel, by_interaction=False)


def check_channel_edit(fake: ChannelGuard, channel: Channel, *, files: bool, embeds: bool) -> None:
    """Editing its own message needs no send right, but new files/embeds need theirs."""
    if channel.archived:
        raise thread_archived(channel, "edit a message")
    if channel.is_thread and channel.locked and not bot_permissions(fake, channel) & MANAGE_THREADS:
        raise thread_locked(channel, "edit a message")
    needed = (ATTACH_FILES if files else 0) | (EMBED_LINKS if embeds else 0)
    require(fake, channel, needed, "edit this message")


def open_thread_for(fake: ChannelGuard, channel: Channel, *, by_interaction: bool) -> None:
    """Before a new message lands in a thread: unarchive it, or refuse as Discord does.

    Locked threads take messages only from those who may manage threads (interaction
    responses excepted while the thread is open); an archived, locked thread stays closed
    to everyone else.
    """
    if not channel.is_thread:
        return
    manage = bool(bot_permissions(fake, channel) & MANAGE_THREADS)
    if channel.locked and not manage:
        if channel.archived:
            raise thread_archived(channel, "send a message (it is locked)")
        if not by_interaction:
            raise missing_permissions(f"thread #{channel.name} is locked")
    if channel.archived:
        fake.set_thread_archived(channel, False)
