"""Building interaction ``data`` the way Discord's client would, from the synced registry.

Option values are checked against what the bot registered (types, ranges, choices, channel
types); a value the client would not let a user send raises ``CommandUsageError``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .messages import Upload
from .models import (
    ADMINISTRATOR,
    DM,
    GROUP_DM,
    USE_APPLICATION_COMMANDS,
    Attachment,
    Channel,
    CommandUsageError,
    ComponentError,
    Member,
    Role,
    User,
    walk_components,
)

if TYPE_CHECKING:
    from .surface import Emulator

_TYPE_NAMES = {
    3: "string",
    4: "integer",
    5: "boolean",
    6: "user",
    7: "channel",
    8: "role",
    9: "mentionable",
    10: "number",
    11: "attachment",
}
_MAX_SAFE = 2**53


def find_command(
    fake: Emulator, user: User, channel: Channel, command: str
) -> tuple[dict[str, Any], list[str], list[dict[str, Any]]]:
    """The synced command a user could pick here, the sub-command path and its options."""
    fake.sweep_threads()
    parts = command.strip().lstrip("/").split()
    if not parts:
        raise CommandUsageError("empty command")
    name, rest = parts[0], parts[1:]
    world = fake.world
    guild = world.guild_of(channel)
    if not world.can_view(user, channel):
        raise CommandUsageError(f"{user.name} cannot see channel {channel.id}")
    member_here = world.app_is_member(channel)
    scopes: list[int | None] = ([guild.id] if guild is not None and member_here else []) + [None]
    cmd = None
    for scope in scopes:
        cmd = next(
            (
                c
                for c in world.commands.get(scope, {}).values()
                if c["name"] == name and c["type"] == 1
            ),
            None,
        )
        if cmd is not None:
            break
    if cmd is None and guild is not None and not member_here:
        raise CommandUsageError(f"the bot is not in {guild.name}; its commands there are gone")
    if cmd is None:
        where = f"guild {guild.id} or " if guild is not None else ""
        raise CommandUsageError(
            f"/{name} is not synced to {where}the global scope; "
            "the user's client would not offer it"
        )
    _check_install(fake, user, channel, cmd)
    if guild is not None:
        if channel.archived:
            raise CommandUsageError(
                f"#{channel.name} is archived: Discord's client allows no commands there until "
                "someone sends a message (fake.say) and so unarchives it"
            )
        perms = world.permissions(guild, user)
        if not world.channel_permissions(user, channel) & USE_APPLICATION_COMMANDS:
            raise CommandUsageError(f"{user.name} lacks Use Application Commands")
        required = cmd.get("default_member_permissions")
        if required is not None and not perms & ADMINISTRATOR:
            need = int(required)
            if need == 0 or perms & need != need:
                raise CommandUsageError(
                    f"/{name} needs permissions {need} that {user.name} "
                    "lacks; Discord hides it from them"
                )
    defs = cmd.get("options") or []
    path: list[str] = []
    while any(o.get("type") in (1, 2) for o in defs):
        if not rest:
            subs = [o["name"] for o in defs]
            raise CommandUsageError(f"/{' '.join([name, *path])} needs a sub-command: {subs}")
        sub = next((o for o in defs if o["name"] == rest[0]), None)
        if sub is None:
            raise CommandUsageError(f"/{' '.join([name, *path])} has no sub-command {rest[0]!r}")
        path.append(rest.pop(0))
        defs = sub.get("options") or []
    if rest:
        raise CommandUsageError(f"/{' '.join([name, *path])} has no sub-command {rest[0]!r}")
    return cmd, path, defs


#: interaction contexts: a server, the bot's own DM, any other DM or group DM
GUILD_CONTEXT, BOT_DM_CONTEXT, PRIVATE_CONTEXT = 0, 1, 2
#: installation kinds (``integration_types``): to a server, to a user's account
GUILD_INSTALL, USER_INSTALL = 0, 1


def context_of(fake: Emulator, channel: Channel) -> int:
    if channel.type == DM:
        return BOT_DM_CONTEXT
    if channel.type == GROUP_DM:
        return PRIVATE_CONTEXT
    return GUILD_CONTEXT


def _check_install(fake: Emulator, user: User, channel: Channel, cmd: dict[str, Any]) -> None:
    """Whether Discord's client offers ``cmd`` to ``user`` here: its contexts must hold this
    one, and where the bot is not a member only a command the user installed is offered."""
    name = cmd["name"]
    context = context_of(fake, channel)
    contexts = cmd.get("contexts")
    if contexts is None:
        contexts = [GUILD_CONTEXT] + (
            [BOT_DM_CONTEXT] if cmd.get("dm_permission") is not False else []
        )
    if context not in contexts:
        where = ("servers", "the bot's DM", "DMs and group DMs")[context]
        raise CommandUsageError(f"/{name} is not available in {where} (contexts {contexts})")
    if fake.world.app_is_member(channel):
        return
    if user.id not in fake.world.user_installs:
        guild = fake.world.guild_of(channel)
        where = f"the bot is not in {guild.name}" if guild else "the bot is not in this group DM"
        raise CommandUsageError(
            f"{where} and {user.name} has not installed the app (fake.install_for_user): "
            "the client offers none of its commands"
        )
    kinds = cmd.get("integration_types") or [GUILD_INSTALL]
    if USER_INSTALL not in kinds:
        raise CommandUsageError(f"/{name} cannot be installed to a user; it is not offered here")


def build_options(
    fake: Emulator,
    user: User,
    channel: Channel,
    cmd: dict[str, Any],
    path: list[str],
    defs: list[dict[str, Any]],
    given: Mapping[str, Any],
    *,
    focused: str | None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Option payloads (nested under sub-commands) plus the ``resolved`` map."""
    by_name = {d["name"]: d for d in defs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise CommandUsageError(
            f"/{cmd['name']} {' '.join(path)} has no option(s) {unknown}; it has {sorted(by_name)}"
        )
    if focused is not None and not by_name[focused].get("autocomplete"):
        raise CommandUsageError(f"option {focused!r} does not use autocomplete")
    resolved: dict[str, dict[str, Any]] = {}
    options: list[dict[str, Any]] = []
    for d in defs:
        name = d["name"]
        if name not in given:
            if d.get("required") and focused is None:
                raise CommandUsageError(f"option {name!r} is required")
            continue
        if name == focused or (focused is not None and d.get("autocomplete")):
            options.append(
                {
                    "name": name,
                    "type": d["type"],
                    "value": str(given[name]),
                    **({"focused": True} if name == focused else {}),
                }
            )
            continue
        value = _convert(
            fake, user, channel, d, given[name], resolved, free_text=bool(d.get("autocomplete"))
        )
        options.append({"name": name, "type": d["type"], "value": value})
    nested = options
    for sub in reversed(path):
        kind = 1 if sub == path[-1] else 2
        nested = [{"name": sub, "type": kind, "options": nested}]
    return nested, resolved


def _convert(
    fake: Emulator,
    user: User,
    channel: Channel,
    d: dict[str, Any],
    value: Any,
    resolved: dict[str, dict[str, Any]],
    *,
    free_text: bool,
) -> Any:
    kind, name = d["type"], d["name"]
    if isinstance(value, Member):
        value = value.user
    bad = CommandUsageError(f"option {name!r} takes a {_TYPE_NAMES.get(kind, kind)}, not {value!r}")
    if kind == 3:
        return _text(d, value, bad, free_text=free_text)
    if kind in (4, 10):
        return _number(d, value, bad)
    if kind == 5:
        if not isinstance(value, bool):
            raise bad
        return value
    if kind in (6, 9) and (isinstance(value, User) or (kind == 6 and isinstance(value, int))):
        target = value if isinstance(value, User) else fake.world.users.get(value)
        if target is None:
            raise bad
        _resolve_user(fake, channel, target, resolved)
        return str(target.id)
    if kind in (8, 9) and isinstance(value, Role):
        resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        return str(value.id)
    if kind == 7 and isinstance(value, (Channel, int)):
        target_ch = value if isinstance(value, Channel) else fake.world.channels.get(value)
        if target_ch is None or target_ch.guild_id != channel.guild_id:
            raise CommandUsageError(f"option {name!r}: channel is not in this guild")
        types = d.get("channel_types")
        if types and target_ch.type not in types:
            raise CommandUsageError(f"option {name!r} accepts channel types {types}")
        data = target_ch.payload()
        data["permissions"] = str(fake.world.channel_permissions(user, target_ch))
        resolved.setdefault("channels", {})[str(target_ch.id)] = data
        return str(target_ch.id)
    if kind == 11 and isinstance(value, tuple) and len(value) == 2:
        filename, blob = value
        draft = fake.builder.draft(
            {},
            [Upload("files[0]", 0, filename, bytes(blob))],
            channel_id=channel.id,
            allowed_flags=0,
            size_limit=fake.attachment_size_limit,
            ephemeral=True,
        )
        att: Attachment = draft.attachments[0]  # type: ignore[index]
        fake.attachments[att.id] = att
        resolved.setdefault("attachments", {})[str(att.id)] = att.payload()
        return str(att.id)
    raise bad


def _text(d: dict[str, Any], value: Any, bad: CommandUsageError, *, free_text: bool) -> str:
    """A string option's value: a choice (by name or value) or text of the allowed length."""
    name = d["name"]
    choices = d.get("choices") or []
    if choices:
        by_name = {c["name"]: c["value"] for c in choices}
        value = value if value in {c["value"] for c in choices} else by_name.get(value, value)
        if value not in by_name.values():
            raise CommandUsageError(f"{value!r} is not a choice of {name!r}: {choices}")
    if not isinstance(value, str):
        raise bad
    lo, hi = d.get("min_length", 0), d.get("max_length", 6000)
    if not lo <= len(value) <= hi and not free_text:
        raise CommandUsageError(f"option {name!r} takes {lo}..{hi} characters")
    return value


def _number(d: dict[str, Any], value: Any, bad: CommandUsageError) -> int | float:
    """An integer (4) or number (10) option's value: within its range, or one of its choices."""
    kind, name = d["type"], d["name"]
    choices = d.get("choices") or []
    if choices and not isinstance(value, (int, float)):
        value = {c["name"]: c["value"] for c in choices}.get(value, value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise bad
    if kind == 4 and (not isinstance(value, int) or abs(value) > _MAX_SAFE):
        raise bad
    if kind == 10 and not math.isfinite(value):
        raise bad
    lo, hi = d.get("min_value"), d.get("max_value")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise CommandUsageError(f"option {name!r} must be within {lo}..{hi}, got {value}")
    if choices and value not in [c["value"] for c in choices]:
        raise CommandUsageError(f"{value!r} is not a choice of {name!r}: {choices}")
    return value


def _resolve_user(
    fake: Emulator, channel: Channel, target: User, resolved: dict[str, dict[str, Any]]
) -> None:
    resolved.setdefault("users", {})[str(target.id)] = target.payload()
    guild = fake.world.guild_of(channel)
    if guild is not None and target.id in guild.members and channel.type != DM:
        member = guild.members[target.id].payload(with_user=False)
        member["permissions"] = str(fake.world.channel_permissions(target, channel))
        resolved.setdefault("members", {})[str(target.id)] = member


def modal_submission(modal: Mapping[str, Any], values: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The ``components`` a user's submission carries, mirroring the modal's layout."""
    remaining = dict(values)
    out: list[dict[str, Any]] = []
    for top in modal.get("components") or []:
        kind = top.get("type")
        if kind == 1:
            inner = [_submitted(c, c.get("label"), remaining) for c in top.get("components", [])]
            out.append({"type": 1, "id": top.get("id"), "components": inner})
        elif kind == 18:
            out.append(
                {
                    "type": 18,
                    "id": top.get("id"),
                    "component": _submitted(top["component"], top.get("label"), remaining),
                }
            )
        elif kind == 10:
            out.append({"type": 10, "id": top.get("id")})
    if remaining:
        have = [
            c.get("custom_id")
            for c in walk_components(list(modal.get("components") or []))
            if c.get("custom_id")
        ]
        raise ComponentError(f"the modal has no field(s) {sorted(remaining)}; it has {have}")
    return out


def _submitted(
    comp: Mapping[str, Any], label: str | None, remaining: dict[str, Any]
) -> dict[str, Any]:
    cid = comp.get("custom_id")
    key = cid if cid in remaining else (label if label in remaining else None)
    given = remaining.pop(key) if key is not None else None
    kind = comp.get("type")
    if kind == 4:
        value = comp.get("value") or "" if given is None else str(given)
        required = comp.get("required", True)
        if required and not value:
            raise ComponentError(f"text input {label or cid!r} is required")
        lo, hi = comp.get("min_length") or 0, comp.get("max_length") or 4000
        if value and not lo <= len(value) <= hi:
            raise ComponentError(f"text input {label or cid!r} takes {lo}..{hi} characters")
        if comp.get("style", 1) == 1 and "\n" in value:
            raise ComponentError(f"text input {label or cid!r} is single-line")
        return {"type": 4, "id": comp.get("id"), "custom_id": cid, "value": value}
    if kind == 3:
        chosen = [] if given is None else ([given] if isinstance(given, str) else list(given))
        options = {o["value"] for o in comp.get("options") or []}
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if any(v not in options for v in chosen) or not lo <= len(chosen) <= hi:
            raise ComponentError(f"select {cid!r} needs {lo}..{hi} of {sorted(options)}")
        return {"type": 3, "id": comp.get("id"), "custom_id": cid, "values": chosen}
    raise ComponentError(f"modal component type {kind} is not simulated")
