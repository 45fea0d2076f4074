"""The outbox's queries: boards stored with their moves, claimed, delivered or retried.

A board is written in the move's own transaction (``Store._queue_board``); the process that
stored it posts it at once, and any process may take it over once its lease runs out.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.backend import Later, Row, Tx
from bot.store.queries import Queries
from bot.store.rows import ClaimedBoard, StoryRow, row_of, rows_of


def oldest_first(rows: list[Row]) -> list[ClaimedBoard]:
    """Claimed boards in the order of their plies."""
    return sorted(rows_of(ClaimedBoard, rows), key=lambda r: r.ply)


def _claim(match_id: int, until: float, expired_by: float | None) -> tuple[str, tuple[object, ...]]:
    guard = "" if expired_by is None else "AND next_try_at <= ?"
    params: tuple[object, ...] = (until, match_id) + (() if expired_by is None else (expired_by,))
    # the rows this statement changed, and only those (never compare float times)
    return (
        "UPDATE outbox SET next_try_at = ?, attempts = attempts + 1 "
        f"WHERE match_id = ? AND delivered_at IS NULL {guard} "
        "RETURNING ply, channel_id, payload, turn_passed, attempts",
        params,
    )


async def claim_later(tx: Tx, match_id: int, until: float) -> Later:
    """Within ``tx``, sent with the rest of it: claim the match's undelivered boards until
    ``until``; its rows (``oldest_first`` them) once it is over."""
    return await tx.later(*_claim(match_id, until, None))


async def mark_delivered(
    tx: Tx, match_id: int, plies: Sequence[int], message_id: int | None, at: float, outcome: str
) -> None:
    """Within ``tx``: the outbox rows of ``plies`` are out (or given up: ``outcome``)."""
    marks = ", ".join("?" for _ in plies)
    await tx.put(
        "UPDATE outbox SET delivered_at = ?, message_id = ?, outcome = ? "
        f"WHERE match_id = ? AND ply IN ({marks}) AND delivered_at IS NULL",
        (at, message_id, outcome, match_id, *plies),
    )


class OutboxQueries(Queries):
    """``store.outbox``: boards waiting to be posted, claimed, delivered or retried."""

    async def boards_due(self, now: float, limit: int = 50) -> list[int]:
        """Matches with a board to deliver whose lease has run out (oldest first), but for
        casual tables, which no background pass can reach."""
        rows = await self.backend.fetchall(
            "SELECT match_id, MIN(next_try_at) AS due FROM outbox WHERE delivered_at IS NULL "
            "AND next_try_at <= ? "
            # a casual table's board waits for the next interaction with it (bot.venue)
            "AND match_id NOT IN (SELECT id FROM matches WHERE casual = 1) "
            "GROUP BY match_id ORDER BY due LIMIT ?",
            (now, limit),
        )
        return [int(r["match_id"]) for r in rows]

    async def claim_boards(
        self, match_id: int, now: float, lease: float, *, mine: bool
    ) -> list[ClaimedBoard]:
        """Take the undelivered boards of a match for ``lease`` seconds, oldest first: only
        those whose lease has run out, or (``mine``: the process that stored the move) all."""

        async def body(tx: Tx) -> list[Row]:
            return await tx.fetchall(*_claim(match_id, now + lease, None if mine else now))

        return oldest_first(await self.write(body))

    async def stories(self, match_id: int, after: int, upto: int) -> list[StoryRow]:
        """The board stories of plies ``after < ply <= upto`` (delivered or not)."""
        rows = await self.backend.fetchall(
            "SELECT ply, payload, turn_passed FROM outbox WHERE match_id = ? AND ply > ? "
            "AND ply <= ? ORDER BY ply",
            (match_id, after, upto),
        )
        return rows_of(StoryRow, rows)

    async def story_from(self, match_id: int, ply: int) -> StoryRow | None:
        """The first board story at or after ``ply`` (the one that tells that move)."""
        row = await self.backend.fetchone(
            "SELECT ply, payload, turn_passed FROM outbox WHERE match_id = ? AND ply >= ? "
            "ORDER BY ply LIMIT 1",
            (match_id, ply),
        )
        return None if row is None else row_of(StoryRow, row)

    async def boards_delivered(
        self,
        match_id: int,
        plies: Sequence[int],
        message_id: int | None,
        at: float,
        outcome: str = "sent",
    ) -> None:
        await self.write(lambda tx: mark_delivered(tx, match_id, plies, message_id, at, outcome))

    async def boards_retry(
        self, match_id: int, plies: Sequence[int], at: float, outcome: str
    ) -> None:
        marks = ", ".join("?" for _ in plies)
        await self.backend.execute(
            "UPDATE outbox SET next_try_at = ?, outcome = ? "
            f"WHERE match_id = ? AND ply IN ({marks}) AND delivered_at IS NULL",
            (at, outcome, match_id, *plies),
        )

    async def undelivered(self, match_id: int) -> int:
        row = await self.backend.fetchone(
            "SELECT COUNT(*) AS n FROM outbox WHERE match_id = ? AND delivered_at IS NULL",
            (match_id,),
        )
        return int(row["n"]) if row else 0

    async def boards_pending(self) -> int:
        """Boards stored but not yet posted, in every match (for the metrics)."""
        row = await self.backend.fetchone(
            "SELECT COUNT(*) AS n FROM outbox WHERE delivered_at IS NULL"
        )
        return int(row["n"]) if row else 0
