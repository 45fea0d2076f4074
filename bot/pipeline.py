"""One move's way to its board: the computers' turns, then the delivery, written once.

A click (``bot.table``) or the turn clock (``bot.turns``) builds a ``MoveRequest``
(``bot.request``) once: the interaction and its answer, the clicked message, the ply and seat
the click expects, the match as read, the picture being drawn. The move is stored through the
match service; then ``Pipeline.run`` plays the computers' turns that follow it and hands the
request to the delivery (``bot.delivery``), which posts or edits the board through its poster
(``bot.posting``). The table and the clock call the pipeline; the pipeline calls the computers
and the delivery; none of them calls back up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.model import MoveResult
from bot.request import MoveRequest, Ready

if TYPE_CHECKING:
    from bot.computers import Computers
    from bot.host import Boards


async def if_moved(request: MoveRequest, last: MoveResult | None) -> bool:
    """Deliver only if a move was played (a computer's, a standing order's)."""
    return last is not None


async def unless_casual(request: MoveRequest, last: MoveResult | None) -> bool:
    """A casual table's board goes out with the next interaction that reaches it."""
    return last is None or not last.match.casual


class Pipeline:
    """Play the computers' turns, then deliver: for every click and clock action."""

    def __init__(self, computers: Computers, delivery: Boards) -> None:
        self.computers = computers
        self.delivery = delivery

    async def run(
        self, request: MoveRequest, moved: MoveResult | None = None, *, ready: Ready | None = None
    ) -> MoveResult | None:
        """The computers whose turn follows ``moved`` (or whose turn the match waits on)
        play; then the board that shows it all is delivered, unless ``ready`` says not now.
        Returns the last move played (the computers', else ``moved``)."""
        known = None if moved is None else moved.match
        last = await self.computers.play(request.match_id, known) or moved
        if last is not None:
            request.took(last)
        if ready is not None and not await ready(request, last):
            return last
        request.message = await self.delivery.deliver(request)
        return last
