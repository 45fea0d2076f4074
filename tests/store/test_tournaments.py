"""The tournaments' claims on both backends: one process pairs a round (compare-and-set on the
revision), one opens each table's match (a stale claim may be taken over), one posts each
round's standings; sign-up keeps its limit."""

from __future__ import annotations

import asyncio

from bot.store import open_store

ROW = {
    "guild_id": 1,
    "channel_id": 2,
    "organiser_id": 3,
    "game": "farm",
    "status": "signup",
    "settings": "{}",
    "created_at": 0.0,
    "updated_at": 0.0,
}


async def test_one_process_wins_each_claim(store_url: str) -> None:
    first, second = await open_store(store_url), await open_store(store_url)
    try:
        tid = await first.tournaments.create_tournament(dict(ROW))
        assert await first.tournaments.sign_up(tid, 10, "ann", 1.0, limit=2) == "joined"
        assert await second.tournaments.sign_up(tid, 10, "ann", 1.0, limit=2) == "already"
        assert await second.tournaments.sign_up(tid, 11, "ben", 1.0, limit=2) == "joined"
        assert await first.tournaments.sign_up(tid, 12, "cy", 1.0, limit=2) == "full"
        won = await asyncio.gather(
            first.tournaments.save_league(
                tid, "a", rev=0, at=2.0, status="running", was=("signup",)
            ),
            second.tournaments.save_league(
                tid, "b", rev=0, at=2.0, status="running", was=("signup",)
            ),
        )
        assert sorted(won) == [False, True], "the round is paired once"
        assert await first.tournaments.sign_up(tid, 12, "cy", 3.0, limit=9) == "closed"
        assert await first.tournaments.sign_off(tid, 10) == "closed"
        claims = await asyncio.gather(
            first.tournaments.claim_table(tid, 1, 1, 10.0, stale=300.0),
            second.tournaments.claim_table(tid, 1, 1, 10.0, stale=300.0),
        )
        assert sorted(claims) == [False, True], "a table is opened by one process"
        assert not await first.tournaments.claim_table(tid, 1, 1, 200.0, stale=300.0)
        assert await second.tournaments.claim_table(tid, 1, 1, 400.0, stale=300.0), "a stale claim"
        await second.tournaments.set_table_match(tid, 1, 1, 77)
        assert not await first.tournaments.claim_table(tid, 1, 1, 9999.0, stale=300.0), (
            "opened: done"
        )
        assert await first.tournaments.table_matches(tid) == {(1, 1): 77}
        posts = await asyncio.gather(
            first.tournaments.claim_post(tid, 1, "standings", 5.0),
            second.tournaments.claim_post(tid, 1, "standings", 5.0),
        )
        assert sorted(posts) == [False, True]
        await first.tournaments.forget_post(tid, 1, "standings")
        assert await second.tournaments.claim_post(tid, 1, "standings", 6.0), (
            "a failed post is tried again"
        )
    finally:
        await first.close()
        await second.close()
