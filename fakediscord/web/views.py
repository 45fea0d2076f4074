"""The emulator's state as the page shows it: plain JSON for channels, people, messages, modals.

Ids are strings (snowflakes do not fit a JavaScript number). Markdown is rendered here, so
the page only places ready, escaped HTML. Files are served by the page itself under
``/files/``, and any other url (an embed's external image, a link button) is shown as text,
never loaded: the page reaches nothing beyond the emulator.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from ..models import (
    DISCORD_LOCALES,
    DM,
    GROUP_DM,
    PSEUDO_LOCALE,
    Attachment,
    Channel,
    Message,
    User,
)
from ..records import InteractionRecord
from .markdown import render

if TYPE_CHECKING:
    from ..fake import FakeDiscord
    from ..state import Guild

BUTTON_STYLES = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link", 6: "premium"}
SELECT_KINDS = {3: "string", 5: "user", 6: "role", 7: "mentionable", 8: "channel"}
#: a few languages by their own names (the others by their Discord code)
LANGUAGES = {
    "en-US": "English (US)",
    "en-GB": "English (UK)",
    "pl": "Polski",
    "de": "Deutsch",
    "fr": "Français",
    "es-ES": "Español",
    "uk": "Українська",
}
AVATAR_COLOURS = ("#5865f2", "#3ba55c", "#faa61a", "#ed4245", "#eb459e", "#9b59b6", "#1abc9c")


class Views:
    """Builds the page's JSON for one server of a fake."""

    def __init__(self, fake: FakeDiscord, guild: Guild) -> None:
        self.fake = fake
        self.guild = guild

    # people and places ------------------------------------------------------------------------

    def display_name(self, user: User) -> str:
        member = self.guild.members.get(user.id)
        if member is not None and member.nick:
            return member.nick
        return user.global_name or user.name

    def user(self, user: User) -> dict[str, Any]:
        name = self.display_name(user)
        return {
            "id": str(user.id),
            "name": name,
            "username": user.name,
            "initials": initials(name),
            "colour": colour(user.id),
            "bot": user.bot,
            "locale": user.locale,
        }

    def server(self) -> dict[str, Any]:
        return {"id": str(self.guild.id), "name": self.guild.name, "locale": self.guild.locale}

    @staticmethod
    def locales() -> list[dict[str, str]]:
        """The languages a player or the server can pick: Discord's, then the pseudo-locale
        (every text the bot words comes out marked)."""
        named = [{"value": loc, "name": LANGUAGES.get(loc, loc)} for loc in DISCORD_LOCALES]
        return [*named, {"value": PSEUDO_LOCALE, "name": "Pseudo (qps): marked texts"}]

    def users(self) -> list[dict[str, Any]]:
        return [self.user(m.user) for m in self.guild.members.values()]

    def channel(self, channel: Channel) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(channel.id),
            "name": channel.name,
            "type": channel.type,
            "thread": channel.is_thread,
            "parent": None if channel.parent_id is None else str(channel.parent_id),
            "topic": channel.topic,
        }
        if channel.type == DM:
            other = channel.recipients[0]
            data.update(name=self.display_name(other), recipient=str(other.id))
        elif channel.type == GROUP_DM:
            names = ", ".join(self.display_name(u) for u in channel.recipients)
            data.update(name=channel.name or names, members=[str(u.id) for u in channel.recipients])
        return data

    def channels(self) -> list[dict[str, Any]]:
        world = self.fake.world
        listed = [world.channels[c] for c in self.guild.channel_ids]
        dms = [world.channels[c] for c in world.dm_channels.values()]
        groups = [c for c in world.channels.values() if c.type == GROUP_DM and not c.deleted]
        return [self.channel(c) for c in [*listed, *dms, *groups]]

    def shows_channel(self, channel: Channel) -> bool:
        """Channels of this server and the bot's DMs with its members."""
        if channel.type in (DM, GROUP_DM):
            return any(u.id in self.guild.members for u in channel.recipients)
        return channel.guild_id == self.guild.id

    def resolve(self, kind: str, ident: int) -> str | None:
        world = self.fake.world
        if kind == "user":
            user = world.users.get(ident)
            return None if user is None else self.display_name(user)
        if kind == "role":
            role = self.guild.roles.get(ident)
            return None if role is None else role.name.lstrip("@")
        channel = world.channels.get(ident)
        return None if channel is None else channel.name

    def markdown(self, text: str | None) -> str:
        return render(text or "", self.resolve)

    # messages ---------------------------------------------------------------------------------

    def message(self, message: Message) -> dict[str, Any]:
        files = {a.url: a for a in message.attachments}
        embeds = [self.embed(e, files) for e in message.embeds]
        shown = {e["image"]["url"] for e in embeds if e.get("image")} | {
            e["thumbnail"]["url"] for e in embeds if e.get("thumbnail")
        }
        attachments = [self.attachment(a) for a in message.attachments]
        meta = message.interaction_metadata or {}
        used = None
        if meta.get("type") == 2 and meta.get("name"):
            user = self.fake.world.users.get(int(meta["user"]["id"]))
            used = {
                "user": self.display_name(user) if user else meta["user"].get("username"),
                "command": meta["name"],
            }
        return {
            "id": str(message.id),
            "channel": str(message.channel_id),
            "author": self.user(message.author),
            "timestamp": message.created_at.isoformat(),
            "edited": message.edited_at is not None,
            "html": self.markdown(message.content),
            "ephemeral": message.ephemeral,
            "for": None if message.ephemeral_for is None else str(message.ephemeral_for),
            "loading": message.loading,
            "used": used,
            "embeds": embeds,
            "attachments": [a for a in attachments if a["url"] not in shown],
            "components": [self.component(c) for c in message.components],
        }

    def attachment(self, att: Attachment) -> dict[str, Any]:
        return {
            "url": file_url(att),
            "filename": att.filename,
            "image": bool(att.content_type and att.content_type.startswith("image/")),
            "width": att.width,
            "height": att.height,
            "size": att.size,
            "description": att.description,
        }

    def embed(self, embed: dict[str, Any], files: dict[str, Attachment]) -> dict[str, Any]:
        colour_value = embed.get("color")
        out: dict[str, Any] = {
            "title": self.markdown(embed.get("title")),
            "description": self.markdown(embed.get("description")),
            "colour": None if colour_value is None else f"#{int(colour_value):06x}",
            "fields": [
                {
                    "name": self.markdown(f.get("name")),
                    "value": self.markdown(f.get("value")),
                    "inline": bool(f.get("inline")),
                }
                for f in embed.get("fields") or []
            ],
            "footer": self.markdown((embed.get("footer") or {}).get("text")),
            "author": self.markdown((embed.get("author") or {}).get("name")),
        }
        for key in ("image", "thumbnail"):
            url = (embed.get(key) or {}).get("url")
            if not url:
                continue
            att = files.get(url) or self._known_file(url)
            if att is not None:
                out[key] = {
                    "url": file_url(att),
                    "width": att.width,
                    "height": att.height,
                    "description": att.description,
                }
            else:
                out[f"{key}_elsewhere"] = url  # shown as text: the page loads nothing outside
        return out

    def _known_file(self, url: str) -> Attachment | None:
        prefix = f"{self.fake.base_url}/cdn/attachments/"
        if not url.startswith(prefix):
            return None
        parts = url[len(prefix) :].split("/")
        if len(parts) < 2 or not parts[1].isdigit():
            return None
        return self.fake.attachments.get(int(parts[1]))

    def component(self, comp: dict[str, Any]) -> dict[str, Any]:
        kind = comp.get("type")
        children = [self.component(c) for c in comp.get("components") or []]
        if kind == 1:
            return {"kind": "row", "children": children}
        if kind == 2:
            return {
                "kind": "button",
                "label": comp.get("label") or "",
                "style": BUTTON_STYLES.get(int(comp.get("style", 1)), "secondary"),
                "emoji": emoji_text(comp.get("emoji")),
                "custom_id": comp.get("custom_id"),
                "disabled": bool(comp.get("disabled")),
                "url": comp.get("url"),
            }
        if kind in SELECT_KINDS:
            return {
                "kind": "select",
                "select": SELECT_KINDS[kind],
                "custom_id": comp.get("custom_id"),
                "placeholder": comp.get("placeholder") or "Make a selection",
                "min": int(comp.get("min_values", 1)),
                "max": int(comp.get("max_values", 1)),
                "disabled": bool(comp.get("disabled")) or kind != 3,
                "options": [
                    {
                        "label": o.get("label", ""),
                        "value": o.get("value", ""),
                        "description": o.get("description"),
                        "emoji": emoji_text(o.get("emoji")),
                        "default": bool(o.get("default")),
                    }
                    for o in comp.get("options") or []
                ],
            }
        if kind == 10:
            return {"kind": "text", "html": self.markdown(comp.get("content"))}
        if kind == 9:
            accessory = comp.get("accessory")
            return {
                "kind": "section",
                "children": children,
                "accessory": self.component(accessory) if isinstance(accessory, dict) else None,
            }
        if kind == 14:
            return {"kind": "separator"}
        if kind == 17:
            accent = comp.get("accent_color")
            return {
                "kind": "container",
                "children": children,
                "colour": None if accent is None else f"#{int(accent):06x}",
            }
        return {"kind": "unsupported", "type": kind}

    def modal(self, rec: InteractionRecord) -> dict[str, Any] | None:
        """The modal a bot opened in answer to ``rec``, as a form the page can show."""
        modal = rec.modal
        if modal is None or rec.modal_submitted:
            return None
        fields = []
        for top in modal.get("components") or []:
            if top.get("type") == 1:
                inputs = [(c, c.get("label")) for c in top.get("components") or []]
            elif top.get("type") == 18 and isinstance(top.get("component"), dict):
                inputs = [(top["component"], top.get("label"))]
            else:
                continue
            for comp, label in inputs:
                if comp.get("type") != 4:
                    continue
                fields.append(
                    {
                        "custom_id": comp.get("custom_id"),
                        "label": label or comp.get("custom_id"),
                        "paragraph": comp.get("style") == 2,
                        "placeholder": comp.get("placeholder") or "",
                        "required": comp.get("required", True),
                        "min_length": comp.get("min_length") or 0,
                        "max_length": comp.get("max_length") or 4000,
                        "value": comp.get("value") or "",
                    }
                )
        return {"interaction": str(rec.id), "title": modal.get("title") or "", "fields": fields}


def file_url(att: Attachment) -> str:
    return f"/files/{att.id}/{quote(att.filename)}"


def emoji_text(emoji: dict[str, Any] | None) -> str | None:
    if not emoji:
        return None
    name = emoji.get("name")
    if emoji.get("id"):
        return f":{name}:"
    return name


def initials(name: str) -> str:
    words = [w for w in name.replace("_", " ").replace("-", " ").split() if w]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].upper()
    return (words[0][0] + words[1][0]).upper()


def colour(ident: int) -> str:
    digest = hashlib.sha256(str(ident).encode()).digest()
    return AVATAR_COLOURS[digest[0] % len(AVATAR_COLOURS)]
