"""The store: every query the bot makes, written once for both backends.

The match service, the turn clock and the commands call these methods and never write SQL;
the backend (SQLite or PostgreSQL) only runs statements. Writes that lose a race for a lock
are tried again a few times before the player is told the database is busy. This module holds
settings, matches, seats and a move's commit; the outbox, board messages, the turn clock and
the records and the post-game reports are the other parts of ``Store`` (``outbox.py``,
``boards.py``, ``clock.py``, ``records.py``, ``analyses.py``).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.store.analyses import AnalysisQueries
from bot.store.backend import Backend, Later, Lost, OpenError, Row, StorageError, Tx
from bot.store.boards import LATEST_BOARD, BoardQueries
from bot.store.clock import ClockQueries
from bot.store.digests import DigestQueries
from bot.store.orders import OrderQueries
from bot.store.outbox import OutboxQueries, oldest_first
from bot.store.people import PeopleQueries
from bot.store.records import Rated, RecordQueries  # noqa: F401  (Rated: re-exported)
from bot.store.schema import MIGRATIONS, for_dialect
from bot.store.seasons import SeasonQueries
from bot.store.tournaments import TournamentQueries

T = TypeVar("T")
LIVE = ("lobby", "active")
#: attempts at a write that finds the database locked (each waits for the lock first)
WRITE_ATTEMPTS = 3
#: ``meta`` key of the migrations run above the stored version (across a gap in the numbers)
BEYOND_KEY = "migrations_beyond"


@dataclass(frozen=True)
class SeatRow:
    """A seat of a match (the bot calls it ``bot.model.Seat``)."""

    seat: int
    user_id: int
    name: str
    #: seconds of pause this player has used in this match
    pause_used: float = 0.0
    #: when the player left the game (a forfeit), else None
    left_at: float | None = None
    #: a computer seat's level ("easy" or "strong"); None for a person
    computer: str | None = None


#: a seat's columns, as read with its match (``s_seat``, ``s_user_id``...)
SEAT_FIELDS = ("seat", "user_id", "name", "pause_used", "left_at", "computer")
SEAT_COLUMNS = ", ".join(f"s.{name} AS s_{name}" for name in SEAT_FIELDS)


@dataclass(frozen=True)
class ActionRow:
    """One line of the action log."""

    ply: int
    seat: int | None
    user_id: int | None
    notation: str
    events: Sequence[str] = ()


@dataclass(frozen=True)
class BoardStory:
    """A board to deliver for a move (the outbox): where, what happened (JSON), and whether
    the turn passed to someone else (a new message) or goes on (the turn's message is
    updated)."""

    channel_id: int
    payload: str
    turn_passed: bool = True


@dataclass(frozen=True)
class Committed:
    """A stored move: the boards its process now holds the claim on, oldest first, and the
    match's newest board message as the move found it (``latest``, one row or none; an empty
    tuple when it was not read)."""

    boards: list[Row]
    latest: tuple[Row | None, ...] = ()


@dataclass(frozen=True)
class MoveRecord:
    """A move and the forced moves that followed it, stored together: the match must still
    stand at ``from_ply``; ``actions`` carry plies ``from_ply + 1`` onwards."""

    match_id: int
    from_ply: int
    actions: Sequence[ActionRow]
    state: str
    status: str
    at: float
    #: the ply at which a new turn began during the move (None: the turn goes on)
    turn_ply: int | None
    next_due_at: float | None
    #: the seat that leaves the game (a forfeit)
    leaves: int | None = None
    board: BoardStory | None = None

    @property
    def ply(self) -> int:
        return self.from_ply + len(self.actions)


#: a new board belongs to the bot that stored the move for this long before any other may post
#: it (a restart, a crash or a failed post hands it to whoever delivers boards then)
BOARD_LEASE = 30.0


class Store(
    OutboxQueries,
    BoardQueries,
    ClockQueries,
    RecordQueries,
    PeopleQueries,
    OrderQueries,
    AnalysisQueries,
    TournamentQueries,
    SeasonQueries,
    DigestQueries,
):
    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self.closing = False

    @property
    def dialect(self) -> str:
        return self.backend.dialect

    @property
    def where(self) -> str:
        return self.backend.where

    # Plumbing ------------------------------------------------------------------------------

    async def migrate(self) -> None:
        """Run every known migration the database has not run, lowest number first (a gap in
        the numbers is allowed; see ``bot.store.schema``). A database that ran a migration this
        bot does not know was written by a newer bot, and is refused."""
        prefix = await self.backend.version()
        applied = set(range(1, prefix + 1))
        if applied <= set(MIGRATIONS):  # a newer bot's database may not hold what we read
            applied = await self._applied()
        if applied - set(MIGRATIONS):
            raise OpenError(
                f"The database ({self.where}) was written by a newer Ranch Hand (schema "
                f"{max(applied)}, this one knows {max(MIGRATIONS)}); upgrade the bot."
            )
        for number in sorted(set(MIGRATIONS) - applied):
            async with self.backend.transaction() as tx:
                await self.backend.migration_lock(tx)
                done = await self._applied(tx)
                if number in done:
                    continue  # another process migrated meanwhile
                for statement in for_dialect(MIGRATIONS[number], self.dialect):
                    await tx.execute(statement)
                await self._set_applied(tx, done | {number})

    async def _applied(self, tx: Tx | None = None) -> set[int]:
        """The migrations this database has run: every number up to its stored version, and
        those above it run across a gap (kept in ``meta``)."""
        prefix = await self.backend.version(tx)
        applied = set(range(1, prefix + 1))
        if prefix:
            row = await (tx or self.backend).fetchone(
                "SELECT value FROM meta WHERE key = ?", (BEYOND_KEY,)
            )
            if row is not None:
                applied |= {int(n) for n in json.loads(row["value"])}
        return applied

    async def _set_applied(self, tx: Tx, applied: set[int]) -> None:
        prefix = 0
        while prefix + 1 in applied:
            prefix += 1
        beyond = sorted(n for n in applied if n > prefix)
        await self.backend.set_version(tx, prefix)
        await tx.execute("DELETE FROM meta WHERE key = ?", (BEYOND_KEY,))
        if beyond:
            await tx.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?)", (BEYOND_KEY, json.dumps(beyond))
            )

    async def version(self) -> int:
        """The highest migration this database has run (0: none)."""
        return max(await self._applied(), default=0)

    async def close(self) -> None:
        self.closing = True
        await self.backend.close()

    async def write(self, body: Callable[[Tx], Awaitable[T]]) -> T:
        """Run ``body`` in a transaction; a locked database is tried again a few times."""
        for attempt in range(WRITE_ATTEMPTS):
            try:
                async with self.backend.transaction() as tx:
                    return await body(tx)
            except StorageError as err:
                if err.kind != "busy" or attempt == WRITE_ATTEMPTS - 1:
                    raise
                await asyncio.sleep(0.25 * 2**attempt)
        raise AssertionError("unreachable")

    # Raw access for tests and the migrate-db command.
    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self.backend.fetchone(sql, params)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self.backend.fetchall(sql, params)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return await self.backend.execute(sql, params)

    # Settings ------------------------------------------------------------------------------

    async def get_meta(self, key: str) -> str | None:
        row = await self.backend.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row["value"])

    async def set_meta(self, key: str, value: str) -> None:
        await self.backend.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    async def _settings(self, table: str, column: str, key: int) -> dict[str, Any]:
        row = await self.backend.fetchone(
            f"SELECT settings FROM {table} WHERE {column} = ?", (key,)
        )
        return {} if row is None else json.loads(row["settings"])

    async def _set_settings(self, table: str, column: str, key: int, value: dict) -> None:
        await self.backend.execute(
            f"INSERT INTO {table} ({column}, settings) VALUES (?, ?) "
            f"ON CONFLICT ({column}) DO UPDATE SET settings = excluded.settings",
            (key, json.dumps(value, sort_keys=True)),
        )

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self._settings("guild_settings", "guild_id", guild_id)

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self._set_settings("guild_settings", "guild_id", guild_id, settings)

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        return await self._settings("user_settings", "user_id", user_id)

    async def set_user_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        await self._set_settings("user_settings", "user_id", user_id, settings)

    async def user_locale(self, user_id: int) -> str | None:
        """The language the player's Discord was set to when last seen (None: never seen)."""
        row = await self.backend.fetchone(
            "SELECT locale FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return None if row is None else row["locale"]

    async def set_user_locale(self, user_id: int, locale: str) -> None:
        await self.backend.execute(
            "INSERT INTO user_settings (user_id, locale) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
            (user_id, locale),
        )

    # Matches: reading ----------------------------------------------------------------------

    async def seats(self, match_id: int) -> list[SeatRow]:
        rows = await self.backend.fetchall(
            "SELECT seat, user_id, name, pause_used, left_at, computer FROM seats "
            "WHERE match_id = ? ORDER BY seat",
            (match_id,),
        )
        return [SeatRow(**dict(r)) for r in rows]

    async def match(self, match_id: int) -> Row | None:
        return await self.backend.fetchone("SELECT * FROM matches WHERE id = ?", (match_id,))

    async def match_with_seats(self, match_id: int) -> tuple[Row, list[SeatRow]] | None:
        """The match's row and its seats, in one query (a move's path loads this)."""
        return await self._with_seats("m.id = ?", (match_id,))

    async def live_match_with_seats(self, channel_id: int) -> tuple[Row, list[SeatRow]] | None:
        return await self._with_seats(
            "m.channel_id = ? AND m.status IN ('lobby', 'active')", (channel_id,)
        )

    async def _with_seats(
        self, where: str, params: Sequence[Any]
    ) -> tuple[Row, list[SeatRow]] | None:
        sql = (
            f"SELECT m.*, {SEAT_COLUMNS} FROM matches m "
            f"LEFT JOIN seats s ON s.match_id = m.id WHERE {where} ORDER BY s.seat"
        )
        # a point read: at once where the engine can (it is on a click's path)
        rows = self.backend.fetchall_now(sql, params)
        if rows is None:
            rows = await self.backend.fetchall(sql, params)
        if not rows:
            return None
        seats = [
            SeatRow(**{name: r[f"s_{name}"] for name in SEAT_FIELDS})
            for r in rows
            if r["s_seat"] is not None
        ]
        return rows[0], seats

    async def live_match_in(self, channel_id: int) -> Row | None:
        return await self.backend.fetchone(
            "SELECT * FROM matches WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )

    async def matches_in_guild(self, guild_id: int, *, live_only: bool, limit: int) -> list[Row]:
        where = "AND status IN ('lobby', 'active')" if live_only else ""
        return await self.backend.fetchall(
            f"SELECT * FROM matches WHERE guild_id = ? {where} ORDER BY updated_at DESC LIMIT ?",
            (guild_id, limit),
        )

    async def live_matches_of(self, guild_id: int, user_id: int) -> list[Row]:
        return await self.backend.fetchall(
            "SELECT m.* FROM matches m JOIN seats s ON s.match_id = m.id "
            "WHERE m.guild_id = ? AND s.user_id = ? AND m.status IN ('lobby', 'active')",
            (guild_id, user_id),
        )

    async def live_matches_in_channels(self, channel_ids: Sequence[int]) -> list[Row]:
        if not channel_ids:
            return []
        marks = ", ".join("?" for _ in channel_ids)
        return await self.backend.fetchall(
            f"SELECT * FROM matches WHERE status IN ('lobby', 'active') "
            f"AND (channel_id IN ({marks}) OR parent_id IN ({marks}))",
            (*channel_ids, *channel_ids),
        )

    async def live_matches_in_guild(self, guild_id: int) -> list[Row]:
        return await self.backend.fetchall(
            "SELECT * FROM matches WHERE guild_id = ? AND status IN ('lobby', 'active')",
            (guild_id,),
        )

    async def actions(self, match_id: int, *, last: int | None = None) -> list[Row]:
        """The action log in order (only the ``last`` n rows when given)."""
        if last is None:
            return await self.backend.fetchall(
                "SELECT ply, seat, user_id, notation, events, at FROM actions "
                "WHERE match_id = ? ORDER BY ply",
                (match_id,),
            )
        rows = await self.backend.fetchall(
            "SELECT ply, seat, user_id, notation, events, at FROM actions WHERE match_id = ? "
            "ORDER BY ply DESC LIMIT ?",
            (match_id, last),
        )
        return list(reversed(rows))

    # Matches: writing ----------------------------------------------------------------------

    async def create_match(self, values: dict[str, Any], host: SeatRow, at: float) -> int:
        """A new lobby with its host seated; ``Conflict`` if the channel has a live match."""
        columns = ", ".join(values)
        marks = ", ".join("?" for _ in values)

        async def body(tx: Tx) -> int:
            row = await tx.fetchone(
                f"INSERT INTO matches ({columns}) VALUES ({marks}) RETURNING id",
                tuple(values.values()),
            )
            assert row is not None
            match_id = int(row["id"])
            await self._insert_seat(tx, match_id, host, at)
            return match_id

        return await self.write(body)

    async def _insert_seat(self, tx: Tx, match_id: int, seat: SeatRow, at: float) -> None:
        await tx.execute(
            "INSERT INTO seats (match_id, seat, user_id, name, joined_at, computer) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (match_id, seat.seat, seat.user_id, seat.name, at, seat.computer),
        )

    async def set_seats(
        self, match_id: int, seats: Sequence[SeatRow], at: float, *, host_id: int | None = None
    ) -> bool:
        """Replace a lobby's seats (join, leave, computers); an empty lobby closes. False if
        the match is no longer a lobby."""

        async def body(tx: Tx) -> bool:
            changed = await tx.execute(
                "UPDATE matches SET updated_at = ?, host_id = COALESCE(?, host_id), "
                "status = CASE WHEN ? THEN 'abandoned' ELSE status END, "
                "next_due_at = CASE WHEN ? THEN NULL ELSE next_due_at END "
                "WHERE id = ? AND status = 'lobby'",
                (at, host_id, not seats, not seats, match_id),
            )
            if changed != 1:
                return False
            await tx.execute("DELETE FROM seats WHERE match_id = ?", (match_id,))
            for seat in seats:
                await self._insert_seat(tx, match_id, seat, at)
            return True

        return await self.write(body)

    async def start_match(
        self,
        match_id: int,
        state: str,
        at: float,
        next_due_at: float | None,
        board: BoardStory | None = None,
    ) -> bool:
        """The lobby becomes a match (False if it had started or closed); its first board
        goes to the outbox in the same transaction."""

        async def body(tx: Tx) -> bool:
            changed = await tx.execute(
                "UPDATE matches SET status = 'active', state = ?, ply = 0, updated_at = ?, "
                "turn_started_at = ?, turn_ply = 0, next_due_at = ? "
                "WHERE id = ? AND status = 'lobby'",
                (state, at, at, next_due_at, match_id),
            )
            if changed == 1 and board is not None:
                await self._queue_board(tx, match_id, 0, board, at)
            return changed == 1

        return await self.write(body)

    async def close_match(self, match_id: int, at: float, *, only_lobby: bool = False) -> bool:
        """Abandon a live match (or only a lobby); False if it was no longer live."""
        where = "status = 'lobby'" if only_lobby else "status IN ('lobby', 'active')"
        changed = await self.backend.execute(
            "UPDATE matches SET status = 'abandoned', updated_at = ?, next_due_at = NULL "
            f"WHERE id = ? AND {where}",
            (at, match_id),
        )
        return changed == 1

    async def commit_move(
        self, move: MoveRecord, *, claim_until: float | None = None
    ) -> Committed | None:
        """Store a move, its action-log rows, a leaving seat and its board in the outbox, in
        one transaction guarded by the ply: None if another move came first. With a board,
        the match's undelivered boards (this one and any earlier) are claimed by the caller,
        who posts them (``Committed.boards``), until ``claim_until`` (default: the board
        lease after the move)."""
        until = move.at + BOARD_LEASE if claim_until is None else claim_until

        async def body(tx: Tx) -> tuple[Later, Later] | None:
            await tx.guard(
                "UPDATE matches SET state = ?, ply = ?, status = ?, updated_at = ?, "
                "turn_started_at = CASE WHEN ? THEN ? ELSE turn_started_at END, "
                "turn_ply = CASE WHEN ? THEN ? ELSE turn_ply END, next_due_at = ? "
                "WHERE id = ? AND ply = ? AND status = 'active'",
                (
                    move.state,
                    move.ply,
                    move.status,
                    move.at,
                    move.turn_ply is not None,
                    move.at,
                    move.turn_ply is not None,
                    move.turn_ply or 0,
                    move.next_due_at,
                    move.match_id,
                    move.from_ply,
                ),
            )
            await tx.executemany(
                "INSERT INTO actions (match_id, ply, seat, user_id, notation, events, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        move.match_id,
                        row.ply,
                        row.seat,
                        row.user_id,
                        row.notation,
                        json.dumps(list(row.events)),
                        move.at,
                    )
                    for row in move.actions
                ],
            )
            if move.leaves is not None:
                await tx.put(
                    "UPDATE seats SET left_at = ? WHERE match_id = ? AND seat = ?",
                    (move.at, move.match_id, move.leaves),
                )
            if move.board is None:
                return None
            await self._queue_board(tx, move.match_id, move.ply, move.board, move.at)
            claimed = await self.claim_later(tx, move.match_id, until)
            return claimed, await tx.later(LATEST_BOARD, (move.match_id,))

        # one trip to SQLite's thread: the guard, the rows, the claim, the newest board, COMMIT
        try:
            done = await self.write(body)
        except Lost:
            return None
        if done is None:
            return Committed([])
        claimed, latest = done
        return Committed(oldest_first(claimed.rows), (latest.rows[0] if latest.rows else None,))

    async def _queue_board(
        self, tx: Tx, match_id: int, ply: int, board: BoardStory, at: float
    ) -> None:
        await tx.put(
            "INSERT INTO outbox (match_id, ply, channel_id, payload, turn_passed, created_at, "
            "next_try_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                match_id,
                ply,
                board.channel_id,
                board.payload,
                board.turn_passed,
                at,
                at + BOARD_LEASE,
            ),
        )
