"""Keeping an emulated world between runs: one JSON file plus a folder of uploaded files.

``WorldFile(path).restore(fake)`` puts a saved world back into a fresh, started ``FakeDiscord``
before any bot connects: the same users, servers, roles, members, channels, threads, DMs and
messages (content, embeds, components and attachments as stored), under the same ids, with the
id counter carried on, so a bot whose own database names those ids finds everything again.
``watch(fake)`` then writes the world after every change, at most every ``delay`` seconds,
atomically (a temporary file renamed over the old one); ``close()`` writes the last changes.

Uploaded files (board pictures) are kept once each in ``<name>.files/`` beside the JSON file;
urls of the emulator's CDN are stored without its port, which changes from run to run.
Slash commands are not kept: a bot syncs them when it starts.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import dataclasses
import json
import logging
import os
import secrets
import tempfile
from collections.abc import Callable, Mapping, MutableMapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from .models import Attachment, Channel, Member, Message, Role, User
from .state import Guild

if TYPE_CHECKING:
    from .surface import WorldHolder

_K = TypeVar("_K")
_V = TypeVar("_V")
log = logging.getLogger(__name__)

FORMAT = 1
CDN = "/cdn/"


class WorldFileError(Exception):
    """The saved world cannot be read back (damaged, or written by another format)."""


class WorldFile:
    """A saved world at ``path``; its files live in the folder ``files`` (default beside it)."""

    def __init__(self, path: Path, files: Path | None = None, *, delay: float = 0.5) -> None:
        self.path = Path(path)
        self.files = Path(files) if files is not None else _files_beside(self.path)
        self.delay = delay
        self._fake: WorldHolder | None = None
        self._unobserve: Callable[[], None] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._writing: asyncio.Task[None] | None = None
        self._dirty = False
        self._written: set[int] = set()

    @classmethod
    def beside(cls, database: Path, **options: Any) -> WorldFile:
        """``data/sandbox.sqlite3`` keeps its world in ``data/sandbox.world.json``."""
        database = Path(database)
        return cls(database.with_name(f"{database.stem}.world.json"), **options)

    def exists(self) -> bool:
        return self.path.is_file()

    # reading ------------------------------------------------------------------------------------

    def restore(self, fake: WorldHolder) -> list[Guild]:
        """Replace ``fake``'s world with the saved one; returns its servers, oldest first."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as err:
            raise WorldFileError(f"{self.path} cannot be read: {err}") from err
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise WorldFileError(f"{self.path} is not a saved world (format {FORMAT})")
        try:
            return self._restore(fake, data)
        except (KeyError, TypeError, ValueError) as err:
            raise WorldFileError(f"{self.path} is damaged: {err!r}") from err

    def _restore(self, fake: WorldHolder, data: dict[str, Any]) -> list[Guild]:
        world = fake.world
        codec = _Codec(fake.base_url)
        users = {int(u["id"]): _build(User, u, codec) for u in data["users"]}
        codec.users = users
        codec.files = self._read_files(data["files"], codec)
        channels = {int(c["id"]): _build(Channel, c, codec) for c in data["channels"]}
        messages = {int(m["id"]): _build(Message, m, codec) for m in data["messages"]}
        guilds = [_guild(g, codec) for g in data["guilds"]]
        order = {int(k): [int(i) for i in v] for k, v in data["channel_messages"].items()}
        for cid in channels:
            order.setdefault(cid, [])
        bot_user = users[int(data["bot_user"])]
        owner = users[int(data["application_owner"])]
        kept_order = {cid: [m for m in ids if m in messages] for cid, ids in order.items()}
        # in place: the emulator's parts hold these very dicts
        _replace(world.users, users)
        _replace(world.guilds, {g.id: g for g in guilds})
        _replace(world.channels, channels)
        _replace(world.messages, messages)
        _replace(world.channel_messages, kept_order)
        _replace(world.dm_channels, {int(k): int(v) for k, v in data["dm_channels"].items()})
        world.commands.clear()
        world.bot_user, world.application_owner = bot_user, owner
        world.application_id = int(data["application_id"])
        world.bot_token = _token(world.bot_user.id)
        world.clock_offset = float(data.get("clock_offset", 0.0))
        world.last_id = max(world.last_id, int(data["last_id"]))
        for att in codec.files.values():
            fake.attachments[att.id] = att
        self._written = set(codec.files)
        self._forget_unused(set(codec.files))
        return guilds

    def _read_files(self, entries: list[dict[str, Any]], codec: _Codec) -> dict[int, Attachment]:
        files: dict[int, Attachment] = {}
        for entry in entries:
            aid = int(entry["id"])
            try:
                blob = (self.files / str(aid)).read_bytes()
            except OSError:
                log.warning("the saved file %s (%s) is missing", aid, entry.get("filename"))
                continue
            files[aid] = _build(Attachment, entry, codec, data=blob)
        return files

    def _forget_unused(self, kept: set[int]) -> None:
        with contextlib.suppress(OSError):
            for path in self.files.iterdir():
                if not (path.name.isdigit() and int(path.name) in kept):
                    path.unlink()

    # writing ------------------------------------------------------------------------------------

    def snapshot(self, fake: WorldHolder) -> tuple[str, dict[int, bytes]]:
        """The world as JSON text, and the files not written yet (id -> bytes)."""
        world = fake.world
        codec = _Codec(fake.base_url)
        messages = list(world.messages.values())
        files = {a.id: a for m in messages for a in m.attachments}
        data = {
            "format": FORMAT,
            "last_id": world.last_id,
            "application_id": world.application_id,
            "bot_user": world.bot_user.id,
            "application_owner": world.application_owner.id,
            "clock_offset": world.clock_offset,
            "users": [_fields(u, codec) for u in world.users.values()],
            "guilds": [_guild_data(g, codec) for g in world.guilds.values()],
            "channels": [_fields(c, codec) for c in world.channels.values()],
            "dm_channels": {str(k): v for k, v in world.dm_channels.items()},
            "channel_messages": {str(k): v for k, v in world.channel_messages.items()},
            "messages": [_fields(m, codec) for m in messages],
            "files": [_fields(a, codec, skip=("data",)) for a in files.values()],
        }
        fresh = {aid: a.data for aid, a in files.items() if aid not in self._written}
        return json.dumps(data, separators=(",", ":")), fresh

    def save(self, fake: WorldHolder) -> None:
        """Write the world now (blocking); see ``watch`` for saving as it changes."""
        self._write(*self.snapshot(fake))

    def _write(self, text: str, fresh: dict[int, bytes]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if fresh:
            self.files.mkdir(parents=True, exist_ok=True)
        for aid, blob in fresh.items():
            _atomic_write(self.files / str(aid), blob)
            self._written.add(aid)
        _atomic_write(self.path, text.encode("utf-8"))

    def watch(self, fake: WorldHolder) -> None:
        """Save ``fake``'s world after each change (debounced) until ``close()``."""
        self._fake = fake
        self._unobserve = fake.observe(self._changed)

    def _changed(self, kind: str, subject: Any) -> None:
        if kind == "violation":
            return
        self._dirty = True
        if self._timer is None and (self._writing is None or self._writing.done()):
            self._timer = asyncio.get_running_loop().call_later(self.delay, self._flush_later)

    def _flush_later(self) -> None:
        self._timer = None
        self._writing = asyncio.ensure_future(self._flush())

    async def _flush(self) -> None:
        if self._fake is None or not self._dirty:
            return
        self._dirty = False
        text, fresh = self.snapshot(self._fake)
        try:
            await asyncio.to_thread(self._write, text, fresh)
        except OSError as err:
            log.error("could not save the sandbox's world to %s: %s", self.path, err)
        if self._dirty and self._timer is None:  # changed while writing
            self._timer = asyncio.get_running_loop().call_later(self.delay, self._flush_later)

    async def close(self) -> None:
        """Stop watching and write what changed since the last save."""
        if self._unobserve is not None:
            self._unobserve()
            self._unobserve = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._writing is not None:
            await self._writing
        await self._flush()
        self._fake = None


# encoding ---------------------------------------------------------------------------------------


class _Codec:
    """Plain JSON for the model objects' field values; references are stored as ids.

    Tagged one-key objects stand for what JSON lacks: ``{"$t": iso}`` a time, ``{"$u": id}``
    a user, ``{"$f": id}`` a file, ``{"$s": [...]}`` a set, ``{"$cdn": path}`` a url of the
    emulator's CDN; ``{"$d": {...}}`` wraps a stored dict that would look like one of them.
    """

    def __init__(self, base_url: str) -> None:
        self.cdn = base_url + CDN
        self.base = base_url
        self.users: dict[int, User] = {}
        self.files: dict[int, Attachment] = {}

    def encode(self, value: Any) -> Any:
        if isinstance(value, str):
            return {"$cdn": value[len(self.base) :]} if value.startswith(self.cdn) else value
        if value is None or isinstance(value, bool | int | float):
            return value
        if isinstance(value, datetime):
            return {"$t": value.isoformat()}
        if isinstance(value, User):
            return {"$u": value.id}
        if isinstance(value, Attachment):
            return {"$f": value.id}
        if isinstance(value, set):
            return {"$s": sorted(self.encode(v) for v in value)}
        if isinstance(value, list | tuple):
            return [self.encode(v) for v in value]
        if isinstance(value, dict):
            out = {str(k): self.encode(v) for k, v in value.items()}
            return {"$d": out} if len(out) == 1 and next(iter(out)).startswith("$") else out
        raise TypeError(f"cannot keep a {type(value).__name__} in a saved world")

    def decode(self, value: Any) -> Any:
        if isinstance(value, list):
            return [v for v in (self.decode(v) for v in value) if v is not _GONE]
        if not isinstance(value, dict):
            return value
        if len(value) == 1:
            ((key, inner),) = value.items()
            if key == "$t":
                return datetime.fromisoformat(inner)
            if key == "$u":
                return self.users[int(inner)]
            if key == "$f":
                return self.files.get(int(inner), _GONE)  # a missing file drops out
            if key == "$s":
                return {self.decode(v) for v in inner}
            if key == "$cdn":
                return self.base + inner
            if key == "$d":
                return {k: self.decode(v) for k, v in inner.items()}
        return {k: self.decode(v) for k, v in value.items()}


_GONE = object()


def _replace(mapping: MutableMapping[_K, _V], values: Mapping[_K, _V]) -> None:
    mapping.clear()
    mapping.update(values)


def _fields(obj: Any, codec: _Codec, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        f.name: codec.encode(getattr(obj, f.name))
        for f in dataclasses.fields(obj)
        if f.name not in skip
    }


def _build(cls: type[Any], saved: dict[str, Any], codec: _Codec, **extra: Any) -> Any:
    """``cls`` from saved fields; fields the class no longer has are dropped."""
    known = {f.name for f in dataclasses.fields(cls)}
    values = {k: codec.decode(v) for k, v in saved.items() if k in known and k not in extra}
    return cls(**values, **extra)


def _guild_data(guild: Guild, codec: _Codec) -> dict[str, Any]:
    return {
        "id": guild.id,
        "name": guild.name,
        "owner_id": guild.owner_id,
        "created_at": codec.encode(guild.created_at),
        "locale": guild.locale,
        "channel_ids": list(guild.channel_ids),
        "roles": [_fields(r, codec) for r in guild.roles.values()],
        "members": [_fields(m, codec) for m in guild.members.values()],
    }


def _guild(data: dict[str, Any], codec: _Codec) -> Guild:
    guild = Guild(
        int(data["id"]), data["name"], int(data["owner_id"]), codec.decode(data["created_at"])
    )
    guild.locale = data.get("locale", guild.locale)
    guild.channel_ids = [int(c) for c in data["channel_ids"]]
    for raw in data["roles"]:
        role = _build(Role, raw, codec)
        guild.roles[role.id] = role
    for raw in data["members"]:
        member = _build(Member, raw, codec)
        guild.members[member.user.id] = member
    return guild


def _token(user_id: int) -> str:
    """A new fake token for the kept bot user (tokens are never written down)."""
    head = base64.urlsafe_b64encode(str(user_id).encode()).decode().rstrip("=")
    return f"{head}.fake.{secrets.token_urlsafe(27)}"


def _files_beside(path: Path) -> Path:
    name = path.name.removesuffix(".json").removesuffix(".world")
    return path.with_name(f"{name}.files")


def _atomic_write(path: Path, blob: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(blob)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
