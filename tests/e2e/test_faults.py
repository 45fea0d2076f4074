"""Boards are delivered under Discord's faults: every committed move's board is posted exactly
once and the next player can move from it.

The faults hit the board's post (the interaction followup, ``POST /webhooks/<app>/<token>``, of
a typed move; a click's answer is ``tests/e2e/test_board_answers.py``'s) and, for a restart,
the channel post too: a 429 once, a 429 with a long ``retry_after``, 500 on every
try (the board goes to the channel instead), a 503 once, slow answers, the gateway dropped in the
middle of a match, and the bot stopped between storing a move and posting its board (the outbox
posts it after the restart). discord.py waits 1, 3, 5, 7 s between its retries of a 5xx; the
``quick_retries`` fixture shortens those waits (and only those) so the suite stays fast.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

import discord.http
import discord.webhook.async_
import pytest

from fakediscord import FakeDiscord
from ranchtest.harness import BotRunner, ManualClock, board, boards, open_match, until
from tests.conftest import World

FOLLOWUP = r"^/webhooks/\d+/[^/]+$"
CHANNEL_POST = r"^/channels/\d+/messages$"
#: discord.py's waits between retries of a 5xx answer
BACKOFF_WAITS = {1, 3, 5, 7, 9}


class _QuickAsyncio:
    """``asyncio`` as discord.py's HTTP modules see it, with the 5xx retry waits cut short."""

    def __init__(self) -> None:
        self._real = asyncio

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        if delay in BACKOFF_WAITS:
            delay = 0.01
        return await self._real.sleep(delay, result)


@pytest.fixture
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    quick = _QuickAsyncio()
    monkeypatch.setattr(discord.http, "asyncio", quick)
    monkeypatch.setattr(discord.webhook.async_, "asyncio", quick)


def board_plies(fake: FakeDiscord, channel: Any, match_id: int) -> Counter[int]:
    """How many board messages show each ply of the match (by the picture's name)."""
    shown: Counter[int] = Counter()
    for message in boards(fake, channel):
        for attachment in message.attachments:
            found = re.fullmatch(rf"farm-{match_id}-(\d+)\.png", attachment.filename)
            if found:
                shown[int(found[1])] += 1
    return shown


async def outbox(runner: BotRunner, match_id: int) -> list[Any]:
    assert runner.bot is not None
    return await runner.bot.store.fetchall(
        "SELECT ply, delivered_at, message_id, outcome FROM outbox WHERE match_id = ? ORDER BY ply",
        (match_id,),
    )


async def all_delivered_once(fake: FakeDiscord, runner: BotRunner, channel: Any) -> Any:
    """Every stored move's board is in the channel exactly once; returns the match."""
    match = await runner.match_in(channel.id)
    rows = await outbox(runner, match.id)
    assert rows and all(r["delivered_at"] is not None for r in rows), [dict(r) for r in rows]
    assert all(r["outcome"] == "sent" for r in rows), [dict(r) for r in rows]
    posted = {m.id for m in boards(fake, channel)}
    assert all(int(r["message_id"]) in posted for r in rows), "each row names its board"
    shown = board_plies(fake, channel, match.id)
    for row in rows:
        assert shown[int(row["ply"])] == 1, f"ply {row['ply']} shown {shown[int(row['ply'])]}x"
    assert max(shown) == match.ply, "the newest board shows the current position"
    return match


def player(world: World, match: Any) -> Any:
    """The user whose turn it is (seat 0 alice, seat 1 bob)."""
    (seat,) = match.to_act()
    return (world.alice, world.bob)[seat]


async def type_roll(fake: FakeDiscord, world: World, match: Any) -> Any:
    """The player to move types ``roll``: a private deferral, then the board as a followup."""
    return await fake.slash(player(world, match), world.channel, "farm move", action="roll")


async def roll(fake: FakeDiscord, world: World, runner: BotRunner) -> Any:
    """The player to move types a roll (a new board follows)."""
    match = await runner.match_in(world.channel.id)
    record = await type_roll(fake, world, match)
    assert record.callback_type == 5, record.response and record.response.content
    assert record.ack_latency is not None and record.ack_latency < 3
    await until(
        lambda: max(board_plies(fake, world.channel, match.id), default=0) > match.ply,
        timeout=30,
        what="the board of the roll",
    )
    await fake.settle()
    return record


async def next_player_moves(fake: FakeDiscord, world: World, runner: BotRunner) -> None:
    before = (await runner.match_in(world.channel.id)).ply
    await roll(fake, world, runner)
    assert (await runner.match_in(world.channel.id)).ply == before + 1
    await all_delivered_once(fake, runner, world.channel)


