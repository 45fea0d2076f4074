"""What one click or clock action carries to its board: the ``MoveRequest``.

Built once where the action starts (``bot.table``, ``bot.turns``), filled in as the move is
stored and the computers answer it (``bot.pipeline``), and read by the delivery
(``bot.delivery``) and its poster (``bot.posting``); with the domain's small types they share.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import NewType

import discord

from bot.answer import Answer, Click
from bot.model import Match, MoveResult
from bot.store.rows import BoardRow, ClaimedBoard

#: a seat of a match by its number (0 for the first player), as the rules count them
SeatIndex = NewType("SeatIndex", int)
#: a board picture as attachments, with the picture's file name (None: a text-only board)
Attached = tuple[list[discord.File], str | None]


@dataclass
class MoveRequest:
    """What one click or clock action carries from its start to its board."""

    match_id: int
    #: the interaction that asked (None: the clock, the background deliverer)
    interaction: Click | None = None
    #: the click's answer, if the board may be it (``bot.answer``)
    answer: Answer | None = None
    #: the clicked message's id (None: a typed move, the clock)
    clicked: int | None = None
    #: the ply and seat the click's buttons carried
    ply: int | None = None
    seat: SeatIndex | None = None
    #: the match as last read or stored
    match: Match | None = None
    #: (ply, its picture being drawn), used if the match still stands at that ply
    picture: tuple[int, asyncio.Future[Attached]] | None = None
    #: the state before the last move and that move's action (the picture's last-move marks)
    previous: object = None
    last: object = None
    #: the boards the move's commit claimed for this process, and the match's newest board
    #: message as that commit read it (one row or None; empty when it was not read)
    claimed: Sequence[ClaimedBoard] = ()
    latest: tuple[BoardRow | None, ...] = ()
    #: whether the commit's claim is this request's (a click's own move): else the boards
    #: are claimed when delivered
    owns_claim: bool = False
    #: this process stored the move (it may take every undelivered board, leased or not)
    mine: bool = True
    #: the board message delivered for it, once it is
    message: discord.Message | None = field(default=None, repr=False)

    def took(self, result: MoveResult) -> None:
        """``result`` is the move its board shows now (the last of the computers', or the
        request's own)."""
        self.match = result.match
        self.previous = result.previous_state
        self.last = result.action
        if self.owns_claim:
            self.claimed = result.boards
            self.latest = result.latest_board


#: readies a request for delivery once the computers moved (the picture, the acknowledgement),
#: given the last move; False: no board goes out now
Ready = Callable[[MoveRequest, MoveResult | None], Awaitable[bool]]
