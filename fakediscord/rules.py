"""Discord's platform rules that the OpenAPI schema does not capture (or that matter so much
they are checked even when the spec file is absent).

Each check returns ``FieldError`` values tagged with a rule name; the server turns them into
one ``50035 Invalid Form Body`` reply and one violation per error, as Discord would refuse
the request.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .emoji import emoji_problem
from .models import FLAG_COMPONENTS_V2, FLAG_EPHEMERAL, walk_components
from .validate import FieldError

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_FILES = 10
MAX_ACTION_ROWS = 5
MAX_ROW_WIDTH = 5
MAX_V2_COMPONENTS = 40
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
#: an attachment's description (its alt text, read aloud by screen readers)
MAX_ATTACHMENT_DESCRIPTION = 1024

FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
CREATE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2
INTERACTION_FLAGS = CREATE_FLAGS | FLAG_EPHEMERAL
EDIT_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2

_SELECT_TYPES = (3, 5, 6, 7, 8)
_INTERACTIVE = (2, *_SELECT_TYPES)

Path = tuple[str | int, ...]


def rule_error(path: Path, rule: str, code: str, message: str) -> FieldError:
    return FieldError(path, code, message, rule)


def too_long(path: Path, rule: str, limit: int) -> FieldError:
    return rule_error(path, rule, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def check_message(
    body: dict[str, Any], *, allowed_flags: int, prefix: Path = (), file_count: int = 0
) -> list[FieldError]:
    """Content, embed, flag, file-count and component rules for a message body."""
    errors: list[FieldError] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        errors.append(too_long((*prefix, "content"), "content_length", MAX_CONTENT))
    embeds = body.get("embeds") or []
    if isinstance(embeds, list):
        errors.extend(check_embeds(embeds, (*prefix, "embeds")))
    mentions = body.get("allowed_mentions")
    if isinstance(mentions, dict):
        errors.extend(check_allowed_mentions(mentions, (*prefix, "allowed_mentions")))
    flags = body.get("flags") or 0
    if isinstance(flags, int) and flags & ~allowed_flags:
        errors.append(
            rule_error(
                (*prefix, "flags"),
                "message_flags",
                "MESSAGE_FLAGS_INVALID",
                f"Flags {flags & ~allowed_flags} cannot be set here.",
            )
        )
    if file_count > MAX_FILES:
        errors.append(too_long((*prefix, "files"), "file_count", MAX_FILES))
    attachments = body.get("attachments")
    if isinstance(attachments, list):
        if len(attachments) > MAX_FILES:
            errors.append(too_long((*prefix, "attachments"), "file_count", MAX_FILES))
        errors.extend(check_attachment_descriptions(attachments, (*prefix, "attachments")))
    components = body.get("components")
    if isinstance(components, list):
        v2 = isinstance(flags, int) and bool(flags & FLAG_COMPONENTS_V2)
        errors.extend(check_components(components, (*prefix, "components"), v2=v2))
        if v2 and (content or embeds):
            errors.append(
                rule_error(
                    (*prefix, "content"),
                    "components_v2",
                    "MESSAGE_CONTENT_INVALID",
                    "Messages with IS_COMPONENTS_V2 cannot have content or embeds.",
                )
            )
    return errors


def check_attachment_descriptions(attachments: list[Any], path: Path) -> list[FieldError]:
    """An attachment's description is a string (or null) of at most 1,024 characters."""
    errors: list[FieldError] = []
    for i, entry in enumerate(attachments):
        if not isinstance(entry, dict) or entry.get("description") is None:
            continue
        text = entry["description"]
        where = (*path, i, "description")
        if not isinstance(text, str):
            errors.append(
                rule_error(
                    where,
                    "attachment_description",
                    "BASE_TYPE_STRING",
                    "Could not interpret the value as string.",
                )
            )
        elif len(text) > MAX_ATTACHMENT_DESCRIPTION:
            errors.append(too_long(where, "attachment_description", MAX_ATTACHMENT_DESCRIPTION))
    return errors


