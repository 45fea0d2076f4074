"""Every Store method on each backend (SQLite file, PostgreSQL): the same answers from both."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest

from bot.store import Conflict, MoveRecord, SeatRow, Store, open_store
from bot.store.backend import Later, Lost, Tx
from bot.store.schema import MIGRATIONS
from bot.store.store import ActionRow, BoardStory

#: Discord snowflakes need 64 bits
GUILD = 1_180_000_000_000_000_001
CHANNEL = 1_180_000_000_000_000_002
THREAD = 1_180_000_000_000_000_003
ALICE = 1_180_000_000_000_000_011
BOB = 1_180_000_000_000_000_022
T0 = 1_790_000_000.25


@pytest.fixture
async def store(store_url: str) -> AsyncIterator[Store]:
    db = await open_store(store_url)
    try:
        yield db
    finally:
        await db.close()


def lobby(channel: int = CHANNEL, **extra) -> dict:
    values = {
        "game": "farm",
        "guild_id": GUILD,
        "channel_id": channel,
        "parent_id": None,
        "status": "lobby",
        "host_id": ALICE,
        "seed": 2**40 + 7,
        "options": "{}",
        "created_at": T0,
        "updated_at": T0,
        "next_due_at": T0 + 86400.0,
    }
    values.update(extra)
    return values


async def new_match(store: Store, channel: int = CHANNEL) -> int:
    match_id = await store.matches.create_match(lobby(channel), SeatRow(0, ALICE, "alice"), T0)
    assert await store.matches.set_seats(
        match_id, [SeatRow(0, ALICE, "alice"), SeatRow(1, BOB, "bob", computer=None)], T0
    )
    story = BoardStory(channel, json.dumps({"start": True}), turn_passed=True)
    assert await store.matches.start_match(match_id, '{"s": 0}', T0 + 1, T0 + 3600.5, story)
    return match_id


def move(match_id: int, from_ply: int, at: float, *, passed: bool = True) -> MoveRecord:
    return MoveRecord(
        match_id=match_id,
        from_ply=from_ply,
        actions=[ActionRow(from_ply + 1, from_ply % 2, ALICE, "roll", ("rolled",))],
        state=json.dumps({"s": from_ply + 1}),
        status="active",
        at=at,
        turn_ply=from_ply + 1 if passed else None,
        next_due_at=at + 3600.0,
        board=BoardStory(CHANNEL, json.dumps({"ply": from_ply + 1}), turn_passed=passed),
    )


async def test_migrations_settings_and_meta(store: Store) -> None:
    assert await store.version() == max(MIGRATIONS)
    await store.migrate()  # nothing to do twice
    assert await store.settings.get_meta("k") is None
    await store.settings.set_meta("k", "one")
    await store.settings.set_meta("k", "two")
    assert await store.settings.get_meta("k") == "two"
    await store.settings.set_guild_settings(GUILD, {"a": 1})
    await store.settings.set_guild_settings(GUILD, {"a": 2})
    assert await store.settings.guild_settings(GUILD) == {"a": 2}
    assert await store.settings.user_settings(ALICE) == {}
    await store.settings.set_user_settings(ALICE, {"dm": True})
    assert await store.settings.user_settings(ALICE) == {"dm": True}


async def test_lobby_to_match_keeps_64_bit_ids_and_exact_times(store: Store) -> None:
    match_id = await new_match(store)
    row = await store.matches.match(match_id)
    assert row is not None
    assert (row.guild_id, row.channel_id, row.host_id) == (GUILD, CHANNEL, ALICE)
    assert row.seed == 2**40 + 7 and row.status == "active"
    assert row.turn_started_at == T0 + 1 and row.next_due_at == T0 + 3600.5
    assert [s.user_id for s in await store.matches.seats(match_id)] == [ALICE, BOB]
    assert (await store.matches.live_match_in(CHANNEL)).id == match_id
    assert [r.id for r in await store.matches.live_matches_of(GUILD, BOB)] == [match_id]
    assert [r.id for r in await store.matches.live_matches_in_guild(GUILD)] == [match_id]
    assert [r.id for r in await store.matches.matches_in_guild(GUILD, live_only=True, limit=5)] == [
        match_id
    ]
    assert await store.matches.live_matches_in_channels([]) == []
    assert [r.id for r in await store.matches.live_matches_in_channels([CHANNEL])] == [match_id]
    with pytest.raises(Conflict):
        await store.matches.create_match(lobby(), SeatRow(0, BOB, "bob"), T0)
    # a lobby elsewhere: leaving empties it, which closes it
    other = await store.matches.create_match(lobby(THREAD), SeatRow(0, BOB, "bob"), T0)
    assert other > match_id
    assert await store.matches.set_seats(other, [], T0 + 2)
    assert (await store.matches.match(other)).status == "abandoned"
    assert not await store.matches.set_seats(other, [SeatRow(0, BOB, "bob")], T0 + 3)
    assert await store.matches.live_match_in(THREAD) is None


async def test_moves_are_guarded_by_the_ply_and_logged(store: Store) -> None:
    match_id = await new_match(store)
    assert await store.matches.commit_move(move(match_id, 0, T0 + 10))
    assert not await store.matches.commit_move(move(match_id, 0, T0 + 11)), "the same ply twice"
    assert await store.matches.commit_move(move(match_id, 1, T0 + 12, passed=False))
    row = await store.matches.match(match_id)
    assert (row.ply, row.turn_ply, row.turn_started_at) == (2, 1, T0 + 10)
    log = await store.matches.actions(match_id)
    assert [(r.ply, r.notation, json.loads(r.events)) for r in log] == [
        (1, "roll", ["rolled"]),
        (2, "roll", ["rolled"]),
    ]
    assert [r.ply for r in await store.matches.actions(match_id, last=1)] == [2]
    leave = MoveRecord(match_id, 2, [], '{"s": 3}', "finished", T0 + 13, None, None, leaves=1)
    assert await store.matches.commit_move(leave)
    assert (await store.matches.seats(match_id))[1].left_at == T0 + 13
    assert await store.matches.live_match_in(CHANNEL) is None
    assert not await store.matches.close_match(match_id, T0 + 14)


async def test_a_lost_move_keeps_nothing_and_a_stored_one_reads_the_newest_board(
    store: Store,
) -> None:
    match_id = await new_match(store)
    first = await store.matches.commit_move(move(match_id, 0, T0 + 10))
    assert first is not None and first.latest == (None,), "no board message yet"
    await store.boards.add_board(match_id, 9_200_000_000_000_000_001, CHANNEL, 1, T0 + 10.5)
    before = (await store.outbox.undelivered(match_id), len(await store.matches.actions(match_id)))
    assert await store.matches.commit_move(move(match_id, 0, T0 + 11)) is None, "the ply was taken"
    after = (await store.outbox.undelivered(match_id), len(await store.matches.actions(match_id)))
    assert after == before, "neither its story nor its log row was kept"
    second = await store.matches.commit_move(move(match_id, 1, T0 + 12))
    assert second is not None and [r.ply for r in second.boards] == [0, 1, 2]
    (latest,) = second.latest
    assert latest is not None and latest.message_id == 9_200_000_000_000_000_001


async def test_a_board_recorded_late_never_becomes_the_newest(store: Store) -> None:
    """A board that read an older position and was held up is recorded after the newer one:
    it is told to lose its buttons, and the newer board stays the match's board."""
    match_id = await new_match(store)
    older, newest, late = (
        9_200_000_000_000_000_011,
        9_200_000_000_000_000_012,
        9_200_000_000_000_000_013,
    )
    await store.boards.add_board(match_id, older, CHANNEL, 3, T0 + 1)
    assert await store.boards.add_board(match_id, newest, CHANNEL, 6, T0 + 2) == [older]
    assert await store.boards.add_board(match_id, late, CHANNEL, 5, T0 + 3) == [late], "not live"
    latest = await store.boards.latest_board(match_id)
    assert latest is not None and int(latest.message_id) == newest and latest.live
    again = 9_200_000_000_000_000_014  # a board of the same ply posted again is the newest
    assert await store.boards.add_board(match_id, again, CHANNEL, 6, T0 + 4) == [newest]
    latest = await store.boards.latest_board(match_id)
    assert latest is not None and int(latest.message_id) == again


