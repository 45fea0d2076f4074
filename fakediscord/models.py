"""Value objects of the emulated Discord world, as tests see them.

They hold what Discord would store (ids, content, raw component and embed dicts) and render
themselves as Discord's JSON payloads, so REST replies and gateway events share one source.
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple, TypeVar

from .permissions import (  # noqa: F401  (re-exported for older imports)
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    ATTACH_FILES,
    CREATE_INSTANT_INVITE,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    DEFAULT_MEMBER_PERMISSIONS,
    EMBED_LINKS,
    MANAGE_CHANNELS,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    MENTION_EVERYONE,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    USE_APPLICATION_COMMANDS,
    VIEW_CHANNEL,
    Overwrite,
)

# Channel types.
GUILD_TEXT = 0
DM = 1
#: a group DM: its people only (a bot is never one of them)
GROUP_DM = 3
GUILD_ANNOUNCEMENT = 5
ANNOUNCEMENT_THREAD = 10
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (ANNOUNCEMENT_THREAD, PUBLIC_THREAD, PRIVATE_THREAD)
AUTO_ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)

# Message flags.
FLAG_HAS_THREAD = 1 << 5
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

T = TypeVar("T")


def clone(value: T) -> T:
    """A deep copy of stored data (JSON-like values, messages): what a request or a snapshot
    hands out must not change when the stored original does. A pickle round trip makes the
    same copy as ``copy.deepcopy`` five times quicker."""
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


def iso(ts: datetime | None) -> str | None:
    return None if ts is None else ts.isoformat(timespec="microseconds")


class FakeDiscordError(Exception):
    """Base class for mistakes made by the test driving the fake (not by the bot)."""


class CommandUsageError(FakeDiscordError):
    """The simulated user tried a command Discord's client would not let them send."""


class ComponentError(FakeDiscordError):
    """The simulated user tried to use a component they cannot see or use."""


class NotConnectedError(FakeDiscordError):
    """No bot session is connected to receive the event."""


@dataclass(frozen=True)
class Violation:
    """A platform rule the bot broke; real Discord would have refused or failed the request."""

    rule: str
    detail: str
    request: str | None = None

    def __str__(self) -> str:
        where = f" [{self.request}]" if self.request else ""
        return f"{self.rule}: {self.detail}{where}"


class RequestRecord(NamedTuple):
    """One REST request as served: enough to measure the bot's traffic."""

    method: str
    route: str
    status: int
    duration: float


#: the languages a Discord client can be set to (an interaction's ``locale``, a server's
#: ``preferred_locale``, the keys of a command's localizations)
DISCORD_LOCALES = (
    "ar", "bg", "cs", "da", "de", "el", "en-GB", "en-US", "es-419", "es-ES", "fi", "fr", "he",
    "hi", "hr", "hu", "id", "it", "ja", "ko", "lt", "nl", "no", "pl", "pt-BR", "ro", "ru",
    "sv-SE", "th", "tr", "uk", "vi", "zh-CN", "zh-TW",
)  # fmt: skip
#: the pseudo-locale tests give a user or a server (every text the bot words comes out marked):
#: no Discord client sends it, so the emulator takes it only as a world setting, never from
#: the bot
PSEUDO_LOCALE = "qps"


def check_locale(locale: str) -> str:
    """A locale a user or a server may be set to: one of Discord's, or the pseudo-locale."""
    if locale not in DISCORD_LOCALES and locale != PSEUDO_LOCALE:
        raise FakeDiscordError(f"{locale!r} is not a Discord locale (nor {PSEUDO_LOCALE!r})")
    return locale


@dataclass(eq=False)
class User:
    id: int
    name: str
    created_at: datetime
    bot: bool = False
    global_name: str | None = None
    dms_open: bool = True
    #: the language of the user's Discord client (each interaction's ``locale``)
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, User) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.global_name,
            "discriminator": "0",
            "avatar": None,
            "banner": None,
            "accent_color": None,
            "public_flags": 0,
            "flags": 0,
            "avatar_decoration_data": None,
            "collectibles": None,
            "primary_guild": None,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass(eq=False)
class Role:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None
    mentionable: bool = False

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "description": None,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": self.mentionable,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass(eq=False)
class Member:
    user: User
    guild_id: int
    role_ids: list[int]
    joined_at: datetime
    nick: str | None = None

    def payload(self, *, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(r) for r in self.role_ids],
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        return data


