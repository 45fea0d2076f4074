"""Post-game reports' queries: asked for once per match, held by one process at a time while
it works a report out or posts it, stored, then marked posted.

A report's row is its claim: the first to ask inserts it (``queued``);
whoever works on it holds it (``holder``, a token of its own, until ``held_until``, renewed
as it goes); a holder that stops or dies leaves it to the next to claim it once that time has
passed. Only the holder may store the report or mark it posted, so a report is worked out
and posted once, also by several processes sharing one database.
"""

from __future__ import annotations

from bot.store.backend import Row, Tx
from bot.store.queries import Queries
from bot.store.rows import AnalysisRow, row_of, rows_of

#: a report whose row says one of these is not finished with (worked out or posted)
UNFINISHED = ("queued", "running", "done")


class AnalysisQueries(Queries):
    """``store.analyses``: post-game reports, asked for, held, stored and posted."""

    async def analysis(self, match_id: int) -> AnalysisRow | None:
        row = await self.backend.fetchone("SELECT * FROM analyses WHERE match_id = ?", (match_id,))
        return None if row is None else row_of(AnalysisRow, row)

    async def ask_analysis(
        self, match_id: int, channel_id: int, at: float
    ) -> tuple[AnalysisRow, bool]:
        """The match's report row, and whether this call asked for it first (it is queued)."""

        async def body(tx: Tx) -> tuple[Row, bool]:
            added = await tx.execute(
                "INSERT INTO analyses (match_id, channel_id, status, asked_at) "
                "VALUES (?, ?, 'queued', ?) ON CONFLICT DO NOTHING",
                (match_id, channel_id, at),
            )
            row = await tx.fetchone("SELECT * FROM analyses WHERE match_id = ?", (match_id,))
            assert row is not None
            return row, added == 1

        row, first = await self.write(body)
        return row_of(AnalysisRow, row), first

    async def set_analysis_message(self, match_id: int, message_id: int) -> None:
        """Where the report's progress is shown (and the report will be)."""
        await self.backend.execute(
            "UPDATE analyses SET message_id = ? WHERE match_id = ?", (message_id, match_id)
        )

    async def claim_analysis(self, match_id: int, holder: str, at: float, until: float) -> bool:
        """Hold an unfinished report until ``until`` (a queued one starts running), unless
        another holds it still."""
        changed = await self.backend.execute(
            "UPDATE analyses SET holder = ?, held_until = ?, status = CASE status "
            "WHEN 'queued' THEN 'running' ELSE status END "
            "WHERE match_id = ? AND posted_at IS NULL AND status IN (?, ?, ?) "
            "AND (held_until IS NULL OR held_until < ?)",
            (holder, until, match_id, *UNFINISHED, at),
        )
        return changed == 1

    async def hold_analysis(
        self, match_id: int, holder: str, until: float, progress: float
    ) -> bool:
        """Keep holding it, with how far the work is (False: it is no longer this holder's)."""
        changed = await self.backend.execute(
            "UPDATE analyses SET held_until = ?, progress = ? "
            "WHERE match_id = ? AND holder = ? AND posted_at IS NULL",
            (until, progress, match_id, holder),
        )
        return changed == 1

    async def release_analysis(self, match_id: int, holder: str) -> None:
        """Let go at once (the bot is stopping): the next to claim it starts it again."""
        await self.backend.execute(
            "UPDATE analyses SET holder = NULL, held_until = NULL, progress = 0, status = "
            "CASE status WHEN 'running' THEN 'queued' ELSE status END "
            "WHERE match_id = ? AND holder = ? AND posted_at IS NULL",
            (match_id, holder),
        )

    async def store_analysis(
        self, match_id: int, holder: str, report: str | None, at: float
    ) -> bool:
        """The report worked out (None: it could not be), stored by its holder, who goes on
        holding it to post it."""
        status = "done" if report is not None else "failed"
        changed = await self.backend.execute(
            "UPDATE analyses SET status = ?, report = ?, done_at = ?, progress = 1 "
            "WHERE match_id = ? AND holder = ? AND status = 'running'",
            (status, report, at, match_id, holder),
        )
        return changed == 1

    async def analysis_posted(self, match_id: int, holder: str, at: float) -> bool:
        changed = await self.backend.execute(
            "UPDATE analyses SET posted_at = ?, holder = NULL, held_until = NULL "
            "WHERE match_id = ? AND holder = ? AND posted_at IS NULL",
            (at, match_id, holder),
        )
        return changed == 1

    async def unfinished_analyses(self) -> list[AnalysisRow]:
        """Reports asked for and not yet posted, oldest first."""
        rows = await self.backend.fetchall(
            "SELECT * FROM analyses WHERE posted_at IS NULL AND status IN (?, ?, ?) "
            "ORDER BY asked_at, match_id",
            UNFINISHED,
        )
        return rows_of(AnalysisRow, rows)