async def test_a_guard_and_later_rows_inside_one_transaction(store: Store) -> None:
    """``Tx.guard`` fails the whole transaction when its row changed meanwhile; ``Tx.later``
    rows are there once the transaction is over."""
    match_id = await new_match(store)

    async def lost(tx: Tx) -> None:
        await tx.put("UPDATE matches SET options = ? WHERE id = ?", ('{"x": 1}', match_id))
        await tx.guard("UPDATE matches SET ply = 5 WHERE id = ? AND ply = 99", (match_id,))
        await tx.put("UPDATE matches SET options = ? WHERE id = ?", ('{"x": 2}', match_id))

    with pytest.raises(Lost):
        await store.write(lost)
    assert (await store.matches.match(match_id)).options == "{}", "rolled back"

    async def kept(tx: Tx) -> Later:
        await tx.guard("UPDATE matches SET ply = 5 WHERE id = ? AND ply = 0", (match_id,))
        later = await tx.later("SELECT ply FROM matches WHERE id = ?", (match_id,))
        return later

    later = await store.write(kept)
    assert [r["ply"] for r in later.rows] == [5]
    with pytest.raises(RuntimeError):
        _ = Later().rows


async def test_the_outbox_claims_each_board_once(store: Store) -> None:
    match_id = await new_match(store)
    first = await store.matches.commit_move(move(match_id, 0, T0 + 10))
    assert first is not None, "the move is stored and the storing bot holds its boards"
    assert [(r.ply, bool(r.turn_passed), r.attempts) for r in first.boards] == [
        (0, True, 1),
        (1, True, 1),
    ]
    second = await store.matches.commit_move(move(match_id, 1, T0 + 11, passed=False))
    assert second is not None
    assert [(r.ply, r.attempts) for r in second.boards] == [(0, 2), (1, 2), (2, 1)]
    assert await store.matches.commit_move(move(match_id, 1, T0 + 12)) is None, "ply taken"
    assert await store.outbox.undelivered(match_id) == 3
    assert await store.outbox.boards_due(T0 + 20) == [], "the storing bot's lease has not run out"
    assert await store.outbox.claim_boards(match_id, T0 + 20, 30.0, mine=False) == []
    claimed = await store.outbox.claim_boards(match_id, T0 + 20, 30.0, mine=True)
    assert [(r.ply, bool(r.turn_passed), r.attempts) for r in claimed] == [
        (0, True, 3),
        (1, True, 3),
        (2, False, 2),
    ]
    assert await store.outbox.claim_boards(match_id, T0 + 21, 30.0, mine=False) == [], "leased"
    await store.outbox.boards_retry(match_id, [2], T0 + 25, "5xx")
    assert await store.outbox.boards_due(T0 + 26) == [match_id]
    again = await store.outbox.claim_boards(match_id, T0 + 26, 30.0, mine=False)
    assert [(r.ply, r.attempts) for r in again] == [(2, 3)]
    await store.outbox.boards_delivered(match_id, [0, 1, 2], 9_000_000_000_000_000_001, T0 + 27)
    assert await store.outbox.undelivered(match_id) == 0
    assert await store.outbox.boards_due(T0 + 10_000) == []
    stories = await store.outbox.stories(match_id, 0, 2)
    assert [(r.ply, json.loads(r.payload)) for r in stories] == [
        (1, {"ply": 1}),
        (2, {"ply": 2}),
    ]


