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
import secrets
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
)

if TYPE_CHECKING:
    from .fake import FakeDiscord

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
        self: FakeDiscord, user: User, channel: Channel, command: str, /, **options: Any
    ) -> InteractionRecord:
        """Invoke ``/command`` ("name", "group sub" or "group sub sub") with named options."""
        cmd, path, defs = find_command(self, user, channel, command)
        opts, resolved = build_options(self, user, channel, cmd, path, defs, options, focused=None)
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        rec = self._new_record(APPLICATION_COMMAND, user, channel, data)
        rec.command = " ".join([cmd["name"], *path])
        return await self._deliver(rec)

    async def tampered_slash(
        self: FakeDiscord, user: User, channel: Channel, command: str, /, **options: Any
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
        rec = self._new_record(APPLICATION_COMMAND, user, channel, data)
        rec.command = " ".join([cmd["name"], *path])
        return await self._deliver(rec)

    async def autocomplete(
        self: FakeDiscord,
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
        rec = self._new_record(AUTOCOMPLETE, user, channel, data)
        rec.command = " ".join([cmd["name"], *path])
        await self._deliver(rec)
        return list(rec.choices or [])

    async def click(
        self: FakeDiscord,
        user: User,
        message: Message | int,
        *,
        label: str | None = None,
        custom_id: str | None = None,
    ) -> InteractionRecord:
        """Press a button on a message, found by ``label`` or ``custom_id``."""
        msg = self._usable_message(user, message)
        buttons = [c for c in walk_components(msg.components) if c.get("type") == 2]
        comp = _pick(buttons, label=label, custom_id=custom_id, what="button", msg=msg)
        if comp.get("style") == 5:
            raise ComponentError("link buttons open their URL; they send no interaction")
        if comp.get("style") == 6:
            raise ComponentError("premium buttons open a purchase dialog, not an interaction")
        if comp.get("disabled"):
            raise ComponentError(f"button {_name(comp)} is disabled")
        data = {"custom_id": comp["custom_id"], "component_type": 2, "id": comp.get("id")}
        rec = self._new_record(
            MESSAGE_COMPONENT, user, self.world.channels[msg.channel_id], data, message=msg
        )
        rec.custom_id = comp["custom_id"]
        return await self._deliver(rec)

    async def select(
        self: FakeDiscord,
        user: User,
        message: Message | int,
        values: Sequence[str],
        *,
        placeholder: str | None = None,
        custom_id: str | None = None,
    ) -> InteractionRecord:
        """Choose ``values`` (option values or labels) in a string select menu."""
        msg = self._usable_message(user, message)
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
        rec = self._new_record(
            MESSAGE_COMPONENT, user, self.world.channels[msg.channel_id], data, message=msg
        )
        rec.custom_id = comp["custom_id"]
        return await self._deliver(rec)

    async def submit_modal(
        self: FakeDiscord,
        user: User,
        rec_or_modal: InteractionRecord | Mapping[str, Any],
        values: Mapping[str, Any],
    ) -> InteractionRecord:
        """Fill in and submit the modal the bot opened (callback type 9)."""
        parent = self._modal_parent(rec_or_modal)
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
        rec = self._new_record(MODAL_SUBMIT, user, parent.channel, data, message=source)
        rec.parent = parent
        rec.custom_id = parent.modal["custom_id"]
        parent.modal_submitted = True
        return await self._deliver(rec)

    async def say(
        self: FakeDiscord,
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
        message = self._new_message(channel, user, Draft(draft.fields, draft.attachments, []))
        if _SETTLE.get():
            await self.settle(quiet=self.actor_quiet, timeout=self.actor_timeout)
        return message

    # internals ---------------------------------------------------------------------------------

    def _usable_message(self: FakeDiscord, user: User, message: Message | int) -> Message:
        mid = message.id if isinstance(message, Message) else int(message)
        msg = self.world.messages.get(mid)
        if msg is None or msg.deleted:
            raise ComponentError(f"message {mid} does not exist (any more)")
        if not self.world.message_visible_to(msg, user):
            why = "ephemeral for someone else" if msg.ephemeral else "in a channel they cannot see"
            raise ComponentError(f"{user.name} cannot see message {mid}: it is {why}")
        channel = self.world.channels[msg.channel_id]
        if channel.archived and channel.locked:
            raise ComponentError(f"#{channel.name} is archived and locked: nothing can be used")
        return msg

    def _modal_parent(
        self: FakeDiscord, rec_or_modal: InteractionRecord | Mapping[str, Any]
    ) -> InteractionRecord:
        if isinstance(rec_or_modal, InteractionRecord):
            if rec_or_modal.modal is None:
                raise ComponentError("the bot did not answer this interaction with a modal")
            return rec_or_modal
        custom_id = rec_or_modal.get("custom_id")
        for rec in reversed(self.records):
            if rec.modal is not None and rec.modal.get("custom_id") == custom_id:
                return rec
        raise ComponentError(f"no open modal with custom_id {custom_id!r}")

    def _new_record(
        self: FakeDiscord,
        itype: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        message: Message | None = None,
    ) -> InteractionRecord:
        world = self.world
        if channel.deleted:
            raise ComponentError(f"#{channel.name} was deleted")
        guild = world.guild_of(channel)
        owners = self._owners(user, channel, message)
        iid = world.snowflake()
        token = f"aW50ZXJhY3Rpb246{iid}:{secrets.token_urlsafe(48)}"
        channel_data = channel.payload()
        if guild is not None:
            channel_data["permissions"] = str(world.channel_permissions(user, channel))
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "token": token,
            "version": 1,
            "channel_id": str(channel.id),
            "channel": channel_data,
            "locale": user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": self.attachment_size_limit,
            "authorizing_integration_owners": owners,
            "context": context_of(self, channel),
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
                    world.channel_permissions(self.bot_user, channel)
                    if member_here
                    else DM_PERMISSIONS
                ),
            )
        else:
            payload.update(user=user.payload(), app_permissions=str(DM_PERMISSIONS))
        if message is not None:
            payload["message"] = self.rest_payload(message)
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
            forced_ephemeral=self._forced_ephemeral(user, channel),
        )
        self.records.append(rec)
        self._records_by_id[iid] = rec
        self._records_by_token[token] = rec
        return rec

    def _owners(
        self: FakeDiscord, user: User, channel: Channel, message: Message | None
    ) -> dict[str, str]:
        """``authorizing_integration_owners``: the installs that let this interaction happen
        ("0": the server's, its id, or "0" in the bot's DM; "1": a user's, their id). A click
        on a message is authorized by the installs of the interaction that made it."""
        world = self.world
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

    def _forced_ephemeral(self: FakeDiscord, user: User, channel: Channel) -> bool:
        """A user's app in a server without the bot answers only privately unless the user
        may use external apps there."""
        if channel.guild_id is None or self.world.app_is_member(channel):
            return False
        return not self.world.channel_permissions(user, channel) & USE_EXTERNAL_APPS

    async def _deliver(self: FakeDiscord, rec: InteractionRecord) -> InteractionRecord:
        """Dispatch INTERACTION_CREATE, wait for the first response (or deadline), then settle."""
        self.sweep_threads()
        guild_id = rec.channel.guild_id
        if not self.gateway.targets(guild_id):
            raise NotConnectedError(
                "no bot session is connected; start the bot and await fake.wait_for_bot() first"
            )
        loop = asyncio.get_running_loop()
        rec.dispatched_at = time.perf_counter()
        rec.mark("dispatch")
        self._active.append(rec)
        handle = loop.call_later(self.first_response_deadline, self._expire, rec)
        self._timers.add(handle)
        try:
            self.gateway.dispatch("INTERACTION_CREATE", rec.payload, guild_id=guild_id)
            await rec._acked.wait()
            if _SETTLE.get():
                if rec.callback_type == 5:
                    await self._wait_resolved(rec)
                await self.settle(quiet=self.actor_quiet, timeout=self.actor_timeout)
        finally:
            handle.cancel()
            self._timers.discard(handle)
            self._active.remove(rec)
        return rec

    async def _wait_resolved(self: FakeDiscord, rec: InteractionRecord) -> None:
        """After a "thinking" defer, wait for the edit or followup that resolves it.

        Gives up after ``actor_timeout``, or once the fake has been idle for
        ``defer_patience`` seconds (the bot is evidently not going to resolve it).
        """
        deadline = time.monotonic() + self.actor_timeout
        while not rec._resolved.is_set():
            now = time.monotonic()
            idle = self._busy <= 0 and now - self._last_activity >= self.defer_patience
            if idle or now >= deadline:
                return
            await asyncio.sleep(0.005)

    def _initial_window_passed(self: FakeDiscord, rec: InteractionRecord) -> bool:
        return self.world.now_ts() - rec.created_ts > self.first_response_deadline

    def _expire(self: FakeDiscord, rec: InteractionRecord) -> None:
        """The first-response deadline passed without a callback: Discord drops the token."""
        if rec.acknowledged or rec.expired:
            return
        rec.expired = True
        rec.error = "10062 unknown interaction"
        what = rec.command or rec.custom_id or f"type {rec.type}"
        self.violate(
            "first_response_deadline",
            f"interaction {rec.id} ({what}) got no initial response within "
            f"{self.first_response_deadline}s",
            f"INTERACTION_CREATE {rec.id}",
        )
        rec.mark("expired")
        rec._acked.set()
        rec._resolved.set()


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
