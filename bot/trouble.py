"""A match whose channel the bot can no longer reach: closed when the channel (or the bot's
place in its server) is gone, its turn clock paused while the bot may not post there.

Built once and held by the delivery: a board Discord refused for one of these reasons comes
here, so the delivery needs neither the turn clock nor the bot as a whole. The clock's own
posts and the client's events (a channel, thread or server that goes) close matches through
``close`` too (``Host.close_matches``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.service_ref import UsesService

if TYPE_CHECKING:
    from bot.channels import Pausing
    from bot.matches import Match, MatchService

log = logging.getLogger(__name__)

#: Discord error codes that mean the channel is gone for good (or the bot was removed: 50001,
#: unless the bot is still in the server, where it means View Channel was taken away)
GONE = {10003, 50001}
#: Discord's "Missing Access"
MISSING_ACCESS = 50001


class ChannelTrouble(UsesService):
    """Closing the matches of a channel that is gone; pausing the clock of one the bot may
    not post in."""

    def __init__(
        self,
        service: Callable[[], MatchService],
        pauses: Pausing,
        still_in: Callable[[int | None], bool],
    ) -> None:
        """``service``: the match service (built once the store is open); ``pauses``: the
        turn clock's pauses; ``still_in``: whether the bot is (as far as this process can
        tell) still in a server."""
        super().__init__(service)
        self.pauses = pauses
        self.still_in = still_in

    def gone(self, match: Match, code: int, status: int) -> bool:
        """Whether Discord's refusal (``code``, HTTP ``status``) of a post in ``match``'s
        channel means the channel is gone for good: unknown, or the bot is no longer in its
        server (Missing Access while still in it is a permission taken away)."""
        in_server = code == MISSING_ACCESS and self.still_in(match.guild_id)
        return (code in GONE or status == 404) and not in_server

    async def close(self, matches: list[Match]) -> int:
        """End matches whose channel, thread or server is gone: their seats are free again
        and nothing more is posted for them. Returns how many were live."""
        service = self.service
        closed = 0
        for match in matches:
            if await service.close(match.id):
                closed += 1
                log.info("match %s closed: its channel, thread or server is gone", match.id)
            await service.retire_boards(match.id)  # nothing left to edit there
        return closed

    async def refused(self, match: Match, reason: str) -> None:
        """The bot may not post in ``match``'s channel: its clock stops (no deadline on a
        player who cannot be told) until it can again. A casual table's has no channel the
        bot posts in: nothing changes."""
        if not match.casual:
            await self.pauses.block(match, reason)
