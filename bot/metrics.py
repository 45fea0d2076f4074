"""Prometheus metrics on 127.0.0.1 (``METRICS_PORT``): how busy one bot process (a cluster of
shards) is, and how much work waits in the shared database.

Every series carries ``cluster`` (the shards this process runs, e.g. ``0-3``, or ``all``):

- ``ranchhand_moves_total{game}``: moves players made through this process
- ``ranchhand_move_seconds``: from a player's click (or typed move) to its board posted
- ``ranchhand_render_queue``: pictures waiting to be drawn
- ``ranchhand_render_seconds{game}``: how long a worker took to draw a board (the drawing
  alone, as the busy machine gives it: not the wait for a free worker)
- ``ranchhand_render_cache_bytes`` / ``ranchhand_render_cache_budget_bytes``: what the render
  caches of every drawing process hold, and may hold (``RENDER_CACHE_MB`` each)
- ``ranchhand_render_cache_hits`` / ``_misses`` / ``_evictions``: their lookups and evictions
  since each worker started (as the workers last reported them with a picture)
- ``ranchhand_render_workers_renewed``: drawing workers that passed their memory bound
  (twice ``RENDER_CACHE_MB``, plus 16 MB) and were replaced by a fresh fork of the template
  since the bot started
- ``ranchhand_clock_backlog``: matches whose turn-clock check is due now (whole database)
- ``ranchhand_outbox_pending``: move boards stored but not yet posted (whole database)
- ``ranchhand_errors_total{source}``: errors logged (by the top-level logger: bot, discord...)
- ``ranchhand_guilds``: servers this process serves

The page is served from the bot's own event loop, so the database figures are read fresh at
each scrape. The endpoint listens on the loopback address only: put a scraper beside it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

import discord
from aiohttp import web
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

log = logging.getLogger(__name__)

HOST = "127.0.0.1"
#: seconds a scrape waits for the database figures before showing the last ones
QUERY_TIMEOUT = 2.0
LATENCY_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0)
#: a board takes milliseconds to draw: buckets fine enough to read a median from
RENDER_BUCKETS = (
    0.001, 0.002, 0.003, 0.004, 0.005, 0.006, 0.008, 0.01, 0.0125, 0.015, 0.02, 0.03, 0.05,
    0.1, 0.25, 1.0,
)  # fmt: skip


if TYPE_CHECKING:
    from bot.config import Settings
    from bot.render_pool import Renderer

#: a kind of figure
M = TypeVar("M", Counter, Gauge, Histogram)


class Measured(Protocol):
    """What the figures read of the running bot (``bot.host.Host``)."""

    settings: Settings
    renderer: Renderer
    clock: Callable[[], float]

    @property
    def guilds(self) -> Sequence[discord.Guild]: ...


class MetricsError(Exception):
    """The metrics endpoint cannot be served: one line for the operator."""


def cluster_name(shard_ids: Sequence[int] | None) -> str:
    """``0-3`` for a run of shards, ``0,2,5`` otherwise, ``all`` for every shard."""
    if shard_ids is None:
        return "all"
    ids = sorted(shard_ids)
    if len(ids) > 1 and ids == list(range(ids[0], ids[-1] + 1)):
        return f"{ids[0]}-{ids[-1]}"
    return ",".join(str(i) for i in ids)


class _ErrorCounter(logging.Handler):
    def __init__(self, counter: Counter, cluster: str) -> None:
        super().__init__(level=logging.ERROR)
        self.counter = counter
        self.cluster = cluster

    def emit(self, record: logging.LogRecord) -> None:
        source = record.name.split(".", 1)[0]
        self.counter.labels(cluster=self.cluster, source=source).inc()


class Metrics:
    """One process's figures; ``start(port)`` serves them (nothing is served without it)."""

    def __init__(self, bot: Measured) -> None:
        self.bot = bot
        self.cluster = cluster_name(bot.settings.shard_ids)
        self.registry = CollectorRegistry()
        labels = ["cluster"]

        def metric(kind: type[M], name: str, text: str, extra: Sequence[str] = ()) -> M:
            return kind(name, text, [*labels, *extra], registry=self.registry)

        def histogram(
            name: str, text: str, buckets: Sequence[float], extra: Sequence[str] = ()
        ) -> Histogram:
            return Histogram(name, text, [*labels, *extra], registry=self.registry, buckets=buckets)

        self.moves = metric(Counter, "ranchhand_moves", "Moves made by players", ["game"])
        self.move_seconds = histogram(
            "ranchhand_move_seconds",
            "Seconds from a player's move to its board posted",
            LATENCY_BUCKETS,
        )
        self.render_queue = metric(Gauge, "ranchhand_render_queue", "Pictures waiting")
        self.render_seconds = histogram(
            "ranchhand_render_seconds",
            "Seconds a worker took to draw a board",
            RENDER_BUCKETS,
            ["game"],
        )
        self.cache = {
            name: metric(Gauge, f"ranchhand_render_cache_{name}", text)
            for name, text in (
                ("bytes", "Bytes the render caches hold"),
                ("budget_bytes", "Bytes the render caches may hold"),
                ("hits", "Render cache hits"),
                ("misses", "Render cache misses"),
                ("evictions", "Render cache entries evicted for room"),
            )
        }
        self.renewed = metric(
            Gauge, "ranchhand_render_workers_renewed", "Drawing workers renewed for their size"
        )
        self.clock_backlog = metric(
            Gauge, "ranchhand_clock_backlog", "Matches whose turn-clock check is due"
        )
        self.outbox_pending = metric(
            Gauge, "ranchhand_outbox_pending", "Move boards stored but not yet posted"
        )
        self.errors = metric(Counter, "ranchhand_errors", "Errors logged", ["source"])
        self.guilds = metric(Gauge, "ranchhand_guilds", "Servers this process serves")
        self._errors = _ErrorCounter(self.errors, self.cluster)
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

    def moved(self, game: str, started: float) -> None:
        """A player's move was stored and its board delivered (``started``: perf_counter)."""
        self.moves.labels(cluster=self.cluster, game=game).inc()
        self.move_seconds.labels(cluster=self.cluster).observe(time.perf_counter() - started)

    def drawn(self, game: str, ms: float) -> None:
        """A board was drawn in ``ms`` milliseconds (in a worker, or a thread of this process)."""
        self.render_seconds.labels(cluster=self.cluster, game=game).observe(ms / 1000)

    async def start(self, port: int) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self._page)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        try:
            site = web.TCPSite(runner, HOST, port)
            await site.start()
        except OSError as err:
            await runner.cleanup()
            reason = os.strerror(err.errno) if err.errno else str(err)
            raise MetricsError(
                f"Cannot serve metrics on {HOST}:{port} ({reason}); choose another METRICS_PORT."
            ) from None
        self._runner = runner
        self.port = runner.addresses[0][1] if runner.addresses else port
        logging.getLogger().addHandler(self._errors)
        log.info("metrics on http://%s:%s/metrics (cluster %s)", HOST, self.port, self.cluster)

    async def close(self) -> None:
        logging.getLogger().removeHandler(self._errors)
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def refresh(self) -> None:
        """Read the figures that are not counted as they happen."""
        cluster = self.cluster
        self.render_queue.labels(cluster=cluster).set(self.bot.renderer.waiting)
        self.guilds.labels(cluster=cluster).set(len(self.bot.guilds))
        self.renewed.labels(cluster=cluster).set(self.bot.renderer.renewed)
        figures = self.bot.renderer.cache_figures()
        figures["budget_bytes"] = figures.pop("budget")
        for name, value in figures.items():
            self.cache[name].labels(cluster=cluster).set(value)
        store = getattr(self.bot, "store", None)
        if store is None:
            return
        try:
            backlog, pending = await asyncio.wait_for(
                asyncio.gather(
                    store.clock.clock_backlog(self.bot.clock()), store.outbox.boards_pending()
                ),
                QUERY_TIMEOUT,
            )
        except Exception as err:  # the page still shows the other figures
            log.warning("metrics: the database figures could not be read (%s)", type(err).__name__)
            return
        self.clock_backlog.labels(cluster=cluster).set(backlog)
        self.outbox_pending.labels(cluster=cluster).set(pending)

    async def _page(self, _: web.Request) -> web.Response:
        await self.refresh()
        return web.Response(
            body=generate_latest(self.registry), headers={"Content-Type": CONTENT_TYPE_LATEST}
        )
