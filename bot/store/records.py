"""After the game: results, ratings and finished matches (profiles, leaderboards, replays).

a finished match is recorded once (``results`` is its claim) and its
players' ratings change in the same transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.store.backend import Tx
from bot.store.queries import Queries
from bot.store.rows import MatchRow, RatingRow, ResultRow, row_of, rows_of
from bot.store.seasons import open_season_id


@dataclass(frozen=True)
class Rated:
    """A player's rating after a match, and whether they won it."""

    mu: float
    sigma: float
    won: bool = False


class RecordQueries(Queries):
    """``store.records``: results, ratings and finished matches."""

    # After the game: results, ratings, finished matches -----------------------------------

    async def latest_finished_in(self, channel_id: int) -> MatchRow | None:
        """The newest finished match of a channel."""
        row = await self.backend.fetchone(
            "SELECT * FROM matches WHERE channel_id = ? AND status = 'finished' "
            "ORDER BY updated_at DESC, id DESC LIMIT 1",
            (channel_id,),
        )
        return None if row is None else row_of(MatchRow, row)

    async def latest_game_in(self, channel_id: int) -> str | None:
        """The game of a channel's newest match (live or over); None if it never had one."""
        row = await self.backend.fetchone(
            "SELECT game FROM matches WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return None if row is None else str(row["game"])

    async def record_result(
        self,
        match_id: int,
        guild_id: int | None,
        game: str,
        at: float,
        summary: Callable[[dict[int, tuple[float, float]]], tuple[str, dict[int, Rated]]],
        rated_users: Sequence[int],
        season_rate: Callable[[dict[int, tuple[float, float]]], dict[int, Rated]] | None = None,
    ) -> bool:
        """Record a finished match once (False if it had been recorded): the result row is
        the claim, and the ratings of ``rated_users`` change in the same transaction.
        ``summary`` gets their current (mu, sigma) and returns the result's JSON and the new
        ratings; ``season_rate`` does the same with their ratings in the server's open season
        (if one is open), whose ratings change too."""

        async def body(tx: Tx) -> bool:
            claimed = await tx.execute(
                "INSERT INTO results (match_id, guild_id, game, finished_at, rated) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (match_id, guild_id, game, at, int(bool(rated_users))),
            )
            if claimed != 1:
                return False
            season = await open_season_id(tx, guild_id)
            ranked = rated_users if guild_id is not None else ()
            all_time = _scope(guild_id, None)
            text, new = summary(await _current(tx, all_time, game, ranked))
            await tx.execute(
                "UPDATE results SET summary = ?, season_id = ? WHERE match_id = ?",
                (text, season, match_id),
            )
            await _store_ratings(tx, all_time, game, new, at)
            if season is not None and season_rate is not None and ranked:
                scope = _scope(guild_id, season)
                now = await _current(tx, scope, game, ranked)
                await _store_ratings(tx, scope, game, season_rate(now), at)
            return True

        return await self.write(body)

    async def result(self, match_id: int) -> ResultRow | None:
        row = await self.backend.fetchone("SELECT * FROM results WHERE match_id = ?", (match_id,))
        return None if row is None else row_of(ResultRow, row)

    async def leaderboard(
        self, guild_id: int, game: str, limit: int = 10, *, season_id: int | None = None
    ) -> list[RatingRow]:
        """The best ratings of a game in a server (all-time, or in a season), by ordinal
        (mu - 3 sigma)."""
        table, column, key = _scope(guild_id, season_id)
        rows = await self.backend.fetchall(
            f"SELECT user_id, game, mu, sigma, played, won FROM {table} WHERE {column} = ? "
            "AND game = ? ORDER BY mu - 3 * sigma DESC, user_id LIMIT ?",
            (key, game, limit),
        )
        return rows_of(RatingRow, rows)

    async def rating_place(
        self, guild_id: int, game: str, user_id: int, *, season_id: int | None = None
    ) -> tuple[RatingRow, int] | None:
        """A player's rating in a game and their place on the server's (or season's) board
        (1 = top)."""
        table, column, key = _scope(guild_id, season_id)
        row = await self.backend.fetchone(
            f"SELECT user_id, game, mu, sigma, played, won FROM {table} WHERE {column} = ? "
            "AND game = ? AND user_id = ?",
            (key, game, user_id),
        )
        if row is None:
            return None
        ahead = await self.backend.fetchone(
            f"SELECT COUNT(*) AS n FROM {table} WHERE {column} = ? AND game = ? AND "
            "(mu - 3 * sigma > ? OR (mu - 3 * sigma = ? AND user_id < ?))",
            (key, game, *(float(row["mu"]) - 3 * float(row["sigma"]),) * 2, user_id),
        )
        return row_of(RatingRow, row), 1 + (int(ahead["n"]) if ahead else 0)

    async def ratings_of(
        self, guild_id: int, user_id: int, *, season_id: int | None = None
    ) -> list[RatingRow]:
        table, column, key = _scope(guild_id, season_id)
        rows = await self.backend.fetchall(
            f"SELECT user_id, game, mu, sigma, played, won FROM {table} WHERE {column} = ? "
            "AND user_id = ? ORDER BY played DESC, game",
            (key, user_id),
        )
        return rows_of(RatingRow, rows)

    async def results_of(self, guild_id: int, user_id: int, limit: int = 5) -> list[ResultRow]:
        """The newest recorded matches of a player in a server."""
        rows = await self.backend.fetchall(
            "SELECT r.match_id, r.game, r.finished_at, r.rated, r.summary, r.guild_id FROM "
            "results r "
            "JOIN seats s ON s.match_id = r.match_id WHERE r.guild_id = ? AND s.user_id = ? "
            "AND s.computer IS NULL ORDER BY r.finished_at DESC, r.match_id DESC LIMIT ?",
            (guild_id, user_id, limit),
        )
        return rows_of(ResultRow, rows)

    async def casual_results_of(self, user_id: int, limit: int = 5) -> list[ResultRow]:
        """The newest casual tables a player finished (wherever they were played)."""
        rows = await self.backend.fetchall(
            "SELECT r.match_id, r.game, r.finished_at, r.rated, r.summary, m.guild_id FROM "
            "results r JOIN matches m ON m.id = r.match_id JOIN seats s ON s.match_id = "
            "r.match_id WHERE m.casual = 1 AND s.user_id = ? AND s.computer IS NULL "
            "ORDER BY r.finished_at DESC, r.match_id DESC LIMIT ?",
            (user_id, limit),
        )
        return rows_of(ResultRow, rows)

    async def seat_names(self, user_ids: Sequence[int]) -> dict[int, str]:
        """The name each of these players last sat down with."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.backend.fetchall(
            f"SELECT user_id, name, joined_at FROM seats WHERE user_id IN ({marks}) "
            "AND computer IS NULL ORDER BY joined_at",
            tuple(user_ids),
        )
        return {int(r["user_id"]): str(r["name"]) for r in rows}


def _scope(guild_id: int | None, season_id: int | None) -> tuple[str, str, int | None]:
    """Where ratings live: a server's all-time table, or a season's."""
    if season_id is None:
        return "ratings", "guild_id", guild_id
    return "season_ratings", "season_id", season_id


async def _current(
    tx: Tx, scope: tuple[str, str, int | None], game: str, users: Sequence[int]
) -> dict[int, tuple[float, float]]:
    """The (mu, sigma) of those of ``users`` rated in ``scope``."""
    if not users:
        return {}
    table, column, key = scope
    marks = ", ".join("?" for _ in users)
    rows = await tx.fetchall(
        f"SELECT user_id, mu, sigma FROM {table} WHERE {column} = ? AND game = ? "
        f"AND user_id IN ({marks})",
        (key, game, *users),
    )
    return {int(r["user_id"]): (float(r["mu"]), float(r["sigma"])) for r in rows}


async def _store_ratings(
    tx: Tx, scope: tuple[str, str, int | None], game: str, new: dict[int, Rated], at: float
) -> None:
    """Each player's new rating in ``scope``, one more match played (and won if they did)."""
    table, column, key = scope
    for user_id, rated in new.items():
        await tx.execute(
            f"INSERT INTO {table} AS r ({column}, game, user_id, mu, sigma, played, won, "
            "updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?) "
            f"ON CONFLICT ({column}, game, user_id) DO UPDATE SET mu = excluded.mu, "
            "sigma = excluded.sigma, played = r.played + 1, won = r.won + excluded.won, "
            "updated_at = excluded.updated_at",
            (key, game, user_id, rated.mu, rated.sigma, int(rated.won), at),
        )
