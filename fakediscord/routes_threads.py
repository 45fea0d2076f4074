"""Thread members: adding, removing and fetching a member of a thread, with Discord's rules
(an archived thread refuses changes, adding needs the right to post in the thread, removing
needs Manage Threads or having created the private thread; a user not in the server or not in
the thread is an unknown member)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import DiscordError, not_found
from .guards import require, thread_archived
from .models import PRIVATE_THREAD, Channel, User
from .permissions import MANAGE_THREADS, SEND_MESSAGES_IN_THREADS
from .routes_core import bot_channel
from .server import Call, Reply, route
from .service import member_payload

if TYPE_CHECKING:
    from .surface import Emulator

MEMBER = "/channels/{channel_id}/thread-members/{user_id}"


def _unknown_member(detail: str) -> DiscordError:
    return not_found(10007, "Member", rule="unknown_member", detail=detail)


def _thread(fake: Emulator, call: Call) -> Channel:
    channel = bot_channel(fake, call)
    if not channel.is_thread:
        raise DiscordError(
            400,
            50024,
            "Cannot execute action on this channel type",
            rule="not_a_thread",
            detail=f"#{channel.name} is not a thread",
        )
    return channel


def _member_of_server(fake: Emulator, call: Call, thread: Channel) -> User:
    uid = call.int_param("user_id", lambda: _unknown_member("not a user id"))
    guild = fake.world.guild_of(thread)
    if guild is None or uid not in guild.members:
        raise _unknown_member(f"user {uid} is not in the server")
    return fake.world.users[uid]


@route("PUT", MEMBER)
async def add_thread_member(fake: Emulator, call: Call) -> Any:
    thread = _thread(fake, call)
    user = _member_of_server(fake, call, thread)
    if thread.archived:
        raise thread_archived(thread, "add a member")
    require(fake, thread, SEND_MESSAGES_IN_THREADS, "add a member to the thread")
    if user.id not in thread.member_ids:
        thread.member_ids.add(user.id)
        fake.thread_members(thread, [user], [])
    return Reply(204, None)


@route("DELETE", MEMBER)
async def remove_thread_member(fake: Emulator, call: Call) -> Any:
    thread = _thread(fake, call)
    user = _member_of_server(fake, call, thread)
    if thread.archived:
        raise thread_archived(thread, "remove a member")
    creator = thread.type == PRIVATE_THREAD and thread.owner_id == fake.bot_user.id
    if not creator:
        require(fake, thread, MANAGE_THREADS, "remove a member from the thread")
    if user.id not in thread.member_ids:
        raise _unknown_member(f"user {user.id} is not in thread #{thread.name}")
    thread.member_ids.discard(user.id)
    fake.thread_members(thread, [], [user])
    return Reply(204, None)


@route("GET", MEMBER)
async def get_thread_member(fake: Emulator, call: Call) -> Any:
    thread = _thread(fake, call)
    user = _member_of_server(fake, call, thread)
    if user.id not in thread.member_ids:
        raise _unknown_member(f"user {user.id} is not in thread #{thread.name}")
    return member_payload(thread, user)
