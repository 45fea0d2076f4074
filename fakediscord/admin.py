"""World changes a test makes as a server admin (or as Discord itself), with their events.

Roles and the bot's permissions, channel overwrites, archiving and locking threads (and
Discord's auto-archive on the virtual clock), deleting channels, removing the bot from a
guild, DMs closed per user. Every change goes out on the gateway as Discord sends it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .gateway import INTENT_GUILD_MEMBERS, INTENT_GUILDS
from .models import (
    AUTO_ARCHIVE_DURATIONS,
    Channel,
    FakeDiscordError,
    Member,
    Role,
    User,
    check_locale,
)
from .notifications import Notification

if TYPE_CHECKING:
    from .gateway import Gateway
    from .state import Guild, World


class WorldAdmin:
    """Mixin for ``FakeDiscord``."""

    world: World
    gateway: Gateway
    notification_log: list[Notification]

    def emit(self, kind: str, subject: Any) -> None:  # FakeDiscord tells its observers
        raise NotImplementedError

    # roles and permissions --------------------------------------------------------------------

    def create_role(
        self, guild: Guild, name: str, permissions: int = 0, *, mentionable: bool = False
    ) -> Role:
        """A new role (GUILD_ROLE_CREATE); give it to members with ``add_roles``."""
        role = self.world.create_role(guild, name, permissions, mentionable=mentionable)
        self._role_event("GUILD_ROLE_CREATE", role)
        return role

    def set_role_permissions(self, role: Role, permissions: int) -> Role:
        """Change a role's permissions (GUILD_ROLE_UPDATE); ``guild.default_role`` is
        @everyone."""
        role.permissions = int(permissions)
        self._role_event("GUILD_ROLE_UPDATE", role)
        return role

    def set_bot_permissions(self, guild: Guild, permissions: int) -> Role:
        """The bot's own (managed) role gets exactly ``permissions`` (default: Administrator).

        The bot also has @everyone's permissions and any role given with ``add_roles``.
        """
        return self.set_role_permissions(self.world.bot_role(guild), permissions)

    def add_roles(self, guild: Guild, user: User, *roles: Role) -> Member:
        member = self._member(guild, user)
        for role in roles:
            if role.guild_id != guild.id or role.id == guild.id:
                raise FakeDiscordError(f"role {role.name!r} cannot be given in {guild.name}")
            if role.id not in member.role_ids:
                member.role_ids.append(role.id)
        self._member_event(guild, member)
        return member

    def remove_roles(self, guild: Guild, user: User, *roles: Role) -> Member:
        member = self._member(guild, user)
        member.role_ids[:] = [r for r in member.role_ids if r not in {x.id for x in roles}]
        self._member_event(guild, member)
        return member

    def set_overwrite(
        self, channel: Channel, target: Role | User | Member, *, allow: int = 0, deny: int = 0
    ) -> None:
        """Set a channel's overwrite for a role (``guild.default_role`` for @everyone) or a
        member; allow=deny=0 removes it. Threads follow their parent's (CHANNEL_UPDATE)."""
        self.world.set_overwrite(channel, target, allow, deny)
        self.gateway.dispatch(
            "CHANNEL_UPDATE", channel.payload(), guild_id=channel.guild_id, intent=INTENT_GUILDS
        )
        self.emit("channel", channel)

    def permissions_in(self, channel: Channel, user: User | None = None) -> int:
        """The computed permissions of ``user`` (default: the bot) in ``channel``."""
        return self.world.channel_permissions(user or self.world.bot_user, channel)

    def set_user_locale(self, user: User, locale: str) -> None:
        """The language ``user``'s Discord is set to: every interaction of theirs carries it
        as ``locale`` (Discord's locales, or the pseudo-locale ``qps`` for tests)."""
        user.locale = check_locale(locale)
        self.emit("user", user)

    def set_guild_locale(self, guild: Guild, locale: str) -> None:
        """The server's preferred locale (GUILD_UPDATE): interactions there carry it as
        ``guild_locale``."""
        guild.locale = check_locale(locale)
        self.gateway.dispatch(
            "GUILD_UPDATE",
            self.world.guild_rest_payload(guild),
            guild_id=guild.id,
            intent=INTENT_GUILDS,
        )
        self.emit("guild", guild)

    def set_dms_open(self, user: User, open_: bool) -> None:
        """Whether ``user`` accepts DMs from the bot; closed DMs answer 50007."""
        user.dms_open = open_

    def _member(self, guild: Guild, user: User) -> Member:
        member = guild.members.get(user.id)
        if member is None:
            raise FakeDiscordError(f"{user.name} is not a member of {guild.name}")
        return member

    def _role_event(self, event: str, role: Role) -> None:
        data = {"guild_id": str(role.guild_id), "role": role.payload()}
        self.gateway.dispatch(event, data, guild_id=role.guild_id, intent=INTENT_GUILDS)

    def _member_event(self, guild: Guild, member: Member) -> None:
        data = {**member.payload(), "guild_id": str(guild.id)}
        is_bot = member.user.id == self.world.bot_user.id
        self.gateway.dispatch(
            "GUILD_MEMBER_UPDATE",
            data,
            guild_id=guild.id,
            intent=0 if is_bot else INTENT_GUILD_MEMBERS,
        )
        self.emit("member", member)

    # threads ------------------------------------------------------------------------------------

    def archive_thread(self, thread: Channel, *, locked: bool | None = None) -> None:
        """Archive a thread now (as a moderator would); ``locked`` also sets the lock."""
        if not thread.is_thread:
            raise FakeDiscordError(f"#{thread.name} is not a thread")
        if locked is not None:
            thread.locked = locked
        self.set_thread_archived(thread, True)

    def lock_thread(self, thread: Channel, locked: bool = True) -> None:
        if not thread.is_thread:
            raise FakeDiscordError(f"#{thread.name} is not a thread")
        thread.locked = locked
        self.thread_update(thread)

    def set_thread_archived(self, thread: Channel, archived: bool) -> None:
        self.world.set_archived(thread, archived)
        self.thread_update(thread)

    def set_auto_archive(self, thread: Channel, minutes: int) -> None:
        if minutes not in AUTO_ARCHIVE_DURATIONS:
            raise FakeDiscordError(f"auto_archive_duration must be one of {AUTO_ARCHIVE_DURATIONS}")
        thread.auto_archive_duration = minutes
        thread.last_activity_ts = self.world.now_ts()
        self.thread_update(thread)

    def sweep_threads(self) -> list[Channel]:
        """Archive threads idle for their auto-archive duration on the virtual clock.

        Runs by itself whenever ``clock_offset`` changes and before each request and
        simulated action; returns the threads it archived.
        """
        due = self.world.threads_due_to_archive()
        for thread in due:
            self.set_thread_archived(thread, True)
        return due

    def thread_update(self, thread: Channel) -> None:
        self.gateway.dispatch(
            "THREAD_UPDATE", thread.payload(), guild_id=thread.guild_id, intent=INTENT_GUILDS
        )
        self.emit("channel", thread)

    # deletion and leaving -----------------------------------------------------------------------

    def delete_channel(self, channel: Channel) -> None:
        """Delete a channel or thread (and a channel's threads): THREAD_DELETE/CHANNEL_DELETE.

        Afterwards every request about it answers 10003 Unknown Channel.
        """
        if channel.guild_id is None:
            raise FakeDiscordError("DM channels cannot be deleted")
        for gone in self.world.delete_channel(channel):
            if gone.is_thread:
                data = {
                    "id": str(gone.id),
                    "guild_id": str(gone.guild_id),
                    "parent_id": str(gone.parent_id),
                    "type": gone.type,
                }
                self.gateway.dispatch(
                    "THREAD_DELETE", data, guild_id=gone.guild_id, intent=INTENT_GUILDS
                )
            else:
                self.gateway.dispatch(
                    "CHANNEL_DELETE", gone.payload(), guild_id=gone.guild_id, intent=INTENT_GUILDS
                )
            self.emit("channel_delete", gone)

    def remove_bot_from_guild(self, guild: Guild) -> None:
        """Kick the bot (GUILD_DELETE without ``unavailable``); its requests there get 50001."""
        self.gateway.dispatch(
            "GUILD_DELETE", {"id": str(guild.id)}, guild_id=guild.id, intent=INTENT_GUILDS
        )
        self.world.remove_member(guild, self.world.bot_user)
        self.emit("guild_remove", guild)

    def add_bot_to_guild(self, guild: Guild, permissions: int | None = None) -> None:
        """Invite the bot back (a fresh managed role; GUILD_CREATE)."""
        if self.world.bot_user.id in guild.members:
            raise FakeDiscordError(f"the bot is already in {guild.name}")
        role = self.world.bot_role(guild)
        if permissions is not None:
            role.permissions = int(permissions)
        self.world.join(guild, self.world.bot_user, [role.id])
        self.gateway.dispatch(
            "GUILD_CREATE",
            lambda s: self.world.guild_payload(guild, all_members=bool(s.intents & 2)),
            guild_id=guild.id,
            intent=INTENT_GUILDS,
        )

    # notifications ------------------------------------------------------------------------------

    def notifications(
        self,
        channel: Channel | None = None,
        *,
        user: User | None = None,
        kind: str | None = None,
    ) -> list[Notification]:
        """Who was notified of which new message (oldest first), optionally filtered."""
        return [
            n
            for n in self.notification_log
            if (channel is None or n.channel_id == channel.id)
            and (user is None or n.user.id == user.id)
            and (kind is None or n.kind == kind)
        ]

    def take_notifications(self) -> list[Notification]:
        """All notifications so far, forgetting them (for tests that check step by step)."""
        taken = list(self.notification_log)
        self.notification_log.clear()
        return taken
