"""Season ratings in the store (SQLite and PostgreSQL): a result recorded while a season is
open rates its players in the season from fresh as well as all time; one season at a time."""

from __future__ import annotations

from bot.store import open_store
from bot.store.store import Rated

GUILD, ALICE, BOB = 77, 1_180_000_000_000_000_011, 1_180_000_000_000_000_022


async def test_a_season_rates_from_fresh_beside_all_time(store_url: str) -> None:
    db = await open_store(store_url)
    try:
        seen: list[dict[int, tuple[float, float]]] = []

        def summary(now: dict[int, tuple[float, float]]) -> tuple[str, dict[int, Rated]]:
            return "{}", {ALICE: Rated(30.0, 7.0, True), BOB: Rated(20.0, 7.0)}

        def season_rate(now: dict[int, tuple[float, float]]) -> dict[int, Rated]:
            seen.append(now)
            return {ALICE: Rated(28.0, 8.0, True), BOB: Rated(22.0, 8.0)}

        async def record(match_id: int) -> None:
            await db.execute(
                "INSERT INTO matches (id, game, guild_id, channel_id, status, host_id, seed, "
                "created_at, updated_at) VALUES (?, 'farm', ?, ?, 'finished', ?, 1, 1.0, 1.0)",
                (match_id, GUILD, 500 + match_id, ALICE),
            )
            assert await db.records.record_result(
                match_id, GUILD, "farm", 5.0, summary, [ALICE, BOB], season_rate=season_rate
            )

        await record(1)
        assert seen == [], "no season open: all time only"
        spring = await db.seasons.start_season(GUILD, "Spring", ALICE, 10.0)
        assert (
            spring is not None
            and await db.seasons.start_season(GUILD, "Again", ALICE, 11.0) is None
        )
        await record(2)
        await record(3)
        assert seen == [{}, {ALICE: (28.0, 8.0), BOB: (22.0, 8.0)}]
        (row,) = await db.records.leaderboard(GUILD, "farm", 1, season_id=int(spring.id))
        assert (row.user_id, row.played, row.won) == (ALICE, 2, 2)
        (row,) = await db.records.leaderboard(GUILD, "farm", 1)
        assert (row.user_id, row.played, row.won) == (ALICE, 3, 3)
        assert (await db.records.result(3)).season_id == spring.id
        assert await db.seasons.season_results(int(spring.id)) == 2
        ended = await db.seasons.end_season(GUILD, 20.0)
        assert ended is not None and await db.seasons.current_season(GUILD) is None
        assert await db.seasons.end_season(GUILD, 21.0) is None
    finally:
        await db.close()
