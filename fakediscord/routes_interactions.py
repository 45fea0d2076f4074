"""Interaction callbacks and the interaction webhook (``@original``, followups).

These routes carry the rules bots most often break: the 3 s first response, a single
acknowledgement, callback types that fit the interaction, the 15 minute token, and
followups only after an acknowledgement.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from . import rules
from .errors import (
    DiscordError,
    invalid_form,
    invalid_webhook_token,
    unknown_channel,
    unknown_interaction,
    unknown_message,
    unknown_webhook,
)
from .guards import open_thread_for, thread_archived
from .messages import assign_component_ids
from .models import FLAG_EPHEMERAL, FLAG_LOADING, Message
from .records import (
    ALLOWED_CALLBACKS,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
)
from .server import Call, Reply, route
from .validate import FieldError

if TYPE_CHECKING:
    from .surface import Emulator

CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
WEBHOOK = "/webhooks/{webhook_id}/{webhook_token}"
ORIGINAL = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
WEBHOOK_MESSAGE = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"


async def _payload(call: Call) -> tuple[dict[str, Any], list[Any]]:
    body = await call.read()
    payload = body.json if body.json is not None else {}
    if not isinstance(payload, dict):
        raise invalid_form([FieldError((), "DICT_TYPE_CONVERT", "Must be an object.", "schema")])
    return payload, body.uploads


def metadata(rec: InteractionRecord, *, followup: bool = False) -> dict[str, Any]:
    """``interaction_metadata`` Discord attaches to messages an interaction produced."""
    owners = dict(rec.payload.get("authorizing_integration_owners") or {"0": "0"})
    meta: dict[str, Any] = {
        "id": str(rec.id),
        "type": rec.type,
        "user": rec.user.payload(),
        "authorizing_integration_owners": owners,
    }
    if rec.type == APPLICATION_COMMAND:
        meta["name"] = rec.command
        meta["command_type"] = 1
    elif rec.type == MESSAGE_COMPONENT and rec.source_message is not None:
        meta["interacted_message_id"] = str(rec.source_message.id)
    elif rec.type == MODAL_SUBMIT and rec.parent is not None:
        meta["triggering_interaction_metadata"] = metadata(rec.parent)
    if followup and rec.response is not None:
        meta["original_response_message_id"] = str(rec.response.id)
    return meta


def _legacy(rec: InteractionRecord) -> dict[str, Any] | None:
    if rec.type != APPLICATION_COMMAND:
        return None
    return {"id": str(rec.id), "type": rec.type, "name": rec.command, "user": rec.user.payload()}


def _message_type(rec: InteractionRecord) -> int:
    return 20 if rec.type == APPLICATION_COMMAND else 0


def _focused_type(rec: InteractionRecord) -> int | None:
    options = rec.payload.get("data", {}).get("options", [])
    while options:
        nested = [o for o in options if o.get("type") in (1, 2)]
        if nested:
            options = nested[0].get("options", [])
            continue
        focused = next((o for o in options if o.get("focused")), None)
        return None if focused is None else focused.get("type")
    return None


@route("POST", CALLBACK, auth=False, limited=False)
async def create_response(fake: Emulator, call: Call) -> Any:
    iid = call.int_param("interaction_id", lambda: unknown_interaction("unknown_interaction"))
    rec = fake.interactions.by_id(iid)
    if rec is None or rec.token != call.params["interaction_token"]:
        raise unknown_interaction("unknown_interaction", f"no interaction {iid} with that token")
    fake.expire_if_late(rec)
    if rec.expired and not rec.acknowledged:
        rec.mark("late callback")
        raise unknown_interaction(None)
    if rec.acknowledged:
        raise DiscordError(
            400,
            40060,
            "Interaction has already been acknowledged.",
            rule="double_acknowledgement",
            detail=f"interaction {rec.id} was already answered with type {rec.callback_type}",
        )
    payload, uploads = await _payload(call)
    ctype = payload.get("type")
    data = payload.get("data") or {}
    if rec.forced_ephemeral and ctype in (4, 5) and isinstance(data, dict):
        data = _made_ephemeral(data)
    if rec.channel.deleted:
        raise unknown_channel()
    errors: list[FieldError] = []
    allowed = ALLOWED_CALLBACKS[rec.type]
    if rec.source_message is None:
        allowed = tuple(t for t in allowed if t not in (6, 7))
    if not isinstance(ctype, int) or isinstance(ctype, bool):
        # Discord refuses a callback without a numeric type whether or not the spec is loaded
        errors.append(FieldError(("type",), "BASE_TYPE_REQUIRED", "This field is required"))
        ctype = 0
    elif ctype not in allowed:
        errors.append(
            FieldError(
                ("type",),
                "INTERACTION_RESPONSE_TYPE_INVALID",
                f"Callback type {ctype} is not valid for this interaction "
                f"(allowed: {', '.join(map(str, allowed))})",
                "callback_type",
            )
        )
    draft = None
    if ctype in (4, 7) and isinstance(data, dict):
        flags = rules.INTERACTION_FLAGS if ctype == 4 else rules.EDIT_FLAGS
        existing = rec.source_message if ctype == 7 else None
        draft = fake.builder.draft(
            data,
            uploads,
            channel_id=rec.channel.id,
            allowed_flags=flags,
            size_limit=fake.attachment_size_limit,
            existing=existing,
            prefix=("data",),
            ephemeral=bool((data.get("flags") or 0) & FLAG_EPHEMERAL)
            if ctype == 4
            else bool(existing and existing.ephemeral),
        )
        errors.extend(draft.errors)
    elif ctype == 9 and isinstance(data, dict):
        errors.extend(rules.check_modal(data))
    elif ctype == 8 and isinstance(data, dict):
        errors.extend(
            rules.check_choices(data.get("choices"), _focused_type(rec), ("data", "choices"))
        )
    call.refuse(errors, payload)
    if ctype in (4, 5, 7):
        # No channel permissions are needed to answer, but a thread must be open for it.
        open_thread_for(fake, rec.channel, by_interaction=True)
    message = _acknowledge(fake, rec, ctype, data, draft)
    if not call.query_flag("with_response"):
        return Reply(204)
    return _callback_body(fake, rec, ctype, message)


#: followups one interaction may send when only a user's install authorizes it
FOLLOWUP_LIMIT = 5


def _made_ephemeral(data: dict[str, Any]) -> dict[str, Any]:
    """Discord makes a user app's answer ephemeral where the user may not use external apps."""
    flags = data.get("flags") or 0
    return {**data, "flags": (flags if isinstance(flags, int) else 0) | FLAG_EPHEMERAL}


