"""Seasons: a server's stretch of play with its own ratings, beside the all-time ones.

A server has at most one open season (a unique index says so, so two
processes cannot open two); a result recorded while one is open also rates its players in it
(``RecordQueries.record_result``, in the same transaction as the all-time ratings).
"""

from __future__ import annotations

from bot.store.backend import Row, Tx
from bot.store.queries import Queries
from bot.store.rows import SeasonRow, row_of


class SeasonQueries(Queries):
    """``store.seasons``: each server's seasons."""

    async def current_season(self, guild_id: int) -> SeasonRow | None:
        """The server's open season, or None."""
        row = await self.backend.fetchone(
            "SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
        )
        return None if row is None else row_of(SeasonRow, row)

    async def seasons_held(self, guild_id: int) -> int:
        """How many seasons the server has started (open or ended)."""
        row = await self.backend.fetchone(
            "SELECT COUNT(*) AS n FROM seasons WHERE guild_id = ?", (guild_id,)
        )
        return int(row["n"]) if row else 0

    async def start_season(self, guild_id: int, name: str, by: int, at: float) -> SeasonRow | None:
        """Open a season; None (and nothing changes) if one is open already."""

        async def body(tx: Tx) -> Row | None:
            added = await tx.execute(
                "INSERT INTO seasons (guild_id, name, started_at, started_by) "
                "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (guild_id, name, at, by),
            )
            if added != 1:
                return None
            return await tx.fetchone(
                "SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
            )

        row = await self.write(body)
        return None if row is None else row_of(SeasonRow, row)

    async def end_season(self, guild_id: int, at: float) -> SeasonRow | None:
        """Close the open season (returned as it ends); None if none was open."""

        async def body(tx: Tx) -> Row | None:
            row = await tx.fetchone(
                "SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
            )
            if row is None:
                return None
            await tx.execute("UPDATE seasons SET ended_at = ? WHERE id = ?", (at, row["id"]))
            return row

        row = await self.write(body)
        return None if row is None else row_of(SeasonRow, row)

    async def season_results(self, season_id: int) -> int:
        """How many rated matches the season has recorded."""
        row = await self.backend.fetchone(
            "SELECT COUNT(*) AS n FROM results WHERE season_id = ? AND rated = 1", (season_id,)
        )
        return int(row["n"]) if row else 0


async def open_season_id(tx: Tx, guild_id: int | None) -> int | None:
    """The id of the server's open season within ``tx`` (None: none, or not a server)."""
    if guild_id is None:
        return None
    row = await tx.fetchone(
        "SELECT id FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
    )
    return None if row is None else int(row["id"])
