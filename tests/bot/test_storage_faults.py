"""Storage faults during a move: the player always learns whether the move was stored, and a
move that was not stored leaves the board's buttons working. Under the turn clock: what could
not be recorded is not sent, and is done at the next tick.

Another process holds the SQLite write lock (a second connection in ``BEGIN EXCLUSIVE``) while a
player clicks: a short lock is waited out and the move is played; a lock held past the retries
(``Store.write``: 3 attempts, each waiting ``busy_timeout``) is reported as busy, nothing saved,
and the buttons come back. A full disk (``PRAGMA max_page_count``) and a database that refuses
writes (``PRAGMA query_only``, what SQLite reports for a read-only file) are said out loud too.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.store import StorageError
from bot.store import sqlite as sqlite_backend
from fakediscord import FakeDiscord
from ranchtest.harness import (
    BotRunner,
    ManualClock,
    board,
    boards,
    expect_board,
    open_match,
    running,
    until,
)
from tests.conftest import World

#: what the player is told when a move was not saved: as the click's answer (the board never
#: lost its buttons), or after the plain acknowledgement of a slow move (they come back)
NOT_SAVED = (
    "Your move was not saved; the board's buttons are still there.",
    "Your move was not saved; the board's buttons are back.",
)


class OtherProcess:
    """A second connection to the database file that takes the write lock for a while."""

    def __init__(self, path: Path, hold: float) -> None:
        self.path, self.hold = path, hold
        self.locked = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        conn = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        try:
            conn.execute("BEGIN EXCLUSIVE")
            self.locked.set()
            time.sleep(self.hold)
            conn.execute("ROLLBACK")
        finally:
            conn.close()

    def __enter__(self) -> OtherProcess:
        self.thread.start()
        assert self.locked.wait(5), "the other connection got the lock"
        return self

    def __exit__(self, *exc: object) -> None:
        self.thread.join(30)


@pytest.fixture
async def farm(fake: FakeDiscord, world: World, database: Path) -> Any:
    async with _farm(fake, world, database) as runner:
        yield runner


@pytest.fixture
async def quick_farm(
    fake: FakeDiscord, world: World, database: Path, monkeypatch: pytest.MonkeyPatch
) -> Any:
    """The farm match on a bot with half a second's patience for a lock (4 s in production):
    a lock outlasting the retries is over in seconds."""
    monkeypatch.setattr(sqlite_backend, "BUSY_TIMEOUT_MS", 500)
    async with _farm(fake, world, database) as runner:
        yield runner


@asynccontextmanager
async def _farm(fake: FakeDiscord, world: World, database: Path) -> AsyncIterator[BotRunner]:
    runner = BotRunner(fake, database, 7)
    await runner.start()
    await open_match(fake, "farm", world.channel, world.alice, world.bob)
    try:
        yield runner
    finally:
        await runner.stop()


async def click_roll(fake: FakeDiscord, world: World) -> tuple[Any, Any]:
    shown = board(fake, world.channel)
    record = await fake.click(world.alice, shown, label="Roll the dice")
    assert record.ack_latency is not None and record.ack_latency < 3, "acknowledged in time"
    return shown, record


def private_notes(record: Any) -> list[str]:
    """What the player was told privately: the click's answer or followups."""
    answer = [record.response.content] if record.ephemeral and record.response else []
    return answer + [m.content for m in record.followups if m.ephemeral]


async def not_saved(
    fake: FakeDiscord, world: World, runner: BotRunner, shown: Any, record: Any, ply: int
) -> str:
    """The player was told the move was not saved, the board got its buttons back and nothing
    changed; returns what the player was told."""
    await until(lambda: bool(private_notes(record)), timeout=30, what="a private note")
    await until(lambda: bool(fake.get_message(shown.id).buttons()), what="buttons back")
    await fake.settle()
    (note,) = private_notes(record)
    assert note.endswith(NOT_SAVED), note
    assert note.endswith(NOT_SAVED[0]) == (record.callback_type == 4), "said as it happened"
    assert (await runner.match_in(world.channel.id)).ply == ply, "nothing was stored"
    assert board(fake, world.channel).id == shown.id, "no new board"
    return note


