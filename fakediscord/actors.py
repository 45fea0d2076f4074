"""Simulated users: slash commands, autocomplete, clicks, selects, modal submits, messages.

Each actor does what Discord's client would allow a person to do and nothing more: commands
must be synced and visible to the user, options must fit the synced definition, components
must exist, be enabled and be visible. A refusal here is the *test's* mistake and raises;
what the bot then does is checked by the server side and recorded as violations.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import time
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .interaction_data import build_options, context_of, find_command, modal_submission
from .messages import Draft, Upload
from .models import (
    Channel,
    ComponentError,
    Message,
    NotConnectedError,
    User,
    walk_components,
)
from .permissions import (
    DM_PERMISSIONS,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    USE_EXTERNAL_APPS,
)
from .records import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
    interaction_token,
)

if TYPE_CHECKING:
    from .surface import Emulator

# False inside ``without_settling()``: per task, so one caller's choice never leaks to another.
_SETTLE: contextvars.ContextVar[bool] = contextvars.ContextVar("fakediscord_settle", default=True)


class Actors:
    """Mixin for ``FakeDiscord``: the people using the bot."""

    @contextlib.contextmanager
    def without_settling(self) -> Iterator[None]:
        """In this block (this task only) actors return once the bot acknowledged.

        For callers that watch changes through ``observe`` instead of reading records, like the
        sandbox page: waiting for quiet would only hold them up while the bot is busy elsewhere
        (e.g. paced by a rate limit). ``response``, ``modal``, ``choices`` and ``error`` are set
        by then; later messages are not on the record's timeline.
        """
        token = _SETTLE.set(False)
        try:
            yield
        finally:
            _SETTLE.reset(token)

    async def slash(
        self: Emulator, user: User, channel: Channel, command: str, /, **options: Any
    ) -> InteractionRecord:
        """Invoke ``/command`` ("name", "group sub" or "group sub sub") with named options."""
        cmd, path, defs = find_command(self, user, channel, command)
        opts, resolved = build_options(self, user, channel, cmd, path, defs, options, focused=None)
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        rec = _new_record(self, APPLICATION_COMMAND, user, channel, data)
        rec.command = " ".join([cmd["name"], *path])
        return await _deliver(self, rec)

    async def tampered_slash(
        self: Emulator, user: User, channel: Channel, command: str, /, **options: Any
    ) -> InteractionRecord:
        """``/command`` as a modified client could send it: each option's value as given,
        typed as the synced command declares it, with no range, choice or resolution check
        (a ``user`` option naming nobody, text where a number belongs). Discord forwards
        such values; discord.py's own conversion may then fail before the bot's command."""
        cmd, path, defs = find_command(self, user, channel, command)
        kinds = {d["name"]: d["type"] for d in defs}
        opts: list[dict[str, Any]] = [
            {"name": name, "type": kinds.get(name, 3), "value": value}
            for name, value in options.items()
        ]
        for sub in reversed(path):
            opts = [{"name": sub, "type": 1 if sub == path[-1] else 2, "options": opts}]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": opts}
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        rec = _new_record(self, APPLICATION_COMMAND, user, channel, data)
        rec.command = " ".join([cmd["name"], *path])
        return await _deliver(self, rec)

    async def autocomplete(
        self: Emulator,
        user: User,
        channel: Channel,
        command: str,
        /,
        focused: str,
        **options: Any,
    ) -> list[dict[str, Any]]:
        """Type into option ``focused`` (its current text in ``options``); returns the choices."""
        cmd, path, defs = find_command(self, user, channel, command)
        options.setdefault(focused, "")
        opts, resolved = build_options(
            self, user, channel, cmd, path, defs, options, focused=focused
        )
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        rec = _new_record(self, AUTOCOMPLETE, user, channel, data)
        rec.command = " ".join([cmd["name"], *path])
        await _deliver(self, rec)
        return list(rec.choices or [])

    async def click(
        self: Emulator,
        user: User,
        message: Message | int,
        *,
        label: str | None = None,
        custom_id: str | None = None,
    ) -> InteractionRecord:
        """Press a button on a message, found by ``label`` or ``custom_id``."""
        msg = _usable_message(self, user, message)
        buttons = [c for c in walk_components(msg.components) if c.get("type") == 2]
        comp = _pick(buttons, label=label, custom_id=custom_id, what="button", msg=msg)
        if comp.get("style") == 5:
            raise ComponentError("link buttons open their URL; they send no interaction")
        if comp.get("style") == 6:
            raise ComponentError("premium buttons open a purchase dialog, not an interaction")
        if comp.get("disabled"):
            raise ComponentError(f"button {_name(comp)} is disabled")
        data = {"custom_id": comp["custom_id"], "component_type": 2, "id": comp.get("id")}
        rec = _new_record(
            self, MESSAGE_COMPONENT, user, self.world.channels[msg.channel_id], data, message=msg
        )
        rec.custom_id = comp["custom_id"]
        return await _deliver(self, rec)

    async def select(
        self: Emulator,
        user: User,
        message: Message | int,
        values: Sequence[str],
        *,
        placeholder: str | None = None,
        custom_id: str | None = None,
    ) -> InteractionRecord:
        """Choose ``values`` (option values or labels) in a string select menu."""
        msg = _usable_message(self, user, message)
        selects = [c for c in walk_components(msg.components) if c.get("type") == 3]
        comp = _pick(
            selects,
            label=None,
            custom_id=custom_id,
            placeholder=placeholder,
            what="string select",
            msg=msg,
        )
        if comp.get("disabled"):
            raise ComponentError(f"select {comp['custom_id']!r} is disabled")
        chosen = _select_values(comp, values)
        data = {
            "custom_id": comp["custom_id"],
            "component_type": 3,
            "values": chosen,
            "id": comp.get("id"),
        }
        rec = _new_record(
            self, MESSAGE_COMPONENT, user, self.world.channels[msg.channel_id], data, message=msg
        )
        rec.custom_id = comp["custom_id"]
        return await _deliver(self, rec)

    async def submit_modal(
        self: Emulator,
        user: User,
        rec_or_modal: InteractionRecord | Mapping[str, Any],
        values: Mapping[str, Any],
    ) -> InteractionRecord:
        """Fill in and submit the modal the bot opened (callback type 9)."""
        parent = _modal_parent(self, rec_or_modal)
        if parent.user.id != user.id:
            raise ComponentError("a modal is shown only to the user whose interaction opened it")
        if parent.modal_submitted:
            raise ComponentError("this modal was already submitted")
        assert parent.modal is not None
        components = modal_submission(parent.modal, values)
        data = {"custom_id": parent.modal["custom_id"], "components": components}
        source = parent.source_message if parent.type == MESSAGE_COMPONENT else None
        if source is not None and source.deleted:
            source = None
        rec = _new_record(self, MODAL_SUBMIT, user, parent.channel, data, message=source)
        rec.parent = parent
        rec.custom_id = parent.modal["custom_id"]
        parent.modal_submitted = True
        return await _deliver(self, rec)

    async def say(
        self: Emulator,
        user: User,
        channel: Channel,
        content: str,
        *,
        files: Sequence[tuple[str, bytes]] = (),
    ) -> Message:
        """Post a plain message as ``user`` (MESSAGE_CREATE reaches the bot).

        In an archived thread the message unarchives it first (THREAD_UPDATE), as Discord's
        client does; a locked thread takes messages only from those who may manage threads.
        """
        self.sweep_threads()
        if not self.world.can_view(user, channel):
            raise ComponentError(f"{user.name} cannot see #{channel.name}")
        if channel.guild_id is not None:
            perms = self.world.channel_permissions(user, channel)
            needed = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
            if not perms & needed:
                raise ComponentError(f"{user.name} may not send messages in #{channel.name}")
            if channel.locked and not perms & MANAGE_THREADS:
                raise ComponentError(f"#{channel.name} is locked; only moderators post there")
        uploads = [Upload(f"files[{i}]", i, name, data) for i, (name, data) in enumerate(files)]
        draft = self.builder.draft(
            {"content": content},
            uploads,
            channel_id=channel.id,
            allowed_flags=0,
            size_limit=self.attachment_size_limit,
        )
        if draft.errors:
            raise ComponentError("; ".join(str(e) for e in draft.errors))
        if channel.archived:
            self.set_thread_archived(channel, False)
        message = self.new_message(channel, user, Draft(draft.fields, draft.attachments, []))
        if _SETTLE.get():
            await self.settle(quiet=self.actor_quiet, timeout=self.actor_timeout)
        return message

    # forged interactions ---------------------------------------------------------------------

    async def forge(
        self: Emulator,
        user: User,
        channel: Channel,
        kind: int,
        data: Mapping[str, Any],
        *,
        message: Message | None = None,
        shown: Sequence[Mapping[str, Any]] | None = None,
    ) -> InteractionRecord:
        """Send an interaction as a modified, stale or buggy client could: ``data`` goes as
        given (a forged, stale or malformed custom id, options out of range, someone else's
        button), checked against nothing the bot sent or synced.

        ``kind`` is ``APPLICATION_COMMAND``, ``MESSAGE_COMPONENT`` or ``MODAL_SUBMIT``
        (``fakediscord.records``); ``message`` is the message a component sits on, and
        ``shown`` the action rows the client claims it shows (instead of its real ones). What
        Discord itself refuses still raises: a deleted channel, or one the app cannot reach.
        Answered and settled like any actor's interaction.
        """
        if kind not in (APPLICATION_COMMAND, MESSAGE_COMPONENT, MODAL_SUBMIT):
            raise ValueError(f"cannot forge an interaction of type {kind}")
        if shown is not None and message is None:
            raise ValueError("shown components need the message they are shown on")
        rec = _new_record(self, kind, user, channel, dict(data), message)
        if shown is not None:
            rec.payload["message"]["components"] = [dict(row) for row in shown]
        custom_id = data.get("custom_id")
        rec.custom_id = custom_id if isinstance(custom_id, str) else None
        if kind == APPLICATION_COMMAND:
            rec.command = _command_path(data)
        return await _deliver(self, rec)

    async def forge_click(
        self: Emulator,
        user: User,
        message: Message,
        custom_id: str,
        *,
        values: Sequence[str] | None = None,
        shown: bool = True,
        channel: Channel | None = None,
    ) -> InteractionRecord:
        """A click on ``custom_id`` on ``message`` (a select choosing ``values`` when given),
        whether or not the message has that component. ``shown``: the client claims the
        message shows it (as a tampered client would), else the message's real components
        go along. ``channel``: where the click comes from (default: the message's channel)."""
        kind = 2 if values is None else 3
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        comp: dict[str, Any] = {"type": 2, "style": 2, "label": "Go", "custom_id": custom_id}
        if values is not None:
            data["values"] = list(values)
            options = [{"label": v, "value": v} for v in values]
            comp = {"type": 3, "custom_id": custom_id, "options": options}
        where = channel or self.world.channel(message.channel_id)
        rows = [{"type": 1, "components": [comp]}] if shown else None
        return await self.forge(user, where, MESSAGE_COMPONENT, data, message=message, shown=rows)

    async def forge_modal(
        self: Emulator, user: User, channel: Channel, custom_id: str, fields: Mapping[str, str]
    ) -> InteractionRecord:
        """A modal submission with any custom id and text fields (by custom id), from no modal
        the bot opened, and with no length checks."""
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]}
            for k, v in fields.items()
        ]
        data = {"custom_id": custom_id, "components": rows}
        return await self.forge(user, channel, MODAL_SUBMIT, data)

    def expire(self: Emulator, rec: InteractionRecord) -> None:
        """The first-response deadline passed without a callback: Discord drops the token."""
        _expire(self, rec)

    def expire_if_late(self: Emulator, rec: InteractionRecord) -> None:
        """Expire ``rec`` now if it is unanswered and its first-response window has passed
        (the virtual clock may have moved on faster than the deadline's timer)."""
        if not rec.acknowledged and not rec.expired and _initial_window_passed(self, rec):
            _expire(self, rec)


