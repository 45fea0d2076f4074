"""The Discord client: opens the store, loads the cogs, registers the persistent components."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import pkgutil
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import heap, ui
from bot.analyses import Analyses
from bot.answer import TRANSPORT
from bot.channels import Channels
from bot.command_words import Translations
from bot.config import Settings
from bot.delivery import Delivery
from bot.gate import closed
from bot.host import Host
from bot.locales import Readers, Tree, reader_locale
from bot.matches import MatchService, Refusal
from bot.metrics import Metrics
from bot.posted import PostedThrough
from bot.render_pool import Renderer
from bot.store import StorageError, Store, open_store
from bot.strips import Strips
from bot.table import RESTARTING, Table
from bot.texts import said
from bot.tournaments import Tournaments
from bot.trouble import ChannelTrouble
from bot.turns import TurnClock
from games.base import GameError
from words import domain
from words.catalogue import set_locale

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()

#: seconds between two hand-backs of the bot process's freed heap to the system
TRIM_SECONDS = 10.0


def extensions() -> list[str]:
    """Every module in ``cogs/`` that defines ``setup``: one per game, plus ``/game``."""
    import cogs

    return [
        f"cogs.{m.name}"
        for m in pkgutil.iter_modules(cogs.__path__)
        if m.name != "base" and not m.name.startswith("_")
    ]


class CommandTree(Tree):
    """The bot's command tree: closed while the bot stops (``bot.gate``: the client's
    ``on_interaction`` answers), then each command's language and options are checked
    (``locales.Tree``); refusals and errors are answered privately (``on_error``)."""

    async def interaction_check(self, interaction: discord.Interaction[discord.Client], /) -> bool:
        if closed(interaction):
            return False
        return await super().interaction_check(interaction)

    async def on_error(
        self,
        interaction: discord.Interaction[discord.Client],
        error: app_commands.AppCommandError,
        /,
    ) -> None:
        """One place turns refusals into private replies (in the language of whoever used
        the command: set for this task by ``interaction_check``) and logs everything
        unexpected."""
        original = getattr(error, "original", error)
        if isinstance(original, Refusal | GameError | StorageError):
            message = said(original)  # a storage fault says what happened: nothing was saved
        elif isinstance(error, app_commands.CheckFailure):
            message = _("You don't have permission to do that here.")
        elif isinstance(
            error, app_commands.TransformerError | app_commands.CommandSignatureMismatch
        ):
            message = _("That command's options were not understood; try it again.")
        else:
            command = interaction.command.qualified_name if interaction.command else "?"
            log.error("error in /%s", command, exc_info=original)
            message = _("Sorry, something went wrong on my side; it has been logged.")
        try:
            if interaction.response.is_done():
                await interaction.followup.send(message, ephemeral=True)
            else:
                await interaction.response.send_message(message, ephemeral=True)
        except (discord.HTTPException, *TRANSPORT) as err:
            log.warning("could not send a refusal for interaction %s: %r", interaction.id, err)


class RanchHand(Host):
    """Builds the bot's parts and runs its life: start, command sync, graceful stop, and
    the matches of channels and servers that go."""

    #: the parts as built here and as the commands use them (other parts see one another
    #: through ``Host``'s protocols)
    delivery: Delivery
    table: Table
    turns: TurnClock
    tournaments: Tournaments

    def __init__(
        self,
        settings: Settings,
        *,
        seed_source: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.time,
        clock_interval: float | None = 60.0,
        board_lease: float = 30.0,
        realtime: Callable[[], float] = time.time,
        **options: Any,
    ) -> None:
        """``clock`` is the time the turn clock and the match service read (tests pass a
        controllable one); ``clock_interval`` is how often the turn clock ticks (None: only
        when ``turns.tick()`` is called); ``realtime`` is the time the outbox's leases and
        backoff are counted in (tests move it instead of waiting)."""
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads; no privileged intents needed
        # no message cache: the bot never reads messages back from discord.py (it edits its
        # boards by id), and with these intents none would arrive to fill it anyway
        options.setdefault("max_messages", None)
        options.setdefault("chunk_guilds_at_startup", False)
        if settings.shard_ids is not None:
            options.setdefault("shard_ids", list(settings.shard_ids))
            options.setdefault("shard_count", settings.shard_count)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            tree_cls=CommandTree,
            **options,
        )
        self.settings = settings
        self.seed_source = seed_source
        self.clock = clock
        self.clock_interval = clock_interval
        self.turns = TurnClock(self, interval=clock_interval or 60.0)
        self.store: Store
        self.service: MatchService
        #: old boards' buttons taken off, held by the table and the delivery
        strips = Strips(self, PostedThrough(lambda: self.clock()), lambda: self.service)
        channels = Channels(self, self.turns.pauses)
        self.table = Table(self, strips, channels)
        self.renderer = Renderer(settings.render_workers)
        self.renderer.analysts = settings.analysis_concurrency
        #: post-game reports: asked for, worked out in turn, posted
        self.analyses = Analyses(self)
        self.trouble = ChannelTrouble(lambda: self.service, self.turns.pauses, self.still_in)
        self.delivery = Delivery(
            self, strips, self.trouble, channels, lease=board_lease, now=realtime
        )
        self.tournaments = Tournaments(self)
        self.metrics = Metrics(self)
        self.readers = Readers(lambda: getattr(self, "store", None))
        self.renderer.drawn = self.metrics.drawn
        self.in_flight = 0
        self.stopping = False
        self._closing: asyncio.Future[None] | None = None
        #: set once a stop has finished (the store closed): the process may end
        self.stopped = asyncio.Event()
        self._trimming: asyncio.Task[None] | None = None

    @property
    def db(self) -> Store:
        """The store (the name older code and tests use)."""
        return self.store

    async def open_store(self) -> Store:
        """Open (and migrate) the database: before logging in, so a broken database is
        reported at once. ``OpenError`` says what is wrong in one line."""
        if getattr(self, "store", None) is None:
            self.store = await open_store(self.settings.database)
        return self.store

    async def setup_hook(self) -> None:
        await self.open_store()
        self.service = MatchService(
            self.store,
            seed_source=self.seed_source,
            clock=self.clock,
            board_lease=self.delivery.lease,
            realtime=self.delivery.now,
        )
        if self.settings.metrics_port is not None:
            await self.metrics.start(self.settings.metrics_port)
        await self.renderer.start()
        self._trimming = asyncio.create_task(self._trim_heap())
        # command and option descriptions, and choices, in each player's language
        await self.tree.set_translator(Translations())
        for extension in extensions():
            await self.load_extension(extension)
        self.add_dynamic_items(*ui.DYNAMIC_ITEMS)
        # clicks no component answers, and the "Type a move" box, by custom id
        self.add_listener(ui.answer_unclaimed, "on_interaction")
        await self.sync_commands()
        if self.clock_interval is not None:
            self.turns.start()  # ticks once when ready (catching up), then every interval
            self.delivery.start()
        await self.analyses.resume()  # reports asked for before a restart

    async def _trim_heap(self) -> None:
        """Every ``TRIM_SECONDS``, hand what the heap has free back to the system
        (``bot.heap``): a burst of moves frees much inside the C heap, which the process would
        otherwise keep, as big as its busiest moment, until the next burst."""
        while True:
            await asyncio.sleep(TRIM_SECONDS)
            heap.give_back()

    async def on_interaction(self, interaction: discord.Interaction[RanchHand]) -> None:
        """Once the bot is stopping, every new interaction gets a polite "restarting" answer
        and reaches no command or component (``bot.gate``; moves already under way finish)."""
        if not closed(interaction):
            return
        set_locale(reader_locale(interaction))
        async with self.handling():
            try:
                if interaction.type is discord.InteractionType.autocomplete:
                    await interaction.response.autocomplete([])
                else:
                    await interaction.response.send_message(_(RESTARTING), ephemeral=True)
            except discord.HTTPException as err:
                log.info("could not decline interaction %s: %s", interaction.id, err.status)

    async def close(self) -> None:
        """A graceful stop: take no new interactions, let the moves in flight finish (their
        boards posted) within ``grace_seconds``, then close the connection, the render pool
        and the store. Every caller (a signal, ``async with``, discord.py itself) waits for
        the same stop, so nothing is left half closed when the event loop ends."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._shut_down())
        await asyncio.shield(self._closing)

    async def __aexit__(self, *exc: object) -> None:
        # discord.py skips close() once the connection is closed; the stop may still be
        # finishing (render pool, store), and the event loop must not end before it does
        await self.close()

    async def _shut_down(self) -> None:
        self.stopping = True
        deadline = time.monotonic() + self.settings.grace_seconds
        try:
            # the clock's and the outbox's current passes finish; no new ones start
            await self.turns.finish(deadline)
            await self.delivery.stop(deadline)
            await self.analyses.stop()  # a report under way is let go, for the next start
            while self.in_flight and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            if self.in_flight:
                log.warning("stopping with %d moves still in flight", self.in_flight)
            await super().close()
        finally:
            if self._trimming is not None:
                self._trimming.cancel()
            await self.metrics.close()
            await self.renderer.close()
            store = getattr(self, "store", None)
            if store is not None:
                with contextlib.suppress(TimeoutError):  # the languages just seen, stored
                    await asyncio.wait_for(self.readers.settled(), 2.0)
                await store.close()
            log.info("stopped")
            self.stopped.set()

    # Channels, threads and servers that go -------------------------------------------------

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.close_matches(await self.service.live_in_channels([channel.id]))

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.close_matches(await self.service.live_in_channels([payload.thread_id]))

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        # a casual table there never needed the bot in the server: it plays on
        live = await self.service.live_in_guild(guild.id)
        await self.close_matches([m for m in live if not m.casual])

    # Command sync ------------------------------------------------------------------------

    def command_payload(
        self, guild: discord.abc.Snowflake | None = None
    ) -> list[dict[str, object]]:
        return [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]

    async def synced_payload(
        self, guild: discord.abc.Snowflake | None = None
    ) -> list[dict[str, object]]:
        """The commands as a sync sends them: with their translations."""
        translator = self.tree.translator
        if translator is None:
            return self.command_payload(guild)
        return [
            await c.get_translated_payload(self.tree, translator)
            for c in self.tree.get_commands(guild=guild)
        ]

    async def sync_commands(self) -> bool:
        """Sync when asked to, or when the command set changed since the last sync.

        Discord limits command creation per day, so a restart with unchanged commands must not
        sync again.

        With ``DEV_GUILD_ID`` the commands live in that server only: they are copied there
        (guild commands update at once) and the application's global commands are cleared,
        so that server never lists every command twice (guild and global). Use a separate
        application for development: its global commands are removed.
        """
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
            self.tree.clear_commands(guild=None)  # the copies answer in the dev server
        policy = self.settings.sync_commands
        if policy == "never":
            return False
        synced = await self._sync_scope(guild, force=policy != "auto")
        if guild is not None:
            synced = await self._sync_scope(None, force=policy != "auto") or synced
        return synced

    async def _sync_scope(self, guild: discord.abc.Snowflake | None, *, force: bool) -> bool:
        """Sync one scope (a server, or global) when its command set changed since the last
        sync there (or when forced)."""
        payload = json.dumps(await self.synced_payload(guild), sort_keys=True)
        digest = hashlib.sha256(payload.encode()).hexdigest()
        scope = f"commands:{guild.id if guild else 'global'}:{self.application_id}"
        if not force and await self.store.settings.get_meta(scope) == digest:
            log.info("slash commands unchanged (%s); not syncing", "guild" if guild else "global")
            return False
        synced = await self.tree.sync(guild=guild)
        await self.store.settings.set_meta(scope, digest)
        log.info("synced %d slash commands (%s)", len(synced), "guild" if guild else "global")
        return True

    async def on_ready(self) -> None:
        log.info(
            "logged in as %s (%s) in %d servers",
            self.user,
            self.user and self.user.id,
            len(self.guilds),
        )