def embed_length(embed: dict[str, Any]) -> int:
    """Characters Discord counts towards the 6000 limit."""
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    for f in embed.get("fields") or []:
        total += len(f.get("name") or "") + len(f.get("value") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    return total


def check_embeds(embeds: list[Any], path: Path) -> list[FieldError]:
    errors: list[FieldError] = []
    if len(embeds) > MAX_EMBEDS:
        errors.append(too_long(path, "embed_count", MAX_EMBEDS))
    total = 0
    limits = {"title": 256, "description": 4096}
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            continue
        for key, limit in limits.items():
            if len(embed.get(key) or "") > limit:
                errors.append(too_long((*path, i, key), "embed_limits", limit))
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.append(too_long((*path, i, "fields"), "embed_limits", 25))
        for j, fld in enumerate(fields):
            if not isinstance(fld, dict):
                continue
            for key, limit in (("name", 256), ("value", 1024)):
                text = fld.get(key)
                if not isinstance(text, str) or not text.strip():
                    errors.append(
                        rule_error(
                            (*path, i, "fields", j, key),
                            "embed_field_empty",
                            "BASE_TYPE_REQUIRED",
                            "This field is required",
                        )
                    )
                elif len(text) > limit:
                    errors.append(too_long((*path, i, "fields", j, key), "embed_limits", limit))
        for key, sub, limit in (("footer", "text", 2048), ("author", "name", 256)):
            part = embed.get(key)
            if isinstance(part, dict) and len(part.get(sub) or "") > limit:
                errors.append(too_long((*path, i, key, sub), "embed_limits", limit))
        total += embed_length(embed)
    if total > MAX_EMBED_TOTAL:
        errors.append(
            rule_error(
                path,
                "embed_size",
                "MAX_EMBED_SIZE_EXCEEDED",
                f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}",
            )
        )
    return errors


def check_allowed_mentions(mentions: dict[str, Any], path: Path) -> list[FieldError]:
    """``parse`` and an explicit id list of the same kind exclude each other; <= 100 ids."""
    errors: list[FieldError] = []
    parse = mentions.get("parse") or []
    for kind in ("users", "roles"):
        ids = mentions.get(kind) or []
        if kind in parse and ids:
            errors.append(
                rule_error(
                    (*path, "parse"),
                    "allowed_mentions",
                    "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                    f'parse:["{kind}"] and {kind}: [ids] are mutually exclusive.',
                )
            )
        if len(ids) > 100:
            errors.append(too_long((*path, kind), "allowed_mentions", 100))
    return errors


def _check_emoji(comp: dict[str, Any], path: Path) -> list[FieldError]:
    if "emoji" not in comp or comp["emoji"] is None:
        return []
    problem = emoji_problem(comp["emoji"])
    if problem is None:
        return []
    key, code, message = problem
    where = (*path, "emoji", key) if key else (*path, "emoji")
    return [rule_error(where, "component_emoji", code, message)]


def check_components(components: list[Any], path: Path, *, v2: bool) -> list[FieldError]:
    """Layout limits, then per-component limits, then custom id uniqueness."""
    errors: list[FieldError] = []
    if v2:
        count = sum(1 for _ in walk_components([c for c in components if isinstance(c, dict)]))
        if count > MAX_V2_COMPONENTS:
            errors.append(too_long(path, "component_count", MAX_V2_COMPONENTS))
    else:
        if len(components) > MAX_ACTION_ROWS:
            errors.append(too_long(path, "action_rows", MAX_ACTION_ROWS))
        for i, row in enumerate(components):
            if not isinstance(row, dict):
                continue
            if row.get("type") != 1:
                errors.append(
                    rule_error(
                        (*path, i, "type"),
                        "components_v2",
                        "COMPONENT_TYPE_INVALID",
                        "Top-level components must be action rows unless the "
                        "IS_COMPONENTS_V2 flag is set.",
                    )
                )
                continue
            errors.extend(_check_row(row, (*path, i)))
    seen: dict[str, Path] = {}
    for comp, cpath in _walk_with_paths(components, path):
        if comp.get("type") == 2:
            errors.extend(_check_button(comp, cpath))
        elif comp.get("type") in _SELECT_TYPES:
            errors.extend(_check_select(comp, cpath))
        cid = comp.get("custom_id")
        if isinstance(cid, str) and comp.get("type") in _INTERACTIVE:
            if cid in seen:
                errors.append(
                    rule_error(
                        (*cpath, "custom_id"),
                        "custom_id_unique",
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        "Component custom id cannot be duplicated",
                    )
                )
            seen[cid] = cpath
    return errors


def _walk_with_paths(
    components: Sequence[Any], path: Path
) -> Iterable[tuple[dict[str, Any], Path]]:
    for i, comp in enumerate(components):
        if not isinstance(comp, dict):
            continue
        yield comp, (*path, i)
        children = comp.get("components")
        if isinstance(children, list):
            yield from _walk_with_paths(children, (*path, i, "components"))
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield comp[key], (*path, i, key)