# internals ---------------------------------------------------------------------------------


def _usable_message(fake: Emulator, user: User, message: Message | int) -> Message:
    mid = message.id if isinstance(message, Message) else int(message)
    msg = fake.world.messages.get(mid)
    if msg is None or msg.deleted:
        raise ComponentError(f"message {mid} does not exist (any more)")
    if not fake.world.message_visible_to(msg, user):
        why = "ephemeral for someone else" if msg.ephemeral else "in a channel they cannot see"
        raise ComponentError(f"{user.name} cannot see message {mid}: it is {why}")
    channel = fake.world.channels[msg.channel_id]
    if channel.archived and channel.locked:
        raise ComponentError(f"#{channel.name} is archived and locked: nothing can be used")
    return msg


def _modal_parent(
    fake: Emulator, rec_or_modal: InteractionRecord | Mapping[str, Any]
) -> InteractionRecord:
    if isinstance(rec_or_modal, InteractionRecord):
        if rec_or_modal.modal is None:
            raise ComponentError("the bot did not answer this interaction with a modal")
        return rec_or_modal
    custom_id = rec_or_modal.get("custom_id")
    for rec in reversed(fake.records):
        if rec.modal is not None and rec.modal.get("custom_id") == custom_id:
            return rec
    raise ComponentError(f"no open modal with custom_id {custom_id!r}")


