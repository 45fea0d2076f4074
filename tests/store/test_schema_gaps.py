"""Migrations numbered with gaps: each runs once, a number filled in later still runs, and a
database that ran a migration this version does not know is refused (SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest

import bot.store.store as store_module
from bot.store import open_store
from bot.store.backend import OpenError
from bot.store.schema import MIGRATIONS

BASE = dict(enumerate(MIGRATIONS[:3], start=1))
LATER = "CREATE TABLE later_things (x INTEGER)"
FILLED = "CREATE TABLE filled_in (x INTEGER)"


async def opened(store_url: str, known: dict[int, str], monkeypatch: pytest.MonkeyPatch) -> int:
    with monkeypatch.context() as patch:
        patch.setattr(store_module, "numbered", lambda: known)
        db = await open_store(store_url)
        try:
            await db.execute("INSERT INTO later_things (x) VALUES (1)")
            return await db.version()
        finally:
            await db.close()


async def test_a_gap_is_tolerated_and_filled_later(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert await opened(store_url, {**BASE, 10: LATER}, monkeypatch) == 10
    # the same version opens again without running anything twice
    assert await opened(store_url, {**BASE, 10: LATER}, monkeypatch) == 10
    # a version that filled the gap runs the new migration once; 10 is not run again
    assert await opened(store_url, {**BASE, 6: FILLED, 10: LATER}, monkeypatch) == 10
    with monkeypatch.context() as patch:
        patch.setattr(store_module, "numbered", lambda: {**BASE, 6: FILLED, 10: LATER})
        db = await open_store(store_url)
        try:
            assert await db.get_meta("migrations") == "[1, 2, 3, 6, 10]"
            await db.execute("INSERT INTO filled_in (x) VALUES (1)")
            row = await db.fetchone("SELECT COUNT(*) AS n FROM later_things")
            assert row is not None and int(row["n"]) == 3, "migration 10 kept its rows"
        finally:
            await db.close()


async def test_a_database_that_ran_an_unknown_migration_is_refused(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert await opened(store_url, {**BASE, 6: FILLED, 10: LATER}, monkeypatch) == 10
    # an older version that knows 10 but not 6 must not open it as if it were its own
    with monkeypatch.context() as patch:
        patch.setattr(store_module, "numbered", lambda: {**BASE, 10: LATER})
        with pytest.raises(OpenError, match=r"newer Ranch Hand.*migration 6"):
            await open_store(store_url)
