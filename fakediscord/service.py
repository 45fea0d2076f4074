"""Creating, editing and deleting messages, with the gateway events and timelines that follow.

Every route that produces a message (channel sends, interaction responses, followups,
``@original`` edits) goes through here, so events, CDN registration and interaction
timelines stay consistent whichever endpoint the bot used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import DiscordError
from .gateway import (
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_MESSAGE_CONTENT,
    Session,
)
from .messages import Draft, apply_draft, is_empty
from .models import DM, FLAG_EPHEMERAL, FLAG_LOADING, Attachment, Channel, Message, User, iso
from .notifications import Notification, join_mentioned, notified

if TYPE_CHECKING:
    from .gateway import Gateway
    from .records import InteractionRecord, Interactions
    from .state import World


def member_payload(thread: Channel, user: User) -> dict[str, Any]:
    """A thread member object (joined when the thread was created, as the fake keeps no
    join times)."""
    return {
        "id": str(thread.id),
        "user_id": str(user.id),
        "join_timestamp": iso(thread.created_at),
        "flags": 0,
    }


class MessageService:
    """Mixin for ``FakeDiscord``: the one place messages change."""

    world: World
    gateway: Gateway
    interactions: Interactions
    attachments: dict[int, Attachment]
    notification_log: list[Notification]

    def emit(self, kind: str, subject: Any) -> None:  # FakeDiscord tells its observers
        raise NotImplementedError

    def new_message(
        self,
        channel: Channel,
        author: User,
        draft: Draft | None,
        *,
        ephemeral_for: int | None = None,
        flags: int = 0,
        mtype: int = 0,
        webhook_id: int | None = None,
        interaction_metadata: dict[str, Any] | None = None,
        interaction: dict[str, Any] | None = None,
        reference: dict[str, Any] | None = None,
        allow_empty: bool = False,
        record: InteractionRecord | None = None,
        event: str = "message",
        replied_to: Message | None = None,
    ) -> Message:
        """Create, store and announce a message; refuses empty ones as Discord does (50006).

        Records whom it notifies (see ``notifications``); a deferred "thinking" message is
        created empty (``allow_empty``) and notifies nobody, as whatever fills it is an edit.
        """
        message = Message(
            id=self.world.snowflake(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            created_at=self.world.now(),
            flags=flags | (FLAG_EPHEMERAL if ephemeral_for is not None else 0),
            ephemeral_for=ephemeral_for,
            type=mtype,
            webhook_id=webhook_id,
            application_id=webhook_id,
            interaction_metadata=interaction_metadata,
            interaction=interaction,
            reference=reference,
        )
        if draft is not None:
            apply_draft(message, draft)
        if not allow_empty and is_empty(message):
            raise DiscordError(
                400,
                50006,
                "Cannot send an empty message",
                rule="empty_message",
                detail="no content, embeds, attachments or components",
            )
        message.mentions = self._mentions(message)
        self.world.store_message(message)
        self.register_files(message)
        if not message.ephemeral:
            self._announce("MESSAGE_CREATE", message)
        if draft is not None:
            joined = join_mentioned(self.world, message, allowed_mentions=draft.allowed_mentions)
            if joined:
                self.thread_members(channel, joined, [])
            self.notification_log.extend(
                notified(
                    self.world,
                    message,
                    allowed_mentions=draft.allowed_mentions,
                    replied_to=replied_to,
                )
            )
        self._note(message, record, event)
        self.emit("message", message)
        return message

    def edit_message(
        self,
        message: Message,
        draft: Draft,
        *,
        record: InteractionRecord | None = None,
        event: str = "edit",
        finish_loading: bool = False,
    ) -> Message:
        before = (
            message.content,
            message.embeds,
            message.components,
            message.attachments,
            message.flags,
        )
        apply_draft(message, draft)
        if finish_loading:
            message.flags &= ~FLAG_LOADING
        if is_empty(message) and not message.loading:
            (
                message.content,
                message.embeds,
                message.components,
                message.attachments,
                message.flags,
            ) = before
            raise DiscordError(
                400,
                50006,
                "Cannot send an empty message",
                rule="empty_message",
                detail="the edit would leave the message empty",
            )
        message.edited_at = self.world.now()
        message.mentions = self._mentions(message)
        self.register_files(message)
        if not message.ephemeral:
            self._announce("MESSAGE_UPDATE", message)
        self._note(message, record, event)
        self.emit("message", message)
        return message

    def remove_message(self, message: Message, *, record: InteractionRecord | None = None) -> None:
        self.world.delete_message(message)
        if not message.ephemeral:
            data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id is not None:
                data["guild_id"] = str(message.guild_id)
            self.gateway.dispatch(
                "MESSAGE_DELETE",
                data,
                guild_id=message.guild_id,
                intent=self._message_intent(message),
            )
        if record is not None:
            record.mark("delete")
        self.emit("message_delete", message)

    # helpers -------------------------------------------------------------------------------------

    def _mentions(self, message: Message) -> list[User]:
        return [
            self.world.users[uid]
            for uid in sorted(message.mentioned_ids())
            if uid in self.world.users
        ]

    def register_files(self, message: Message) -> None:
        for att in message.attachments:
            self.attachments[att.id] = att

    @staticmethod
    def _message_intent(message: Message) -> int:
        return INTENT_GUILD_MESSAGES if message.guild_id is not None else INTENT_DIRECT_MESSAGES

    def rest_payload(self, message: Message, *, strip: bool = False) -> dict[str, Any]:
        """A message as REST returns it (replies carry the message they answer)."""
        data = message.payload(strip_content=strip)
        if message.reference is not None:
            ref_id = message.reference.get("message_id")
            ref = self.world.messages.get(int(ref_id)) if ref_id else None
            data["referenced_message"] = None if ref is None else ref.payload()
        return data

    def message_event_payload(self, message: Message, *, strip: bool = False) -> dict[str, Any]:
        """A message as MESSAGE_CREATE/UPDATE carry it: plus guild id and author member."""
        data = self.rest_payload(message, strip=strip)
        if message.guild_id is not None:
            data["guild_id"] = str(message.guild_id)
            guild = self.world.guilds[message.guild_id]
            member = guild.members.get(message.author.id)
            if member is not None and message.webhook_id is None:
                data["member"] = member.payload(with_user=False)
        return data

    def _announce(self, event: str, message: Message) -> None:
        bot_id = self.world.bot_user.id
        channel = self.world.channels.get(message.channel_id)
        if channel is not None and not self.world.app_is_member(channel):
            return  # the bot gets no events of a channel it is not in
        needs_intent = (
            message.guild_id is not None
            and message.author.id != bot_id
            and bot_id not in message.mentioned_ids()
        )
        # built once, and only if a session gets the event (most bots lack the intent)
        built: dict[bool, dict[str, Any]] = {}

        def for_session(session: Session) -> dict[str, Any]:
            strip = needs_intent and not session.intents & INTENT_MESSAGE_CONTENT
            if strip not in built:
                built[strip] = self.message_event_payload(message, strip=strip)
            return built[strip]

        self.gateway.dispatch(
            event, for_session, guild_id=message.guild_id, intent=self._message_intent(message)
        )

    def thread_members(self, thread: Channel, added: list[User], removed: list[User]) -> None:
        """THREAD_MEMBERS_UPDATE, to sessions with the Guild Members intent."""
        self.gateway.dispatch(
            "THREAD_MEMBERS_UPDATE",
            {
                "id": str(thread.id),
                "guild_id": str(thread.guild_id),
                "member_count": max(1, len(thread.member_ids)),
                "added_members": [member_payload(thread, u) for u in added],
                "removed_member_ids": [str(u.id) for u in removed],
            },
            guild_id=thread.guild_id,
            intent=INTENT_GUILD_MEMBERS,
        )

    def _note(self, message: Message, record: InteractionRecord | None, event: str) -> None:
        if record is not None:
            record.mark(event, message)
            return
        for active in self.interactions.active:
            active.mark(f"channel {event}", message)

    def _shares_guild(self, user: User) -> bool:
        return any(user.id in g.members for g in self.world.guilds.values())

    def check_dm(self, channel: Channel) -> None:
        if channel.type != DM:
            return
        recipient = channel.recipients[0]
        # a user who installed the app may get its DMs without sharing a server with it
        reachable = recipient.id in self.world.user_installs or self._shares_guild(recipient)
        if recipient.bot or not recipient.dms_open or not reachable:
            raise DiscordError(403, 50007, "Cannot send messages to this user")
