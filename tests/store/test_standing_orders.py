"""Schema 6: each player's standing orders, per game; a database from before gains the table
empty (every order off), and forgetting a person removes theirs."""

from __future__ import annotations

import pytest

import bot.store.store as store_module
from bot.store import open_store
from bot.store.copy import TABLES, copy_store
from bot.store.schema import MIGRATIONS

ALICE, BOB = 1_180_000_000_000_000_011, 1_180_000_000_000_000_022


async def test_an_older_database_gains_standing_orders_all_off(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as patch:
        patch.setattr(store_module, "MIGRATIONS", {n: MIGRATIONS[n] for n in range(1, 6)})
        db = await open_store(store_url)
        assert await db.version() == 5
        await db.close()
    db = await open_store(store_url)
    try:
        assert await db.version() == max(MIGRATIONS) >= 6
        assert await db.orders.standing_orders(ALICE, "farm") == frozenset()
        await db.orders.set_standing_order(ALICE, "farm", "roll", True, at=1.0)
        await db.orders.set_standing_order(ALICE, "farm", "roll", True, at=2.0)  # twice is harmless
        await db.orders.set_standing_order(BOB, "cattle", "roll", True, at=1.0)
        assert await db.orders.standing_orders(ALICE, "farm") == {"roll"}
        assert await db.orders.standing_orders(ALICE, "cattle") == frozenset(), "per game"
        assert await db.orders.all_standing_orders(BOB) == [("cattle", "roll")]
        await db.orders.set_standing_order(ALICE, "farm", "roll", False, at=3.0)
        await db.orders.set_standing_order(ALICE, "farm", "roll", False, at=3.0)
        assert await db.orders.standing_orders(ALICE, "farm") == frozenset()
    finally:
        await db.close()


async def test_forgetting_a_person_removes_their_orders_and_a_copy_keeps_them(
    tmp_path: object, store_url: str
) -> None:
    db = await open_store(store_url)
    try:
        await db.orders.set_standing_order(ALICE, "farm", "roll", True, at=1.0)
        await db.orders.set_standing_order(BOB, "farm", "roll", True, at=1.0)
        assert (await db.people.held_about(ALICE)).has_settings, "/game privacy counts them"
        copy = await open_store(f"sqlite:///{tmp_path}/copy.sqlite3")
        try:
            assert "standing_orders" in {t for t, _ in TABLES}
            await copy_store(db, copy, lambda table, n: None)
            assert await copy.orders.standing_orders(BOB, "farm") == {"roll"}
        finally:
            await copy.close()
        await db.people.forget_user(ALICE, lambda seat: f"player {seat}", lambda g, s, seat, n: s)
        assert await db.orders.standing_orders(ALICE, "farm") == frozenset()
        assert await db.orders.standing_orders(BOB, "farm") == {"roll"}
    finally:
        await db.close()