def _new_record(
    fake: Emulator,
    itype: int,
    user: User,
    channel: Channel,
    data: dict[str, Any],
    message: Message | None = None,
) -> InteractionRecord:
    world = fake.world
    if channel.deleted:
        raise ComponentError(f"#{channel.name} was deleted")
    guild = world.guild_of(channel)
    owners = _owners(fake, user, channel, message)
    iid = world.snowflake()
    token = interaction_token(iid)
    channel_data = channel.payload()
    if guild is not None:
        channel_data["permissions"] = str(world.channel_permissions(user, channel))
    payload: dict[str, Any] = {
        "id": str(iid),
        "application_id": str(fake.application_id),
        "type": itype,
        "data": data,
        "token": token,
        "version": 1,
        "channel_id": str(channel.id),
        "channel": channel_data,
        "locale": user.locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": fake.attachment_size_limit,
        "authorizing_integration_owners": owners,
        "context": context_of(fake, channel),
    }
    if guild is not None:
        member_here = world.app_is_member(channel)
        payload.update(
            guild_id=str(guild.id),
            guild={"id": str(guild.id), "locale": guild.locale, "features": []},
            guild_locale=guild.locale,
            member=world.interaction_member(guild, user, channel),
            # where the bot is not a member, what its answers may carry
            app_permissions=str(
                world.channel_permissions(fake.bot_user, channel) if member_here else DM_PERMISSIONS
            ),
        )
    else:
        payload.update(user=user.payload(), app_permissions=str(DM_PERMISSIONS))
    if message is not None:
        payload["message"] = fake.rest_payload(message)
    rec = InteractionRecord(
        id=iid,
        token=token,
        type=itype,
        user=user,
        channel=channel,
        payload=payload,
        created_ts=world.now_ts(),
        source_message=message,
        user_only=set(owners) == {"1"},
        forced_ephemeral=_forced_ephemeral(fake, user, channel),
    )
    fake.interactions.add(rec)
    return rec


