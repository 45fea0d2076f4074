"""The in-memory world: users, guilds, channels, messages, commands, and a virtual clock.

Knows nothing about HTTP or the gateway; the server and actors read and change it, so the
same data renders consistently in REST replies, gateway events and test assertions.
"""

from __future__ import annotations

import base64
import secrets
import time
from datetime import UTC, datetime
from typing import Any

from .models import (
    ANNOUNCEMENT_THREAD,
    AUTO_ARCHIVE_DURATIONS,
    DM,
    GROUP_DM,
    GUILD_ANNOUNCEMENT,
    GUILD_TEXT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    Channel,
    FakeDiscordError,
    Member,
    Message,
    Role,
    User,
)
from .permissions import (
    ADMINISTRATOR,
    DEFAULT_MEMBER_PERMISSIONS,
    DM_PERMISSIONS,
    MANAGE_THREADS,
    MEMBER_OVERWRITE,
    ROLE_OVERWRITE,
    VIEW_CHANNEL,
    Overwrite,
    apply_implicit,
    apply_overwrites,
    base_permissions,
)

DISCORD_EPOCH_MS = 1420070400000


def snowflake_time(snowflake: int) -> datetime:
    return datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, UTC)


class Guild:
    """A guild with its roles and members; channels live in ``World.channels``."""

    def __init__(self, gid: int, name: str, owner_id: int, created_at: datetime) -> None:
        self.id = gid
        self.name = name
        self.owner_id = owner_id
        self.created_at = created_at
        self.roles: dict[int, Role] = {}
        self.members: dict[int, Member] = {}
        self.channel_ids: list[int] = []
        self.locale = "en-US"

    @property
    def default_role(self) -> Role:
        return self.roles[self.id]

    def __repr__(self) -> str:
        return f"<Guild id={self.id} name={self.name!r}>"


