"""``FakeDiscord``: the loopback Discord a test (or benchmark, or local sandbox) talks to.

One object owns the world state, the aiohttp server (REST, Gateway, CDN), the rule checks
and the simulated users. It is plain asyncio: pytest is optional.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Any

from aiohttp import web

from . import (  # noqa: F401  (register routes)
    routes_channels,
    routes_commands,
    routes_core,
    routes_interactions,
    routes_threads,
)
from .actors import Actors
from .admin import WorldAdmin
from .errors import DiscordError
from .faults import Faults
from .gateway import PRIVILEGED_INTENTS, Gateway
from .messages import MessageBuilder
from .models import (
    GROUP_DM,
    Attachment,
    Channel,
    FakeDiscordError,
    Member,
    Message,
    RequestRecord,
    User,
    Violation,
)
from .notifications import Notification
from .ratelimit import InvalidRequests, RateLimiter
from .records import InteractionRecord, Interactions
from .server import RestServer
from .service import MessageService
from .state import Guild, World
from .validate import SpecValidator, load_validator

log = logging.getLogger(__name__)

DEFAULT_ATTACHMENT_LIMIT = 10 * 1024 * 1024
TOKEN_LIFETIME = 15 * 60.0
# Tasks discord.py names after the work it does for one event: while one runs in this loop,
# an in-process bot is still handling something even if it sends nothing (e.g. rendering).
CLIENT_TASK_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-dynamic-item-",
    "discord-ui-modal-dispatch-",
    "discord.py: interaction",
    "discord.py: message",
)


class FakeDiscord(MessageService, Actors, WorldAdmin):
    """A faithful, rule-enforcing stand-in for Discord's REST API and Gateway on 127.0.0.1."""

    def __init__(
        self,
        spec_path: str | os.PathLike[str] | None = None,
        first_response_deadline: float = 3.0,
        rate_limits: Mapping[str, tuple[int, float]] | None = None,
        latency: float = 0.0,
        *,
        privileged_intents: Iterable[str] = ("members", "presences", "message_content"),
        attachment_size_limit: int = DEFAULT_ATTACHMENT_LIMIT,
        bot_name: str = "Ranch Hand",
        check_responses: bool = False,
        recommended_shards: int = 1,
        validate: bool = True,
    ) -> None:
        unknown = set(privileged_intents) - set(PRIVILEGED_INTENTS)
        if unknown:
            raise ValueError(f"unknown privileged intents: {sorted(unknown)}")
        self.world = World(bot_name=bot_name)
        # ``validate=False``: no spec asked for (the sandbox unless told), so nothing to warn of
        self.validator: SpecValidator | None = load_validator(spec_path) if validate else None
        self.limiter = RateLimiter(rate_limits)
        self.first_response_deadline = first_response_deadline
        self.token_lifetime = TOKEN_LIFETIME
        self.latency = latency
        self.attachment_size_limit = attachment_size_limit
        self.privileged_intents = set(privileged_intents)
        self.check_responses = check_responses
        if recommended_shards < 1:
            raise ValueError("recommended_shards must be at least 1")
        self.recommended_shards = recommended_shards
        self.faults = Faults()
        self.invalid_requests = InvalidRequests()
        self.notification_log: list[Notification] = []
        self.violations: list[Violation] = []
        self.requests: list[RequestRecord] = []
        self.interactions = Interactions()
        #: every interaction sent, in order (the same list as ``interactions.records``)
        self.records: list[InteractionRecord] = self.interactions.records
        self.actor_quiet = 0.05
        self.actor_timeout = 10.0
        self.defer_patience = 1.0
        self.track_client_tasks = True
        self.client_patience = 3.0
        self.gateway = Gateway(self)
        self.builder = MessageBuilder(self.world.snowflake, self._cdn_url)
        self._rest = RestServer(self)
        #: files served by the CDN route, by attachment id
        self.attachments: dict[int, Attachment] = {}
        self._busy = 0
        self._last_activity = time.monotonic()
        self._runner: web.AppRunner | None = None
        self._port: int | None = None
        self._undo_patch: Callable[[], None] | None = None
        self._observers: list[Callable[[str, Any], None]] = []

    # lifecycle ----------------------------------------------------------------------------------

    async def start(self) -> None:
        """Serve on 127.0.0.1 with an ephemeral port."""
        if self._runner is not None:
            raise FakeDiscordError("already started")
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/cdn/attachments/{channel_id}/{attachment_id}/{filename}", self._cdn)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest.handle)
        app.router.add_route("*", "/{tail:.*}", self._elsewhere)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self._port = self._runner.addresses[0][1]

    async def close(self) -> None:
        self.interactions.cancel_timers()
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.unpatch_discord()

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def port(self) -> int:
        if self._port is None:
            raise FakeDiscordError("call start() first")
        return self._port

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def patch_discord(self) -> Callable[[], None]:
        """Point discord.py's REST base and default gateway here; returns the undo function."""
        import discord.gateway
        import discord.http
        import yarl

        self.unpatch_discord()
        route_cls = discord.http.Route
        ws_cls = discord.gateway.DiscordWebSocket
        old_base, old_gateway = route_cls.BASE, ws_cls.DEFAULT_GATEWAY
        route_cls.BASE = self.api_base
        ws_cls.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

        def undo() -> None:
            if self._undo_patch is undo:
                route_cls.BASE = old_base
                ws_cls.DEFAULT_GATEWAY = old_gateway
                self._undo_patch = None

        self._undo_patch = undo
        return undo

    def unpatch_discord(self) -> None:
        if self._undo_patch is not None:
            self._undo_patch()

    # identity -----------------------------------------------------------------------------------

    @property
    def bot_token(self) -> str:
        return self.world.bot_token

    @property
    def bot_user(self) -> User:
        return self.world.bot_user

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def clock_offset(self) -> float:
        """Seconds added to the fake's "now" (token expiry, timestamps, snowflakes)."""
        return self.world.clock_offset

    @clock_offset.setter
    def clock_offset(self, value: float) -> None:
        self.world.clock_offset = float(value)
        self.sweep_threads()

    def application_flags(self) -> int:
        flags = 1 << 23  # APPLICATION_COMMAND_BADGE
        for name, bit in (
            ("presences", 1 << 12),
            ("members", 1 << 14),
            ("message_content", 1 << 18),
        ):
            if name in self.privileged_intents:
                flags |= bit
        return flags

    def me_payload(self) -> dict[str, Any]:
        data = self.bot_user.payload()
        data.update(
            mfa_enabled=False, locale="en-US", verified=True, email=None, premium_type=0, bot=True
        )
        return data

    def application_payload(self) -> dict[str, Any]:
        owner = self.world.application_owner.payload()
        flags = self.application_flags()
        return {
            "id": str(self.application_id),
            "name": self.bot_user.global_name or self.bot_user.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot": self.bot_user.payload(),
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": flags,
            "flags_new": str(flags),
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "owner": owner,
            "team": None,
            "approximate_guild_count": len(self.world.guilds),
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0,
            "eligible_oauth2_scopes": [],
            "integration_types_config": {"0": {}},
            "rpc_origins": [],
            "tags": [],
        }

    # observers ----------------------------------------------------------------------------------

    def observe(self, callback: Callable[[str, Any], None]) -> Callable[[], None]:
        """Call ``callback(kind, subject)`` whenever the world changes; returns the undo.

        Kinds: ``message`` (created or edited, ephemerals included), ``message_delete``,
        ``channel``, ``channel_delete``, ``member``, ``guild_remove`` and ``violation``. A
        viewer such as the sandbox page uses it to show changes as they happen; callbacks
        run synchronously and must not block.
        """
        self._observers.append(callback)

        def undo() -> None:
            if callback in self._observers:
                self._observers.remove(callback)

        return undo

    def emit(self, kind: str, subject: Any) -> None:
        for callback in list(self._observers):
            try:
                callback(kind, subject)
            except Exception:  # an observer's bug must not break the emulated Discord
                log.exception("fakediscord observer failed on %s", kind)

    # world building -----------------------------------------------------------------------------

    def create_guild(self, name: str, *, owner: User | None = None) -> Guild:
        guild = self.world.create_guild(name, owner=owner)
        self.gateway.dispatch(
            "GUILD_CREATE",
            lambda s: self.world.guild_payload(guild, all_members=bool(s.intents & 2)),
            guild_id=guild.id,
            intent=1,
        )
        return guild

    def create_text_channel(
        self, guild: Guild, name: str, *, topic: str | None = None, announcement: bool = False
    ) -> Channel:
        """A text channel (type 0), or an announcement channel (type 5)."""
        channel = self.world.create_text_channel(
            guild, name, topic=topic, announcement=announcement
        )
        self.gateway.dispatch("CHANNEL_CREATE", channel.payload(), guild_id=guild.id, intent=1)
        self.emit("channel", channel)
        return channel

    def create_thread(
        self,
        channel: Channel,
        name: str,
        *,
        private: bool = False,
        owner: User | None = None,
        auto_archive_duration: int = 1440,
    ) -> Channel:
        """A thread under a text channel (public 11 or private 12) or an announcement
        channel (10), archived after ``auto_archive_duration`` idle minutes."""
        thread = self.world.create_thread(
            channel,
            name,
            private=private,
            owner=owner,
            auto_archive_duration=auto_archive_duration,
        )
        self.dispatch_thread(thread)
        return thread

    def dispatch_thread(self, thread: Channel) -> None:
        data = {**thread.payload(), "newly_created": True}
        self.gateway.dispatch("THREAD_CREATE", data, guild_id=thread.guild_id, intent=1)
        self.emit("channel", thread)

    def create_user(self, name: str, *, created_at: datetime | None = None) -> User:
        return self.world.create_user(name, created_at=created_at)

    def add_member(
        self, guild: Guild, user: User, permissions: int | None = None, **flags: bool
    ) -> Member:
        member = self.world.add_member(guild, user, permissions, **flags)
        self.gateway.dispatch(
            "GUILD_MEMBER_ADD",
            {**member.payload(), "guild_id": str(guild.id)},
            guild_id=guild.id,
            intent=2,
        )
        self.emit("member", member)
        return member

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and ``user`` (where the bot's DMs land)."""
        return self.world.dm_channel(user)

    def install_for_user(self, user: User) -> None:
        """``user`` installs the application to their account (a user install): its commands
        that allow it reach them in DMs, group DMs and servers without the bot."""
        self.world.user_installs.add(user.id)

    def create_group_dm(self, owner: User, *others: User, name: str | None = None) -> Channel:
        """A group DM of ``owner`` and ``others``; the bot is not (and cannot be) in it."""
        people = [owner, *[u for u in others if u.id != owner.id]]
        if any(u.bot for u in people):
            raise FakeDiscordError("bots cannot be added to a group DM")
        if not 2 <= len(people) <= 10:
            raise FakeDiscordError("a group DM has 2 to 10 people")
        world = self.world
        cid = world.snowflake()
        channel = Channel(
            id=cid,
            type=GROUP_DM,
            name=name,
            owner_id=owner.id,
            recipients=people,
            created_at=world.now(),
        )
        world.channels[cid] = channel
        world.channel_messages[cid] = []
        self.emit("channel", channel)
        return channel

    # queries --------------------------------------------------------------------------------------

    def messages(self, channel: Channel | int, visible_to: User | None = None) -> list[Message]:
        """Messages in a channel, oldest first; ephemerals only for ``visible_to``."""
        ch = self._resolve_channel(channel)
        return self.world.visible_messages(ch, visible_to)

    def last_message(
        self, channel: Channel | int, visible_to: User | None = None
    ) -> Message | None:
        found = self.messages(channel, visible_to)
        return found[-1] if found else None

    def get_message(self, message_id: int) -> Message | None:
        return self.world.messages.get(int(message_id))

    def commands(self, guild: Guild | int | None = None) -> list[dict[str, Any]]:
        """The synced command registry for a scope (global when ``guild`` is None)."""
        scope = None if guild is None else guild if isinstance(guild, int) else guild.id
        return list(self.world.commands.get(scope, {}).values())

    def _resolve_channel(self, channel: Channel | int) -> Channel:
        return channel if isinstance(channel, Channel) else self.world.channel(int(channel))

    # violations, activity, settling ------------------------------------------------------------

    def violate(self, rule: str, detail: str, request: str | None = None) -> Violation:
        violation = Violation(rule, detail, request)
        self.violations.append(violation)
        self.emit("violation", violation)
        return violation

    def record_refusal(self, exc: DiscordError, request: str) -> None:
        if exc.field_errors:
            for err in exc.field_errors:
                self.violate(err.rule, str(err), request)
        elif exc.rule:
            self.violate(exc.rule, exc.detail, request)

    def take_violations(self, rule: str | None = None) -> list[Violation]:
        """Remove and return violations (all, or those of one rule) a test expected."""
        taken = [v for v in self.violations if rule is None or v.rule == rule]
        self.violations[:] = [v for v in self.violations if v not in taken]
        return taken

    def assert_no_violations(self) -> None:
        if self.violations:
            lines = "\n".join(f"  - {v}" for v in self.violations)
            raise AssertionError(f"{len(self.violations)} Discord rule violation(s):\n{lines}")

    @property
    def rate_limited(self) -> int:
        """How many 429s the fake has answered."""
        return self.limiter.rate_limited

    def activity(self, delta: int) -> None:
        """A request or gateway frame starts (+1) or ends (-1)."""
        self._busy += delta
        self._last_activity = time.monotonic()

    def idle(self, patience: float) -> bool:
        """Nothing in flight, and nothing happened for ``patience`` seconds."""
        return self._busy <= 0 and time.monotonic() - self._last_activity >= patience

    def _client_busy(self) -> bool:
        """True while an in-process discord.py client is still handling an event."""
        if not self.track_client_tasks:
            return False
        return any(
            not t.done() and t.get_name().startswith(CLIENT_TASK_PREFIXES)
            for t in asyncio.all_tasks()
        )

    async def settle(self, quiet: float = 0.05, timeout: float = 10) -> None:
        """Wait until nothing is in flight and nothing happened for ``quiet`` seconds.

        "In flight" covers requests being served, gateway frames not yet sent and, for a bot
        running in this event loop, discord.py handler tasks still running (a bot rendering
        a picture sends nothing for a while but is not done). A handler that has sent
        nothing for ``client_patience`` seconds is taken to be waiting, not working.
        """
        deadline = time.monotonic() + timeout
        client_seen = 0.0
        while True:
            now = time.monotonic()
            if now - self._last_activity < self.client_patience and self._client_busy():
                client_seen = now
            idle_for = now - max(self._last_activity, client_seen)
            if self._busy <= 0 and idle_for >= quiet:
                return
            if now >= deadline:
                raise TimeoutError(
                    f"fake did not settle within {timeout}s "
                    f"({self._busy} request(s)/frame(s) in flight)"
                )
            wait = quiet - idle_for if self._busy <= 0 else 0.01
            await asyncio.sleep(min(max(wait, 0.002), 0.01))

    async def wait_for_bot(self, timeout: float = 10.0) -> None:
        """Wait until a bot session has identified and received its guilds."""
        await asyncio.wait_for(self.gateway.identified.wait(), timeout)
        await self.settle(timeout=timeout)

    def reconnect_gateway(self) -> int:
        """Ask connected clients to reconnect and resume (op 7)."""
        return self.gateway.request_reconnect()

    def invalidate_gateway_sessions(self, *, resumable: bool = False) -> None:
        """Send op 9 INVALID_SESSION: ``resumable=False`` forces a fresh IDENTIFY,
        ``True`` lets the client RESUME."""
        self.gateway.invalidate_sessions(resumable=resumable)

    def drop_gateway(self, *, resume: bool = True) -> int:
        """Cut every gateway connection as a network failure would.

        With ``resume`` the sessions survive (close code 4000) and clients RESUME, missing
        nothing; without it the sessions end (close code 4009, session timed out) and
        clients IDENTIFY afresh. Returns how many connections were cut.
        """
        return self.gateway.drop(resume=resume)

    # CDN and stray paths ------------------------------------------------------------------------

    def _cdn_url(self, channel_id: int, attachment_id: int, filename: str) -> str:
        return f"{self.base_url}/cdn/attachments/{channel_id}/{attachment_id}/{filename}"

    async def _cdn(self, request: web.Request) -> web.StreamResponse:
        self.activity(+1)
        try:
            if self.latency:
                await asyncio.sleep(self.latency)
            try:
                att = self.attachments[int(request.match_info["attachment_id"])]
            except (KeyError, ValueError):
                return web.Response(status=404, text="Not Found")
            return web.Response(
                body=att.data,
                headers={"Content-Type": att.content_type or "application/octet-stream"},
            )
        finally:
            self.activity(-1)

    async def _elsewhere(self, request: web.Request) -> web.StreamResponse:
        self.violate(
            "unimplemented_route",
            f"{request.method} {request.path} is outside /api/v10",
            f"{request.method} {request.path}",
        )
        return web.Response(
            status=404,
            body=b'{"message": "404: Not Found", "code": 0}',
            headers={"Content-Type": "application/json"},
        )
