"""The page's command box: ``/name sub option:value ...`` read against the synced commands.

Discord's client shows options as chips; a text box needs a grammar, so this one is
``/<command path> [value of the first required option] [name:value ...]``, where a value
runs until the next ``name:`` of the same command (values may hold spaces, like moves do).
Suggestions come from the registry the bot synced (command names, option names, choices,
booleans, members, channels) and, for autocomplete options, from the bot itself through a
real autocomplete interaction. Nothing here knows which bot is running.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..interaction_data import find_command
from ..models import Channel, FakeDiscordError, User
from ..records import InteractionRecord

if TYPE_CHECKING:
    from ..fake import FakeDiscord
    from ..state import Guild

SUGGESTION_LIMIT = 25
TYPE_NAMES = {
    3: "text",
    4: "whole number",
    5: "true/false",
    6: "user",
    7: "channel",
    8: "role",
    9: "user or role",
    10: "number",
    11: "file",
}
TRUE = ("true", "yes", "on", "1")
FALSE = ("false", "no", "off", "0")


class CommandLineError(FakeDiscordError):
    """The typed text is not a command Discord's client would send; the message says why."""


@dataclass(frozen=True)
class CommandPath:
    """A runnable command as the picker lists it: ``farm move`` with its options."""

    label: str
    description: str
    options: list[dict[str, Any]]

    @property
    def required(self) -> list[dict[str, Any]]:
        return [o for o in self.options if o.get("required")]


@dataclass
class Segment:
    option: dict[str, Any]
    start: int  # where the value starts in the typed text
    raw: str

    @property
    def name(self) -> str:
        return str(self.option["name"])

    @property
    def value(self) -> str:
        return self.raw.strip()


@dataclass
class Parsed:
    path: CommandPath | None
    prefix: str = ""  # what was typed of the command name while none is complete
    segments: list[Segment] = field(default_factory=list)
    rest: str = ""
    error: str | None = None


def command_paths(fake: FakeDiscord, user: User, channel: Channel) -> list[CommandPath]:
    """Every chat command ``user`` could run in ``channel``, sub-commands flattened."""
    world = fake.world
    scopes: list[int | None] = [channel.guild_id] if channel.guild_id is not None else []
    scopes.append(None)
    seen: set[str] = set()
    out: list[CommandPath] = []
    for scope in scopes:
        for cmd in world.commands.get(scope, {}).values():
            if cmd.get("type", 1) != 1 or cmd["name"] in seen:
                continue
            seen.add(cmd["name"])
            for path in _flatten(cmd):
                try:
                    find_command(fake, user, channel, path.label)
                except FakeDiscordError:
                    continue
                out.append(path)
    return sorted(out, key=lambda p: p.label)


def _flatten(cmd: dict[str, Any]) -> list[CommandPath]:
    options = cmd.get("options") or []
    subs = [o for o in options if o.get("type") in (1, 2)]
    if not subs:
        return [CommandPath(cmd["name"], cmd.get("description", ""), list(options))]
    out = []
    for sub in subs:
        if sub["type"] == 1:
            out.append(
                CommandPath(
                    f"{cmd['name']} {sub['name']}",
                    sub.get("description", ""),
                    list(sub.get("options") or []),
                )
            )
        else:
            for leaf in sub.get("options") or []:
                out.append(
                    CommandPath(
                        f"{cmd['name']} {sub['name']} {leaf['name']}",
                        leaf.get("description", ""),
                        list(leaf.get("options") or []),
                    )
                )
    return out


def parse(text: str, paths: list[CommandPath]) -> Parsed:
    """Split typed text into a command and option segments (text must start with "/")."""
    body = text[1:]
    found = None
    for path in paths:
        if (body == path.label or body.startswith(path.label + " ")) and (
            found is None or len(path.label) > len(found.label)
        ):
            found = path
    if found is None:
        return Parsed(None, prefix=body)
    offset = 1 + len(found.label)
    rest = text[offset:]
    parsed = Parsed(found, rest=rest)
    names = sorted((o["name"] for o in found.options), key=len, reverse=True)
    markers = (
        list(re.finditer(r"(?:^|(?<=\s))(" + "|".join(map(re.escape, names)) + r"):", rest))
        if names
        else []
    )
    lead_end = markers[0].start() if markers else len(rest)
    given = {m[1] for m in markers}
    if rest[:lead_end].strip():
        default = next((o for o in found.required if o["name"] not in given), None)
        if default is None:
            parsed.error = (
                f"/{found.label} does not know what {rest[:lead_end].strip()!r} is: "
                "give options as name:value"
            )
        else:
            start = offset + len(rest[:lead_end]) - len(rest[:lead_end].lstrip())
            parsed.segments.append(Segment(default, start, text[start : offset + lead_end]))
    by_name = {o["name"]: o for o in found.options}
    for i, m in enumerate(markers):
        end = markers[i + 1].start() if i + 1 < len(markers) else len(rest)
        parsed.segments.append(Segment(by_name[m[1]], offset + m.end(), rest[m.end() : end]))
    seen: set[str] = set()
    for seg in parsed.segments:
        if seg.name in seen and parsed.error is None:
            parsed.error = f"option {seg.name} is given twice"
        seen.add(seg.name)
    return parsed


