"""Login, gateway discovery, users, guilds, channels, channel messages, threads and DMs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import (
    forbidden,
    invalid_form,
    not_found,
    unknown_channel,
    unknown_message,
)
from .guards import check_channel_edit, check_channel_send, require, send_bit, thread_archived
from .models import DM, Channel, Message
from .permissions import MANAGE_MESSAGES, READ_MESSAGE_HISTORY
from .rules import CREATE_FLAGS, EDIT_FLAGS
from .server import Call, Reply, route
from .validate import FieldError

if TYPE_CHECKING:
    from .surface import Emulator

#: seconds within which a repeated ``nonce`` with ``enforce_nonce`` returns the message created
#: first instead of a new one (Discord: "the past few minutes"; the shortest reading is kept)
NONCE_WINDOW = 120.0


# login and discovery ------------------------------------------------------------------------------


@route("GET", "/users/@me")
async def get_me(fake: Emulator, call: Call) -> Any:
    return fake.me_payload()


@route("GET", "/users/{user_id}")
async def get_user(fake: Emulator, call: Call) -> Any:
    uid = call.int_param("user_id", lambda: not_found(10013, "User"))
    user = fake.world.users.get(uid)
    if user is None:
        raise not_found(10013, "User")
    return user.payload()


@route("GET", "/oauth2/applications/@me")
async def get_oauth_application(fake: Emulator, call: Call) -> Any:
    return fake.application_payload()


@route("GET", "/applications/@me")
async def get_application(fake: Emulator, call: Call) -> Any:
    return fake.application_payload()


@route("GET", "/gateway", auth=False)
async def get_gateway(fake: Emulator, call: Call) -> Any:
    return {"url": fake.gateway_url}


@route("GET", "/gateway/bot")
async def get_gateway_bot(fake: Emulator, call: Call) -> Any:
    used = fake.gateway.identify_count
    return {
        "url": fake.gateway_url,
        "shards": fake.recommended_shards,
        "session_start_limit": {
            "total": 1000,
            "remaining": max(0, 1000 - used),
            "reset_after": 86_400_000,
            "max_concurrency": 1,
        },
    }


# guilds -------------------------------------------------------------------------------------------


def _guild(fake: Emulator, call: Call) -> Any:
    gid = call.int_param("guild_id", lambda: not_found(10004, "Guild"))
    guild = fake.world.guilds.get(gid)
    if guild is None:
        raise not_found(10004, "Guild", rule="unknown_guild")
    if fake.bot_user.id not in guild.members:
        raise forbidden(50001, "Missing Access", rule="missing_access")
    return guild


@route("GET", "/guilds/{guild_id}")
async def get_guild(fake: Emulator, call: Call) -> Any:
    guild = _guild(fake, call)
    data = fake.world.guild_rest_payload(guild)
    if call.query_flag("with_counts"):
        data["approximate_member_count"] = len(guild.members)
        data["approximate_presence_count"] = 0
    return data


@route("GET", "/guilds/{guild_id}/members/{user_id}")
async def get_member(fake: Emulator, call: Call) -> Any:
    guild = _guild(fake, call)
    uid = call.int_param("user_id", lambda: not_found(10013, "User"))
    member = guild.members.get(uid)
    if member is None:
        raise not_found(10007, "Member")
    return member.payload()


@route("GET", "/guilds/{guild_id}/channels")
async def get_guild_channels(fake: Emulator, call: Call) -> Any:
    guild = _guild(fake, call)
    return [
        fake.world.channels[c].payload()
        for c in guild.channel_ids
        if not fake.world.channels[c].is_thread
    ]


# channels -----------------------------------------------------------------------------------------


def bot_channel(fake: Emulator, call: Call) -> Channel:
    """The channel in the path, if the bot can see it (10003 / 50001 otherwise)."""
    cid = call.int_param("channel_id", unknown_channel)
    channel = fake.world.channels.get(cid)
    if channel is None or channel.deleted:
        raise unknown_channel()
    if not fake.world.app_is_member(channel):
        # a user's install lets the app answer interactions there, nothing more
        raise forbidden(
            50001,
            "Missing Access",
            rule="not_a_member" if channel.guild_id is None else "missing_access",
            detail=f"the bot is not a member of channel {cid}: only interaction answers reach it",
        )
    if not fake.world.can_view(fake.bot_user, channel):
        raise forbidden(
            50001,
            "Missing Access",
            rule="missing_access",
            detail=f"the bot cannot see channel {cid}",
        )
    return channel


def channel_message(fake: Emulator, call: Call, channel: Channel, action: str) -> Message:
    mid = call.int_param("message_id", unknown_message)
    message = fake.world.messages.get(mid)
    if message is None or message.channel_id != channel.id:
        raise unknown_message()
    if message.ephemeral:
        raise unknown_message(
            rule="ephemeral_via_channel_route",
            detail=f"cannot {action} ephemeral message {mid} through the channel "
            "route; only the interaction webhook reaches it",
        )
    return message


def require_history(fake: Emulator, channel: Channel) -> None:
    """Reading a message by id needs Read Message History (50001 without it)."""
    if channel.guild_id is None:
        return
    if not fake.world.channel_permissions(fake.bot_user, channel) & READ_MESSAGE_HISTORY:
        raise forbidden(
            50001,
            "Missing Access",
            rule="missing_access",
            detail=f"the bot lacks read_message_history in #{channel.name}",
        )


@route("GET", "/channels/{channel_id}")
async def get_channel(fake: Emulator, call: Call) -> Any:
    return bot_channel(fake, call).payload()


@route("POST", "/channels/{channel_id}/typing")
async def trigger_typing(fake: Emulator, call: Call) -> Any:
    channel = bot_channel(fake, call)
    require(fake, channel, send_bit(channel), "show typing")
    return Reply(204)


async def json_object(call: Call) -> tuple[dict[str, Any], list[Any]]:
    body = await call.read()
    payload = body.json if body.json is not None else {}
    if not isinstance(payload, dict):
        raise invalid_form(
            [
                FieldError(
                    (), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType", "schema"
                )
            ]
        )
    return payload, body.uploads


@route("POST", "/channels/{channel_id}/messages")
async def create_message(fake: Emulator, call: Call) -> Any:
    channel = bot_channel(fake, call)
    fake.check_dm(channel)
    payload, uploads = await json_object(call)
    check_channel_send(
        fake,
        channel,
        files=bool(uploads),
        embeds=bool(payload.get("embeds")),
        reply=isinstance(payload.get("message_reference"), dict),
    )
    draft = fake.builder.draft(
        payload,
        uploads,
        channel_id=channel.id,
        allowed_flags=CREATE_FLAGS,
        size_limit=fake.attachment_size_limit,
    )
    call.refuse(draft.errors, payload)
    nonce = payload.get("nonce")
    earlier = _same_nonce(fake, nonce) if payload.get("enforce_nonce") else None
    if earlier is not None:
        # Discord returns the message it already created for this nonce, creating nothing
        return {**fake.rest_payload(earlier), "nonce": nonce}
    reference = target = None
    ref = payload.get("message_reference")
    if isinstance(ref, dict) and ref.get("message_id"):
        target = fake.world.messages.get(int(ref["message_id"]))
        if target is None or target.ephemeral:
            if ref.get("fail_if_not_exists", True):
                raise invalid_form(
                    [
                        FieldError(
                            ("message_reference",),
                            "REPLIES_UNKNOWN_MESSAGE",
                            "Unknown message",
                            "unknown_message",
                        )
                    ]
                )
        else:
            reference = {
                "type": 0,
                "message_id": str(target.id),
                "channel_id": str(target.channel_id),
            }
            if target.guild_id is not None:
                reference["guild_id"] = str(target.guild_id)
    message = fake.new_message(
        channel,
        fake.bot_user,
        draft,
        mtype=19 if reference else 0,
        reference=reference,
        replied_to=target if reference else None,
    )
    if nonce is None:
        return fake.rest_payload(message)
    fake.world.nonces[(fake.bot_user.id, str(nonce))] = (message.id, fake.world.now_ts())
    return {**fake.rest_payload(message), "nonce": nonce}


def _same_nonce(fake: Emulator, nonce: Any) -> Message | None:
    """The bot's message created with ``nonce`` within ``NONCE_WINDOW`` (still there)."""
    if nonce is None:
        return None
    held = fake.world.nonces.get((fake.bot_user.id, str(nonce)))
    if held is None or fake.world.now_ts() - held[1] > NONCE_WINDOW:
        return None
    message = fake.world.messages.get(held[0])
    return None if message is None or message.deleted else message