@dataclass(eq=False)
class Channel:
    id: int
    type: int
    name: str | None
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    owner_id: int | None = None
    recipients: list[User] = field(default_factory=list)
    created_at: datetime | None = None
    last_message_id: int | None = None
    message_count: int = 0
    member_ids: set[int] = field(default_factory=set)
    topic: str | None = None
    overwrites: dict[int, Overwrite] = field(default_factory=dict)
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    archived_at: datetime | None = None
    last_activity_ts: float = 0.0
    deleted: bool = False

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "flags": 0,
            "last_message_id": None if self.last_message_id is None else str(self.last_message_id),
        }
        if self.type == DM:
            data["recipients"] = [u.payload() for u in self.recipients]
            return data
        if self.type == GROUP_DM:
            data.update(
                recipients=[u.payload() for u in self.recipients],
                name=self.name,
                icon=None,
                owner_id=str(self.owner_id),
            )
            return data
        data.update(
            guild_id=str(self.guild_id),
            name=self.name,
            parent_id=None if self.parent_id is None else str(self.parent_id),
            rate_limit_per_user=0,
        )
        if self.is_thread:
            data.update(
                owner_id=str(self.owner_id),
                message_count=self.message_count,
                total_message_sent=self.message_count,
                member_count=max(1, len(self.member_ids)),
                thread_metadata={
                    "archived": self.archived,
                    "archive_timestamp": iso(self.archived_at or self.created_at),
                    "auto_archive_duration": self.auto_archive_duration,
                    "locked": self.locked,
                    "create_timestamp": iso(self.created_at),
                    **({"invitable": True} if self.type == PRIVATE_THREAD else {}),
                },
            )
        else:
            data.update(
                position=self.position,
                permission_overwrites=[o.payload() for o in self.overwrites.values()],
                topic=self.topic,
                nsfw=False,
            )
        return data


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    content_type: str | None
    size: int
    url: str
    data: bytes = field(repr=False)
    width: int | None = None
    height: int | None = None
    description: str | None = None
    ephemeral: bool = False

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            out["content_type"] = self.content_type
        if self.width is not None and self.height is not None:
            out["width"], out["height"] = self.width, self.height
        if self.description:
            out["description"] = self.description
        if self.ephemeral:
            out["ephemeral"] = True
        return out


@dataclass(frozen=True)
class ButtonInfo:
    label: str | None
    custom_id: str | None
    disabled: bool
    style: int
    emoji: dict[str, Any] | None
    url: str | None
    id: int | None


@dataclass(frozen=True)
class SelectOptionInfo:
    label: str
    value: str
    description: str | None
    default: bool
    emoji: dict[str, Any] | None


@dataclass(frozen=True)
class SelectInfo:
    custom_id: str
    placeholder: str | None
    options: list[SelectOptionInfo]
    min_values: int
    max_values: int
    disabled: bool
    type: int
    id: int | None


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component in a tree (action rows, sections, containers, accessories)."""
    for comp in components:
        yield comp
        children = list(comp.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                children.append(comp[key])
        yield from walk_components(children)


_USER_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass(eq=False)
class Message:
    id: int
    channel_id: int
    author: User
    created_at: datetime
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    ephemeral_for: int | None = None
    guild_id: int | None = None
    type: int = 0
    edited_at: datetime | None = None
    interaction_metadata: dict[str, Any] | None = None
    interaction: dict[str, Any] | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    tts: bool = False
    mentions: list[User] = field(default_factory=list)
    reference: dict[str, Any] | None = None
    thread_id: int | None = None
    deleted: bool = False

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_for is not None

    @property
    def edited(self) -> datetime | None:
        return self.edited_at

    @property
    def created(self) -> datetime:
        return self.created_at

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    def buttons(self) -> list[ButtonInfo]:
        return [
            ButtonInfo(
                label=c.get("label"),
                custom_id=c.get("custom_id"),
                disabled=bool(c.get("disabled", False)),
                style=int(c.get("style", 1)),
                emoji=c.get("emoji"),
                url=c.get("url"),
                id=c.get("id"),
            )
            for c in walk_components(self.components)
            if c.get("type") == 2
        ]

    def selects(self) -> list[SelectInfo]:
        out = []
        for c in walk_components(self.components):
            if c.get("type") not in (3, 5, 6, 7, 8):
                continue
            options = [
                SelectOptionInfo(
                    label=o["label"],
                    value=o["value"],
                    description=o.get("description"),
                    default=bool(o.get("default", False)),
                    emoji=o.get("emoji"),
                )
                for o in c.get("options") or []
            ]
            out.append(
                SelectInfo(
                    custom_id=c["custom_id"],
                    placeholder=c.get("placeholder"),
                    options=options,
                    min_values=int(c.get("min_values", 1)),
                    max_values=int(c.get("max_values", 1)),
                    disabled=bool(c.get("disabled", False)),
                    type=int(c["type"]),
                    id=c.get("id"),
                )
            )
        return out

    def mentioned_ids(self) -> set[int]:
        return {int(m) for m in _USER_MENTION.findall(self.content)}

    def snapshot(self) -> Message:
        """A frozen copy, for timelines that must show what the user saw at that moment."""
        return clone(self)

    def payload(self, *, strip_content: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": self.type,
            "author": self.author.payload(),
            "content": "" if strip_content else self.content,
            "mentions": [u.payload() for u in self.mentions],
            "mention_roles": [],
            "mention_everyone": False,
            "attachments": [] if strip_content else [a.payload() for a in self.attachments],
            "embeds": [] if strip_content else clone(self.embeds),
            "components": [] if strip_content else clone(self.components),
            "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at),
            "flags": self.flags,
            "pinned": False,
            "tts": self.tts,
        }
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = clone(self.interaction_metadata)
        if self.interaction is not None:
            data["interaction"] = clone(self.interaction)
        if self.reference is not None:
            data["message_reference"] = dict(self.reference)
        return data