def _check_row(row: dict[str, Any], path: Path) -> list[FieldError]:
    children = [c for c in row.get("components") or [] if isinstance(c, dict)]
    if not children:
        return [
            rule_error(
                (*path, "components"),
                "row_width",
                "BASE_TYPE_MIN_LENGTH",
                "Must be 1 or more in length.",
            )
        ]
    if len(children) > MAX_ROW_WIDTH:
        return [too_long((*path, "components"), "row_width", MAX_ROW_WIDTH)]
    if len(children) > 1 and any(c.get("type") in _SELECT_TYPES for c in children):
        return [
            rule_error(
                (*path, "components"),
                "row_width",
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        ]
    return []


def _check_custom_id(comp: dict[str, Any], path: Path) -> list[FieldError]:
    cid = comp.get("custom_id")
    if not isinstance(cid, str):
        return []
    if len(cid) > MAX_CUSTOM_ID:
        return [too_long((*path, "custom_id"), "custom_id_length", MAX_CUSTOM_ID)]
    if not cid:
        return [
            rule_error(
                (*path, "custom_id"),
                "custom_id_length",
                "BASE_TYPE_MIN_LENGTH",
                "Must be 1 or more in length.",
            )
        ]
    return []


def _check_button(comp: dict[str, Any], path: Path) -> list[FieldError]:
    errors = _check_custom_id(comp, path) + _check_emoji(comp, path)
    style = comp.get("style")
    label = comp.get("label")
    if isinstance(label, str) and len(label) > MAX_BUTTON_LABEL:
        errors.append(too_long((*path, "label"), "button_label", MAX_BUTTON_LABEL))
    if style == 5:
        if not comp.get("url"):
            errors.append(
                rule_error(
                    (*path, "url"), "button_shape", "BASE_TYPE_REQUIRED", "This field is required"
                )
            )
        if comp.get("custom_id") is not None:
            errors.append(
                rule_error(
                    (*path, "custom_id"),
                    "button_shape",
                    "BUTTON_CUSTOM_ID_INVALID",
                    "A link button cannot have a custom id",
                )
            )
    elif style == 6:
        if not comp.get("sku_id"):
            errors.append(
                rule_error(
                    (*path, "sku_id"),
                    "button_shape",
                    "BASE_TYPE_REQUIRED",
                    "This field is required",
                )
            )
    else:
        if comp.get("custom_id") is None:
            errors.append(
                rule_error(
                    (*path, "custom_id"),
                    "button_shape",
                    "BASE_TYPE_REQUIRED",
                    "This field is required",
                )
            )
        if not label and not comp.get("emoji"):
            errors.append(
                rule_error(
                    (*path, "label"),
                    "button_shape",
                    "BUTTON_LABEL_REQUIRED",
                    "A button needs a label or an emoji",
                )
            )
    return errors


def _check_select(comp: dict[str, Any], path: Path) -> list[FieldError]:
    errors = _check_custom_id(comp, path)
    placeholder = comp.get("placeholder")
    if isinstance(placeholder, str) and len(placeholder) > MAX_PLACEHOLDER:
        errors.append(too_long((*path, "placeholder"), "select_placeholder", MAX_PLACEHOLDER))
    min_v = comp.get("min_values")
    max_v = comp.get("max_values")
    min_v = 1 if min_v is None else min_v
    max_v = 1 if max_v is None else max_v
    if comp.get("type") != 3:
        if isinstance(min_v, int) and isinstance(max_v, int) and min_v > max_v:
            errors.append(
                rule_error(
                    (*path, "min_values"),
                    "select_values",
                    "SELECT_MIN_MAX_INVALID",
                    "min_values must not exceed max_values",
                )
            )
        return errors
    options = comp.get("options") or []
    if len(options) > MAX_SELECT_OPTIONS:
        errors.append(too_long((*path, "options"), "select_options", MAX_SELECT_OPTIONS))
    if not options:
        errors.append(
            rule_error(
                (*path, "options"),
                "select_options",
                "BASE_TYPE_MIN_LENGTH",
                "Must be 1 or more in length.",
            )
        )
    values: set[object] = set()
    defaults = 0
    for j, opt in enumerate(options):
        if not isinstance(opt, dict):
            continue
        errors.extend(_check_emoji(opt, (*path, "options", j)))
        for key in ("label", "value", "description"):
            text = opt.get(key)
            if isinstance(text, str) and len(text) > MAX_OPTION_TEXT:
                errors.append(
                    too_long((*path, "options", j, key), "select_option_length", MAX_OPTION_TEXT)
                )
        value = opt.get("value")
        if value in values:
            errors.append(
                rule_error(
                    (*path, "options", j, "value"),
                    "select_option_unique",
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    "Select component option values must be unique",
                )
            )
        values.add(value)
        defaults += bool(opt.get("default"))
    if isinstance(min_v, int) and isinstance(max_v, int):
        if min_v > max_v or max_v > max(len(options), 1):
            errors.append(
                rule_error(
                    (*path, "max_values"),
                    "select_values",
                    "SELECT_MIN_MAX_INVALID",
                    "min_values <= max_values <= number of options is required",
                )
            )
        if defaults > max_v:
            errors.append(
                rule_error(
                    (*path, "options"),
                    "select_values",
                    "SELECT_DEFAULTS_INVALID",
                    "More default options than max_values",
                )
            )
    return errors


def attachment_refs(embeds: Iterable[Any]) -> list[tuple[Path, str]]:
    """(path, filename) of every ``attachment://`` url in a list of embeds."""
    out: list[tuple[Path, str]] = []
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            continue
        for key in ("image", "thumbnail", "author", "footer"):
            part = embed.get(key)
            if not isinstance(part, dict):
                continue
            for url_key in ("url", "icon_url"):
                url = part.get(url_key)
                if isinstance(url, str) and url.startswith("attachment://"):
                    out.append(((i, key, url_key), url[len("attachment://") :]))
    return out


def check_modal(data: dict[str, Any], path: Path = ("data",)) -> list[FieldError]:
    """Modal layout: at most 5 top-level rows/labels, ids unique and within limits."""
    errors: list[FieldError] = []
    components = data.get("components") or []
    if len(components) > 5:
        errors.append(too_long((*path, "components"), "modal_components", 5))
    title = data.get("title")
    if isinstance(title, str) and len(title) > 45:
        errors.append(too_long((*path, "title"), "modal_title", 45))
    errors.extend(_check_custom_id(data, path))
    seen: set[str] = set()
    for comp, cpath in _walk_with_paths(components, (*path, "components")):
        if comp.get("type") == 4:
            errors.extend(_check_custom_id(comp, cpath))
            label = comp.get("label")
            if isinstance(label, str) and len(label) > 45:
                errors.append(too_long((*cpath, "label"), "modal_label", 45))
            lo, hi = comp.get("min_length"), comp.get("max_length")
            if isinstance(lo, int) and isinstance(hi, int) and lo > hi:
                errors.append(
                    rule_error(
                        (*cpath, "min_length"),
                        "modal_text_input",
                        "TEXT_INPUT_LENGTH_INVALID",
                        "min_length exceeds max_length",
                    )
                )
        elif comp.get("type") in _SELECT_TYPES:
            errors.extend(_check_select(comp, cpath))
        cid = comp.get("custom_id")
        if isinstance(cid, str):
            if cid in seen:
                errors.append(
                    rule_error(
                        (*cpath, "custom_id"),
                        "custom_id_unique",
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        "Component custom id cannot be duplicated",
                    )
                )
            seen.add(cid)
    return errors


def check_choices(choices: Any, option_type: int | None, path: Path) -> list[FieldError]:
    """Autocomplete results: at most 25, names 1-100, values of the option's type."""
    errors: list[FieldError] = []
    if not isinstance(choices, list):
        return errors
    if len(choices) > 25:
        errors.append(too_long(path, "autocomplete_choices", 25))
    for i, choice in enumerate(choices):
        if not isinstance(choice, dict):
            continue
        name = choice.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            errors.append(
                rule_error(
                    (*path, i, "name"),
                    "autocomplete_choices",
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                )
            )
        value = choice.get("value")
        ok = {
            3: isinstance(value, str) and len(value) <= 100,
            4: isinstance(value, int) and not isinstance(value, bool),
            10: isinstance(value, (int, float)) and not isinstance(value, bool),
        }.get(option_type or 3, True)
        if not ok:
            errors.append(
                rule_error(
                    (*path, i, "value"),
                    "autocomplete_choices",
                    "BASE_TYPE_BAD_TYPE",
                    "Choice value does not match the option type.",
                )
            )
    return errors
