"""Migration numbers with gaps: a migration released with a higher number first runs, and a
lower number that arrives later still runs (once), on SQLite and PostgreSQL alike."""

from __future__ import annotations

import pytest

import bot.store.store as store_module
from bot.store import OpenError, open_store
from bot.store.schema import MIGRATIONS

LOWER = "CREATE TABLE gap_filler (id INTEGER PRIMARY KEY, note TEXT NOT NULL)"


def known(*numbers: int, extra: dict[int, str] | None = None) -> dict[int, str]:
    return {**{n: MIGRATIONS[n] for n in numbers}, **(extra or {})}


async def test_a_lower_number_released_later_still_runs(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = known(1, 2, 3, 4, 5, 9)
    with monkeypatch.context() as patch:
        patch.setattr(store_module, "MIGRATIONS", first)
        db = await open_store(store_url)
        assert await db.version() == 9
        await db.execute(
            "INSERT INTO tournaments (guild_id, channel_id, organiser_id, game, status, "
            "created_at, updated_at) VALUES (1, 2, 3, 'farm', 'signup', 0, 0)"
        )
        await db.close()
    later = known(1, 2, 3, 4, 5, 9, extra={6: LOWER})
    with monkeypatch.context() as patch:
        patch.setattr(store_module, "MIGRATIONS", later)
        db = await open_store(store_url)
        await db.execute("INSERT INTO gap_filler (note) VALUES ('ran')")
        row = await db.fetchone("SELECT COUNT(*) AS n FROM tournaments")
        assert row is not None and row["n"] == 1, "what migration 9 made is kept"
        assert await db.version() == 9
        await db.close()
        db = await open_store(store_url)  # nothing runs twice
        row = await db.fetchone("SELECT COUNT(*) AS n FROM gap_filler")
        assert row is not None and row["n"] == 1
        await db.close()


async def test_a_bot_that_misses_a_number_the_database_ran_refuses_it(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as patch:
        patch.setattr(store_module, "MIGRATIONS", known(1, 2, 3, 4, 5, 9, extra={6: LOWER}))
        db = await open_store(store_url)
        await db.close()
    with monkeypatch.context() as patch:
        patch.setattr(store_module, "MIGRATIONS", known(1, 2, 3, 4, 5, 9))
        with pytest.raises(OpenError, match="newer Ranch Hand"):
            await open_store(store_url)