class World:
    """All state the fake keeps, plus the virtual clock used for timestamps and expiry."""

    def __init__(self, *, bot_name: str = "Ranch Hand") -> None:
        self.clock_offset: float = 0.0
        self.last_id = 0
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.channel_messages: dict[int, list[int]] = {}
        #: (author id, nonce) -> (message id, when): enforce_nonce's memory
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}
        self.dm_channels: dict[int, int] = {}
        #: users who installed the application to their account (a user install)
        self.user_installs: set[int] = set()
        # scope (None = global, else guild id) -> command id -> command response dict
        self.commands: dict[int | None, dict[int, dict[str, Any]]] = {}
        self.command_creates: dict[int | None, list[float]] = {}
        self.application_id = self.snowflake()
        self.bot_user = self._add_user(bot_name.replace(" ", ""), bot=True, global_name=bot_name)
        self.bot_token = f"{_b64_id(self.bot_user.id)}.fake.{secrets.token_urlsafe(27)}"
        self.application_owner = self._add_user("ranch_owner")

    # clock and ids -------------------------------------------------------------------------

    def now_ts(self) -> float:
        """Seconds since the Unix epoch on the virtual clock."""
        return time.time() + self.clock_offset

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.now_ts(), UTC)

    def snowflake(self, at: datetime | None = None) -> int:
        """A fresh id whose timestamp is ``at`` (default: now), strictly increasing."""
        ts = at.timestamp() if at is not None else self.now_ts()
        candidate = (int(ts * 1000) - DISCORD_EPOCH_MS) << 22
        if at is None and candidate <= self.last_id:
            candidate = self.last_id + 1
        if at is None:
            self.last_id = candidate
        else:
            candidate |= secrets.randbits(22)
        return candidate

    # users ---------------------------------------------------------------------------------

    def _add_user(
        self,
        name: str,
        *,
        bot: bool = False,
        global_name: str | None = None,
        created_at: datetime | None = None,
    ) -> User:
        uid = self.snowflake(created_at)
        user = User(
            id=uid, name=name, created_at=snowflake_time(uid), bot=bot, global_name=global_name
        )
        self.users[uid] = user
        return user

    def create_user(
        self, name: str, *, created_at: datetime | None = None, bot: bool = False
    ) -> User:
        if not name or len(name) > 32:
            raise FakeDiscordError("usernames are 1-32 characters")
        return self._add_user(name, created_at=created_at, bot=bot)

    def user(self, uid: int) -> User:
        try:
            return self.users[uid]
        except KeyError:
            raise FakeDiscordError(f"unknown user {uid}") from None

    # guilds, roles, members ------------------------------------------------------------------

    def create_guild(self, name: str, *, owner: User | None = None) -> Guild:
        gid = self.snowflake()
        owner = owner or self.application_owner
        guild = Guild(gid, name, owner.id, snowflake_time(gid))
        guild.roles[gid] = Role(id=gid, guild_id=gid, name="@everyone", permissions=0)
        member_role = Role(
            id=self.snowflake(),
            guild_id=gid,
            name="Member",
            permissions=DEFAULT_MEMBER_PERMISSIONS,
            position=1,
        )
        bot_role = Role(
            id=self.snowflake(),
            guild_id=gid,
            name=self.bot_user.global_name or "bot",
            permissions=ADMINISTRATOR,
            position=2,
            managed=True,
            bot_id=self.bot_user.id,
        )
        guild.roles[member_role.id] = member_role
        guild.roles[bot_role.id] = bot_role
        self.guilds[gid] = guild
        self.join(guild, self.bot_user, [bot_role.id])
        if owner.id != self.bot_user.id:
            self.join(guild, owner, [member_role.id])
        return guild

    def join(self, guild: Guild, user: User, role_ids: list[int]) -> Member:
        member = Member(user=user, guild_id=guild.id, role_ids=role_ids, joined_at=self.now())
        guild.members[user.id] = member
        return member

    def member_role(self, guild: Guild) -> Role:
        return next(r for r in guild.roles.values() if r.name == "Member" and r.position == 1)

    def add_member(
        self, guild: Guild, user: User, permissions: int | None = None, **flags: bool
    ) -> Member:
        """Join ``user``; ``permissions`` replaces the default set, ``flags`` add to it."""
        if user.id in guild.members:
            raise FakeDiscordError(f"{user.name} is already a member of {guild.name}")
        role_ids: list[int] = []
        if permissions is None:
            role_ids.append(self.member_role(guild).id)
            extra = _permission_flags(flags)
        else:
            extra = int(permissions) | _permission_flags(flags)
        if extra:
            role = Role(
                id=self.snowflake(),
                guild_id=guild.id,
                name=f"{user.name}-permissions",
                permissions=extra,
                position=len(guild.roles),
            )
            guild.roles[role.id] = role
            role_ids.append(role.id)
        return self.join(guild, user, role_ids)

    def permissions(self, guild: Guild, user: User) -> int:
        """Guild-level permissions: @everyone OR the member's roles; owner and admins: all."""
        member = guild.members.get(user.id)
        if member is None:
            return 0
        return base_permissions(
            is_owner=user.id == guild.owner_id,
            everyone=guild.default_role.permissions,
            role_permissions=(
                guild.roles[rid].permissions for rid in member.role_ids if rid in guild.roles
            ),
        )

    def create_role(
        self, guild: Guild, name: str, permissions: int = 0, *, mentionable: bool = False
    ) -> Role:
        if not name or len(name) > 100:
            raise FakeDiscordError("role names are 1-100 characters")
        role = Role(
            id=self.snowflake(),
            guild_id=guild.id,
            name=name,
            permissions=int(permissions),
            position=len(guild.roles),
            mentionable=mentionable,
        )
        guild.roles[role.id] = role
        return role

    def bot_role(self, guild: Guild) -> Role:
        """The managed role Discord gives the bot when it joins (its invite permissions)."""
        return next(r for r in guild.roles.values() if r.bot_id == self.bot_user.id)

    def remove_member(self, guild: Guild, user: User) -> Member:
        member = guild.members.pop(user.id, None)
        if member is None:
            raise FakeDiscordError(f"{user.name} is not a member of {guild.name}")
        for cid in guild.channel_ids:
            self.channels[cid].member_ids.discard(user.id)
        return member

        # channels --------------------------------------------------------------------------------

    def create_text_channel(
        self, guild: Guild, name: str, *, topic: str | None = None, announcement: bool = False
    ) -> Channel:
        cid = self.snowflake()
        position = sum(1 for c in guild.channel_ids if not self.channels[c].is_thread)
        channel = Channel(
            id=cid,
            type=GUILD_ANNOUNCEMENT if announcement else GUILD_TEXT,
            name=name,
            guild_id=guild.id,
            position=position,
            created_at=snowflake_time(cid),
            topic=topic,
        )
        self._add_channel(guild, channel)
        return channel

    def create_thread(
        self,
        parent: Channel,
        name: str,
        *,
        private: bool = False,
        owner: User | None = None,
        thread_id: int | None = None,
        auto_archive_duration: int = 1440,
    ) -> Channel:
        if parent.type not in (GUILD_TEXT, GUILD_ANNOUNCEMENT) or parent.guild_id is None:
            raise FakeDiscordError("threads need a text or announcement channel as parent")
        if private and parent.type == GUILD_ANNOUNCEMENT:
            raise FakeDiscordError("announcement channels have no private threads")
        if auto_archive_duration not in AUTO_ARCHIVE_DURATIONS:
            raise FakeDiscordError(f"auto_archive_duration must be one of {AUTO_ARCHIVE_DURATIONS}")
        guild = self.guilds[parent.guild_id]
        tid = thread_id if thread_id is not None else self.snowflake()
        owner = owner or self.bot_user
        if parent.type == GUILD_ANNOUNCEMENT:
            kind = ANNOUNCEMENT_THREAD
        else:
            kind = PRIVATE_THREAD if private else PUBLIC_THREAD
        thread = Channel(
            id=tid,
            type=kind,
            name=name,
            guild_id=guild.id,
            parent_id=parent.id,
            owner_id=owner.id,
            created_at=self.now(),
            member_ids={owner.id},
            auto_archive_duration=auto_archive_duration,
            last_activity_ts=self.now_ts(),
        )
        self._add_channel(guild, thread)
        return thread

    def threads_due_to_archive(self) -> list[Channel]:
        """Active threads whose inactivity reached their auto-archive duration."""
        now = self.now_ts()
        return [
            c
            for c in self.channels.values()
            if c.is_thread
            and not c.archived
            and now - c.last_activity_ts >= c.auto_archive_duration * 60
        ]

    def set_archived(self, thread: Channel, archived: bool) -> None:
        thread.archived = archived
        thread.archived_at = self.now()
        if not archived:
            thread.last_activity_ts = self.now_ts()

    def delete_channel(self, channel: Channel) -> list[Channel]:
        """Remove a channel (with its threads); returns what went, threads first."""
        gone = [
            self.channels[c]
            for c in list(self.guilds[channel.guild_id].channel_ids if channel.guild_id else [])
            if self.channels[c].parent_id == channel.id and self.channels[c].is_thread
        ]
        gone.append(channel)
        for ch in gone:
            ch.deleted = True
            for mid in self.channel_messages.pop(ch.id, []):
                msg = self.messages.pop(mid, None)
                if msg is not None:
                    msg.deleted = True
            self.channels.pop(ch.id, None)
            if ch.guild_id is not None:
                self.guilds[ch.guild_id].channel_ids.remove(ch.id)
        return gone

    def _add_channel(self, guild: Guild, channel: Channel) -> None:
        self.channels[channel.id] = channel
        self.channel_messages[channel.id] = []
        guild.channel_ids.append(channel.id)

    def dm_channel(self, user: User) -> Channel:
        """The bot's DM channel with ``user``, created on first use."""
        cid = self.dm_channels.get(user.id)
        if cid is not None:
            return self.channels[cid]
        cid = self.snowflake()
        channel = Channel(
            id=cid, type=DM, name=None, recipients=[user], created_at=snowflake_time(cid)
        )
        self.channels[cid] = channel
        self.channel_messages[cid] = []
        self.dm_channels[user.id] = cid
        return channel

    def app_is_member(self, channel: Channel) -> bool:
        """Whether the bot itself is in ``channel`` (its server, or its own DM): where it is
        not, a user install lets it answer interactions and nothing more."""
        if channel.type == GROUP_DM:
            return False
        if channel.type == DM:
            return True
        guild = self.guild_of(channel)
        return guild is not None and self.bot_user.id in guild.members

    def channel(self, cid: int) -> Channel:
        try:
            return self.channels[cid]
        except KeyError:
            raise FakeDiscordError(f"unknown channel {cid}") from None

    def guild_of(self, channel: Channel) -> Guild | None:
        return None if channel.guild_id is None else self.guilds[channel.guild_id]

    def can_view(self, user: User, channel: Channel) -> bool:
        if channel.deleted:
            return False
        if channel.type == DM:
            return user.id == self.bot_user.id or any(u.id == user.id for u in channel.recipients)
        if channel.type == GROUP_DM:
            return any(u.id == user.id for u in channel.recipients)
        return bool(self.channel_permissions(user, channel) & VIEW_CHANNEL)

    def channel_permissions(self, user: User, channel: Channel) -> int:
        """What ``user`` may do in ``channel``: roles, overwrites (a thread's come from its
        parent), then Discord's implicit denials; a private thread is visible only to its
        members and to those who may manage threads."""
        if channel.type in (DM, GROUP_DM):
            return DM_PERMISSIONS if self.can_view(user, channel) else 0
        guild = self.guild_of(channel)
        member = None if guild is None else guild.members.get(user.id)
        if guild is None or member is None:
            return 0
        base = self.permissions(guild, user)
        source = self.channels.get(channel.parent_id or 0) if channel.is_thread else channel
        overwrites = source.overwrites if source is not None else {}
        value = apply_overwrites(
            base,
            overwrites,
            everyone_id=guild.id,
            role_ids=member.role_ids,
            member_id=user.id,
        )
        value = apply_implicit(value, in_thread=channel.is_thread)
        if (
            channel.type == PRIVATE_THREAD
            and user.id not in channel.member_ids
            and not value & MANAGE_THREADS
        ):
            return 0
        return value

    def set_overwrite(
        self, channel: Channel, target: Role | User | Member, allow: int, deny: int
    ) -> Overwrite | None:
        """Set (or, with allow=deny=0, remove) the overwrite for a role or a member."""
        if channel.is_thread or channel.guild_id is None:
            raise FakeDiscordError("threads and DMs have no permission overwrites of their own")
        if isinstance(target, Role):
            oid, kind = target.id, ROLE_OVERWRITE
        else:
            user = target.user if isinstance(target, Member) else target
            oid, kind = user.id, MEMBER_OVERWRITE
        if not allow and not deny:
            channel.overwrites.pop(oid, None)
            return None
        ow = Overwrite(oid, kind, int(allow), int(deny))
        channel.overwrites[oid] = ow
        return ow

        # messages --------------------------------------------------------------------------------

    def store_message(self, message: Message) -> Message:
        self.messages[message.id] = message
        self.channel_messages[message.channel_id].append(message.id)
        channel = self.channels[message.channel_id]
        if not message.ephemeral:
            channel.last_message_id = message.id
            if channel.is_thread:
                channel.message_count += 1
                channel.last_activity_ts = self.now_ts()
                channel.member_ids.add(message.author.id)  # posting joins the thread
        return message

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        self.channel_messages[message.channel_id].remove(message.id)
        del self.messages[message.id]

    def visible_messages(self, channel: Channel, user: User | None) -> list[Message]:
        out = []
        for mid in self.channel_messages.get(channel.id, []):
            msg = self.messages[mid]
            if msg.ephemeral_for is None or (user is not None and msg.ephemeral_for == user.id):
                out.append(msg)
        return out

    def message_visible_to(self, message: Message, user: User) -> bool:
        if message.deleted:
            return False
        if message.ephemeral_for is not None:
            return message.ephemeral_for == user.id
        return self.can_view(user, self.channels[message.channel_id])

    # payloads ---------------------------------------------------------------------------------

    def guild_payload(self, guild: Guild, *, all_members: bool) -> dict[str, Any]:
        """The full GUILD_CREATE object; without the members intent only the bot is listed."""
        members = [
            m.payload()
            for m in guild.members.values()
            if all_members or m.user.id == self.bot_user.id
        ]
        channels = [self.channels[c] for c in guild.channel_ids]
        data = self.guild_rest_payload(guild)
        data.update(
            joined_at=_iso(guild.members[self.bot_user.id].joined_at),
            large=False,
            unavailable=False,
            member_count=len(guild.members),
            voice_states=[],
            members=members,
            channels=[c.payload() for c in channels if not c.is_thread],
            threads=[c.payload() for c in channels if c.is_thread and not c.archived],
            presences=[],
            stage_instances=[],
            guild_scheduled_events=[],
            soundboard_sounds=[],
            embedded_activities=[],
            lazy=True,
        )
        return data

    def guild_rest_payload(self, guild: Guild) -> dict[str, Any]:
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "description": None,
            "home_header": None,
            "splash": None,
            "discovery_splash": None,
            "features": [],
            "banner": None,
            "owner_id": str(guild.owner_id),
            "application_id": None,
            "region": "deprecated",
            "afk_channel_id": None,
            "afk_timeout": 300,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "widget_enabled": False,
            "widget_channel_id": None,
            "verification_level": 0,
            "roles": [r.payload() for r in guild.roles.values()],
            "default_message_notifications": 0,
            "mfa_level": 0,
            "explicit_content_filter": 0,
            "max_presences": None,
            "max_members": 500000,
            "max_stage_video_channel_users": 50,
            "max_video_channel_users": 25,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.locale,
            "rules_channel_id": None,
            "safety_alerts_channel_id": None,
            "public_updates_channel_id": None,
            "premium_progress_bar_enabled": False,
            "nsfw": False,
            "nsfw_level": 0,
            "emojis": [],
            "stickers": [],
            "incidents_data": None,
            "inventory_settings": None,
            "embed_enabled": False,
            "embed_channel_id": None,
        }

    def interaction_member(self, guild: Guild, user: User, channel: Channel) -> dict[str, Any]:
        """The member object of an interaction: permissions are those in the channel."""
        data = guild.members[user.id].payload()
        data["permissions"] = str(self.channel_permissions(user, channel))
        data["unusual_dm_activity_until"] = None
        return data


def _iso(ts: datetime) -> str:
    return ts.isoformat(timespec="microseconds")


_FLAG_BITS = {
    "administrator": ADMINISTRATOR,
    "manage_channels": 1 << 4,
    "manage_guild": 1 << 5,
    "manage_messages": 1 << 13,
    "manage_threads": 1 << 34,
    "manage_events": 1 << 33,
    "manage_roles": 1 << 28,
    "kick_members": 1 << 1,
    "ban_members": 1 << 2,
    "moderate_members": 1 << 40,
    "mention_everyone": 1 << 17,
}


def _permission_flags(flags: dict[str, bool]) -> int:
    value = 0
    for name, on in flags.items():
        if name not in _FLAG_BITS:
            raise FakeDiscordError(f"unknown permission flag {name!r}; pass raw int permissions")
        if on:
            value |= _FLAG_BITS[name]
    return value


def _b64_id(uid: int) -> str:
    """Real bot tokens start with the bot's id in base64; discord.py does not care, people do."""
    return base64.urlsafe_b64encode(str(uid).encode()).decode().rstrip("=")