def _owners(
    fake: Emulator, user: User, channel: Channel, message: Message | None
) -> dict[str, str]:
    """``authorizing_integration_owners``: the installs that let this interaction happen
    ("0": the server's, its id, or "0" in the bot's DM; "1": a user's, their id). A click
    on a message is authorized by the installs of the interaction that made it."""
    world = fake.world
    made_by = (message.interaction_metadata or {}) if message is not None else {}
    owners: dict[str, str] = dict(made_by.get("authorizing_integration_owners") or {})
    guild = world.guild_of(channel)
    if not owners:
        if world.app_is_member(channel):
            owners["0"] = str(guild.id) if guild is not None else "0"
        if user.id in world.user_installs:
            owners["1"] = str(user.id)
    if "1" not in owners and not world.app_is_member(channel):
        owners = {}
    if not owners:
        raise ComponentError(
            f"the bot is not in channel {channel.id}'s server or group and {user.name} has "
            "not installed the app: nothing would reach it"
        )
    return owners


def _forced_ephemeral(fake: Emulator, user: User, channel: Channel) -> bool:
    """A user's app in a server without the bot answers only privately unless the user
    may use external apps there."""
    if channel.guild_id is None or fake.world.app_is_member(channel):
        return False
    return not fake.world.channel_permissions(user, channel) & USE_EXTERNAL_APPS


async def _deliver(fake: Emulator, rec: InteractionRecord) -> InteractionRecord:
    """Dispatch INTERACTION_CREATE, wait for the first response (or deadline), then settle."""
    fake.sweep_threads()
    guild_id = rec.channel.guild_id
    if not fake.gateway.targets(guild_id):
        raise NotConnectedError(
            "no bot session is connected; start the bot and await fake.wait_for_bot() first"
        )
    loop = asyncio.get_running_loop()
    rec.dispatched_at = time.perf_counter()
    rec.mark("dispatch")
    fake.interactions.active.append(rec)
    handle = loop.call_later(fake.first_response_deadline, fake.expire, rec)
    fake.interactions.timers.add(handle)
    try:
        fake.gateway.dispatch("INTERACTION_CREATE", rec.payload, guild_id=guild_id)
        await rec.wait_acknowledged()
        if _SETTLE.get():
            if rec.callback_type == 5:
                await _wait_resolved(fake, rec)
            await fake.settle(quiet=fake.actor_quiet, timeout=fake.actor_timeout)
    finally:
        handle.cancel()
        fake.interactions.timers.discard(handle)
        fake.interactions.active.remove(rec)
    return rec