async def test_board_messages(store: Store) -> None:
    match_id = await new_match(store)
    first, second = 9_100_000_000_000_000_001, 9_100_000_000_000_000_002
    assert await store.boards.add_board(match_id, first, CHANNEL, 0, T0) == []
    assert await store.boards.add_board(match_id, second, CHANNEL, 1, T0 + 1, story_from=1) == [
        first
    ]
    latest = await store.boards.latest_board(match_id)
    assert (latest.message_id, latest.ply, latest.live, latest.story_from) == (
        second,
        1,
        1,
        1,
    )
    await store.boards.board_edited(second, False)
    assert (await store.boards.latest_board(match_id)).live == 0
    await store.boards.board_edited(second)
    assert await store.boards.retire_boards(match_id) == [(CHANNEL, second)]
    assert await store.boards.retire_boards(match_id) == []
    assert await store.boards.forget_old_boards(T0 + 0.5) == 1
    assert (await store.boards.latest_board(match_id)).message_id == second


async def test_the_clock_due_list_events_and_pauses(store: Store) -> None:
    match_id = await new_match(store)
    assert await store.clock.due(T0 + 3600.0) == []
    assert [r.id for r in await store.clock.due(T0 + 3600.5)] == [match_id]
    await store.clock.set_next_due(match_id, None)
    assert await store.clock.due(T0 + 10**6) == []
    assert await store.clock.record_event(match_id, 0, "reminder", 1, 0, T0, T0 + 1, "sent")
    assert not await store.clock.record_event(match_id, 0, "reminder", 1, 0, T0, T0 + 2, "sent")
    assert await store.clock.events_of(match_id, 0, "reminder") == 1
    await store.clock.forget_event(match_id, 0, "reminder")
    assert await store.clock.events_of(match_id, 0, "reminder") == 0
    assert await store.clock.pause(match_id, T0 + 5, T0 + 500, ALICE)
    assert not await store.clock.pause(match_id, T0 + 6, T0 + 600, BOB), "already paused"
    assert [r.id for r in await store.clock.due(T0 + 500)] == [match_id]
    assert await store.clock.resume(
        match_id, turn_started_at=T0 + 50, paused=45.0, by=ALICE, allowance=40.0
    )
    assert not await store.clock.resume(
        match_id, turn_started_at=T0 + 60, paused=1.0, by=ALICE, allowance=40.0
    )
    assert (await store.matches.seats(match_id))[0].pause_used == 40.0, "capped at the allowance"
    assert (await store.matches.match(match_id)).paused_at is None
    assert await store.matches.close_match(match_id, T0 + 70)
    assert not await store.matches.close_match(match_id, T0 + 71)
