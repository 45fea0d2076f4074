"""What the turn clock keeps of each match: when to look at it next, the reminders and
deadlines it already acted on (``clock_events``: each recorded once, whichever process comes
first), pauses, and the players' and servers' clock settings. The match service holds it
(``service.turns``); the clock and its pauses reach the store only through it.
"""

from __future__ import annotations

from bot.jsondata import JSON
from bot.store import Store
from bot.store.rows import DueMatch


class TurnRecords:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def due(self, now: float) -> list[DueMatch]:
        """Matches whose next look has come (id, status, paused_at, next_due_at)."""
        return await self.store.clock.due(now)

    async def set_next_due(self, match_id: int, at: float | None) -> None:
        await self.store.clock.set_next_due(match_id, at)

    async def record(
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
        return await self.store.clock.record_event(match_id, ply, kind, n, seat, due, done, outcome)

    async def forget(self, match_id: int, ply: int, kind: str) -> None:
        """Forget an event that could not be carried out."""
        await self.store.clock.forget_event(match_id, ply, kind)

    async def count(self, match_id: int, ply: int, kind: str) -> int:
        """How many events of ``kind`` were recorded at that ply."""
        return await self.store.clock.events_of(match_id, ply, kind)

    async def forget_old_boards(self, before: float) -> int:
        """Forget the records of boards without buttons older than ``before``."""
        return await self.store.boards.forget_old_boards(before)

    async def pause(self, match_id: int, at: float, until: float, by: int) -> bool:
        """Stop the match's clock until ``until`` (False: paused already, or not in play)."""
        return await self.store.clock.pause(match_id, at, until, by)

    async def resume(
        self,
        match_id: int,
        *,
        turn_started_at: float | None,
        paused: float,
        by: int | None,
        allowance: float,
    ) -> bool:
        """End a pause (once) and charge it to ``by``."""
        return await self.store.clock.resume(
            match_id, turn_started_at=turn_started_at, paused=paused, by=by, allowance=allowance
        )

    async def user_settings(self, user_id: int) -> dict[str, JSON]:
        return await self.store.settings.user_settings(user_id)

    async def set_user_settings(self, user_id: int, settings: dict[str, JSON]) -> None:
        await self.store.settings.set_user_settings(user_id, settings)

    async def guild_settings(self, guild_id: int) -> dict[str, JSON]:
        return await self.store.settings.guild_settings(guild_id)
