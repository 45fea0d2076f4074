"""Request bodies to stored messages: JSON or multipart parsing, attachments, normalisation.

Discord rewrites what a bot sends before storing it (component ids, ``attachment://`` urls to
CDN urls, sniffed image sizes); the fake does the same so the bot reads back what it would
read from Discord.
"""

from __future__ import annotations

import json
import mimetypes
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from aiohttp import web

from . import rules
from .errors import DiscordError
from .models import (
    FLAG_EPHEMERAL,
    FLAG_HAS_THREAD,
    FLAG_LOADING,
    Attachment,
    Message,
    clone,
    walk_components,
)
from .validate import FieldError

MAX_REQUEST_BYTES = 25 * 1024 * 1024
_FILE_FIELD = re.compile(r"^files?\[(\d+)\]$|^file(\d*)$")


@dataclass
class Upload:
    field: str
    index: int
    filename: str
    data: bytes


@dataclass
class Body:
    """A decoded request body; ``json`` is ``payload_json`` for multipart requests."""

    json: Any = None
    uploads: list[Upload] = field(default_factory=list)
    multipart: bool = False
    size: int = 0


async def read_body(request: web.Request) -> Body:
    """Decode JSON or multipart; refuse bodies discord.py would never send malformed."""
    if request.content_length and request.content_length > MAX_REQUEST_BYTES:
        raise DiscordError(
            413,
            40005,
            "Request entity too large",
            rule="request_size",
            detail=f"request body of {request.content_length} bytes exceeds 25 MiB",
        )
    header = request.headers.get("Content-Type", "")
    kind, _, params = header.partition(";")
    kind = kind.strip().lower() or "application/octet-stream"
    if kind == "multipart/form-data":
        return await _read_multipart(request, _params(params).get("boundary", ""))
    raw = await request.read()
    if not raw:
        return Body()
    if kind != "application/json":
        raise DiscordError(
            400,
            50109,
            "The request body contains invalid JSON.",
            rule="content_type",
            detail=f"body sent as {kind!r}, not application/json",
        )
    return Body(json=_loads(raw), size=len(raw))


