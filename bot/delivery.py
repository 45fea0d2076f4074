"""Boards delivered for every committed move: the outbox, one message per turn, retries.

A move is stored together with its board story (``outbox``). The bot that stored it posts the
board at once, through the interaction when there is one; if that fails (a 5xx, a 429 past
retries, an expired token) or the bot dies first, the board is posted to the channel later,
with backoff, by whichever bot process delivers boards then, until it is delivered or the
channel is gone. Each board is claimed before it is posted, so it is posted exactly once; a
board whose process died between posting it and recording it is found in the channel by the
process that takes it over, not posted again.

One message per turn: a board that hands the turn to another player (or ends the match) is a
new message, with the mention that notifies them; further actions by the same player in the
same turn update that turn's message in place (picture and running story), which notifies
nobody again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

import words
from bot import lookup, records
from bot.channels import CannotPost, Channels
from bot.model import Match, stored_events
from bot.pictures import Pictures
from bot.posters import ChannelPoster
from bot.posting import Board, BoardPoster
from bot.request import Attached, MoveRequest
from bot.store import StorageError
from bot.store.boards import NewBoard
from bot.store.rows import BoardRow, ClaimedBoard, StoryRow
from bot.strips import Strips
from bot.texts import story_lines
from bot.trouble import ChannelTrouble
from games.base import Event
from words import domain

if TYPE_CHECKING:
    from bot.host import Host
    from bot.matches import MatchService
    from bot.store import Store

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()


#: seconds between delivery attempts of one board: a few quick tries, then patiently
BACKOFF = (2.0, 5.0, 15.0, 60.0, 300.0, 900.0, 3600.0)
#: what a CannotPost counts as in the outbox's last error
CANNOT_POST = 50013


class _Turn:
    """One match's deliveries in this process: one at a time, and how many want one."""

    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0


@dataclass(frozen=True)
class _Plan:
    """How the claimed boards are shown: the match as it stands, the board message edited in
    place or a new one, and the ply the board's story starts after."""

    match: Match
    rows: list[ClaimedBoard]
    plies: list[int]
    #: the match's newest board message (None: none yet)
    latest: BoardRow | None
    in_place: bool
    story_from: int

    @property
    def upto(self) -> int:
        return max(self.plies)

    @property
    def current(self) -> bool:
        """The board shows the match as it stands (it carries the buttons)."""
        return self.upto == self.match.ply


