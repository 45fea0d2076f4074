"""Board messages of a match: which message is the newest, and which still carry buttons.

Only the newest board (or lobby) message of a match carries buttons; older ones are edited
once to drop them. The match service mixes this in; it knows nothing of Discord.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.store import Store
from bot.store.backend import Row


class BoardMessages:
    store: Store
    clock: Callable[[], float]

    async def add_board(
        self,
        match_id: int,
        message_id: int,
        channel_id: int,
        ply: int,
        *,
        story_from: int | None = None,
    ) -> list[int]:
        """Record a new board message; returns older boards that still carry buttons."""
        return await self.store.add_board(
            match_id, message_id, channel_id, ply, self.clock(), story_from
        )

    async def latest_board(self, match_id: int) -> int | None:
        ref = await self.latest_board_ref(match_id)
        return None if ref is None else ref[1]

    async def latest_board_ref(self, match_id: int) -> tuple[int, int] | None:
        """(channel id, message id) of the match's newest board (or lobby) message."""
        row = await self.store.latest_board(match_id)
        return None if row is None else (int(row["channel_id"]), int(row["message_id"]))

    async def latest_board_row(self, match_id: int) -> Row | None:
        """The newest board's record: channel_id, message_id, ply, live, story_from."""
        return await self.store.latest_board(match_id)

    async def undelivered(self, match_id: int) -> int:
        """How many of the match's boards wait in the outbox."""
        return await self.store.undelivered(match_id)

    async def retire_boards(self, match_id: int) -> list[tuple[int, int]]:
        """Mark every board of a match as old; returns (channel, message) of those that were
        still live, whose buttons the caller removes."""
        return await self.store.retire_boards(match_id)

    async def lobby_messages(self, match_id: int) -> list[tuple[int, int]]:
        """(channel id, message id) of every lobby message of a match, oldest first."""
        return await self.store.lobby_messages(match_id)
