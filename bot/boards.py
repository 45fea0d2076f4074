"""Board messages of a match: which message is the newest, and which still carry buttons.

Only the newest board (or lobby) message of a match carries buttons; older ones are edited
once to drop them. The match service mixes this in; it knows nothing of Discord.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.db import Database


class BoardMessages:
    db: Database
    clock: Callable[[], float]

    async def add_board(
        self, match_id: int, message_id: int, channel_id: int, ply: int
    ) -> list[int]:
        """Record a new board message; returns older boards that still carry buttons."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "SELECT message_id FROM board_messages WHERE match_id = ? AND live = 1",
                (match_id,),
            )
            older = [int(r[0]) for r in await cur.fetchall()]
            await conn.execute(
                "UPDATE board_messages SET live = 0 WHERE match_id = ? AND live = 1", (match_id,)
            )
            await conn.execute(
                "INSERT OR REPLACE INTO board_messages "
                "(match_id, message_id, channel_id, ply, live,"
                " created_at) VALUES (?, ?, ?, ?, 1, ?)",
                (match_id, message_id, channel_id, ply, self.clock()),
            )
        return older

    async def latest_board(self, match_id: int) -> int | None:
        ref = await self.latest_board_ref(match_id)
        return None if ref is None else ref[1]

    async def latest_board_ref(self, match_id: int) -> tuple[int, int] | None:
        """(channel id, message id) of the match's newest board (or lobby) message."""
        row = await self.db.fetchone(
            "SELECT channel_id, message_id FROM board_messages WHERE match_id = ? "
            "ORDER BY created_at DESC, rowid DESC LIMIT 1",
            (match_id,),
        )
        return None if row is None else (int(row["channel_id"]), int(row["message_id"]))

    async def retire_boards(self, match_id: int) -> list[tuple[int, int]]:
        """Mark every board of a match as old; returns (channel, message) of those that were
        still live, whose buttons the caller removes."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "SELECT channel_id, message_id FROM board_messages WHERE match_id = ? AND live = 1",
                (match_id,),
            )
            live = [(int(r[0]), int(r[1])) for r in await cur.fetchall()]
            await conn.execute(
                "UPDATE board_messages SET live = 0 WHERE match_id = ? AND live = 1", (match_id,)
            )
        return live
