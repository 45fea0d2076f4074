"""The running bot as its parts reach it: a Discord client with the match services.

The parts of the bot (the table, the delivery of boards, the turn clock, the computer players)
each hold the bot and reach the services and one another through it. They are typed against
``Host``, not against ``bot.client.RanchHand`` (a ``Host`` that builds them and runs the
bot's life: start, sync, graceful stop), so no part imports the module that builds it.

What one part uses of another is a protocol here (``Posting``, ``Boards``, ``Blocking``): the
few methods it calls, with the options each takes written out in its class
(``tests/bot/test_host.py`` holds each class to its protocol).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any, Protocol

import discord
from discord.ext import commands

from bot.config import Settings
from bot.locales import Readers
from bot.matches import Match, MatchService, MoveResult
from bot.metrics import Metrics
from bot.pictures import Pictures
from bot.render_pool import Renderer
from bot.request import MoveRequest, Ready
from bot.store import Store
from bot.trouble import ChannelTrouble


class Moving(Protocol):
    """The way of a move to its board (``bot.pipeline.Pipeline``)."""

    async def run(
        self, request: MoveRequest, moved: MoveResult | None = None, *, ready: Ready | None = None
    ) -> MoveResult | None: ...


class Posting(Protocol):
    """What other parts use of the table (``bot.table.Table``)."""

    #: the computer players (``bot.computers.Computers``)
    computers: Any

    @property
    def pipeline(self) -> Moving: ...

    async def postable(
        self, channel_id: int, *, edit: bool = False
    ) -> discord.PartialMessageable: ...

    async def retire(
        self, match: Match, *, keep: int | None = None, end: str | None = None
    ) -> None: ...


class Boards(Protocol):
    """What other parts use of the delivery of boards (``bot.delivery.Delivery``)."""

    #: the real time the outbox's leases and backoff are counted in
    now: Callable[[], float]

    async def deliver(self, request: MoveRequest | int) -> discord.Message | None: ...

    #: the boards' pictures (``bot.pictures.Pictures``)
    pictures: Pictures


class Blocking(Protocol):
    """What other parts use of the turn clock (``bot.turns.TurnClock``)."""

    async def block(self, match: Match, reason: str, *, announce: bool = True) -> bool: ...

    async def unblock(self, match: Match) -> bool: ...

    async def deadline_now(self, match: Match) -> bool: ...


class Host(commands.AutoShardedBot):
    """The bot's services, set by ``RanchHand`` when it is built (the store and the match
    service once it starts), and what every part may ask of the bot as a whole."""

    settings: Settings
    #: the time the turn clock and the match service read
    clock: Callable[[], float]
    store: Store
    service: MatchService
    renderer: Renderer
    metrics: Metrics
    #: each player's language as last seen (for what reaches them without an interaction)
    readers: Readers
    table: Posting
    delivery: Boards
    turns: Blocking
    #: a match whose channel cannot be reached: closed, or its clock paused
    trouble: ChannelTrouble
    #: the tournaments (``bot.tournaments.Tournaments``), moved on by the turn clock's tick
    tournaments: Any
    #: moves and starts being handled now (a graceful stop waits for them)
    in_flight: int
    #: a graceful stop has begun: no new interactions are taken
    stopping: bool

    @contextlib.asynccontextmanager
    async def handling(self) -> AsyncIterator[None]:
        """Count a move in flight, so that a graceful stop waits for it."""
        self.in_flight += 1
        try:
            yield
        finally:
            self.in_flight -= 1

    def still_in(self, guild_id: int | None) -> bool:
        """Whether the bot is (as far as this process can tell) still in that server: it is
        in the cache, or the server belongs to shards another process runs."""
        if guild_id is None or self.get_guild(guild_id) is not None:
            return True
        shards = self.shard_ids
        count = self.shard_count or 1
        return shards is not None and (guild_id >> 22) % count not in shards

    async def close_matches(self, matches: list[Match]) -> int:
        """End matches whose channel, thread or server is gone (``ChannelTrouble.close``).
        Returns how many were live."""
        return await self.trouble.close(matches)
