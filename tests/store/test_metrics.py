"""The metrics page: a scraper on the same machine sees moves, latency and waiting work."""

from __future__ import annotations

import contextlib
import logging
import re
from pathlib import Path

import aiohttp
import pytest

from bot.metrics import MetricsError, cluster_name
from fakediscord import FakeDiscord
from ranchtest.harness import BotRunner, ManualClock, board, expect_board, open_match
from ranchtest.pgserver import free_port
from tests.conftest import World


async def scrape(port: int) -> dict[str, float]:
    async with (
        aiohttp.ClientSession() as http,
        http.get(f"http://127.0.0.1:{port}/metrics") as resp,
    ):
        assert resp.status == 200
        assert resp.headers["Content-Type"].startswith("text/plain")
        text = await resp.text()
    series = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            series[name] = float(value)
    return series


def runner_addresses(runner: BotRunner) -> list[tuple[str, int]]:
    assert runner.bot is not None and runner.bot.metrics._runner is not None
    return [tuple(a[:2]) for a in runner.bot.metrics._runner.addresses]


async def test_a_scrape_shows_moves_latency_backlog_and_errors(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    port = free_port()
    clock = ManualClock()
    runner = BotRunner(fake, database, 85, clock=clock, options={"metrics_port": port})
    await runner.start()
    try:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        empty = await scrape(port)
        assert 'ranchhand_guilds{cluster="all"}' in empty
        assert empty['ranchhand_outbox_pending{cluster="all"}'] == 0
        assert empty['ranchhand_clock_backlog{cluster="all"}'] == 0
        assert empty['ranchhand_render_queue{cluster="all"}'] == 0
        for player in (world.alice, world.bob):
            rec = fake.click(player, board(fake, world.channel), label="Roll the dice")
            await expect_board(fake, world.channel, rec)
        logging.getLogger("bot.delivery").error("a board could not be posted")
        clock.advance(25)  # bob's reminder is due and nobody has ticked the clock yet
        seen = await scrape(port)
        assert seen['ranchhand_moves_total{cluster="all",game="farm"}'] == 2
        assert seen['ranchhand_move_seconds_count{cluster="all"}'] == 2
        assert seen['ranchhand_move_seconds_sum{cluster="all"}'] > 0
        # each board drawn (the start's and the two moves') is timed, by game
        drawn = 'ranchhand_render_seconds_count{cluster="all",game="farm"}'
        assert empty[drawn] == 1 and seen[drawn] == 3
        assert seen['ranchhand_render_seconds_sum{cluster="all",game="farm"}'] > 0
        # the render caches: within their budget, and the second move's board found pieces
        # the first one drew
        held = seen['ranchhand_render_cache_bytes{cluster="all"}']
        assert 0 < held <= seen['ranchhand_render_cache_budget_bytes{cluster="all"}']
        assert (
            seen['ranchhand_render_cache_hits{cluster="all"}']
            > empty['ranchhand_render_cache_hits{cluster="all"}']
        )
        assert seen['ranchhand_render_cache_misses{cluster="all"}'] > 0
        assert seen['ranchhand_clock_backlog{cluster="all"}'] == 1
        assert seen['ranchhand_errors_total{cluster="all",source="bot"}'] == 1
        await runner.tick()
        assert (await scrape(port))['ranchhand_clock_backlog{cluster="all"}'] == 0
        # a board stored but not yet posted counts as pending
        match = await runner.match_in(world.channel.id)
        assert runner.bot is not None
        await runner.bot.db.execute(
            "UPDATE outbox SET delivered_at = NULL WHERE match_id = ?", (match.id,)
        )
        pending = (await scrape(port))['ranchhand_outbox_pending{cluster="all"}']
        assert pending == 3  # the start and two moves
    finally:
        await runner.stop()
    with pytest.raises(aiohttp.ClientConnectionError):
        await scrape(port)  # the page goes with the bot


async def test_metrics_listen_on_loopback_only_and_a_taken_port_is_one_line(
    fake: FakeDiscord, database: Path
) -> None:
    port = free_port()
    first = BotRunner(fake, database, options={"metrics_port": port})
    await first.start()
    try:
        assert first.bot is not None and first.bot.metrics.port == port
        assert runner_addresses(first) == [("127.0.0.1", port)]
        second = BotRunner(fake, database.with_name("b.sqlite3"), options={"metrics_port": port})
        with pytest.raises(MetricsError, match=rf"Cannot serve metrics on 127.0.0.1:{port}"):
            await second.start()
        with contextlib.suppress(MetricsError):
            await second.stop()
    finally:
        await first.stop()


def test_cluster_names() -> None:
    assert cluster_name(None) == "all"
    assert cluster_name([0, 1, 2, 3]) == "0-3"
    assert cluster_name([5, 0, 2]) == "0,2,5"
    assert cluster_name([1]) == "1"
    assert re.fullmatch(r"[0-9,\-]+|all", cluster_name([7, 8]))


async def test_a_cluster_runs_the_shards_it_was_given(tmp_path: Path) -> None:
    from bot.client import RanchHand
    from bot.config import Settings, load_settings

    settings = load_settings(
        {"DISCORD_TOKEN": "t", "SHARDS": "2-3", "SHARD_COUNT": "8"}, env_file=None
    )
    bot = RanchHand(settings)
    assert bot.shard_ids == [2, 3] and bot.shard_count == 8
    assert bot.metrics.cluster == "2-3"
    whole = RanchHand(Settings(token="t", database_path=tmp_path / "x.sqlite3"))
    assert whole.shard_ids is None and whole.shard_count is None, "Discord's recommendation"
    assert whole.metrics.cluster == "all"


class _Renderer:
    """The renderer as the metrics read it, its workers renewed ``renewed`` times."""

    waiting = 0

    def __init__(self) -> None:
        self.renewed = 0

    def cache_figures(self) -> dict[str, int]:
        return dict.fromkeys(("budget", "bytes", "hits", "misses", "evictions"), 0)


async def test_a_scrape_shows_how_many_drawing_workers_were_renewed(tmp_path: Path) -> None:
    from types import SimpleNamespace

    from bot.config import Settings
    from bot.metrics import Metrics

    renderer = _Renderer()
    bot = SimpleNamespace(
        settings=Settings(token="t", database_path=tmp_path / "x.sqlite3"),
        renderer=renderer,
        clock=lambda: 0.0,
        guilds=(),
    )
    metrics = Metrics(bot)
    port = free_port()
    await metrics.start(port)
    try:
        assert (await scrape(port))['ranchhand_render_workers_renewed{cluster="all"}'] == 0
        renderer.renewed = 3  # three workers passed their bound and were forked afresh
        assert (await scrape(port))['ranchhand_render_workers_renewed{cluster="all"}'] == 3
    finally:
        await metrics.close()
