"""Two bot processes on one database (each its own connections and services): a move made at
the same moment in both is applied once, and the turn clock's reminders and deadlines fire once
however many clocks tick."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.clock import ClockSettings
from bot.matches import MatchService, Refusal
from bot.store import Store, open_store
from bot.turns import TurnClock
from games.base import NotYourTurn
from tests.bot.test_turns import ALICE, BOB, CHANNEL, HOUR, T0, Clock, StubBot

ROUNDS = 12


@pytest.fixture
async def two_stores(store_url: str) -> AsyncIterator[tuple[Store, Store]]:
    first = await open_store(store_url)
    second = await open_store(store_url)
    try:
        yield first, second
    finally:
        await first.close()
        await second.close()


async def test_the_same_move_from_two_processes_is_applied_once(
    two_stores: tuple[Store, Store],
) -> None:
    one, two = (MatchService(s, seed_source=lambda: 85) for s in two_stores)
    await one.create("farm", guild_id=1, channel_id=CHANNEL, user_id=ALICE, name="alice")
    await two.join(CHANNEL, "farm", user_id=BOB, name="bob")
    match = await one.start(CHANNEL, "farm", user_id=ALICE)
    for _ in range(ROUNDS):
        current = await two.get(match.id)
        ply = current.ply
        (seat,) = current.to_act()
        user = current.seats[seat].user_id
        results = await asyncio.gather(
            one.act(match.id, user, ply=ply, index=0),
            two.act(match.id, user, ply=ply, index=0),
            return_exceptions=True,
        )
        applied = [r for r in results if not isinstance(r, BaseException)]
        refused = [r for r in results if isinstance(r, Refusal | NotYourTurn)]
        assert len(applied) == 1 and len(refused) == 1, results
        assert applied[0].match.ply > ply
        if applied[0].match.status != "active":
            break
    final = await one.get(match.id)
    log = await two_stores[1].matches.actions(match.id)
    assert [r.ply for r in log] == list(range(1, final.ply + 1)), "no ply stored twice"
    assert await one.replay(match.id) == final.state


def stub(store: Store, clock: Clock) -> StubBot:
    bot = StubBot(store, clock, MatchService(store, seed_source=lambda: 85, clock=clock))
    bot.turns = TurnClock(bot)  # type: ignore[attr-defined]
    return bot


async def test_two_clocks_ticking_at_once_fire_each_reminder_and_deadline_once(
    two_stores: tuple[Store, Store],
) -> None:
    clock = Clock()
    first, second = (stub(s, clock) for s in two_stores)
    settings = ClockSettings(reminder_hours=24, deadline_hours=72, on_deadline="skip")
    await first.service.create(
        "farm", guild_id=1, channel_id=CHANNEL, user_id=ALICE, name="alice", clock=settings
    )
    await second.service.join(CHANNEL, "farm", user_id=BOB, name="bob")
    match = await first.service.start(CHANNEL, "farm", user_id=ALICE)
    for hours in (24, 48, 72, 72.5):
        clock.to(hours)
        await asyncio.gather(first.turns.tick(), second.turns.tick())  # type: ignore[attr-defined]
    sent = [p.content for p in first.sent + second.sent]
    reminders = [t for t in sent if t.startswith("⏰")]
    assert len(reminders) == 2, sent  # 24 h and 48 h; at 72 h the deadline comes instead
    assert all(f"<@{ALICE}>" in t for t in reminders)
    boards = first.boards + second.boards
    assert len(boards) == 1 and "time ran out" in boards[0][1], "the deadline applied once"
    after = await first.service.get(match.id)
    assert after.ply == 1 and after.turn_started_at == T0 + 72 * HOUR
    rows = await two_stores[0].fetchall(
        "SELECT kind, COUNT(*) AS n FROM clock_events WHERE match_id = ? GROUP BY kind "
        "ORDER BY kind",
        (match.id,),
    )
    assert {r["kind"]: r["n"] for r in rows}["deadline"] == 1