@pytest.fixture
async def farm(fake: FakeDiscord, world: World, database: Path) -> Any:
    runner = BotRunner(fake, database, 7)
    await runner.start()
    await open_match(fake, "farm", world.channel, world.alice, world.bob)
    try:
        yield runner
    finally:
        await runner.stop()


@pytest.mark.parametrize(
    ("name", "fault"),
    [
        ("429 once", {"status": 429, "retry_after": 0.3}),
        ("429 long", {"status": 429, "retry_after": 4.5}),
        ("503 once", {"status": 503}),
        ("502 twice", {"status": 502, "times": 2}),
        ("slow", {"delay": 2.0, "times": None}),
    ],
)
async def test_the_board_survives_a_fault_on_its_followup(
    fake: FakeDiscord, world: World, farm: BotRunner, quick_retries: None, name: str, fault: dict
) -> None:
    added = fake.faults.add(method="POST", path_regex=FOLLOWUP, **fault)
    record = await roll(fake, world, farm)
    assert added.hits >= 1, f"{name}: the fault was met"
    newest = board(fake, world.channel)
    assert record.followups and record.followups[-1].id == newest.id, "posted as the followup"
    fake.faults.remove(added)
    await all_delivered_once(fake, farm, world.channel)
    await next_player_moves(fake, world, farm)


@pytest.mark.parametrize(
    "fault",
    [{"status": 500}, {"status": 429, "retry_after": 0.2}],
    ids=["500 always", "429 always"],
)
async def test_a_followup_that_always_fails_goes_to_the_channel(
    fake: FakeDiscord, world: World, farm: BotRunner, quick_retries: None, fault: dict
) -> None:
    """discord.py tries a followup five times (waiting out each 429), then gives up."""
    added = fake.faults.add(method="POST", path_regex=FOLLOWUP, times=None, **fault)
    record = await roll(fake, world, farm)
    newest = board(fake, world.channel)
    assert added.hits >= 2, "discord.py tried the followup again"
    assert newest.id not in record.followup_ids and newest.webhook_id is None, "a channel post"
    fake.faults.remove(added)
    await all_delivered_once(fake, farm, world.channel)
    await next_player_moves(fake, world, farm)


async def reconnected(fake: FakeDiscord, world: World) -> None:
    await until(lambda: bool(fake.gateway.targets(world.guild.id)), what="the bot back online")
    await fake.settle()


async def test_a_dropped_gateway_resumes_mid_match(
    fake: FakeDiscord, world: World, farm: BotRunner
) -> None:
    await roll(fake, world, farm)
    assert fake.drop_gateway(resume=True) >= 1
    await reconnected(fake, world)
    await next_player_moves(fake, world, farm)
    assert fake.drop_gateway(resume=False) >= 1  # a fresh session this time
    await reconnected(fake, world)
    await next_player_moves(fake, world, farm)


async def test_a_board_not_posted_before_a_restart_is_posted_after(
    fake: FakeDiscord, world: World, farm: BotRunner, quick_retries: None
) -> None:
    """Discord takes neither the followup nor the channel post; the move is stored and the
    player told so; the bot stops; after the restart the outbox posts the board, once."""
    # the outbox's time stands still until the test moves it
    realtime = ManualClock(time.time())
    assert farm.bot is not None
    farm.bot.delivery.now = farm.bot.service.realtime = realtime
    before = await farm.match_in(world.channel.id)
    shown_before = len(boards(fake, world.channel))
    # discord.py tries a followup five times: all of the board's fail, the note gets through
    followup = fake.faults.add(method="POST", path_regex=FOLLOWUP, status=500, times=5)
    channel = fake.faults.add(method="POST", path_regex=CHANNEL_POST, status=503, times=None)
    record = await type_roll(fake, world, before)
    await fake.settle()
    assert followup.hits and channel.hits
    stored = await farm.match_in(world.channel.id)
    assert stored.ply == before.ply + 1, "the move was stored"
    assert len(boards(fake, world.channel)) == shown_before, "no board could be posted"
    told = [m.content for m in record.followups if m.ephemeral]
    assert any("Your move was saved" in t for t in told), told
    assert [r["delivered_at"] for r in await outbox(farm, stored.id)][-1] is None
    await farm.stop()
    fake.faults.clear()
    farm.extra["board_lease"] = 0.2
    farm.extra["realtime"] = realtime
    bot = await farm.start()
    realtime.at += 2.1  # the first retry of a failed board waits 2 s
    assert await bot.delivery.pending() == 1
    await fake.settle()
    assert await bot.delivery.pending() == 0, "delivered once"
    await all_delivered_once(fake, farm, world.channel)
    await next_player_moves(fake, world, farm)


