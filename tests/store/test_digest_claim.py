"""The digest's claim: two processes sharing a database (two stores on it) never both get to
send a player's digest of a day (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio

from bot.store import open_store

ALICE = 1_180_000_000_000_000_011


async def test_two_stores_claim_a_digest_once(store_url: str) -> None:
    one, two = await open_store(store_url), await open_store(store_url)
    try:
        await one.digests.set_digest(ALICE, 8, 0.0)
        for day in ("2026-11-02", "2026-11-03"):
            won = await asyncio.gather(
                *(s.digests.claim_digest(ALICE, day, 10.0) for s in (one, two, one, two))
            )
            assert sorted(won) == [False, False, False, True]
        (row,) = await two.digests.digest_readers()
        assert (row.digest_hour, row.last_day) == (8, "2026-11-03")
        # a refused DM turns it off; the notice is taken once, by whichever asks first
        await one.digests.digest_refused(ALICE, "refused")
        assert await two.digests.digest_readers() == []
        taken = await asyncio.gather(
            one.digests.take_digest_notice(ALICE), two.digests.take_digest_notice(ALICE)
        )
        assert sorted(taken, key=str) == [None, "refused"]
    finally:
        await one.close()
        await two.close()
