"""Who a new message notifies, the way Discord decides it.

Only a *new* message notifies: an edit never does, and neither does filling in a deferred
("thinking") response, whether by editing ``@original`` or by the first followup, which
Discord turns into an edit of the loading message. Ephemeral messages and messages with
the suppress-notifications flag (4096) notify nobody. Otherwise a message notifies the
users, roles and @everyone/@here it mentions that ``allowed_mentions`` permits (everything
when the body has none), the author of the message it replies to (``replied_user``), and in
a DM the other person; each person at most once, never the author, only people who can
see the channel. Role mentions need a mentionable role or Mention Everyone; @everyone and
@here need Mention Everyone.

A new message in a thread also adds to the thread the users it mentions, when the mention
is allowed and they can see the thread's channel (``join_mentioned``): that is how a private
thread takes in the people it pings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .models import DM, Message, User
from .permissions import MENTION_EVERYONE

if TYPE_CHECKING:
    from .state import World

FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
_ROLE = re.compile(r"<@&(\d+)>")
_EVERYONE = re.compile(r"@(everyone|here)\b")


@dataclass(frozen=True)
class Notification:
    """``user`` was notified of message ``message_id``; ``kind`` says why: ``mention``,
    ``reply``, ``role``, ``everyone``, ``here`` or ``dm``."""

    user: User
    message_id: int
    channel_id: int
    kind: str


def _allowed_users(allowed_mentions: dict[str, Any] | None) -> tuple[bool, set[int]]:
    """Whether every user mention is allowed, and else which users' are."""
    am = allowed_mentions if isinstance(allowed_mentions, dict) else None
    if am is None:
        return True, set()
    return "users" in (am.get("parse") or []), {int(u) for u in (am.get("users") or [])}


def join_mentioned(
    world: World, message: Message, *, allowed_mentions: dict[str, Any] | None
) -> list[User]:
    """Add to a thread the users a new message in it mentions (allowed, and able to see the
    thread's channel); returns those who joined."""
    channel = world.channels[message.channel_id]
    parent = world.channels.get(channel.parent_id or 0)
    if not channel.is_thread or parent is None or message.ephemeral:
        return []
    every, some = _allowed_users(allowed_mentions)
    joined = []
    for uid in sorted(message.mentioned_ids()):
        user = world.users.get(uid)
        if user is None or not (every or uid in some) or uid in channel.member_ids:
            continue
        if world.can_view(user, parent):
            channel.member_ids.add(uid)
            joined.append(user)
    return joined


def notified(
    world: World,
    message: Message,
    *,
    allowed_mentions: dict[str, Any] | None,
    replied_to: Message | None = None,
) -> list[Notification]:
    if message.ephemeral or message.flags & FLAG_SUPPRESS_NOTIFICATIONS:
        return []
    channel = world.channels[message.channel_id]
    author = message.author
    out: dict[int, str] = {}

    def add(user: User, kind: str) -> None:
        if user.id != author.id and user.id not in out and world.can_view(user, channel):
            out[user.id] = kind

    am = allowed_mentions if isinstance(allowed_mentions, dict) else None
    parse = set(am.get("parse") or []) if am is not None else {"users", "roles", "everyone"}
    users = {int(u) for u in (am.get("users") or [])} if am is not None else set()
    roles = {int(r) for r in (am.get("roles") or [])} if am is not None else set()
    replied_user = bool(am.get("replied_user", False)) if am is not None else True

    for uid in sorted(message.mentioned_ids()):
        if uid in world.users and ("users" in parse or uid in users):
            add(world.users[uid], "mention")
    if replied_to is not None and replied_user:
        add(replied_to.author, "reply")
    if channel.type == DM:
        for user in channel.recipients:
            add(user, "dm")
        if author.id != world.bot_user.id:
            add(world.bot_user, "dm")
    guild = world.guild_of(channel)
    if guild is not None:
        author_perms = world.channel_permissions(author, channel)
        for raw in _ROLE.findall(message.content):
            role = guild.roles.get(int(raw))
            if role is None or not ("roles" in parse or role.id in roles):
                continue
            if role.mentionable or author_perms & MENTION_EVERYONE:
                for member in guild.members.values():
                    if role.id in member.role_ids:
                        add(member.user, "role")
        if "everyone" in parse and author_perms & MENTION_EVERYONE:
            for word in _EVERYONE.findall(message.content):
                for member in guild.members.values():
                    add(member.user, word)
    return [
        Notification(world.users[uid], message.id, channel.id, kind) for uid, kind in out.items()
    ]