async def plays_again(fake: FakeDiscord, world: World, runner: BotRunner, ply: int) -> None:
    """The buttons that came back work: the same board plays the move now."""
    shown = board(fake, world.channel)
    await expect_board(fake, world.channel, fake.click(world.alice, shown, label="Roll the dice"))
    assert (await runner.match_in(world.channel.id)).ply == ply + 1


async def test_a_short_lock_by_another_process_is_waited_out(
    fake: FakeDiscord, world: World, database: Path, farm: BotRunner
) -> None:
    ply = (await farm.match_in(world.channel.id)).ply
    before = len(boards(fake, world.channel))
    with OtherProcess(database, hold=2.0):
        shown, record = await click_roll(fake, world)
        await until(lambda: len(boards(fake, world.channel)) > before, what="the new board")
    await fake.settle()
    assert (await farm.match_in(world.channel.id)).ply == ply + 1
    assert not private_notes(record), "no complaint: the move was played"
    assert not fake.get_message(shown.id).buttons(), "the used board stays quiet"


async def test_a_lock_over_several_attempts_is_played_or_reported(
    fake: FakeDiscord, world: World, database: Path, quick_farm: BotRunner
) -> None:
    """Three attempts waiting half a second each outlast a lock of a second and a half (as
    three of four seconds outlast a nine-second lock in production): the move is played (were
    it not, the player would be told and get the buttons back)."""
    farm = quick_farm
    ply = (await farm.match_in(world.channel.id)).ply
    before = len(boards(fake, world.channel))
    with OtherProcess(database, hold=1.5):
        shown, record = await click_roll(fake, world)
        await until(
            lambda: len(boards(fake, world.channel)) > before or bool(private_notes(record)),
            timeout=30,
            what="a board or a note",
        )
    await fake.settle()
    if private_notes(record):
        await not_saved(fake, world, farm, shown, record, ply)
        await plays_again(fake, world, farm, ply)
    else:
        assert (await farm.match_in(world.channel.id)).ply == ply + 1


async def test_a_lock_held_past_the_retries_says_busy_and_gives_the_buttons_back(
    fake: FakeDiscord,
    world: World,
    database: Path,
    quick_farm: BotRunner,
    caplog: pytest.LogCaptureFixture,
) -> None:
    farm = quick_farm
    ply = (await farm.match_in(world.channel.id)).ply
    with OtherProcess(database, hold=4.0):
        shown, record = await click_roll(fake, world)
        note = await not_saved(fake, world, farm, shown, record, ply)
    assert "busy" in note and "nothing was saved" in note
    await plays_again(fake, world, farm, ply)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "a fault, not a bug"


async def test_a_full_disk_is_said_and_the_buttons_come_back(
    fake: FakeDiscord, world: World, farm: BotRunner
) -> None:
    assert farm.bot is not None
    store = farm.bot.store
    ply = (await farm.match_in(world.channel.id)).ply
    match = await farm.match_in(world.channel.id)
    # no page more than the file has now, and the action log's last page filled (rows of an
    # unreachable ply): storing the move needs a page the disk does not have
    pages = (await store.fetchone("PRAGMA page_count"))[0]
    await store.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(StorageError, match="disk is full"):
        for n in range(100_000):
            await store.execute(
                "INSERT INTO actions (match_id, ply, notation, at) VALUES (?, ?, 'x', 0)",
                (match.id, 10**9 + n),
            )
    shown, record = await click_roll(fake, world)
    note = await not_saved(fake, world, farm, shown, record, ply)
    assert "disk is full" in note
    await store.execute("DELETE FROM actions WHERE ply >= ?", (10**9,))
    await store.execute("PRAGMA max_page_count = 1073741823")
    await plays_again(fake, world, farm, ply)


