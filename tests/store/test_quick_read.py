"""A click's match is read at once on SQLite (a read-only connection in the event loop's
thread, no trip to the database thread), and reads what the last commit stored; when that
reader cannot read, the match is read the usual way."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store, open_store
from bot.store.sqlite import SqliteBackend
from tests.store.test_store import T0, move, new_match


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    db = await open_store(tmp_path / "quick.sqlite3")
    try:
        yield db
    finally:
        await db.close()


def quick(store: Store) -> SqliteBackend:
    """The store's SQLite backend, with its read-only connection."""
    backend = store.backend
    assert isinstance(backend, SqliteBackend) and backend.reader is not None
    return backend


async def test_a_click_reads_the_last_committed_move_without_the_database_thread(
    store: Store,
) -> None:
    match_id = await new_match(store)
    backend = quick(store)
    assert await store.matches.commit_move(move(match_id, 0, T0 + 10)) is not None

    async def no_trip(*_: object) -> list[object]:
        raise AssertionError("the click's read went to the database thread")

    backend.fetchall = no_trip  # type: ignore[method-assign]
    loaded = await store.matches.match_with_seats(match_id)
    assert loaded is not None
    row, seats = loaded
    assert (row.ply, row.state) == (1, '{"s": 1}')
    assert [s.name for s in seats] == ["alice", "bob"]


async def test_a_move_still_being_written_is_not_read_before_its_commit(store: Store) -> None:
    match_id = await new_match(store)
    async with store.backend.transaction() as tx:
        await tx.execute(
            "UPDATE matches SET ply = 5, state = '{\"s\": 5}' WHERE id = ?", (match_id,)
        )
        loaded = await store.matches.match_with_seats(match_id)
        assert loaded is not None and loaded[0].ply == 0, "only committed moves are read"
    loaded = await store.matches.match_with_seats(match_id)
    assert loaded is not None and loaded[0].ply == 5


async def test_when_the_quick_reader_cannot_read_the_match_is_read_the_usual_way(
    store: Store,
) -> None:
    match_id = await new_match(store)
    backend = quick(store)
    assert backend.reader is not None
    backend.reader.close()  # any statement on it now fails
    assert backend.fetchall_now("SELECT 1") is None
    loaded = await store.matches.match_with_seats(match_id)
    assert loaded is not None and loaded[0].id == match_id
    assert await store.matches.match_with_seats(match_id + 1000) is None


async def test_an_in_memory_database_has_no_second_reader() -> None:
    db = await open_store(":memory:")
    try:
        assert isinstance(db.backend, SqliteBackend) and db.backend.reader is None
        match_id = await new_match(db)
        loaded = await db.matches.match_with_seats(match_id)
        assert loaded is not None and loaded[0].status == "active"
    finally:
        await db.close()