@route("GET", "/channels/{channel_id}/messages")
async def list_messages(fake: Emulator, call: Call) -> Any:
    channel = bot_channel(fake, call)
    query = call.request.query
    try:
        limit = int(query.get("limit", 50))
    except ValueError:
        limit = 0
    if not 1 <= limit <= 100:
        raise invalid_form(
            [FieldError(("limit",), "NUMBER_TYPE_MAX", "Must be between 1 and 100.", "schema")]
        )
    messages = fake.world.visible_messages(channel, None)
    if "around" in query:
        pivot = int(query["around"])
        older = [m for m in messages if m.id <= pivot][-(limit - limit // 2) :]
        newer = [m for m in messages if m.id > pivot][: limit // 2]
        picked = older + newer
    elif "after" in query:
        after = int(query["after"])
        picked = [m for m in messages if m.id > after][:limit]
    else:
        before = int(query["before"]) if "before" in query else None
        eligible = [m for m in messages if before is None or m.id < before]
        picked = eligible[-limit:]
    return [fake.rest_payload(m) for m in reversed(picked)]


@route("GET", "/channels/{channel_id}/messages/{message_id}")
async def get_message(fake: Emulator, call: Call) -> Any:
    channel = bot_channel(fake, call)
    require_history(fake, channel)
    return fake.rest_payload(channel_message(fake, call, channel, "fetch"))


@route("PATCH", "/channels/{channel_id}/messages/{message_id}")
async def edit_message(fake: Emulator, call: Call) -> Any:
    channel = bot_channel(fake, call)
    message = channel_message(fake, call, channel, "edit")
    if message.author.id != fake.bot_user.id:
        raise forbidden(
            50005,
            "Cannot edit a message authored by another user",
            rule="edit_foreign_message",
            detail=f"message {message.id} was written by {message.author.name}",
        )
    payload, uploads = await json_object(call)
    check_channel_edit(fake, channel, files=bool(uploads), embeds=bool(payload.get("embeds")))
    draft = fake.builder.draft(
        payload,
        uploads,
        channel_id=channel.id,
        allowed_flags=EDIT_FLAGS,
        size_limit=fake.attachment_size_limit,
        existing=message,
    )
    call.refuse(draft.errors, payload)
    return fake.rest_payload(fake.edit_message(message, draft))


@route("DELETE", "/channels/{channel_id}/messages/{message_id}")
async def delete_message(fake: Emulator, call: Call) -> Any:
    channel = bot_channel(fake, call)
    message = channel_message(fake, call, channel, "delete")
    if channel.archived:
        raise thread_archived(channel, "delete a message")
    if message.author.id != fake.bot_user.id:
        if channel.type == DM:
            raise forbidden(
                50003, "Cannot execute action on a DM channel", rule="delete_foreign_message"
            )
        require(fake, channel, MANAGE_MESSAGES, "delete someone else's message")
    fake.remove_message(message)
    return Reply(204)


# DMs -----------------------------------------------------------------------------------------


@route("POST", "/users/@me/channels")
async def create_dm(fake: Emulator, call: Call) -> Any:
    payload, _ = await json_object(call)
    call.refuse([], payload)
    try:
        uid = int(payload.get("recipient_id"))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise invalid_form(
            [
                FieldError(
                    ("recipient_id",), "BASE_TYPE_REQUIRED", "This field is required", "schema"
                )
            ]
        ) from None
    user = fake.world.users.get(uid)
    if user is None:
        raise invalid_form(
            [FieldError(("recipient_id",), "USER_UNKNOWN", "Unknown user", "unknown_user")]
        )
    channel = fake.world.dm_channel(user)
    if channel.type != DM:
        raise unknown_channel()
    return channel.payload()
