"""Board messages of a match: which message is the newest, and which still carry buttons.

Only the newest board (or lobby) message of a match carries buttons; older ones are edited
once to drop them. The match service mixes this in; it knows nothing of Discord.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.store import Store
from bot.store.boards import NewBoard
from bot.store.rows import BoardRow, ClaimedBoard, StoryRow


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
        return await self.store.boards.add_board(
            match_id, message_id, channel_id, ply, self.clock(), story_from
        )

    async def latest_board(self, match_id: int) -> int | None:
        ref = await self.latest_board_ref(match_id)
        return None if ref is None else ref[1]

    async def latest_board_ref(self, match_id: int) -> tuple[int, int] | None:
        """(channel id, message id) of the match's newest board (or lobby) message."""
        row = await self.store.boards.latest_board(match_id)
        return None if row is None else (int(row.channel_id), int(row.message_id))

    async def latest_board_row(self, match_id: int) -> BoardRow | None:
        """The newest board's record: channel_id, message_id, ply, live, story_from."""
        return await self.store.boards.latest_board(match_id)

    async def retire_boards(self, match_id: int) -> list[tuple[int, int]]:
        """Mark every board of a match as old; returns (channel, message) of those that were
        still live, whose buttons the caller removes."""
        return await self.store.boards.retire_boards(match_id)

    async def lobby_messages(self, match_id: int) -> list[tuple[int, int]]:
        """(channel id, message id) of every lobby message of a match, oldest first."""
        return await self.store.boards.lobby_messages(match_id)


class Outbox:
    """The boards waiting to be delivered, as the deliverer asks for them: due ones claimed
    for a lease, their stories, and what became of each post; and the older boards whose
    buttons must come off. Times are the deliverer's real time (``Delivery.now``)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def due(self, now: float) -> list[int]:
        """Matches with a board whose lease ran out (never a casual table's)."""
        return await self.store.outbox.boards_due(now)

    async def claim(
        self, match_id: int, now: float, lease: float, *, mine: bool
    ) -> list[ClaimedBoard]:
        """The match's undelivered boards, taken for ``lease`` seconds (``mine``: all of
        them, as the process that stored the move; else only those whose lease ran out)."""
        return await self.store.outbox.claim_boards(match_id, now, lease, mine=mine)

    async def stories(self, match_id: int, after: int, upto: int) -> list[StoryRow]:
        """The board stories of plies ``after < ply <= upto``."""
        return await self.store.outbox.stories(match_id, after, upto)

    async def posted(
        self,
        match_id: int,
        plies: Sequence[int],
        message_id: int,
        at: float,
        new: NewBoard | None,
    ) -> list[int]:
        """The board is out (``new``: as a new message, the match's board now); returns the
        older boards that still carry buttons."""
        return await self.store.boards.board_posted(match_id, plies, message_id, at, new)

    async def gone(self, match_id: int, plies: Sequence[int], at: float) -> None:
        """The boards can never be delivered: their channel is gone."""
        await self.store.outbox.boards_delivered(match_id, plies, None, at, "gone")

    async def retry(self, match_id: int, plies: Sequence[int], at: float, outcome: str) -> None:
        """The post failed (``outcome``): try again at ``at``."""
        await self.store.outbox.boards_retry(match_id, plies, at, outcome)

    async def undelivered(self, match_id: int) -> int:
        """How many of the match's boards wait to be delivered."""
        return await self.store.outbox.undelivered(match_id)

    async def stripped(self, message_ids: Sequence[int]) -> None:
        """These boards lost their buttons."""
        await self.store.boards.strips_done(message_ids)

    async def strips_due(self, now: float) -> list[tuple[int, int]]:
        """(channel, message) of boards whose buttons should be off by ``now`` and may not
        be (a process died first, an edit failed)."""
        return await self.store.boards.strips_due(now)