def _check_followup_limit(rec: InteractionRecord) -> None:
    if rec.user_only and len(rec.followups) >= FOLLOWUP_LIMIT:
        raise DiscordError(
            400,
            40094,
            "This interaction has hit the maximum number of follow up messages",
            rule="followup_limit",
            detail=f"interaction {rec.id} already sent {len(rec.followups)} followups; an app "
            f"installed by a user alone may send {FOLLOWUP_LIMIT}",
        )


def _acknowledge(
    fake: Emulator, rec: InteractionRecord, ctype: int, data: dict[str, Any], draft: Any
) -> Message | None:
    message: Message | None = None
    flags = data.get("flags") or 0 if isinstance(data, dict) else 0
    ephemeral_for = rec.user.id if flags & FLAG_EPHEMERAL else None
    if ctype == 4:
        message = fake.new_message(
            rec.channel,
            fake.bot_user,
            draft,
            ephemeral_for=ephemeral_for,
            mtype=_message_type(rec),
            webhook_id=fake.application_id,
            interaction_metadata=metadata(rec),
            interaction=_legacy(rec),
            record=rec,
            event="response",
        )
    elif ctype == 5:
        message = fake.new_message(
            rec.channel,
            fake.bot_user,
            None,
            ephemeral_for=ephemeral_for,
            flags=FLAG_LOADING,
            mtype=_message_type(rec),
            webhook_id=fake.application_id,
            interaction_metadata=metadata(rec),
            interaction=_legacy(rec),
            allow_empty=True,
            record=rec,
            event="deferred",
        )
    elif ctype == 6:
        message = rec.source_message
    elif ctype == 7 and rec.source_message is not None:
        message = fake.edit_message(rec.source_message, draft, record=rec, event="update")
    elif ctype == 8:
        rec.choices = list(data.get("choices") or [])
    elif ctype == 9:
        rec.modal = {**data, "components": assign_component_ids(data.get("components") or [])}
    rec.callback_type = ctype
    rec.acked_at = time.perf_counter()
    rec.response = message
    rec.ephemeral = bool(message is not None and message.ephemeral)
    rec.mark(f"callback {ctype}")
    rec.mark_acknowledged()
    if ctype != 5:
        rec.mark_resolved()
    return message