async def _wait_resolved(fake: Emulator, rec: InteractionRecord) -> None:
    """After a "thinking" defer, wait for the edit or followup that resolves it.

    Gives up after ``actor_timeout``, or once the fake has been idle for
    ``defer_patience`` seconds (the bot is evidently not going to resolve it).
    """
    deadline = time.monotonic() + fake.actor_timeout
    while not rec.resolved:
        now = time.monotonic()
        idle = fake.idle(fake.defer_patience)
        if idle or now >= deadline:
            return
        await asyncio.sleep(0.005)


def _initial_window_passed(fake: Emulator, rec: InteractionRecord) -> bool:
    return fake.world.now_ts() - rec.created_ts > fake.first_response_deadline


def _expire(fake: Emulator, rec: InteractionRecord) -> None:
    """The first-response deadline passed without a callback: Discord drops the token."""
    if rec.acknowledged or rec.expired:
        return
    rec.expired = True
    rec.error = "10062 unknown interaction"
    what = rec.command or rec.custom_id or f"type {rec.type}"
    fake.violate(
        "first_response_deadline",
        f"interaction {rec.id} ({what}) got no initial response within "
        f"{fake.first_response_deadline}s",
        f"INTERACTION_CREATE {rec.id}",
    )
    rec.mark("expired")
    rec.mark_acknowledged()
    rec.mark_resolved()


def _command_path(data: Mapping[str, Any]) -> str | None:
    """``"group sub"`` of a command's data, following its subcommand options."""
    name = data.get("name")
    if not isinstance(name, str):
        return None
    parts = [name]
    options = data.get("options")
    while isinstance(options, list) and options and isinstance(options[0], dict):
        first = options[0]
        if first.get("type") not in (1, 2) or not isinstance(first.get("name"), str):
            break
        parts.append(first["name"])
        options = first.get("options")
    return " ".join(parts)


def _name(comp: Mapping[str, Any]) -> str:
    return repr(comp.get("label") or comp.get("custom_id"))


def _pick(
    candidates: list[dict[str, Any]],
    *,
    label: str | None,
    custom_id: str | None,
    what: str,
    msg: Message,
    placeholder: str | None = None,
) -> dict[str, Any]:
    if custom_id is not None:
        found = [c for c in candidates if c.get("custom_id") == custom_id]
    elif label is not None:
        found = [c for c in candidates if c.get("label") == label]
    elif placeholder is not None:
        found = [c for c in candidates if c.get("placeholder") == placeholder]
    else:
        found = candidates if len(candidates) == 1 else []
        if len(candidates) > 1:
            raise ComponentError(f"message {msg.id} has {len(candidates)} {what}s; say which")
    if not found:
        have = [c.get("label") or c.get("placeholder") or c.get("custom_id") for c in candidates]
        raise ComponentError(f"message {msg.id} has no such {what} (it has {have})")
    if len(found) > 1:
        raise ComponentError(f"{len(found)} {what}s on message {msg.id} match; use custom_id")
    return found[0]


def _select_values(comp: Mapping[str, Any], values: Sequence[str]) -> list[str]:
    if isinstance(values, str):
        values = [values]
    options = comp.get("options") or []
    by_value = {o["value"]: o["value"] for o in options}
    by_label = {o["label"]: o["value"] for o in options}
    chosen: list[str] = []
    for v in values:
        value = by_value.get(v) or by_label.get(v)
        if value is None:
            raise ComponentError(f"{v!r} is not an option of select {comp['custom_id']!r}")
        if value in chosen:
            raise ComponentError(f"{v!r} chosen twice")
        chosen.append(value)
    lo, hi = int(comp.get("min_values", 1)), int(comp.get("max_values", 1))
    if not lo <= len(chosen) <= hi:
        raise ComponentError(
            f"select {comp['custom_id']!r} takes {lo}..{hi} values, got {len(chosen)}"
        )
    return chosen