def convert(
    fake: FakeDiscord, guild: Guild | None, channel: Channel, option: dict[str, Any], text: str
) -> Any:
    """The value the client would send for ``text`` typed into ``option``."""
    kind, name = option["type"], option["name"]
    value = text.strip()
    if not value:
        raise CommandLineError(f"option {name} needs a value")
    if kind == 3:
        return value
    if kind in (4, 10):
        try:
            return int(value) if kind == 4 else float(value)
        except ValueError:
            if option.get("choices"):
                return value  # a choice's name; the emulator maps it to its value
            raise CommandLineError(f"option {name} takes a {TYPE_NAMES[kind]}") from None
    if kind == 5:
        if value.lower() in TRUE:
            return True
        if value.lower() in FALSE:
            return False
        raise CommandLineError(f"option {name} takes true or false")
    if kind in (6, 8, 9) and guild is not None:
        wanted = value.lstrip("@").lower()
        if kind in (6, 9):
            for member in guild.members.values():
                names = {member.user.name.lower(), (member.user.global_name or "").lower()}
                if wanted in names or (member.nick or "").lower() == wanted:
                    return member.user
        if kind in (8, 9):
            for role in guild.roles.values():
                if role.name.lstrip("@").lower() == wanted:
                    return role
        raise CommandLineError(f"option {name}: nobody here is called {value}")
    if kind == 7 and guild is not None:
        wanted = value.lstrip("#").lower()
        for cid in guild.channel_ids:
            target = fake.world.channels[cid]
            if (target.name or "").lower() == wanted:
                return target
        raise CommandLineError(f"option {name}: there is no channel #{wanted}")
    raise CommandLineError(f"option {name} takes a {TYPE_NAMES.get(kind, kind)}, not typed text")


def options_of(
    fake: FakeDiscord, guild: Guild | None, channel: Channel, parsed: Parsed
) -> dict[str, Any]:
    """The command's options ready for ``FakeDiscord.slash``; raises on anything missing."""
    if parsed.path is None:
        raise CommandLineError(f"/{parsed.prefix.strip()} is not a command here")
    if parsed.error:
        raise CommandLineError(parsed.error)
    values = {s.name: convert(fake, guild, channel, s.option, s.raw) for s in parsed.segments}
    missing = [o["name"] for o in parsed.path.required if o["name"] not in values]
    if missing:
        raise CommandLineError(f"/{parsed.path.label} needs {', '.join(missing)}")
    return values


async def run(
    fake: FakeDiscord, guild: Guild | None, user: User, channel: Channel, text: str
) -> InteractionRecord:
    """Send the typed command as ``user`` (a real APPLICATION_COMMAND interaction)."""
    parsed = parse(text.rstrip(), command_paths(fake, user, channel))
    options = options_of(fake, guild, channel, parsed)
    assert parsed.path is not None
    return await fake.slash(user, channel, parsed.path.label, **options)


def _signature(path: CommandPath) -> str:
    parts = [o["name"] if o.get("required") else f"[{o['name']}]" for o in path.options]
    return " ".join([f"/{path.label}", *parts])


