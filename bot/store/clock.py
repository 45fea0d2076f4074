"""The turn clock's queries: when each match is next due, the events it has recorded (a
reminder, a skipped turn), and pauses.

the clock finds due matches through the indexed ``next_due_at`` column, so a
pass costs what is due, not how many matches are live; an event is recorded once, by the first
process to claim it.
"""

from __future__ import annotations

from bot.store.backend import Tx
from bot.store.queries import Queries
from bot.store.rows import DueMatch, rows_of


class ClockQueries(Queries):
    """``store.clock``: when each match is next due, its recorded events, its pauses."""

    async def set_next_due(self, match_id: int, at: float | None) -> None:
        await self.backend.execute(
            "UPDATE matches SET next_due_at = ? WHERE id = ?", (at, match_id)
        )

    async def clock_backlog(self, now: float) -> int:
        """How many matches' clock checks are due (for the metrics)."""
        row = await self.backend.fetchone(
            "SELECT COUNT(*) AS n FROM matches WHERE next_due_at IS NOT NULL AND next_due_at <= ?",
            (now,),
        )
        return int(row["n"]) if row else 0

    async def due(self, now: float, limit: int = 500) -> list[DueMatch]:
        """Matches whose next clock check has come (indexed: the cost grows with what is due,
        not with how many matches are live)."""
        rows = await self.backend.fetchall(
            "SELECT id, status, paused_at, next_due_at FROM matches "
            "WHERE next_due_at IS NOT NULL AND next_due_at <= ? ORDER BY next_due_at LIMIT ?",
            (now, limit),
        )
        return rows_of(DueMatch, rows)

    async def record_event(
        self,
        match_id: int,
        ply: int,
        kind: str,
        n: int,
        seat: int | None,
        due: float,
        done: float,
        outcome: str,
    ) -> bool:
        """Claim a clock event: True for the one process that records it first."""
        changed = await self.backend.execute(
            "INSERT INTO clock_events (match_id, ply, kind, n, seat, due_at, done_at, outcome) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (match_id, ply, kind, n, seat, due, done, outcome),
        )
        return changed == 1

    async def forget_event(self, match_id: int, ply: int, kind: str) -> None:
        await self.backend.execute(
            "DELETE FROM clock_events WHERE match_id = ? AND ply = ? AND kind = ?",
            (match_id, ply, kind),
        )

    async def events_of(self, match_id: int, ply: int, kind: str) -> int:
        row = await self.backend.fetchone(
            "SELECT COUNT(*) AS n FROM clock_events WHERE match_id = ? AND ply = ? AND kind = ?",
            (match_id, ply, kind),
        )
        return int(row["n"]) if row else 0

    async def pause(self, match_id: int, at: float, until: float, by: int) -> bool:
        changed = await self.backend.execute(
            "UPDATE matches SET paused_at = ?, paused_until = ?, paused_by = ?, next_due_at = ? "
            "WHERE id = ? AND status = 'active' AND paused_at IS NULL",
            (at, until, by, until, match_id),
        )
        return changed == 1

    async def resume(
        self,
        match_id: int,
        *,
        turn_started_at: float | None,
        paused: float,
        by: int | None,
        allowance: float,
    ) -> bool:
        """End a pause (once: False if it had ended already) and charge it to ``by``."""

        async def body(tx: Tx) -> bool:
            changed = await tx.execute(
                "UPDATE matches SET paused_at = NULL, paused_until = NULL, paused_by = NULL, "
                "turn_started_at = ?, next_due_at = ? WHERE id = ? AND paused_at IS NOT NULL",
                (turn_started_at, turn_started_at, match_id),
            )
            if changed != 1:
                return False
            await tx.execute(
                "UPDATE seats SET pause_used = CASE WHEN pause_used + ? > ? THEN ? "
                "ELSE pause_used + ? END WHERE match_id = ? AND user_id = ?",
                (paused, allowance, allowance, paused, match_id, by),
            )
            return True

        return await self.write(body)
