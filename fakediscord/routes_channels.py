"""Threads and channel management: creating threads, PATCH (archive, lock, auto-archive,
rename) and DELETE of channels and threads, with Discord's permission and type rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import DiscordError, invalid_form
from .guards import require, thread_archived
from .models import (
    ANNOUNCEMENT_THREAD,
    AUTO_ARCHIVE_DURATIONS,
    FLAG_HAS_THREAD,
    GUILD_ANNOUNCEMENT,
    GUILD_TEXT,
    PRIVATE_THREAD,
    Channel,
)
from .permissions import (
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    MANAGE_CHANNELS,
    MANAGE_THREADS,
    SEND_MESSAGES_IN_THREADS,
)
from .routes_core import bot_channel, channel_message, json_object
from .server import Call, Reply, route
from .validate import FieldError

if TYPE_CHECKING:
    from .surface import Emulator


def _wrong_type() -> DiscordError:
    return DiscordError(
        400,
        50024,
        "Cannot execute action on this channel type",
        rule="thread_parent",
        detail="threads can only be started in text and announcement channels",
    )


def _duration(payload: dict[str, Any]) -> list[FieldError]:
    value = payload.get("auto_archive_duration")
    if value is None or value in AUTO_ARCHIVE_DURATIONS:
        return []
    return [
        FieldError(
            ("auto_archive_duration",),
            "BASE_TYPE_CHOICES",
            f"Value must be one of {set(AUTO_ARCHIVE_DURATIONS)}.",
            "auto_archive_duration",
        )
    ]


def _new_thread(
    fake: Emulator,
    parent: Channel,
    payload: dict[str, Any],
    *,
    private: bool,
    thread_id: int | None = None,
) -> Reply:
    thread = fake.world.create_thread(
        parent,
        payload["name"],
        private=private,
        owner=fake.bot_user,
        thread_id=thread_id,
        auto_archive_duration=payload.get("auto_archive_duration") or 1440,
    )
    fake.dispatch_thread(thread)
    data = thread.payload()
    data["member"] = {
        "id": str(thread.id),
        "user_id": str(fake.bot_user.id),
        "join_timestamp": data["thread_metadata"]["create_timestamp"],
        "flags": 1,
    }
    return Reply(201, data)


@route("POST", "/channels/{channel_id}/threads")
async def create_thread(fake: Emulator, call: Call) -> Any:
    """Text channels take public (11) and private (12) threads, announcement channels only
    announcement threads (10); anything else is refused as Discord refuses it."""
    parent = bot_channel(fake, call)
    payload, _ = await json_object(call)
    call.refuse(_duration(payload), payload)
    if parent.type not in (GUILD_TEXT, GUILD_ANNOUNCEMENT):
        raise _wrong_type()
    kind = payload.get("type") or PRIVATE_THREAD
    allowed = (ANNOUNCEMENT_THREAD,) if parent.type == GUILD_ANNOUNCEMENT else (11, 12)
    if kind not in allowed:
        raise invalid_form(
            [
                FieldError(
                    ("type",),
                    "BASE_TYPE_CHOICES",
                    f"Value must be one of {set(allowed)}.",
                    "thread_type",
                )
            ]
        )
    private = kind == PRIVATE_THREAD
    require(
        fake,
        parent,
        CREATE_PRIVATE_THREADS if private else CREATE_PUBLIC_THREADS,
        "start a thread",
    )
    return _new_thread(fake, parent, payload, private=private)


@route("POST", "/channels/{channel_id}/messages/{message_id}/threads")
async def create_thread_from_message(fake: Emulator, call: Call) -> Any:
    parent = bot_channel(fake, call)
    if parent.type not in (GUILD_TEXT, GUILD_ANNOUNCEMENT):
        raise _wrong_type()
    message = channel_message(fake, call, parent, "start a thread on")
    payload, _ = await json_object(call)
    call.refuse(_duration(payload), payload)
    require(fake, parent, CREATE_PUBLIC_THREADS, "start a thread on a message")
    if message.thread_id is not None:
        raise DiscordError(
            400, 160004, "A thread has already been created for this message", rule="thread_exists"
        )
    reply = _new_thread(fake, parent, payload, private=False, thread_id=message.id)
    message.thread_id = message.id
    message.flags |= FLAG_HAS_THREAD
    return reply


@route("PATCH", "/channels/{channel_id}")
async def modify_channel(fake: Emulator, call: Call) -> Any:
    channel = bot_channel(fake, call)
    payload, _ = await json_object(call)
    call.refuse(_duration(payload) if channel.is_thread else [], payload)
    if channel.is_thread:
        _modify_thread(fake, channel, payload)
        return channel.payload()
    if channel.guild_id is None:
        raise DiscordError(400, 50003, "Cannot execute action on a DM channel", rule="dm_channel")
    require(fake, channel, MANAGE_CHANNELS, "edit the channel")
    if isinstance(payload.get("name"), str):
        channel.name = payload["name"]
    if "topic" in payload:
        channel.topic = payload["topic"]
    fake.gateway.dispatch("CHANNEL_UPDATE", channel.payload(), guild_id=channel.guild_id, intent=1)
    fake.emit("channel", channel)
    return channel.payload()


def _modify_thread(fake: Emulator, thread: Channel, payload: dict[str, Any]) -> None:
    """Unarchiving an unlocked thread needs only the right to post in it; everything else
    needs Manage Threads, or being the thread's creator (archive, rename, auto-archive)."""
    perms = fake.world.channel_permissions(fake.bot_user, thread)
    manage = bool(perms & MANAGE_THREADS)
    owner = thread.owner_id == fake.bot_user.id
    unarchive = payload.get("archived") is False
    if thread.archived and not unarchive:
        raise thread_archived(thread, "change a thread")
    if unarchive and thread.archived:
        if thread.locked and not manage:
            raise thread_archived(thread, "unarchive a locked thread")
        require(fake, thread, SEND_MESSAGES_IN_THREADS, "unarchive the thread")
    if "locked" in payload and bool(payload["locked"]) != thread.locked and not manage:
        require(fake, thread, MANAGE_THREADS, "lock or unlock the thread")
    others = {"name", "auto_archive_duration"} & payload.keys()
    if (others or payload.get("archived") is True) and not (manage or owner):
        require(fake, thread, MANAGE_THREADS, "change the thread")
    if isinstance(payload.get("name"), str):
        thread.name = payload["name"]
    if "locked" in payload:
        thread.locked = bool(payload["locked"])
    if payload.get("auto_archive_duration") is not None:
        thread.auto_archive_duration = int(payload["auto_archive_duration"])
        thread.last_activity_ts = fake.world.now_ts()
    if "archived" in payload and bool(payload["archived"]) != thread.archived:
        fake.world.set_archived(thread, bool(payload["archived"]))
    fake.thread_update(thread)


@route("DELETE", "/channels/{channel_id}")
async def delete_channel(fake: Emulator, call: Call) -> Any:
    channel = bot_channel(fake, call)
    if channel.guild_id is None:
        raise DiscordError(400, 50003, "Cannot execute action on a DM channel", rule="dm_channel")
    require(
        fake,
        channel,
        MANAGE_THREADS if channel.is_thread else MANAGE_CHANNELS,
        "delete the channel",
    )
    data = channel.payload()
    fake.delete_channel(channel)
    return data
