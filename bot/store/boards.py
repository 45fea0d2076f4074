"""Board messages: which message shows a match's board (or lobby), and which still carry
buttons.

A new board is recorded in the same transaction as its outbox rows'
delivery (``board_posted``), and the boards it replaces lose their buttons: they are marked due
(``strip_due``) until the bot says it stripped them (``strips_done``), so that a process that
died first leaves them to the next (``strips_due``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from bot.store.backend import Later, Row, Tx
from bot.store.outbox import mark_delivered
from bot.store.queries import Queries
from bot.store.rows import BoardRow, row_of


@dataclass(frozen=True)
class NewBoard:
    """A board posted as a new message: where, the ply it shows, when, and the ply after
    which its running story starts."""

    channel_id: int
    ply: int
    at: float
    story_from: int | None = None


#: seconds after a board was replaced by which its buttons must be off (else a pass strips it)
STRIP_AFTER = 30.0

#: the match's newest board (or lobby) message: the one of the highest ply (a board recorded
#: late, of an older ply, is never the newest), the last recorded of that ply
LATEST_BOARD = (
    "SELECT channel_id, message_id, ply, live, story_from FROM board_messages "
    "WHERE match_id = ? ORDER BY ply DESC, created_at DESC, message_id DESC LIMIT 1"
)


def _message_ids(laters: list[Later]) -> list[int]:
    return sorted({int(r["message_id"]) for later in laters for r in later.rows})


class BoardQueries(Queries):
    """``store.boards``: the messages that show each match's board, and their buttons."""

    async def board_edited(self, message_id: int, live: bool = True) -> None:
        """The turn's board was updated in place: it carries this turn's buttons again."""
        await self.backend.execute(
            "UPDATE board_messages SET live = ? WHERE message_id = ?", (live, message_id)
        )

    async def add_board(
        self,
        match_id: int,
        message_id: int,
        channel_id: int,
        ply: int,
        at: float,
        story_from: int | None = None,
    ) -> list[int]:
        """Record a new board message; returns older boards that still carry buttons."""
        return _message_ids(
            await self.write(
                lambda tx: self._add_board(
                    tx, match_id, message_id, channel_id, ply, at, story_from
                )
            )
        )

    async def board_posted(
        self,
        match_id: int,
        plies: Sequence[int],
        message_id: int,
        delivered_at: float,
        new: NewBoard | None,
    ) -> list[int]:
        """A board is out: its outbox rows delivered and, if it is a new message (``new``),
        recorded as the match's board, in one transaction; returns older boards that still
        carry buttons."""

        async def body(tx: Tx) -> list[Later]:
            await mark_delivered(tx, match_id, plies, message_id, delivered_at, "sent")
            if new is None:
                return []
            return await self._add_board(
                tx, match_id, message_id, new.channel_id, new.ply, new.at, new.story_from
            )

        return _message_ids(await self.write(body))

    async def _add_board(
        self,
        tx: Tx,
        match_id: int,
        message_id: int,
        channel_id: int,
        ply: int,
        at: float,
        story_from: int | None,
    ) -> list[Later]:
        """Within ``tx``: the message is the match's board now, unless a board of a later ply
        is recorded already (a board that was held up: it is recorded without buttons); the
        boards that lose their buttons (older ones that still carried them, or this one if
        it came too late), once ``tx`` is over."""
        due = time.time() + STRIP_AFTER
        older = await tx.later(
            "UPDATE board_messages SET live = 0, strip_due = ? WHERE match_id = ? AND live = 1 "
            "AND message_id <> ? AND ply <= ? RETURNING message_id",
            (due, match_id, message_id, ply),
        )
        newer = (
            "EXISTS (SELECT 1 FROM board_messages WHERE match_id = ? AND ply > ? "
            "AND message_id <> ?)"
        )
        await tx.put(
            "INSERT INTO board_messages (match_id, message_id, channel_id, ply, live, "
            f"created_at, story_from) VALUES (?, ?, ?, ?, CASE WHEN {newer} THEN 0 ELSE 1 END, "
            "?, ?) ON CONFLICT (message_id) DO UPDATE SET live = excluded.live, "
            "ply = excluded.ply",
            (match_id, message_id, channel_id, ply, match_id, ply, message_id, at, story_from),
        )
        late = await tx.later(
            "UPDATE board_messages SET strip_due = ? WHERE message_id = ? AND live = 0 "
            "RETURNING message_id",
            (due, message_id),
        )
        return [older, late]

    async def latest_board(self, match_id: int) -> BoardRow | None:
        """The match's newest board (or lobby) message."""
        row = await self.backend.fetchone(LATEST_BOARD, (match_id,))
        return None if row is None else row_of(BoardRow, row)

    async def lobby_messages(self, match_id: int) -> list[tuple[int, int]]:
        """(channel_id, message_id) of the match's lobby messages (ply -1), oldest first."""
        rows = await self.backend.fetchall(
            "SELECT channel_id, message_id FROM board_messages WHERE match_id = ? AND ply = -1 "
            "ORDER BY created_at, message_id",
            (match_id,),
        )
        return [(int(r["channel_id"]), int(r["message_id"])) for r in rows]

    async def retire_boards(self, match_id: int) -> list[tuple[int, int]]:
        async def body(tx: Tx) -> list[tuple[int, int]]:
            rows = await tx.fetchall(
                "SELECT channel_id, message_id FROM board_messages WHERE match_id = ? AND live = 1",
                (match_id,),
            )
            await tx.execute(
                "UPDATE board_messages SET live = 0, strip_due = ? WHERE match_id = ? AND live = 1",
                (time.time() + STRIP_AFTER, match_id),
            )
            return [(int(r["channel_id"]), int(r["message_id"])) for r in rows]

        return await self.write(body)

    async def strips_done(self, message_ids: Sequence[int]) -> None:
        """These boards lost their buttons: nothing more is due for them."""
        for start in range(0, len(message_ids), 500):
            chunk = list(message_ids[start : start + 500])
            marks = ", ".join("?" for _ in chunk)
            await self.backend.execute(
                f"UPDATE board_messages SET strip_due = NULL WHERE message_id IN ({marks})",
                chunk,
            )

    async def strips_due(self, now: float, limit: int = 50) -> list[tuple[int, int]]:
        """(channel_id, message_id) of boards whose buttons should be off by ``now`` and may
        not be (a process died first, an edit failed), taken for another ``STRIP_AFTER``
        seconds so that one process strips each."""

        async def body(tx: Tx) -> list[Row]:
            return await tx.fetchall(
                "UPDATE board_messages SET strip_due = ? WHERE message_id IN (SELECT "
                "message_id FROM board_messages WHERE strip_due IS NOT NULL AND strip_due <= ? "
                # a casual table's boards are edited through interactions alone (bot.venue)
                "AND match_id NOT IN (SELECT id FROM matches WHERE casual = 1) "
                "ORDER BY strip_due LIMIT ?) RETURNING channel_id, message_id",
                (now + STRIP_AFTER, now, limit),
            )

        return [(int(r["channel_id"]), int(r["message_id"])) for r in await self.write(body)]

    async def strips_pending(self) -> int:
        """Boards whose buttons are due to come off and not known to be off yet."""
        row = await self.backend.fetchone(
            "SELECT COUNT(*) AS n FROM board_messages WHERE strip_due IS NOT NULL"
        )
        return int(row["n"]) if row else 0

    async def forget_old_boards(self, before: float) -> int:
        """Drop the records of boards that no longer carry buttons and are old."""
        return await self.backend.execute(
            "DELETE FROM board_messages WHERE live = 0 AND created_at < ?", (before,)
        )