class Delivery:
    def __init__(
        self,
        bot: Host,
        strips: Strips,
        trouble: ChannelTrouble,
        channels: Channels,
        *,
        lease: float = 30.0,
        interval: float = 5.0,
        now: Callable[[], float] = time.time,
    ) -> None:
        """``strips``: old boards' buttons taken off (held by the table too); ``trouble``: a
        match whose channel cannot be reached (closed, or its clock paused); ``channels``: the
        channels boards are posted in with the bot's own token; ``lease``: how
        long a claim on a board holds (seconds); ``interval``: seconds between passes of the
        background deliverer; ``now``: the real time the outbox's leases and backoff are
        counted in (tests move it instead of waiting)."""
        self.bot = bot
        self.lease = lease
        self.interval = interval
        self.now = now
        self.strips = strips
        self.trouble = trouble
        #: the boards' pictures (``bot.pictures``)
        self.pictures = Pictures(lambda: bot.renderer)
        self.poster = BoardPoster(bot, self._draw, channels, strips)
        self._task: asyncio.Task[None] | None = None
        #: the matches whose boards are being delivered here, each with its turn
        self._busy: dict[int, _Turn] = {}
        self._stop = asyncio.Event()

    @property
    def service(self) -> MatchService:
        return self.bot.service

    @property
    def store(self) -> Store:
        return self.bot.store

    async def _draw(
        self, match: Match, previous: object, last: object, events: Sequence[Event]
    ) -> Attached:
        return await self.pictures.picture(match, previous=previous, last=last, events=events)

    # The background deliverer --------------------------------------------------------------

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="board-delivery")

    async def stop(self, deadline: float | None = None) -> None:
        """Stop the background deliverer: its current pass may finish until ``deadline``
        (``time.monotonic()``), then it is cancelled (an unfinished board stays in the outbox
        and is delivered after the restart)."""
        task, self._task = self._task, None
        if task is None:
            return
        self._stop.set()
        wait = 0.0 if deadline is None else max(0.0, deadline - time.monotonic())
        with contextlib.suppress(TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(task), wait)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        self._stop.clear()  # (a pass asked for by hand, or a later start, runs again)
        try:  # the boards stripped since the last pass, so nobody strips them again
            await self.sweep(again=False)
        except Exception as err:
            log.info("could not record the boards stripped last: %r", err)

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        while not self._stop.is_set():
            try:
                await self.pending()
                await self.sweep()
            except StorageError as err:
                log.warning("board delivery pass: storage fault: %s", err.kind)
            except Exception:
                log.exception("board delivery pass failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), self.interval)

    async def sweep(self, *, again: bool = True) -> int:
        """Record the boards stripped since the last pass and (``again``) strip those whose
        stripping is overdue by now; returns how many were stripped again."""
        return await self.strips.sweep(self.now(), again=again)

    async def pending(self) -> int:
        """Deliver every board whose first try failed or whose bot died; returns how many
        messages were posted."""
        posted = 0
        for match_id in await self.service.outbox.due(self.now()):
            if self._stop.is_set():
                break
            if match_id in self._busy:
                continue
            if await self.deliver(MoveRequest(match_id, mine=False)) is not None:
                posted += 1
        return posted

    # One delivery --------------------------------------------------------------------------

    async def deliver(self, request: MoveRequest | int) -> discord.Message | None:
        """Post (or update) the board for the match's undelivered moves; None if there was
        nothing to deliver or it failed (it will be tried again). ``request``: what the move
        carries (``bot.request``), or just the match's id."""
        if isinstance(request, int):
            request = MoveRequest(request)
        match_id = request.match_id
        # one delivery of a match at a time in this process: a move's board never crosses
        # an older one still going out (its edit landing last would show the older ply)
        turn = self._busy.setdefault(match_id, _Turn())
        turn.users += 1
        waited = turn.lock.locked()
        try:
            async with turn.lock:
                rows = list(request.claimed) or await self.service.outbox.claim(
                    match_id, self.now(), self.lease, mine=request.mine
                )
                if not rows:
                    return None
                match = request.match
                if match is None or match.id != match_id:
                    match = request.match = await self.service.get(match_id)
                latest = request.latest if request.claimed and not waited else ()
                with words.use(match.language):  # a board is public: the match's language
                    return await self._deliver(request, rows, latest)
        finally:
            turn.users -= 1
            if not turn.users:
                del self._busy[match_id]
            if request.picture is not None and not request.picture[1].done():
                request.picture[1].cancel()

    async def _plan(
        self,
        request: MoveRequest,
        rows: Sequence[ClaimedBoard],
        newest: tuple[BoardRow | None, ...],
    ) -> _Plan:
        """Which board shows ``rows``: the turn's message edited, or a new one; and from
        which ply its story is told."""
        match_id = request.match_id
        plies = [int(r.ply) for r in rows]
        upto = max(plies)
        # the match as stored with the newest claimed board, or newer: no need to read it
        stored = request.match
        fresh = stored is not None and stored.ply >= upto and stored.id == match_id
        match = stored if fresh and stored is not None else await self.service.get(match_id)
        current = upto == match.ply
        # the newest board as the move's own commit read it (nothing posted a board since:
        # this process holds the claim), else read now
        latest = newest[0] if newest else await self.service.latest_board_row(match_id)
        passed = any(bool(r.turn_passed) for r in rows) or not current
        in_place = (
            not passed
            and latest is not None
            and int(latest.ply) >= 0
            and int(latest.ply) >= match.turn_ply
            and int(latest.channel_id) == match.channel_id
            # a casual table's board is edited only as the answer to a click on it
            and (not match.casual or _clicked_newest(request, latest))
        )
        if in_place:
            assert latest is not None
            told = latest.story_from
            story_from = int(told) if told is not None else int(latest.ply) - 1
            # edited during a turn, it tells this turn only (the move at ``turn_ply`` began it)
            story_from = max(story_from, match.turn_ply)
        elif latest is not None and int(latest.channel_id) == match.channel_id:
            story_from = min(plies) - 1  # a new board tells what no board told yet
        else:
            story_from = int(latest.ply) if latest is not None else -1
            story_from = min(story_from, min(plies) - 1)
        return _Plan(match, list(rows), plies, latest, in_place, story_from)

    async def _deliver(
        self,
        request: MoveRequest,
        rows: Sequence[ClaimedBoard],
        newest: tuple[BoardRow | None, ...] = (),
        *,
        looked: bool = False,
    ) -> discord.Message | None:
        plan = await self._plan(request, rows, newest)
        match, plies, upto = plan.match, plan.plies, plan.upto
        if plies == list(range(plan.story_from + 1, upto + 1)):
            stories: Sequence[ClaimedBoard | StoryRow] = (
                rows  # the claimed boards are the whole story: no need to read it
            )
        else:
            stories = await self.service.outbox.stories(match.id, plan.story_from, upto)
        told = [json.loads(r.payload) for r in stories]
        # what the move shown did, for the picture (its last-move strip)
        events = stored_events(told[-1].get("events")) if told and plan.current else ()
        route = self.poster.route(match)
        found = None
        if not looked and not plan.in_place and any(int(r.attempts) > 1 for r in rows):
            # claimed before: whoever held it may have posted it and died, or lost the answer
            found = await self._posted_unrecorded(plan, route)
            if found is not None and found[1] < upto:
                rest = [r for r in rows if int(r.ply) > found[1]]
                return await self._deliver(request, rest, looked=True)
        edit = int(plan.latest.message_id) if plan.in_place and plan.latest else None
        board = Board(match, story_lines(match, told), edit, plan.current, events, route)
        message = found[0] if found else await self._post(request, board, plan)
        if message is not None:
            await self._delivered(request, plan, message)
        return message

    async def _post(
        self, request: MoveRequest, board: Board, plan: _Plan
    ) -> discord.Message | None:
        """The board out through the poster; None if it failed (recorded for a later try)."""
        match, plies, rows = plan.match, plan.plies, plan.rows
        try:
            return await self.poster.post(request, board)
        except (discord.HTTPException, discord.RateLimited) as err:
            # RateLimited: a 429 longer than the client's max_ratelimit_timeout
            await self._failed(match, plies, rows, err)
        except lookup.TRANSPORT as err:
            # the answer was lost (a dropped connection): Discord may have taken the board,
            # so the next try looks for it first (its claim counts as an attempt)
            log.warning("match %s: posting the board was cut off: %r", match.id, err)
            await self._failed(match, plies, rows, None, reason=None, lost=True)
        except CannotPost as err:
            await self._failed(match, plies, rows, None, reason=str(err))
        return None

    async def _delivered(self, request: MoveRequest, plan: _Plan, message: discord.Message) -> None:
        """The board is out: recorded, the older boards' buttons off, a match that ended
        retired and settled."""
        match = plan.match
        new = None
        if not plan.in_place:
            new = NewBoard(message.channel.id, plan.upto, self.service.clock(), plan.story_from)
        older = await self._record_delivered(match.id, plan.plies, message.id, new)
        # the clicked board lost its buttons with a plain acknowledgement, not when the new
        # board was the click's answer (a new message: it loses them now)
        answer = request.answer
        for message_id in older:
            if message_id == request.clicked and answer is not None and answer.cleared:
                self.strips.note_stripped(message_id)
            else:
                await self.strips.strip_buttons(message.channel.id, message_id, casual=match.casual)
        if match.status != "active":
            await self.strips.retire(match, keep=message.id)
            board = (message.channel.id, message.id)
            await records.settle_quietly(self.store, match, board=board, at=match.updated_at)

    async def _posted_unrecorded(
        self, plan: _Plan, route: ChannelPoster
    ) -> tuple[discord.Message, int] | None:
        """The newest board of one of the plan's plies if it is already in the channel (a
        process posted it and died before recording it, or its answer was lost), recorded now
        as the match's board; with its ply. Found among the channel's newest messages by its
        marks (``bot.marks``), so a crash never posts a board twice; if the channel cannot be
        read, the board is posted."""
        match, plies, latest = plan.match, plan.plies, plan.latest
        after = int(latest.message_id) if latest is not None else 0
        final = match.ply if match.status != "active" else None
        found = await route.find(match, plies, after, final)
        if found is None:
            return None
        message, ply = found
        if ply < max(plies):
            new = NewBoard(message.channel.id, ply, self.service.clock(), plan.story_from)
            done = [p for p in plies if p <= ply]
            for older in await self._record_delivered(match.id, done, message.id, new):
                await self.strips.strip_buttons(message.channel.id, older)
        return found

    async def _record_delivered(
        self, match_id: int, plies: list[int], message_id: int, new: NewBoard | None
    ) -> list[int]:
        """The board is out: record it (and, if it is a new message, that it is the match's
        board now), waiting out a busy database (within the claim's lease, so no other pass
        posts the board again meanwhile); returns older boards that still carry buttons."""
        deadline = time.monotonic() + self.lease / 2
        wait = 0.5
        while True:
            try:
                return await self.service.outbox.posted(
                    match_id, plies, message_id, self.now(), new
                )
            except StorageError as err:
                if time.monotonic() + wait > deadline:
                    raise
                log.warning(
                    "match %s: board posted but not yet recorded (%s); trying again",
                    match_id,
                    err.kind,
                )
                await asyncio.sleep(wait)
                wait = min(wait * 2, 4.0)

    async def _failed(
        self,
        match: Match,
        plies: list[int],
        rows: Sequence[ClaimedBoard],
        err: discord.HTTPException | discord.RateLimited | None,
        *,
        reason: str | None = None,
        lost: bool = False,
    ) -> None:
        code = 0 if lost else CANNOT_POST if err is None else getattr(err, "code", 0)
        status = 0 if lost else 403 if err is None else getattr(err, "status", 429)
        if self.trouble.gone(match, code, status):
            log.info("match %s: its channel is gone (%s); closing it", match.id, code)
            await self.service.outbox.gone(match.id, plies, self.now())
            await self.trouble.close([match])
            return
        if status == 403:
            # the bot may not post there: the board waits, and the clock stops; a player's
            # action there says why
            await self.trouble.refused(
                match, reason or _("Discord refused my message ({code})").format(code=code)
            )

        attempts = max(int(r.attempts) for r in rows)
        wait = max(BACKOFF[min(attempts - 1, len(BACKOFF) - 1)], getattr(err, "retry_after", 0.0))
        log.warning(
            "match %s: board for plies %s not delivered (%s %s); next try in %.0f s",
            match.id,
            plies,
            status,
            code,
            wait,
        )
        await self.service.outbox.retry(match.id, plies, self.now() + wait, f"{status}:{code}")


def _clicked_newest(request: MoveRequest, latest: BoardRow | None) -> bool:
    """The click's board is the match's newest (a casual table's board is edited only so)."""
    return (
        request.interaction is not None
        and latest is not None
        and request.clicked == int(latest.message_id)
    )