def _callback_body(
    fake: Emulator, rec: InteractionRecord, ctype: int, message: Message | None
) -> dict[str, Any]:
    inner: dict[str, Any] = {"id": str(rec.id), "type": rec.type}
    if message is not None and ctype in (4, 5, 6, 7):
        inner.update(
            response_message_id=str(message.id),
            response_message_loading=ctype == 5,
            response_message_ephemeral=message.ephemeral,
        )
    body: dict[str, Any] = {"interaction": inner}
    if message is not None and ctype in (4, 7):
        body["resource"] = {"type": ctype, "message": fake.rest_payload(message)}
    return body


# interaction webhook --------------------------------------------------------------------------


def _record(fake: Emulator, call: Call) -> InteractionRecord:
    """The interaction behind a webhook token, refusing unknown, expired or unacked ones."""
    if call.params["webhook_id"] != str(fake.application_id):
        raise unknown_webhook(
            "unknown_webhook", f"webhook id {call.params['webhook_id']} is not the application id"
        )
    rec = fake.interactions.by_token(call.params["webhook_token"])
    if rec is None:
        raise invalid_webhook_token("invalid_webhook_token", "no interaction has this token")
    age = fake.world.now_ts() - rec.created_ts
    if age > fake.token_lifetime:
        raise invalid_webhook_token(
            "interaction_token_expired",
            f"token of interaction {rec.id} is {age:.0f}s old (limit {fake.token_lifetime:.0f}s)",
        )
    if not rec.acknowledged:
        if rec.expired:
            raise unknown_webhook(None)
        raise unknown_webhook(
            "followup_before_ack", f"interaction {rec.id} used its webhook before any callback"
        )
    if rec.type == AUTOCOMPLETE:
        raise unknown_webhook(
            "webhook_after_autocomplete", "autocomplete interactions have no messages or followups"
        )
    if rec.channel.deleted:
        raise unknown_channel()
    return rec


def _original(rec: InteractionRecord) -> Message:
    message = rec.response
    if message is None or message.deleted:
        raise unknown_message(
            "no_original_response",
            f"interaction {rec.id} has no original response message "
            f"(callback type {rec.callback_type})",
        )
    return message


def _owned(fake: Emulator, call: Call, rec: InteractionRecord) -> Message:
    mid = call.int_param("message_id", unknown_message)
    message = fake.world.messages.get(mid)
    if message is None or not rec.owns_message(mid):
        raise unknown_message(
            "unknown_webhook_message",
            f"message {mid} was not sent through this interaction's webhook",
        )
    return message


async def _edit_via_webhook(
    fake: Emulator, call: Call, rec: InteractionRecord, message: Message, event: str
) -> Any:
    payload, uploads = await _payload(call)
    if rec.channel.archived:
        raise thread_archived(rec.channel, "edit a message")
    draft = fake.builder.draft(
        payload,
        uploads,
        channel_id=message.channel_id,
        allowed_flags=rules.EDIT_FLAGS,
        size_limit=fake.attachment_size_limit,
        existing=message,
        ephemeral=message.ephemeral,
    )
    call.refuse(draft.errors, payload)
    fake.edit_message(message, draft, record=rec, event=event, finish_loading=True)
    rec.mark_resolved()
    return fake.rest_payload(message)