async def test_a_database_that_refuses_writes_is_said_and_the_buttons_come_back(
    fake: FakeDiscord, world: World, farm: BotRunner
) -> None:
    assert farm.bot is not None
    store = farm.bot.store
    ply = (await farm.match_in(world.channel.id)).ply
    await store.execute("PRAGMA query_only = ON")
    shown, record = await click_roll(fake, world)
    note = await not_saved(fake, world, farm, shown, record, ply)
    assert "read-only" in note or "failed to save" in note, note
    await store.execute("PRAGMA query_only = OFF")
    await plays_again(fake, world, farm, ply)


async def test_a_lock_right_after_the_move_was_stored_does_not_hold_up_its_board(
    fake: FakeDiscord,
    world: World,
    database: Path,
    quick_farm: BotRunner,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The move is stored; then the database is locked: the board was claimed with the move,
    so it is posted at once, recorded once the lock is gone, and never posted twice."""
    farm = quick_farm
    assert farm.bot is not None
    service = farm.bot.service
    act = service.act
    other = OtherProcess(database, hold=4.0)

    async def act_then_lock(*args: Any, **kwargs: Any) -> Any:
        result = await act(*args, **kwargs)
        other.__enter__()
        return result

    monkeypatch.setattr(service, "act", act_then_lock)
    match = await farm.match_in(world.channel.id)
    before = len(boards(fake, world.channel))
    _, record = await click_roll(fake, world)
    await until(lambda: len(boards(fake, world.channel)) == before + 1, what="the new board")
    assert other.thread.is_alive(), "posted while the database was still locked"
    other.__exit__()
    await until(lambda: farm.bot is not None and not farm.bot.in_flight, what="the move done")
    await fake.settle()
    monkeypatch.setattr(service, "act", act)
    assert (await farm.match_in(world.channel.id)).ply == match.ply + 1
    assert await farm.bot.store.outbox.undelivered(match.id) == 0, "recorded after the lock"
    await farm.bot.store.execute("UPDATE outbox SET next_try_at = 0 WHERE delivered_at IS NULL")
    assert await farm.bot.delivery.pending() == 0, "nothing left to post"
    await fake.settle()
    assert len(boards(fake, world.channel)) == before + 1, "posted once"
    assert not private_notes(record), "the player sees the board, no apology"
    await plays_again_as(fake, world, farm, world.bob, match.ply + 1)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "a fault, not a bug"


async def test_a_lock_right_after_the_board_was_posted_does_not_post_it_twice(
    fake: FakeDiscord,
    world: World,
    database: Path,
    quick_farm: BotRunner,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The board is posted, then the database is locked before the post is recorded: the
    record is written once the lock is gone, so the board is never posted again."""
    farm = quick_farm
    assert farm.bot is not None
    delivery = farm.bot.delivery
    post = delivery._post
    other = OtherProcess(database, hold=4.0)

    async def post_then_lock(*args: Any, **kwargs: Any) -> Any:
        message = await post(*args, **kwargs)
        other.__enter__()
        return message

    monkeypatch.setattr(delivery, "_post", post_then_lock)
    match = await farm.match_in(world.channel.id)
    before = len(boards(fake, world.channel))
    _, record = await click_roll(fake, world)
    await until(lambda: not other.thread.is_alive(), timeout=30, what="the lock released")
    other.__exit__()
    await until(lambda: farm.bot is not None and not farm.bot.in_flight, what="the move done")
    await fake.settle()
    monkeypatch.setattr(delivery, "_post", post)
    assert len(boards(fake, world.channel)) == before + 1
    await farm.bot.store.execute("UPDATE outbox SET next_try_at = 0 WHERE delivered_at IS NULL")
    assert await delivery.pending() == 0, "nothing left to post"
    await fake.settle()
    assert len(boards(fake, world.channel)) == before + 1, "posted once"
    assert await farm.bot.store.outbox.undelivered(match.id) == 0
    assert not private_notes(record)
    await plays_again_as(fake, world, farm, world.bob, match.ply + 1)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "a fault, not a bug"


async def plays_again_as(
    fake: FakeDiscord, world: World, runner: BotRunner, user: Any, ply: int
) -> None:
    shown = board(fake, world.channel)
    await expect_board(fake, world.channel, fake.click(user, shown, label="Roll the dice"))
    assert (await runner.match_in(world.channel.id)).ply == ply + 1


async def test_a_typed_move_the_database_refuses_says_it_was_not_saved(
    fake: FakeDiscord, world: World, farm: BotRunner
) -> None:
    """``/farm move``: the private "thinking" reply becomes the news that nothing was saved,
    and the board keeps its buttons."""
    assert farm.bot is not None
    ply = (await farm.match_in(world.channel.id)).ply
    shown = board(fake, world.channel)
    await farm.bot.store.execute("PRAGMA query_only = ON")
    record = await fake.slash(world.alice, world.channel, "farm move", action="roll")
    await fake.settle()
    assert record.ephemeral and record.response is not None
    assert record.response.content.endswith(NOT_SAVED), record.response.content
    assert (await farm.match_in(world.channel.id)).ply == ply
    assert board(fake, world.channel).id == shown.id and shown.buttons(), "the board still works"
    await farm.bot.store.execute("PRAGMA query_only = OFF")
    await plays_again(fake, world, farm, ply)


async def test_a_board_posted_by_a_process_that_died_before_recording_it_is_not_posted_again(
    fake: FakeDiscord,
    world: World,
    farm: BotRunner,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bot posts the board and dies before the post is recorded; after the restart its
    lease runs out and the outbox finds the board already in the channel."""
    assert farm.bot is not None
    delivery = farm.bot.delivery

    async def dies(*args: Any, **kwargs: Any) -> list[int]:
        raise asyncio.CancelledError  # the process is gone before the record is written

    monkeypatch.setattr(delivery, "_record_delivered", dies)
    match = await farm.match_in(world.channel.id)
    before = len(boards(fake, world.channel))
    await click_roll(fake, world)
    await until(lambda: len(boards(fake, world.channel)) == before + 1, what="the new board")
    await farm.stop()
    monkeypatch.undo()
    await farm.start()
    assert farm.bot is not None
    assert await farm.bot.store.outbox.undelivered(match.id) == 1, "its post was never recorded"
    await farm.bot.store.execute("UPDATE outbox SET next_try_at = 0 WHERE delivered_at IS NULL")
    await farm.bot.delivery.pending()
    await fake.settle()
    assert len(boards(fake, world.channel)) == before + 1, "posted once"
    assert await farm.bot.store.outbox.undelivered(match.id) == 0, "recorded as that message"
    # and the match goes on from that board, whose buttons are the live ones
    await plays_again_as(fake, world, farm, world.bob, match.ply + 1)


async def test_the_turn_clock_puts_off_a_reminder_while_the_database_is_locked(
    fake: FakeDiscord,
    world: World,
    database: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A database busy for a while is a fault, not a bug: the clock says so in a warning, sends
    nothing it could not record, and does it all at its next tick."""
    monkeypatch.setattr(sqlite_backend, "BUSY_TIMEOUT_MS", 200)
    clock = ManualClock()
    async with running(fake, database, seed=85, clock=clock) as runner:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        before = len(fake.messages(world.channel))
        clock.advance(24)
        with OtherProcess(database, hold=3.0):
            assert await runner.tick() == 0
            assert len(fake.messages(world.channel)) == before, "no reminder it cannot record"
        warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
        assert any("put off" in w and "busy" in w for w in warnings), warnings
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "a fault, not a bug"
        # the lock gone, the next tick sends the reminder, once
        assert await runner.tick() == 1
        (reminder,) = fake.messages(world.channel)[before:]
        assert world.alice.mention in reminder.content and "your move" in reminder.content
        assert await runner.tick() == 0
