"""Application command registration: the registry actors check invocations against.

Discord only lets users invoke commands that were synced to the right scope; storing what
the bot registered here is what makes "forgot to sync" or "synced to the wrong guild" fail.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from . import command_rules
from .errors import DiscordError, forbidden, invalid_form, not_found
from .server import Call, Reply, route
from .validate import FieldError

if TYPE_CHECKING:
    from .surface import Emulator

DAILY_CREATES = 200
DAY = 86_400.0

GLOBAL = "/applications/{application_id}/commands"
GUILD = "/applications/{application_id}/guilds/{guild_id}/commands"
GLOBAL_ONE = "/applications/{application_id}/commands/{command_id}"
GUILD_ONE = "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}"


def _scope(fake: Emulator, call: Call) -> int | None:
    app_id = call.params.get("application_id")
    if app_id != str(fake.application_id):
        raise forbidden(
            50001,
            "Missing Access",
            rule="wrong_application",
            detail=f"application id {app_id} is not the bot's",
        )
    if "guild_id" not in call.params:
        return None
    gid = call.int_param("guild_id", lambda: not_found(10004, "Guild"))
    guild = fake.world.guilds.get(gid)
    if guild is None or fake.bot_user.id not in guild.members:
        raise forbidden(
            50001, "Missing Access", rule="missing_access", detail=f"the bot is not in guild {gid}"
        )
    return gid


def _clean(value: Any) -> Any:
    if isinstance(value, dict):
        return {
            k: _clean(v)
            for k, v in value.items()
            if v is not None and not (k == "required" and v is False)
        }
    if isinstance(value, list):
        return [_clean(v) for v in value]
    return value


def _definition(fake: Emulator, cmd: dict[str, Any], scope: int | None) -> dict[str, Any]:
    """The stored shape, minus id and version (used to detect real changes)."""
    perms = cmd.get("default_member_permissions")
    out: dict[str, Any] = {
        "application_id": str(fake.application_id),
        "type": cmd.get("type") or 1,
        "name": cmd["name"],
        "description": cmd.get("description") or "",
        "default_member_permissions": None if perms is None else str(perms),
        "dm_permission": cmd.get("dm_permission") is not False,
        "contexts": cmd.get("contexts"),
        "integration_types": cmd.get("integration_types") or [0],
        "nsfw": bool(cmd.get("nsfw")),
    }
    for key in ("name_localizations", "description_localizations"):
        if cmd.get(key):
            out[key] = copy.deepcopy(cmd[key])
    if cmd.get("options"):
        out["options"] = _clean(cmd["options"])
    if scope is not None:
        out["guild_id"] = str(scope)
    return out


def _count_creates(fake: Emulator, scope: int | None, new: int) -> None:
    if not new:
        return
    now = fake.world.now_ts()
    stamps = [t for t in fake.world.command_creates.get(scope, []) if now - t < DAY]
    if len(stamps) + new > DAILY_CREATES:
        fake.world.command_creates[scope] = stamps
        where = "global" if scope is None else f"guild {scope}"
        raise DiscordError(
            400,
            30034,
            "Max number of daily application command creates has been reached (200)",
            rule="daily_command_creates",
            detail=f"{len(stamps)} creates today in {where}, {new} more asked",
        )
    fake.world.command_creates[scope] = stamps + [now] * new


def _store(
    fake: Emulator, scope: int | None, cmd: dict[str, Any], existing: dict[str, Any] | None
) -> dict[str, Any]:
    definition = _definition(fake, cmd, scope)
    if existing is not None:
        old = {k: v for k, v in existing.items() if k not in ("id", "version")}
        version = existing["version"] if old == definition else str(fake.world.snowflake())
        return {"id": existing["id"], "version": version, **definition}
    return {"id": str(fake.world.snowflake()), "version": str(fake.world.snowflake()), **definition}


def _find(registry: dict[int, dict[str, Any]], cmd: dict[str, Any]) -> dict[str, Any] | None:
    key = (cmd.get("name"), cmd.get("type") or 1)
    return next((c for c in registry.values() if (c["name"], c["type"]) == key), None)


@route("GET", GLOBAL)
@route("GET", GUILD)
async def list_commands(fake: Emulator, call: Call) -> Any:
    scope = _scope(fake, call)
    return list(fake.world.commands.get(scope, {}).values())


@route("PUT", GLOBAL)
@route("PUT", GUILD)
async def bulk_overwrite(fake: Emulator, call: Call) -> Any:
    scope = _scope(fake, call)
    payload = (await call.read()).json
    payload = [] if payload is None else payload
    if not isinstance(payload, list):
        raise invalid_form([FieldError((), "LIST_TYPE_CONVERT", "Must be a list.", "schema")])
    call.refuse(command_rules.check_commands(payload), payload)
    registry = fake.world.commands.get(scope, {})
    new = sum(1 for cmd in payload if _find(registry, cmd) is None)
    _count_creates(fake, scope, new)
    stored = [_store(fake, scope, cmd, _find(registry, cmd)) for cmd in payload]
    fake.world.commands[scope] = {int(c["id"]): c for c in stored}
    return stored


@route("POST", GLOBAL)
@route("POST", GUILD)
async def create_command(fake: Emulator, call: Call) -> Any:
    scope = _scope(fake, call)
    payload = (await call.read()).json
    if not isinstance(payload, dict):
        raise invalid_form([FieldError((), "DICT_TYPE_CONVERT", "Must be an object.", "schema")])
    registry = fake.world.commands.setdefault(scope, {})
    existing = _find(registry, payload)
    errors = command_rules.check_commands([payload])
    same_type = [c for c in registry.values() if c["type"] == (payload.get("type") or 1)]
    limit = 100 if (payload.get("type") or 1) == 1 else 5
    if existing is None and len(same_type) >= limit:
        errors.append(
            FieldError(
                (), "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.", "command_count"
            )
        )
    call.refuse([FieldError(e.path[1:], e.code, e.message, e.rule) for e in errors], payload)
    if existing is None:
        _count_creates(fake, scope, 1)
    stored = _store(fake, scope, payload, existing)
    registry[int(stored["id"])] = stored
    return Reply(200 if existing else 201, stored)


def _one(fake: Emulator, call: Call) -> tuple[int | None, dict[str, Any]]:
    scope = _scope(fake, call)
    cid = call.int_param("command_id", lambda: not_found(10063, "application command"))
    cmd = fake.world.commands.get(scope, {}).get(cid)
    if cmd is None:
        raise not_found(10063, "application command", rule="unknown_command")
    return scope, cmd


@route("GET", GLOBAL_ONE)
@route("GET", GUILD_ONE)
async def get_command(fake: Emulator, call: Call) -> Any:
    return _one(fake, call)[1]


@route("DELETE", GLOBAL_ONE)
@route("DELETE", GUILD_ONE)
async def delete_command(fake: Emulator, call: Call) -> Any:
    scope, cmd = _one(fake, call)
    del fake.world.commands[scope][int(cmd["id"])]
    return Reply(204)


@route("PATCH", GLOBAL_ONE)
@route("PATCH", GUILD_ONE)
async def edit_command(fake: Emulator, call: Call) -> Any:
    scope, cmd = _one(fake, call)
    payload = (await call.read()).json
    if not isinstance(payload, dict):
        raise invalid_form([FieldError((), "DICT_TYPE_CONVERT", "Must be an object.", "schema")])
    merged = {**{k: v for k, v in cmd.items() if k not in ("id", "version")}, **payload}
    call.refuse(command_rules.check_commands([merged]), payload)
    stored = _store(fake, scope, merged, cmd)
    fake.world.commands[scope][int(stored["id"])] = stored
    return stored