async def test_a_bot_that_died_before_posting_leaves_the_board_to_the_next_start(
    fake: FakeDiscord, world: World, farm: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process stops right after the commit (no attempt at all): the board's lease runs
    out and the next bot posts it."""
    assert farm.bot is not None
    before = await farm.match_in(world.channel.id)

    async def died(*args: Any, **kwargs: Any) -> discord.Message | None:
        return None

    monkeypatch.setattr(farm.bot.delivery, "deliver", died)
    await fake.click(player(world, before), board(fake, world.channel), label="Roll the dice")
    await fake.settle()
    assert (await farm.match_in(world.channel.id)).ply == before.ply + 1
    await farm.stop()
    farm.extra["board_lease"] = 0.2
    bot = await farm.start()
    # the dead bot's lease (30 s) still holds the board: nobody else posts it yet
    assert await bot.delivery.pending() == 0
    assert farm.bot is not None
    await bot.store.execute(
        "UPDATE outbox SET next_try_at = 0 WHERE match_id = ? AND delivered_at IS NULL",
        (before.id,),
    )
    assert await bot.delivery.pending() == 1
    await fake.settle()
    await all_delivered_once(fake, farm, world.channel)
    await next_player_moves(fake, world, farm)


async def test_a_rate_limit_longer_than_the_bots_patience_leaves_the_board_to_the_outbox(
    fake: FakeDiscord, world: World, database: Path, quick_retries: None
) -> None:
    """With ``max_ratelimit_timeout`` set, discord.py refuses to wait out a long 429 on the
    channel and raises ``RateLimited`` (not an HTTP error): the move stays stored, the player
    is told, and the outbox posts the board later, once."""
    runner = BotRunner(fake, database, 7, extra={"max_ratelimit_timeout": 30.0})
    await runner.start()
    try:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        before = await runner.match_in(world.channel.id)
        shown = len(boards(fake, world.channel))
        fake.faults.add(method="POST", path_regex=FOLLOWUP, status=500, times=5)
        fake.faults.add(method="POST", path_regex=CHANNEL_POST, status=429, retry_after=45)
        record = await type_roll(fake, world, before)
        await until(lambda: bool([m for m in record.followups if m.ephemeral]), what="a note")
        await fake.settle()
        (note,) = [m.content for m in record.followups if m.ephemeral]
        assert "Your move was saved" in note, note
        assert (await runner.match_in(world.channel.id)).ply == before.ply + 1
        assert len(boards(fake, world.channel)) == shown
        fake.faults.clear()
        assert runner.bot is not None
        await runner.bot.store.execute("UPDATE outbox SET next_try_at = 0")
        assert await runner.bot.delivery.pending() == 1
        await fake.settle()
        await all_delivered_once(fake, runner, world.channel)
        await next_player_moves(fake, world, runner)
    finally:
        await runner.stop()


async def test_a_board_whose_picture_cannot_be_drawn_is_posted_as_text(
    fake: FakeDiscord,
    world: World,
    farm: BotRunner,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Drawing fails: the move still counts, its board is posted without a picture (the
    error logged), and the next player moves from that board."""
    import bot.render_pool

    def cannot_draw(key: str, *_: Any) -> Any:
        raise RuntimeError(f"no {key} picture today")

    before = await farm.match_in(world.channel.id)
    monkeypatch.setattr(bot.render_pool, "_draw", cannot_draw)
    with caplog.at_level(logging.ERROR, logger="bot.delivery"):
        record = await fake.click(
            player(world, before), board(fake, world.channel), label="Roll the dice"
        )
        await fake.settle()
    after = await farm.match_in(world.channel.id)
    assert after.ply == before.ply + 1, "the move counts"
    text_board = fake.messages(world.channel)[-1]
    assert record.response is not None and record.response.id == text_board.id, "the answer"
    assert text_board.attachments == [], "no picture"
    assert all("image" not in e for e in text_board.embeds), "no picture"
    assert any("drawing the board failed" in r.getMessage() for r in caplog.records)
    monkeypatch.undo()  # pictures again: the next player rolls from the text-only board
    await fake.click(player(world, after), text_board, label="Roll the dice")
    await until(
        lambda: max(board_plies(fake, world.channel, after.id), default=0) == after.ply + 1,
        what="the next board, with its picture",
    )
