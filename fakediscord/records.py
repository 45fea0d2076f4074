"""The timeline of one simulated interaction, from dispatch to the last edit or followup.

Both sides use it: the REST handlers check tokens, acknowledgement and expiry against it,
and tests read what the user saw (``response``, ``followups``, ``messages``) from it.
"""

from __future__ import annotations

import asyncio
import base64
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from .models import Channel, Message, User

APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5


def interaction_token(iid: int) -> str:
    """An interaction's token as Discord makes it: ``interaction:<id>:<secret>`` in URL-safe
    base64 without padding (so it starts ``aW50ZXJhY3Rpb246``, and a URL carries it as it is)."""
    raw = f"interaction:{iid}:{secrets.token_urlsafe(48)}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


# Callback types allowed per interaction type (Discord's table; 6/7 need a source message).
ALLOWED_CALLBACKS: dict[int, tuple[int, ...]] = {
    APPLICATION_COMMAND: (4, 5, 9),
    MESSAGE_COMPONENT: (4, 5, 6, 7, 9),
    AUTOCOMPLETE: (8,),
    MODAL_SUBMIT: (4, 5, 6, 7),
}


@dataclass(eq=False)
class InteractionRecord:
    """One interaction as the user experienced it.

    ``response`` and ``followups`` are the live stored messages (current state); ``messages``
    holds snapshots of every message created or edited while the interaction was active, in
    order, so a test can see intermediate states.
    """

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    payload: dict[str, Any]
    created_ts: float
    command: str | None = None
    custom_id: str | None = None
    source_message: Message | None = None
    parent: InteractionRecord | None = None
    callback_type: int | None = None
    ephemeral: bool = False
    response: Message | None = None
    followups: list[Message] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    error: str | None = None
    dispatched_at: float = 0.0
    acked_at: float | None = None
    completed_at: float | None = None
    #: authorized by a user's install alone (the bot is not a member here): at most
    #: ``FOLLOWUP_LIMIT`` followups
    user_only: bool = False
    #: a user's app where the user may not use external apps: every answer is ephemeral
    forced_ephemeral: bool = False
    timeline: list[tuple[float, str, int | None]] = field(default_factory=list)
    modal_submitted: bool = False
    expired: bool = False
    _acked: asyncio.Event = field(default_factory=asyncio.Event, repr=False)
    _resolved: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    @property
    def guild_id(self) -> int | None:
        return self.channel.guild_id

    @property
    def ack_latency(self) -> float | None:
        """Seconds from the INTERACTION_CREATE frame to the callback request."""
        return None if self.acked_at is None else self.acked_at - self.dispatched_at

    @property
    def completion_latency(self) -> float | None:
        """Seconds from dispatch to the last message this interaction created or edited."""
        return None if self.completed_at is None else self.completed_at - self.dispatched_at

    @property
    def acknowledged(self) -> bool:
        return self.callback_type is not None

    @property
    def response_message_id(self) -> int | None:
        return None if self.response is None else self.response.id

    @property
    def followup_ids(self) -> list[int]:
        return [m.id for m in self.followups]

    def mark(self, event: str, message: Message | None = None) -> None:
        now = time.perf_counter()
        self.timeline.append(
            (now - self.dispatched_at, event, None if message is None else message.id)
        )
        if message is not None:
            self.messages.append(message.snapshot())
            self.completed_at = now

    def mark_acknowledged(self) -> None:
        """The bot's first response arrived (or the deadline passed): the actor stops waiting."""
        self._acked.set()

    def mark_resolved(self) -> None:
        """A "thinking" defer was resolved by an edit or a followup (or cannot be any more)."""
        self._resolved.set()

    async def wait_acknowledged(self) -> None:
        await self._acked.wait()

    @property
    def resolved(self) -> bool:
        return self._resolved.is_set()

    def owns_message(self, message_id: int) -> bool:
        if self.response is not None and self.response.id == message_id:
            return True
        return any(m.id == message_id for m in self.followups)

    def __repr__(self) -> str:
        return (
            f"<InteractionRecord id={self.id} type={self.type} command={self.command!r} "
            f"custom_id={self.custom_id!r} callback_type={self.callback_type} "
            f"error={self.error!r}>"
        )


class Interactions:
    """Every interaction the emulator sent, found by id or token, and those in flight."""

    def __init__(self) -> None:
        self.records: list[InteractionRecord] = []
        #: dispatched and waiting for their first response
        self.active: list[InteractionRecord] = []
        self._by_id: dict[int, InteractionRecord] = {}
        self._by_token: dict[str, InteractionRecord] = {}
        #: each active interaction's first-response deadline
        self.timers: set[asyncio.TimerHandle] = set()

    def cancel_timers(self) -> None:
        for handle in self.timers:
            handle.cancel()
        self.timers.clear()

    def add(self, rec: InteractionRecord) -> None:
        self.records.append(rec)
        self._by_id[rec.id] = rec
        self._by_token[rec.token] = rec

    def by_id(self, interaction_id: int) -> InteractionRecord | None:
        return self._by_id.get(interaction_id)

    def by_token(self, token: str) -> InteractionRecord | None:
        return self._by_token.get(token)
