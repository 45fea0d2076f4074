"""Registration rules Discord enforces on application commands, beyond the schema.

Names, option order, duplicate names and size limits are refused by Discord at sync time;
checking them here makes a bad command set fail in tests instead of on first deploy.
"""

from __future__ import annotations

import re
from typing import Any

from .models import DISCORD_LOCALES
from .rules import Path, rule_error, too_long
from .validate import FieldError

_NAME = re.compile(r"^[-_'\w]{1,32}$")


def check_commands(commands: list[Any], path: Path = ()) -> list[FieldError]:
    """Registration rules Discord enforces on a command set (names, option order, limits)."""
    errors: list[FieldError] = []
    seen: set[tuple[str, int]] = set()
    counts = {1: 0, 2: 0, 3: 0}
    for i, cmd in enumerate(commands):
        if not isinstance(cmd, dict):
            continue
        ctype = cmd.get("type") or 1
        name = cmd.get("name", "")
        counts[ctype] = counts.get(ctype, 0) + 1
        if (name, ctype) in seen:
            errors.append(
                rule_error(
                    (*path, i, "name"),
                    "command_duplicate",
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    f"Application command names must be unique ({name})",
                )
            )
        seen.add((name, ctype))
        if ctype == 1:
            errors.extend(_check_chat_input(cmd, (*path, i)))
            if _command_size(cmd) > 4000:
                errors.append(
                    rule_error(
                        (*path, i),
                        "command_size",
                        "APPLICATION_COMMAND_TOO_LARGE",
                        "Command exceeds maximum size (4000)",
                    )
                )
    for ctype, limit in ((1, 100), (2, 5), (3, 5)):
        if counts.get(ctype, 0) > limit:
            errors.append(too_long(path, "command_count", limit))
    return errors


def _check_name(name: Any, path: Path) -> list[FieldError]:
    if not isinstance(name, str) or not _NAME.match(name) or name != name.lower():
        return [
            rule_error(
                path,
                "command_name",
                "APPLICATION_COMMAND_INVALID_NAME",
                f"Command name is invalid: {name!r}",
            )
        ]
    return []


def _check_localizations(
    obj: dict[str, Any], path: Path, *, names: bool = True
) -> list[FieldError]:
    """A command's, option's or choice's translations: keyed by Discord's locales only, and a
    translated name obeys the name rule (a choice's name excepted)."""
    errors: list[FieldError] = []
    for key in ("name_localizations", "description_localizations"):
        found = obj.get(key)
        if not isinstance(found, dict):
            continue
        for locale, text in found.items():
            if locale not in DISCORD_LOCALES:
                errors.append(
                    rule_error(
                        (*path, key, locale),
                        "command_locale",
                        "ENUM_TYPE_COERCE",
                        f'Value "{locale}" is not a valid enum value.',
                    )
                )
            elif key == "name_localizations" and names:
                errors.extend(_check_name(text, (*path, key)))
    return errors


def _check_chat_input(cmd: dict[str, Any], path: Path) -> list[FieldError]:
    errors = _check_name(cmd.get("name"), (*path, "name"))
    errors.extend(_check_localizations(cmd, path))
    if not cmd.get("description"):
        errors.append(
            rule_error(
                (*path, "description"),
                "command_description",
                "BASE_TYPE_REQUIRED",
                "This field is required",
            )
        )
    errors.extend(_check_options(cmd.get("options") or [], (*path, "options")))
    return errors


def _check_options(options: list[Any], path: Path) -> list[FieldError]:
    errors: list[FieldError] = []
    names: set[object] = set()
    optional_seen = False
    kinds = {o.get("type") in (1, 2) for o in options if isinstance(o, dict)}
    if len(kinds) > 1:
        errors.append(
            rule_error(
                path,
                "command_options",
                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                "Sub-commands and groups cannot be mixed with other options",
            )
        )
    for j, opt in enumerate(options):
        if not isinstance(opt, dict):
            continue
        opath = (*path, j)
        errors.extend(_check_name(opt.get("name"), (*opath, "name")))
        errors.extend(_check_localizations(opt, opath))
        for k, choice in enumerate(opt.get("choices") or []):
            if isinstance(choice, dict):
                errors.extend(_check_localizations(choice, (*opath, "choices", k), names=False))
        if opt.get("name") in names:
            errors.append(
                rule_error(
                    (*opath, "name"),
                    "command_options",
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                    "Option names must be unique",
                )
            )
        names.add(opt.get("name"))
        if opt.get("type") in (1, 2):
            errors.extend(_check_options(opt.get("options") or [], (*opath, "options")))
            continue
        if opt.get("required"):
            if optional_seen:
                errors.append(
                    rule_error(
                        (*opath, "required"),
                        "command_options",
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
                )
        else:
            optional_seen = True
        if opt.get("choices") and opt.get("autocomplete"):
            errors.append(
                rule_error(
                    (*opath, "autocomplete"),
                    "command_options",
                    "AUTOCOMPLETE_CHOICES_EXCLUSIVE",
                    "Autocomplete cannot be set with choices",
                )
            )
        lo, hi = opt.get("min_value"), opt.get("max_value")
        if isinstance(lo, (int, float)) and isinstance(hi, (int, float)) and lo > hi:
            errors.append(
                rule_error(
                    (*opath, "min_value"),
                    "command_options",
                    "NUMBER_TYPE_MIN",
                    "min_value exceeds max_value",
                )
            )
    return errors


def _command_size(cmd: dict[str, Any]) -> int:
    """Characters of names, descriptions and choice values, counting each name and description
    at its longest translation (as Discord counts the 4000)."""
    total = _longest(cmd, "name") + _longest(cmd, "description")
    for opt in cmd.get("options") or []:
        if isinstance(opt, dict):
            total += _command_size(opt)
            for choice in opt.get("choices") or []:
                total += _longest(choice, "name") + len(str(choice.get("value", "")))
    return total


def _longest(obj: dict[str, Any], key: str) -> int:
    texts = [str(obj.get(key) or "")]
    found = obj.get(f"{key}_localizations")
    if isinstance(found, dict):
        texts.extend(str(t) for t in found.values())
    return max(len(t) for t in texts)
