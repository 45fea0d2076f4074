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
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

import words
from bot import lookup, records, ui
from bot.answer import Answer
from bot.channels import CannotPost
from bot.matches import Match
from bot.model import stored_events
from bot.pictures import Pictures
from bot.posters import ChannelPoster, poster_for
from bot.store import BoardRow, ClaimedBoard, StorageError
from bot.store.boards import NewBoard
from bot.texts import (
    PING_USERS,
    board_embed,
    compose,
    story_lines,
)
from games.base import Event
from words import domain

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()


#: seconds between delivery attempts of one board: a few quick tries, then patiently
BACKOFF = (2.0, 5.0, 15.0, 60.0, 300.0, 900.0, 3600.0)
#: Discord error codes that mean the channel is gone for good (or the bot was removed: 50001,
#: unless the bot is still in the server, where it means View Channel was taken away)
GONE = {10003, 50001}
#: what a CannotPost counts as in the outbox's last error
CANNOT_POST = 50013


class _Turn:
    """One match's deliveries in this process: one at a time, and how many want one."""

    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0


class Delivery(Pictures):
    def __init__(self, bot: Host, *, lease: float = 30.0, interval: float = 5.0) -> None:
        self.bot = bot
        self.lease = lease
        self.interval = interval
        self._task: asyncio.Task[None] | None = None
        #: the matches whose boards are being delivered here, each with its turn
        self._busy: dict[int, _Turn] = {}
        self._stop = asyncio.Event()

    @property
    def service(self) -> Any:
        return self.bot.service

    @property
    def store(self) -> Any:
        return self.bot.store

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
        try:  # the boards stripped since the last pass, so nobody strips them again
            await self.bot.table.sweep_strips(again=False)
        except Exception as err:
            log.info("could not record the boards stripped last: %r", err)

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        while not self._stop.is_set():
            try:
                await self.pending()
                await self.bot.table.sweep_strips()
            except StorageError as err:
                log.warning("board delivery pass: storage fault: %s", err.kind)
            except Exception:
                log.exception("board delivery pass failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), self.interval)

    async def pending(self) -> int:
        """Deliver every board whose first try failed or whose bot died; returns how many
        messages were posted."""
        posted = 0
        for match_id in await self.store.outbox.boards_due(time.time()):
            if self._stop.is_set():
                break
            if match_id in self._busy:
                continue
            if await self.deliver(match_id, mine=False) is not None:
                posted += 1
        return posted

    # One delivery --------------------------------------------------------------------------

    async def deliver(
        self,
        match_id: int,
        *,
        interaction: discord.Interaction[Any] | None = None,
        answer: Answer | None = None,
        clicked: int | None = None,
        mine: bool = True,
        previous: Any = None,
        last: Any = None,
        picture: tuple[int, asyncio.Future[Any]] | None = None,
        match: Match | None = None,
        claimed: Sequence[Any] = (),
        latest: tuple[Any, ...] = (),
    ) -> discord.Message | None:
        """Post (or update) the board for the match's undelivered moves; None if there was
        nothing to deliver or it failed (it will be tried again). ``picture``: (ply, the
        picture of that ply being drawn), used if the match still stands at that ply.
        ``match``: the match as this process just stored it, if the caller has it;
        ``claimed``: the boards its commit claimed (else they are claimed here); ``answer``:
        the click's answer, if the board may be it (``bot/answer.py``); ``latest``: the
        match's newest board message as that commit read it (one row or None), if it did."""
        # one delivery of a match at a time in this process: a move's board never crosses
        # an older one still going out (its edit landing last would show the older ply)
        turn = self._busy.setdefault(match_id, _Turn())
        turn.users += 1
        lock = turn.lock
        waited = lock.locked()
        try:
            async with lock:
                rows = list(claimed) or await self.store.outbox.claim_boards(
                    match_id, time.time(), self.lease, mine=mine
                )
                if not rows:
                    return None
                if match is None or match.id != match_id:
                    match = await self.service.get(match_id)
                with words.use(match.language):  # a board is public: the match's language
                    return await self._deliver(
                        match_id,
                        rows,
                        interaction,
                        answer,
                        clicked,
                        previous,
                        last,
                        picture,
                        match,
                        latest if claimed and not waited else (),
                    )
        finally:
            turn.users -= 1
            if not turn.users:
                del self._busy[match_id]
            if picture is not None and not picture[1].done():
                picture[1].cancel()

    async def _deliver(
        self,
        match_id: int,
        rows: Sequence[ClaimedBoard],
        interaction: discord.Interaction[Any] | None,
        answer: Answer | None,
        clicked: int | None,
        previous: Any,
        last: Any,
        drawing: tuple[int, asyncio.Future[Any]] | None = None,
        stored: Match | None = None,
        newest: tuple[Any, ...] = (),
        *,
        looked: bool = False,
    ) -> discord.Message | None:
        plies = [int(r.ply) for r in rows]
        upto = max(plies)
        # the match as stored with the newest claimed board, or newer: no need to read it
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
            and (not match.casual or _clicked_newest(interaction, clicked, latest))
        )
        if in_place:
            story_from = latest.story_from
            story_from = int(story_from) if story_from is not None else int(latest.ply) - 1
            # edited during a turn, it tells this turn only (the move at ``turn_ply`` began it)
            story_from = max(story_from, match.turn_ply)
        elif latest is not None and int(latest.channel_id) == match.channel_id:
            story_from = min(plies) - 1  # a new board tells what no board told yet
        else:
            story_from = int(latest.ply) if latest is not None else -1
            story_from = min(story_from, min(plies) - 1)
        if plies == list(range(story_from + 1, upto + 1)):
            stories = rows  # the claimed boards are the whole story: no need to read it
        else:
            stories = await self.store.outbox.stories(match_id, story_from, upto)
        told = [json.loads(r.payload) for r in stories]
        lines = story_lines(match, told)
        # what the move shown did, for the picture (its last-move strip)
        events = stored_events(told[-1].get("events")) if told and current else ()
        found = None
        poster = poster_for(self.bot, match)
        if not looked and not in_place and any(int(r.attempts) > 1 for r in rows):
            # claimed before: whoever held it may have posted it and died, or lost the answer
            found = await self._posted_unrecorded(match, plies, latest, story_from, poster)
            if found is not None and found[1] < upto:
                rest = [r for r in rows if int(r.ply) > found[1]]
                return await self._deliver(
                    match_id, rest, interaction, answer, clicked, previous, last, drawing,
                    stored, looked=True,
                )  # fmt: skip
        try:
            message = (found[0] if found else None) or await self._post(
                match,
                lines,
                interaction=interaction,
                answer=answer,
                edit=int(latest.message_id) if in_place and latest is not None else None,
                clicked=clicked,
                buttons=current,
                previous=previous,
                last=last,
                events=events,
                drawing=drawing,
                poster=poster,
            )
        except (discord.HTTPException, discord.RateLimited) as err:
            # RateLimited: a 429 longer than the client's max_ratelimit_timeout
            await self._failed(match, plies, rows, err)
            return None
        except lookup.TRANSPORT as err:
            # the answer was lost (a dropped connection): Discord may have taken the board,
            # so the next try looks for it first (its claim counts as an attempt)
            log.warning("match %s: posting the board was cut off: %r", match_id, err)
            await self._failed(match, plies, rows, None, reason=None, lost=True)
            return None
        except CannotPost as err:
            await self._failed(match, plies, rows, None, reason=str(err))
            return None
        new = None
        if not in_place:
            new = NewBoard(message.channel.id, upto, self.service.clock(), story_from)
        older = await self._record_delivered(match_id, plies, message.id, new)
        # the clicked board lost its buttons with a plain acknowledgement, not when the new
        # board was the click's answer (a new message: it loses them now)
        for message_id in older:
            if message_id == clicked and answer is not None and answer.cleared:
                self.bot.table.note_stripped(message_id)
            else:
                await self.bot.table.strip_buttons(
                    message.channel.id, message_id, casual=match.casual
                )
        if match.status != "active":
            await self.bot.table.retire(match, keep=message.id)
            board = (message.channel.id, message.id)
            await records.settle_quietly(self.store, match, board=board, at=match.updated_at)
        return message

    async def _posted_unrecorded(
        self,
        match: Match,
        plies: list[int],
        latest: BoardRow | None,
        story_from: int,
        poster: ChannelPoster,
    ) -> tuple[discord.Message, int] | None:
        """The newest board of one of ``plies`` if it is already in the channel (a process
        posted it and died before recording it, or its answer was lost), recorded now as the
        match's board; with its ply. Found among the channel's newest messages by its marks
        (``bot.marks``), so a crash never posts a board twice; if the channel cannot be read,
        the board is posted."""
        after = int(latest.message_id) if latest is not None else 0
        final = match.ply if match.status != "active" else None
        found = await poster.find(match, plies, after, final)
        if found is None:
            return None
        message, ply = found
        if ply < max(plies):
            new = NewBoard(message.channel.id, ply, self.service.clock(), story_from)
            done = [p for p in plies if p <= ply]
            for older in await self._record_delivered(match.id, done, message.id, new):
                await self.bot.table.strip_buttons(message.channel.id, older)
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
                return await self.store.boards.board_posted(
                    match_id, plies, message_id, time.time(), new
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
        in_server = code == 50001 and self.bot.still_in(match.guild_id)
        if (code in GONE or status == 404) and not in_server:
            log.info("match %s: its channel is gone (%s); closing it", match.id, code)
            await self.store.outbox.boards_delivered(match.id, plies, None, time.time(), "gone")
            await self.bot.close_matches([match])
            return
        if status == 403 and not match.casual:
            # the bot may not post there: the board waits, and the clock stops (no deadline
            # on a player who cannot be told); a player's action there says why
            await self.bot.turns.block(
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
        await self.store.outbox.boards_retry(
            match.id, plies, time.time() + wait, f"{status}:{code}"
        )

    async def _post(
        self,
        match: Match,
        lines: list[str],
        *,
        interaction: discord.Interaction[Any] | None,
        answer: Answer | None = None,
        edit: int | None,
        clicked: int | None,
        buttons: bool,
        previous: Any,
        last: Any,
        events: Sequence[Event] = (),
        drawing: tuple[int, asyncio.Future[Any]] | None = None,
        poster: ChannelPoster,
    ) -> discord.Message:
        # everything but the picture is made while it is being drawn
        content = compose(match, lines, notes=ui.notes_text(match) if buttons else "")
        embed = board_embed(match, filename=None)
        view = (ui.build_view(match) or ui.rematch_view(match)) if buttons else None
        if drawing is not None and drawing[0] == match.ply:
            files, filename = await drawing[1]
        else:
            files, filename = await self.picture(match, previous=previous, last=last, events=events)
        if filename:
            embed.set_image(url=f"attachment://{filename}")
        if edit is not None:
            kwargs: dict[str, Any] = {
                "content": content,
                "embed": embed,
                "attachments": files,
                "view": view,
                "allowed_mentions": PING_USERS,
            }
            if interaction is not None and clicked == edit:
                if answer is not None and answer.take():
                    # the click's answer: the clicked board updated in place
                    answered = await self._answer(answer, kwargs, match)
                    if answered is not None:
                        return answered
                    again, __ = await self.picture(
                        match, previous=previous, last=last, events=events
                    )
                    kwargs["attachments"] = again
                elif answer is None or await answer.acknowledged():
                    return await interaction.edit_original_response(**kwargs)
            return await poster.edit(match, edit, kwargs)
        kwargs = {
            "content": content,
            "embed": embed,
            "files": files,
            "allowed_mentions": PING_USERS,
        }
        if view is not None:
            kwargs["view"] = view
        # A new board is the click's answer when it is ready in time: one request, which
        # notifies the next player. The clicked board then loses its buttons through the
        # interaction that posted it (``Table.strip_buttons``), outside the bot's global limit
        # of requests, as the board itself is. Else the board follows the acknowledgement.
        if answer is not None and answer.take():
            answered = await self._answer(answer, kwargs, match, new=True, poster=poster)
            if answered is not None:
                return answered
            kwargs["files"], __ = await self.picture(
                match, previous=previous, last=last, events=events
            )
            interaction = None
        elif answer is not None and not await answer.acknowledged():
            interaction = None
        if interaction is not None and poster.may_follow_up(interaction):
            message = await self._followup(interaction, match, kwargs, poster)
            if message is not None:
                return message
            kwargs["files"], __ = await self.picture(
                match, previous=previous, last=last, events=events
            )
        return await poster.send(match, kwargs)

    async def _followup(
        self,
        interaction: discord.Interaction[Any],
        match: Match,
        kwargs: dict[str, Any],
        poster: ChannelPoster,
    ) -> discord.Message | None:
        """The board as the interaction's followup; None if it could not be posted (then it
        goes to the channel). discord.py sends a followup again after a 5xx, which Discord
        may have done already: the copies are found and deleted, and a followup whose answer
        was lost is looked for before the board goes anywhere else."""
        poster.followed_up(interaction)
        try:
            message = await interaction.followup.send(wait=True, **kwargs)
        except (discord.HTTPException, *lookup.TRANSPORT) as err:
            log.info("board followup failed (%r); posting to the channel", err)
            if not lookup.may_be_taken(err):
                return None
            found = await poster.find(match, [match.ply])
            if found is None:
                return None
            message = found[0]
        else:
            self.bot.table.posted_through(message.id, interaction, original=False)
        await poster.drop_copies(message, match)
        return message

    async def _answer(
        self,
        answer: Answer,
        kwargs: dict[str, Any],
        match: Match,
        *,
        new: bool = False,
        poster: ChannelPoster | None = None,
    ) -> discord.Message | None:
        """The board sent as the click's answer: a new message (``new``) or the clicked board
        updated in place; None if Discord refused it (the board then goes to the channel).
        An answer whose reply was lost, or that Discord says was given already (40060: a
        retry of one it took), is looked for as the interaction's response first."""
        respond = answer.interaction.response
        try:
            if new:
                sent = await respond.send_message(**kwargs)
            else:
                sent = await respond.edit_message(**kwargs)
        except (discord.HTTPException, *lookup.TRANSPORT) as err:
            taken = await self._taken(answer, err, match, new=new, poster=poster)
            if taken is None:
                log.info("board answer failed (%r); posting to the channel", err)
                return None
            log.info("board answer taken though its reply was lost (%r)", err)
            answer.answered = True
            sent, message = None, taken
        else:
            message = sent.resource if sent is not None else None
        if not isinstance(message, discord.Message):
            message = await answer.interaction.original_response()
        if new:
            self.bot.table.posted_through(message.id, answer.interaction, original=True)
        return message

    async def _taken(
        self,
        answer: Answer,
        err: BaseException,
        match: Match,
        *,
        new: bool,
        poster: ChannelPoster | None,
    ) -> discord.Message | None:
        """The board if Discord took the click's answer though it failed: 40060 says it did
        (the interaction's response is read); after a lost reply (5xx, a dropped connection),
        a new board is looked for in the channel (an edit in place is simply made again)."""
        if isinstance(err, discord.HTTPException) and err.code == lookup.ALREADY_ANSWERED:
            return await lookup.taken_answer(answer.interaction, match.id, match.ply)
        if new and poster is not None and lookup.may_be_taken(err):
            found = await poster.find(match, [match.ply])
            return found[0] if found is not None else None
        return None


def _clicked_newest(
    interaction: discord.Interaction[Any] | None, clicked: int | None, latest: BoardRow | None
) -> bool:
    """The click's board is the match's newest (a casual table's board is edited only so)."""
    return interaction is not None and latest is not None and clicked == int(latest.message_id)
