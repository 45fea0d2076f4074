"""Matches: their rows and seats, the action log, and a move's commit.

``store.matches``: a lobby is created with its host seated, its seats replaced as players come
and go, started, and closed; a move is stored with its action-log rows and its board in the
outbox in one transaction, guarded by the ply the move was made from.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.store.backend import Later, Lost, Tx
from bot.store.boards import LATEST_BOARD
from bot.store.outbox import claim_later, oldest_first
from bot.store.queries import Queries
from bot.store.rows import (
    BoardRow,
    ClaimedBoard,
    LoggedAction,
    MatchRow,
    SeatRow,
    row_of,
    rows_of,
)

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
    #: the events, as JSON objects
    events: Sequence[Mapping[str, object]] = ()


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

    boards: list[ClaimedBoard]
    latest: tuple[BoardRow | None, ...] = ()


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


class MatchQueries(Queries):
    """``store.matches``: matches, their seats and action log, and storing a move."""

    async def seats(self, match_id: int) -> list[SeatRow]:
        rows = await self.backend.fetchall(
            "SELECT seat, user_id, name, pause_used, left_at, computer FROM seats "
            "WHERE match_id = ? ORDER BY seat",
            (match_id,),
        )
        return rows_of(SeatRow, rows)

    async def match(self, match_id: int) -> MatchRow | None:
        row = await self.backend.fetchone("SELECT * FROM matches WHERE id = ?", (match_id,))
        return None if row is None else row_of(MatchRow, row)

    async def match_with_seats(self, match_id: int) -> tuple[MatchRow, list[SeatRow]] | None:
        """The match's row and its seats, in one query (a move's path loads this)."""
        return await self._with_seats("m.id = ?", (match_id,))

    async def live_match_with_seats(self, channel_id: int) -> tuple[MatchRow, list[SeatRow]] | None:
        return await self._with_seats(
            "m.channel_id = ? AND m.status IN ('lobby', 'active')", (channel_id,)
        )

    async def _with_seats(
        self, where: str, params: Sequence[object]
    ) -> tuple[MatchRow, list[SeatRow]] | None:
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
            row_of(SeatRow, {name: r[f"s_{name}"] for name in SEAT_FIELDS})
            for r in rows
            if r["s_seat"] is not None
        ]
        return row_of(MatchRow, rows[0]), seats

    async def live_match_in(self, channel_id: int) -> MatchRow | None:
        row = await self.backend.fetchone(
            "SELECT * FROM matches WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return None if row is None else row_of(MatchRow, row)

    async def matches_in_guild(
        self, guild_id: int, *, live_only: bool, limit: int
    ) -> list[MatchRow]:
        where = "AND status IN ('lobby', 'active')" if live_only else ""
        return await self._matches(
            f"SELECT * FROM matches WHERE guild_id = ? {where} ORDER BY updated_at DESC LIMIT ?",
            (guild_id, limit),
        )

    async def live_matches_of(self, guild_id: int, user_id: int) -> list[MatchRow]:
        return await self._matches(
            "SELECT m.* FROM matches m JOIN seats s ON s.match_id = m.id "
            "WHERE m.guild_id = ? AND s.user_id = ? AND m.status IN ('lobby', 'active')",
            (guild_id, user_id),
        )

    async def live_matches_in_channels(self, channel_ids: Sequence[int]) -> list[MatchRow]:
        if not channel_ids:
            return []
        marks = ", ".join("?" for _ in channel_ids)
        return await self._matches(
            f"SELECT * FROM matches WHERE status IN ('lobby', 'active') "
            f"AND (channel_id IN ({marks}) OR parent_id IN ({marks}))",
            (*channel_ids, *channel_ids),
        )

    async def live_matches_in_guild(self, guild_id: int) -> list[MatchRow]:
        return await self._matches(
            "SELECT * FROM matches WHERE guild_id = ? AND status IN ('lobby', 'active')",
            (guild_id,),
        )

    async def count_in_guild(self, guild_id: int) -> int:
        """How many matches a server has stored (live or over)."""
        row = await self.backend.fetchone(
            "SELECT COUNT(*) AS n FROM matches WHERE guild_id = ?", (guild_id,)
        )
        return int(row["n"]) if row else 0

    async def _matches(self, sql: str, params: Sequence[object]) -> list[MatchRow]:
        return rows_of(MatchRow, await self.backend.fetchall(sql, params))

    async def actions(self, match_id: int, *, last: int | None = None) -> list[LoggedAction]:
        """The action log in order (only the ``last`` n rows when given)."""
        if last is None:
            rows = await self.backend.fetchall(
                "SELECT ply, seat, user_id, notation, events, at FROM actions "
                "WHERE match_id = ? ORDER BY ply",
                (match_id,),
            )
            return rows_of(LoggedAction, rows)
        rows = await self.backend.fetchall(
            "SELECT ply, seat, user_id, notation, events, at FROM actions WHERE match_id = ? "
            "ORDER BY ply DESC LIMIT ?",
            (match_id, last),
        )
        return rows_of(LoggedAction, list(reversed(rows)))

    async def create_match(self, values: Mapping[str, object], host: SeatRow, at: float) -> int:
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
            claimed = await claim_later(tx, move.match_id, until)
            return claimed, await tx.later(LATEST_BOARD, (move.match_id,))

        # one trip to SQLite's thread: the guard, the rows, the claim, the newest board, COMMIT
        try:
            done = await self.write(body)
        except Lost:
            return None
        if done is None:
            return Committed([])
        claimed, latest = done
        newest = row_of(BoardRow, latest.rows[0]) if latest.rows else None
        return Committed(oldest_first(claimed.rows), (newest,))

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
