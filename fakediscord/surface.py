"""What the emulator's parts see of it: the REST routes, the HTTP plumbing and the simulated
users work against ``Emulator``, the gateway against ``GatewayHost``, the rule guards against
``ChannelGuard`` and the sandbox's saved world against ``WorldHolder``: protocols
``FakeDiscord`` satisfies. No part works against ``FakeDiscord`` itself.

``FakeDiscord`` imports the parts (the route modules register themselves on import); the
parts import this module and the plain data modules below it, never ``fake.py``, so the
package has no import circle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from .errors import DiscordError
from .faults import Faults
from .messages import Draft, MessageBuilder
from .models import Attachment, Channel, Message, RequestRecord, User, Violation
from .ratelimit import InvalidRequests, RateLimiter
from .records import InteractionRecord, Interactions
from .state import World
from .validate import SpecValidator

#: a gateway event's payload, or one worked out per session (None: not for that session)
EventData = dict[str, Any] | Callable[[Any], dict[str, Any] | None]


class Dispatcher(Protocol):
    """The gateway as the rest of the emulator uses it: send events, see who listens."""

    identify_count: int

    def dispatch(
        self, event: str, data: EventData, *, guild_id: int | None = None, intent: int = 0
    ) -> int: ...

    def targets(self, guild_id: int | None) -> Sequence[object]: ...


class GatewayHost(Protocol):
    """What the gateway needs: who the bot is, the world it is sent, and the clock of activity."""

    world: World
    latency: float
    privileged_intents: set[str]

    @property
    def bot_user(self) -> User: ...

    @property
    def bot_token(self) -> str: ...

    @property
    def application_id(self) -> int: ...

    @property
    def gateway_url(self) -> str: ...

    def me_payload(self) -> dict[str, Any]: ...

    def application_flags(self) -> int: ...

    def violate(self, rule: str, detail: str, request: str | None = None) -> Violation: ...

    def activity(self, delta: int) -> None: ...


class ChannelGuard(Protocol):
    """What the permission and thread guards need."""

    world: World

    @property
    def bot_user(self) -> User: ...

    def set_thread_archived(self, thread: Channel, archived: bool) -> None: ...


class WorldHolder(Protocol):
    """What the sandbox's saved world needs: the world, its files and news of its changes."""

    world: World
    attachments: dict[int, Attachment]

    @property
    def base_url(self) -> str: ...

    def observe(self, callback: Callable[[str, Any], None]) -> Callable[[], None]: ...


class Emulator(GatewayHost, ChannelGuard, WorldHolder, Protocol):
    """Everything the REST routes and the simulated users use: the emulated Discord's state
    and the one place each kind of change is made."""

    builder: MessageBuilder
    interactions: Interactions
    records: list[InteractionRecord]
    validator: SpecValidator | None
    limiter: RateLimiter
    faults: Faults
    invalid_requests: InvalidRequests
    requests: list[RequestRecord]
    check_responses: bool
    attachment_size_limit: int
    token_lifetime: float
    first_response_deadline: float
    recommended_shards: int
    actor_quiet: float
    actor_timeout: float
    defer_patience: float

    @property
    def gateway(self) -> Dispatcher: ...

    def application_payload(self) -> dict[str, Any]: ...

    # rules and activity
    def record_refusal(self, exc: DiscordError, request: str) -> None: ...

    def idle(self, patience: float) -> bool: ...

    async def settle(self, quiet: float = 0.05, timeout: float = 10) -> None: ...

    def emit(self, kind: str, subject: Any) -> None: ...

    # messages
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
    ) -> Message: ...

    def edit_message(
        self,
        message: Message,
        draft: Draft,
        *,
        record: InteractionRecord | None = None,
        event: str = "edit",
        finish_loading: bool = False,
    ) -> Message: ...

    def remove_message(
        self, message: Message, *, record: InteractionRecord | None = None
    ) -> None: ...

    def rest_payload(self, message: Message, *, strip: bool = False) -> dict[str, Any]: ...

    def check_dm(self, channel: Channel) -> None: ...

    # channels and threads
    def sweep_threads(self) -> list[Channel]: ...

    def delete_channel(self, channel: Channel) -> None: ...

    def dispatch_thread(self, thread: Channel) -> None: ...

    def thread_update(self, thread: Channel) -> None: ...

    def thread_members(self, thread: Channel, added: list[User], removed: list[User]) -> None: ...

    # interactions and people
    def expire_if_late(self, rec: InteractionRecord) -> None: ...

    def expire(self, rec: InteractionRecord) -> None: ...

    def install_for_user(self, user: User) -> None: ...

    async def forge(
        self,
        user: User,
        channel: Channel,
        kind: int,
        data: Mapping[str, Any],
        *,
        message: Message | None = None,
        shown: Sequence[Mapping[str, Any]] | None = None,
    ) -> InteractionRecord: ...

    async def say(
        self,
        user: User,
        channel: Channel,
        content: str,
        *,
        files: Sequence[tuple[str, bytes]] = (),
    ) -> Message: ...