def _loads(raw: bytes | str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        raise DiscordError(
            400, 50109, "The request body contains invalid JSON.", rule="invalid_json"
        ) from None


#: a header parameter: name=token or name="quoted string" (RFC 9110 section 5.6.6)
_PARAM = re.compile(
    r'\s*([!#$%&\'*+.^_`|~0-9A-Za-z-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;\s]*)\s*(?:;|$)'
)


def _params(text: str) -> dict[str, str]:
    """A header's parameters after its first value (names lower-cased, quotes undone)."""
    found: dict[str, str] = {}
    for match in _PARAM.finditer(text):
        name, value = match.group(1).lower(), match.group(2)
        if value.startswith('"'):
            value = re.sub(r"\\(.)", r"\1", value[1:-1])
        found[name] = value
    return found


async def _read_multipart(request: web.Request, boundary_text: str) -> Body:
    if not boundary_text:
        raise _malformed("multipart body without a boundary")
    boundary = boundary_text.encode("latin-1", "replace")
    raw = await request.read()
    body = Body(multipart=True, size=len(raw))
    if body.size > MAX_REQUEST_BYTES:
        raise DiscordError(
            413,
            40005,
            "Request entity too large",
            rule="request_size",
            detail="multipart body exceeds 25 MiB",
        )
    for name, filename, data in _parts(raw, boundary):
        if name == "payload_json":
            body.json = _loads(data)
            continue
        match = _FILE_FIELD.match(name)
        if match is None:
            continue
        index = int(match.group(1) or match.group(2) or 0)
        body.uploads.append(
            Upload(field=name, index=index, filename=filename or f"file{index}", data=data)
        )
    return body


def _malformed(detail: str) -> DiscordError:
    return DiscordError(400, 50035, "Invalid Form Body", rule="multipart", detail=detail)


def _parts(raw: bytes, boundary: bytes) -> list[tuple[str, str | None, bytes]]:
    """(field name, file name, content) of each part of a multipart/form-data body (RFC 7578):
    the whole body is in memory, so each part is found with one search for the next
    delimiter instead of a scan in small chunks."""
    delimiter = b"--" + boundary
    if not raw.startswith(delimiter):
        raise _malformed("the body does not start with its boundary")
    parts = []
    at = len(delimiter)
    while not raw.startswith(b"--", at):  # "--" after a delimiter closes the body
        head_end = raw.find(b"\r\n\r\n", at)
        if not raw.startswith(b"\r\n", at) or head_end < 0:
            raise _malformed("a part without its headers")
        end = raw.find(b"\r\n" + delimiter, head_end + 4)
        if end < 0:
            raise _malformed("a part that never ends (no closing boundary)")
        name, filename = _disposition(raw[at + 2 : head_end])
        parts.append((name, filename, raw[head_end + 4 : end]))
        at = end + 2 + len(delimiter)
    return parts


def _disposition(head: bytes) -> tuple[str, str | None]:
    """The field name and file name of a part, from its Content-Disposition header."""
    for line in head.decode("utf-8", "replace").split("\r\n"):
        key, _, value = line.partition(":")
        if key.strip().lower() != "content-disposition":
            continue
        kind, _, rest = value.partition(";")
        if kind.strip().lower() != "form-data":
            break
        params = _params(rest)
        filename = params.get("filename")
        extended = params.get("filename*", "")
        if extended.count("'") >= 2:  # RFC 5987: charset'language'percent-encoded
            charset, _language, encoded = extended.split("'", 2)
            filename = unquote(encoded, encoding=charset or "utf-8")
        return params.get("name", ""), filename
    raise _malformed("a part without a form-data Content-Disposition")


def sniff(data: bytes, filename: str) -> tuple[str | None, int | None, int | None]:
    """Content type and pixel size, as Discord reports them for uploaded images."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        return "image/png", int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return (
            "image/gif",
            int.from_bytes(data[6:8], "little"),
            int.from_bytes(data[8:10], "little"),
        )
    if data[:3] == b"\xff\xd8\xff":
        return "image/jpeg", None, None
    guessed, _ = mimetypes.guess_type(filename)
    return guessed, None, None


@dataclass
class Draft:
    """What a create or edit will set, plus anything wrong with it."""

    fields: dict[str, Any]
    attachments: list[Attachment] | None
    errors: list[FieldError]
    allowed_mentions: dict[str, Any] | None = None


class MessageBuilder:
    """Turns validated bodies into message state; shared by channel and interaction routes."""

    def __init__(self, new_id: Callable[[], int], cdn_url: Callable[[int, int, str], str]) -> None:
        self._new_id = new_id
        self._cdn_url = cdn_url

    def draft(
        self,
        payload: dict[str, Any],
        uploads: list[Upload],
        *,
        channel_id: int,
        allowed_flags: int,
        size_limit: int,
        existing: Message | None = None,
        prefix: tuple[str | int, ...] = (),
        ephemeral: bool = False,
    ) -> Draft:
        errors = rules.check_message(
            payload, allowed_flags=allowed_flags, prefix=prefix, file_count=len(uploads)
        )
        for up in uploads:
            if len(up.data) > size_limit:
                raise DiscordError(
                    413,
                    40005,
                    "Request entity too large",
                    rule="file_size",
                    detail=f"{up.filename} is {len(up.data)} bytes; the limit is {size_limit}",
                )
        attachments, att_errors = self._attachments(
            payload, uploads, existing, channel_id, ephemeral, prefix
        )
        errors.extend(att_errors)
        fields: dict[str, Any] = {}
        if "content" in payload:
            fields["content"] = payload["content"] or ""
        if "embeds" in payload:
            embeds = payload["embeds"] or []
            names = {a.filename: a for a in (attachments or [])}
            for path, name in rules.attachment_refs(embeds):
                if name not in names:
                    errors.append(
                        FieldError(
                            (*prefix, "embeds", *path),
                            "EMBED_ATTACHMENT_NOT_FOUND",
                            f"attachment://{name} matches no file of this message",
                            "attachment_reference",
                        )
                    )
            fields["embeds"] = [_normalise_embed(e, names) for e in embeds if isinstance(e, dict)]
        if "components" in payload:
            fields["components"] = assign_component_ids(payload["components"] or [])
        if payload.get("flags") is not None:
            fields["flags"] = payload["flags"]
        if "tts" in payload:
            fields["tts"] = bool(payload["tts"])
        mentions = payload.get("allowed_mentions")
        return Draft(
            fields=fields,
            attachments=attachments,
            errors=errors,
            allowed_mentions=mentions if isinstance(mentions, dict) else None,
        )

    def _attachments(
        self,
        payload: dict[str, Any],
        uploads: list[Upload],
        existing: Message | None,
        channel_id: int,
        ephemeral: bool,
        prefix: tuple[str | int, ...],
    ) -> tuple[list[Attachment] | None, list[FieldError]]:
        errors: list[FieldError] = []
        current = list(existing.attachments) if existing is not None else []
        by_index = {u.index: u for u in uploads}
        listed = payload.get("attachments")
        if listed is None:
            if not uploads:
                return (None if existing is not None else []), errors
            return current + [self._store(u, channel_id, ephemeral, None) for u in uploads], errors
        out: list[Attachment] = []
        used: set[int] = set()
        for i, entry in enumerate(listed):
            if not isinstance(entry, dict):
                continue
            try:
                aid = int(entry.get("id"))  # type: ignore[arg-type]
            except (TypeError, ValueError):
                continue
            if aid in by_index and aid not in used:
                used.add(aid)
                out.append(self._store(by_index[aid], channel_id, ephemeral, entry))
                continue
            kept = next((a for a in current if a.id == aid), None)
            if kept is None:
                errors.append(
                    FieldError(
                        (*prefix, "attachments", i, "id"),
                        "ATTACHMENT_NOT_FOUND",
                        f"Unknown attachment id {aid}",
                        "attachment_id",
                    )
                )
            else:
                out.append(kept)
        out.extend(
            self._store(u, channel_id, ephemeral, None) for u in uploads if u.index not in used
        )
        return out, errors

    def _store(
        self, upload: Upload, channel_id: int, ephemeral: bool, entry: dict[str, Any] | None
    ) -> Attachment:
        entry = entry or {}
        filename = entry.get("filename") or upload.filename
        content_type, width, height = sniff(upload.data, filename)
        aid = self._new_id()
        return Attachment(
            id=aid,
            filename=filename,
            content_type=content_type,
            size=len(upload.data),
            url=self._cdn_url(channel_id, aid, filename),
            data=upload.data,
            width=width,
            height=height,
            description=entry.get("description"),
            ephemeral=ephemeral,
        )


def _normalise_embed(embed: dict[str, Any], files: dict[str, Attachment]) -> dict[str, Any]:
    """Drop nulls, default the type, and resolve ``attachment://`` to the file's CDN url."""
    out = _drop_nulls(clone(embed))
    out.setdefault("type", "rich")
    for key in ("image", "thumbnail", "author", "footer"):
        part = out.get(key)
        if not isinstance(part, dict):
            continue
        for url_key in ("url", "icon_url"):
            url = part.get(url_key)
            if isinstance(url, str) and url.startswith("attachment://"):
                att = files.get(url[len("attachment://") :])
                if att is not None:
                    part[url_key] = att.url
                    part["proxy_url" if url_key == "url" else "proxy_icon_url"] = att.url
                    if key in ("image", "thumbnail") and att.width is not None:
                        part["width"], part["height"] = att.width, att.height
                        part["content_type"] = att.content_type
    return out


def _drop_nulls(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_nulls(v) for v in value]
    return value


def assign_component_ids(components: list[Any]) -> list[dict[str, Any]]:
    """Copy components, dropping nulls and numbering those without an ``id`` as Discord does."""
    out = [_drop_nulls(c) for c in components if isinstance(c, dict)]
    used = {c["id"] for c in walk_components(out) if isinstance(c.get("id"), int)}
    counter = 0
    for comp in walk_components(out):
        if isinstance(comp.get("id"), int):
            continue
        counter += 1
        while counter in used:
            counter += 1
        comp["id"] = counter
        if comp.get("type") in (3, 5, 6, 7, 8):
            comp.setdefault("min_values", 1)
            comp.setdefault("max_values", 1)
    return out


# Flags Discord sets itself; a body's ``flags`` never adds or removes them.
MANAGED_FLAGS = FLAG_EPHEMERAL | FLAG_LOADING | FLAG_HAS_THREAD


def apply_draft(message: Message, draft: Draft) -> None:
    """Write a draft onto a message; flags Discord manages itself are preserved."""
    fields = draft.fields
    if "content" in fields:
        message.content = fields["content"]
    if "embeds" in fields:
        message.embeds = fields["embeds"]
    if "components" in fields:
        message.components = fields["components"]
    if "flags" in fields:
        message.flags = (message.flags & MANAGED_FLAGS) | (fields["flags"] & ~MANAGED_FLAGS)
    if "tts" in fields:
        message.tts = fields["tts"]
    if draft.attachments is not None:
        message.attachments = draft.attachments


def is_empty(message: Message) -> bool:
    return not (message.content or message.embeds or message.attachments or message.components)