@route("POST", WEBHOOK, auth=False)
async def followup(fake: Emulator, call: Call) -> Any:
    rec = _record(fake, call)
    _check_followup_limit(rec)
    payload, uploads = await _payload(call)
    if rec.forced_ephemeral:
        payload = _made_ephemeral(payload)
    pending = rec.response if rec.callback_type == 5 and rec.response is not None else None
    if pending is not None and pending.loading and not pending.deleted:
        # The first followup after a "thinking" defer replaces the loading message: an edit,
        # so it notifies nobody (and fails in an archived thread like any edit).
        if rec.channel.archived:
            raise thread_archived(rec.channel, "fill in the deferred response")
        draft = fake.builder.draft(
            payload,
            uploads,
            channel_id=rec.channel.id,
            allowed_flags=rules.INTERACTION_FLAGS,
            size_limit=fake.attachment_size_limit,
            existing=pending,
            ephemeral=pending.ephemeral,
        )
        call.refuse(draft.errors, payload)
        draft.fields.pop("flags", None)
        message = fake.edit_message(
            pending, draft, record=rec, event="followup", finish_loading=True
        )
    else:
        flags = payload.get("flags") or 0
        ephemeral = bool(flags & FLAG_EPHEMERAL) if isinstance(flags, int) else False
        draft = fake.builder.draft(
            payload,
            uploads,
            channel_id=rec.channel.id,
            allowed_flags=rules.INTERACTION_FLAGS,
            size_limit=fake.attachment_size_limit,
            ephemeral=ephemeral,
        )
        call.refuse(draft.errors, payload)
        open_thread_for(fake, rec.channel, by_interaction=True)
        message = fake.new_message(
            rec.channel,
            fake.bot_user,
            draft,
            ephemeral_for=rec.user.id if ephemeral else None,
            mtype=_message_type(rec),
            webhook_id=fake.application_id,
            interaction_metadata=metadata(rec, followup=True),
            record=rec,
            event="followup",
        )
    rec.followups.append(message)
    rec.mark_resolved()
    if not call.query_flag("wait"):
        return Reply(204)
    return fake.rest_payload(message)


@route("GET", ORIGINAL, auth=False)
async def get_original(fake: Emulator, call: Call) -> Any:
    return fake.rest_payload(_original(_record(fake, call)))


@route("PATCH", ORIGINAL, auth=False)
async def edit_original(fake: Emulator, call: Call) -> Any:
    rec = _record(fake, call)
    return await _edit_via_webhook(fake, call, rec, _original(rec), "edit original")


@route("DELETE", ORIGINAL, auth=False)
async def delete_original(fake: Emulator, call: Call) -> Any:
    rec = _record(fake, call)
    if rec.channel.archived:
        raise thread_archived(rec.channel, "delete a message")
    fake.remove_message(_original(rec), record=rec)
    rec.mark_resolved()
    return Reply(204)


@route("GET", WEBHOOK_MESSAGE, auth=False)
async def get_webhook_message(fake: Emulator, call: Call) -> Any:
    rec = _record(fake, call)
    return fake.rest_payload(_owned(fake, call, rec))


@route("PATCH", WEBHOOK_MESSAGE, auth=False)
async def edit_webhook_message(fake: Emulator, call: Call) -> Any:
    rec = _record(fake, call)
    return await _edit_via_webhook(fake, call, rec, _owned(fake, call, rec), "edit followup")


@route("DELETE", WEBHOOK_MESSAGE, auth=False)
async def delete_webhook_message(fake: Emulator, call: Call) -> Any:
    rec = _record(fake, call)
    if rec.channel.archived:
        raise thread_archived(rec.channel, "delete a message")
    fake.remove_message(_owned(fake, call, rec), record=rec)
    return Reply(204)
