"""Discord's permission bits and the computation Discord performs for a member in a channel.

Order (as Discord documents it): the @everyone role's permissions OR the member's roles;
the guild owner and anyone with Administrator get everything; then the channel's overwrites
(parent channel's for a thread): @everyone, then all role overwrites together (deny, then
allow), then the member's own overwrite. Implicit rules follow: without View Channel a
member has nothing in that channel, and without the right to send (Send Messages; Send
Messages in Threads inside a thread) the rights that only make sense when sending (mention
everyone, TTS, attach files, embed links) go too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

CREATE_INSTANT_INVITE = 1 << 0
KICK_MEMBERS = 1 << 1
BAN_MEMBERS = 1 << 2
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
SEND_TTS_MESSAGES = 1 << 12
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
MANAGE_ROLES = 1 << 28
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
MODERATE_MEMBERS = 1 << 40
#: a user-installed app's answers are public only where the user holds this (else ephemeral)
USE_EXTERNAL_APPS = 1 << 50
ALL_PERMISSIONS = (1 << 51) - 1

DEFAULT_MEMBER_PERMISSIONS = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
    | USE_EXTERNAL_APPS
)

# What the bot may do in a DM with a user (Discord reports this set as app_permissions).
DM_PERMISSIONS = VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY

# Rights that only make sense when the member may send in the channel.
SEND_DEPENDENT = MENTION_EVERYONE | SEND_TTS_MESSAGES | ATTACH_FILES | EMBED_LINKS

ROLE_OVERWRITE = 0
MEMBER_OVERWRITE = 1


@dataclass
class Overwrite:
    """A channel permission overwrite for one role (type 0) or one member (type 1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


def base_permissions(*, is_owner: bool, everyone: int, role_permissions: Iterable[int]) -> int:
    """Guild-level permissions of a member."""
    if is_owner:
        return ALL_PERMISSIONS
    value = everyone
    for perms in role_permissions:
        value |= perms
    return ALL_PERMISSIONS if value & ADMINISTRATOR else value


def apply_overwrites(
    base: int,
    overwrites: Mapping[int, Overwrite],
    *,
    everyone_id: int,
    role_ids: Iterable[int],
    member_id: int,
) -> int:
    """Channel overwrites on top of guild permissions (Administrator is not overwritable)."""
    if base & ADMINISTRATOR:
        return ALL_PERMISSIONS
    value = base
    everyone = overwrites.get(everyone_id)
    if everyone is not None:
        value = (value & ~everyone.deny) | everyone.allow
    allow = deny = 0
    for rid in role_ids:
        ow = overwrites.get(rid)
        if ow is not None and ow.type == ROLE_OVERWRITE and rid != everyone_id:
            allow |= ow.allow
            deny |= ow.deny
    value = (value & ~deny) | allow
    member = overwrites.get(member_id)
    if member is not None and member.type == MEMBER_OVERWRITE:
        value = (value & ~member.deny) | member.allow
    return value


def apply_implicit(value: int, *, in_thread: bool) -> int:
    """Discord's implicit denials: nothing without View Channel, no extras without sending."""
    if value & ADMINISTRATOR:
        return value
    if not value & VIEW_CHANNEL:
        return 0
    send = SEND_MESSAGES_IN_THREADS if in_thread else SEND_MESSAGES
    if not value & send:
        value &= ~SEND_DEPENDENT
    return value


def names(value: int) -> list[str]:
    """Readable names of the bits set in ``value`` (for error details)."""
    return [name.lower() for name, bit in _NAMED.items() if value & bit]


_NAMED = {
    name: bit
    for name, bit in globals().items()
    if name.isupper()
    and isinstance(bit, int)
    and bit
    and bit & (bit - 1) == 0
    and name not in ("ROLE_OVERWRITE", "MEMBER_OVERWRITE")
}