async def suggest(
    fake: FakeDiscord, guild: Guild | None, user: User, channel: Channel, text: str
) -> dict[str, Any]:
    """What the picker shows for ``text``: suggestions, a hint line, and what Enter does."""
    if not text.startswith("/"):
        return {"suggestions": [], "hint": "", "ready": bool(text.strip()), "enter": "send"}
    paths = command_paths(fake, user, channel)
    parsed = parse(text, paths)
    if parsed.path is None:
        typed = parsed.prefix.lower()
        picked = [p for p in paths if p.label.startswith(typed)] or [
            p for p in paths if typed.strip() and typed.strip() in p.label
        ]
        return {
            "suggestions": [
                _entry(f"/{p.label} ", f"/{p.label}", p.description, "command")
                for p in picked[:SUGGESTION_LIMIT]
            ],
            "hint": "Commands" if picked else f"No command matches /{parsed.prefix}",
            "ready": False,
            "enter": "accept",
        }
    path = parsed.path
    hint = f"{_signature(path)}: {path.description}"
    if not parsed.segments and not parsed.rest:
        ready = not path.required
        return {
            "suggestions": [
                _entry(f"/{path.label} ", f"/{path.label}", path.description, "command")
            ],
            "hint": hint,
            "ready": ready,
            "enter": "send" if ready else "accept",
        }
    current = parsed.segments[-1] if parsed.segments else None
    if current is None and path.required and not parsed.rest.strip():
        current = Segment(path.required[0], len(text), "")
    suggestions: list[dict[str, Any]] = []
    exact = False
    if current is not None:
        option = current.option
        hint = f"{option['name']}: {option.get('description', '')}"
        values = await _values(fake, guild, user, channel, parsed, current)
        exact = any(v == current.value for v, _ in values)
        head = text[: current.start]
        if not (exact and text[-1:].isspace()):  # a finished value needs no more offers
            suggestions = [_entry(f"{head}{v} ", name, "", "value") for v, name in values]
    given = {s.name for s in parsed.segments}
    word = re.search(r"(\S*)$", text)
    last = word[1] if word else ""
    finished_value = current is None or (text[-1:].isspace() and bool(current.value))
    if ":" not in last and (finished_value or last):
        stem = text[: len(text) - len(last)]
        suggestions += [
            _entry(
                f"{stem}{o['name']}:",
                f"{o['name']}:",
                o.get("description", "") + ("" if o.get("required") else " (optional)"),
                "option",
            )
            for o in path.options
            if o["name"] not in given and o["name"].startswith(last)
        ]
    try:
        options_of(fake, guild, channel, parsed)
        ready, error = True, None
    except CommandLineError as err:
        ready, error = False, str(err)
    choosing = current is not None and _offers_values(current.option) and not exact
    enter = "accept" if suggestions and (choosing or not ready) else "send"
    return {
        "suggestions": suggestions[:SUGGESTION_LIMIT],
        "hint": hint,
        "ready": ready,
        "enter": enter,
        "problem": error,
    }


def _offers_values(option: dict[str, Any]) -> bool:
    return bool(option.get("autocomplete") or option.get("choices")) or option["type"] == 5


async def _values(
    fake: FakeDiscord,
    guild: Guild | None,
    user: User,
    channel: Channel,
    parsed: Parsed,
    current: Segment,
) -> list[tuple[str, str]]:
    """(value to insert, what to show) for the option being typed."""
    option, typed = current.option, current.value.lower()
    if option.get("autocomplete"):
        assert parsed.path is not None
        others: dict[str, Any] = {}
        for seg in parsed.segments:
            if seg is current:
                continue
            try:
                others[seg.name] = (
                    seg.value
                    if seg.option.get("autocomplete")
                    else convert(fake, guild, channel, seg.option, seg.raw)
                )
            except CommandLineError:
                continue
        try:
            choices = await fake.autocomplete(
                user,
                channel,
                parsed.path.label,
                focused=current.name,
                **others,
                **{current.name: current.value},
            )
        except (FakeDiscordError, TimeoutError):
            return []
        return [(str(c["value"]), str(c["name"])) for c in choices]
    if option.get("choices"):
        return [
            (str(c["name"]), str(c["name"]))
            for c in option["choices"]
            if typed in str(c["name"]).lower() or typed in str(c["value"]).lower()
        ]
    if option["type"] == 5:
        return [(v, v) for v in ("true", "false") if v.startswith(typed)]
    if guild is None:
        return []
    if option["type"] in (6, 9):
        names = [m.user.name for m in guild.members.values() if not m.user.bot]
        return [(f"@{n}", f"@{n}") for n in names if n.lower().startswith(typed.lstrip("@"))]
    if option["type"] == 7:
        names = [fake.world.channels[c].name or "" for c in guild.channel_ids]
        return [(f"#{n}", f"#{n}") for n in names if n.startswith(typed.lstrip("#"))]
    return []


def _entry(text: str, label: str, detail: str, kind: str) -> dict[str, Any]:
    return {"text": text, "label": label, "detail": detail, "kind": kind}
