"""A move made by a click or a typed command: checked, acknowledged, stored, its board out.

Per move: check the actor (a refusal is an ephemeral reply and changes nothing); build the
move's request (``bot.request``); answer the click with the new board (picture, what happened,
a mention of whoever must act next) within Discord's 3 seconds, or acknowledge it and post the
board after; apply through the match service, the picture drawn in the render pool meanwhile;
then the pipeline (``bot.pipeline``) plays the computers' answers and delivers the board. A move
that was not stored is said privately, and the board keeps (or gets back) its buttons.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Protocol

import discord

import words
from bot import ui, venue
from bot.answer import ALREADY_ANSWERED, TRANSPORT, Answer
from bot.matches import Match, MatchService, MoveResult, Refusal
from bot.request import Attached, Click, MoveRequest, SeatIndex
from bot.store import StorageError
from bot.texts import said
from games.base import Event, GameError
from words import domain

if TYPE_CHECKING:
    from bot.host import Host, Moving

log = logging.getLogger(__name__)

_, ngettext, N_ = domain("bot").functions()

SAVED_NOT_POSTED = N_(
    "Your move was saved, but the bot's database could not be reached to post the new board; "
    "it will be posted here shortly."
)
LATER = N_(
    "Your move was saved, but Discord would not take the new board just now; it will be "
    "posted here as soon as it can."
)
LATER_CASUAL = N_(
    "Your move was saved, but Discord would not take the new board just now; the next click "
    "on this match shows it."
)


class Replies(Protocol):
    """What a move uses of the table (``bot.table.Table``): its replies and its pipeline."""

    bot: Host

    @property
    def pipeline(self) -> Moving: ...

    async def refuse(self, interaction: Click, message: str) -> None: ...

    async def show_waiting(self, interaction: Click, match: Match) -> bool: ...

    async def channel_notice(self, interaction: Click, match: Match) -> None: ...

    async def tell_dm_refused(self, interaction: Click, match: Match) -> None: ...


class Moves:
    """The table's moves (``Table.play``): it holds the table for its replies."""

    def __init__(self, table: Replies) -> None:
        self.table = table
        self.bot: Host = table.bot

    @property
    def service(self) -> MatchService:
        return self.bot.service

    async def play(
        self,
        interaction: Click,
        match_id: int,
        *,
        ply: int | None,
        seat: int | None,
        index: int | None,
        text: str | None,
    ) -> None:
        started = time.perf_counter()
        request = await self._checked(interaction, match_id, ply, seat, text)
        if request is None:
            return
        ack = self._acknowledge(request)
        # the move is applied and stored while any acknowledgement travels, and the new
        # board is drawn meanwhile (unless computers are to answer first: then their picture)
        drawing: list[tuple[int, asyncio.Future[Attached]]] = []

        def early(
            match: Match,
            new_ply: int,
            state: object,
            previous: object,
            last: object,
            events: tuple[Event, ...],
        ) -> None:
            job = self.bot.delivery.pictures.picture_soon(
                match, previous=previous, last=last, state=state, ply=new_ply, events=events
            )
            drawing.append((new_ply, job))

        assert request.match is not None
        computers = any(s.computer is not None for s in request.match.seats)
        try:
            result = await self.service.act(
                match_id,
                interaction.user.id,
                ply=ply,
                seat=seat,
                index=index,
                text=text,
                loaded=request.match,
                early=None if computers else early,
            )
        except Exception as err:
            for __, job in drawing:
                job.cancel()
            await self._not_applied(request, ack, err)
            return
        await self._board_of(request, result, ack, drawing, started)

    async def _checked(
        self,
        interaction: Click,
        match_id: int,
        ply: int | None,
        seat: int | None,
        text: str | None,
    ) -> MoveRequest | None:
        """The move's request, once the actor may make it; None if refused (privately: a
        refusal changes nothing)."""
        try:
            loaded = interaction.extras.pop(ui.LOADED, None)
            if loaded is not None and await self.table.show_waiting(interaction, loaded):
                return None
            match, mine = await self.service.check_actor(
                match_id, interaction.user.id, ply=ply, seat=seat, loaded=loaded
            )
            if text is not None:
                match.rules.parse_action(match.state, mine, text)
        except (Refusal, GameError, StorageError) as err:
            await self.table.refuse(interaction, said(err))
            return None
        slash = interaction.type is discord.InteractionType.application_command
        clicked = None if slash else interaction.message
        return MoveRequest(
            match_id,
            interaction=interaction,
            clicked=None if clicked is None else clicked.id,
            ply=ply,
            seat=None if seat is None else SeatIndex(seat),
            match=match,
            owns_claim=True,
        )

    def _acknowledge(self, request: MoveRequest) -> asyncio.Future[object] | None:
        """How the click is answered: by its new board (the request's ``answer``, see
        bot/answer.py), or the returned acknowledgement, on its way meanwhile."""
        interaction = request.interaction
        assert interaction is not None
        message = interaction.message
        if request.clicked is not None and message is not None and not message.flags.ephemeral:
            # A click on a public board is answered by its new board (or, if that is not
            # ready in time, plainly)
            request.answer = Answer(interaction)
            return None
        if request.clicked is not None:
            # A private menu: the acknowledgement takes its buttons off at once (only this
            # interaction can), and the board follows as a public message
            return asyncio.ensure_future(interaction.response.edit_message(view=None))
        # a typed move: privately "Played x.", the board in public
        return asyncio.ensure_future(interaction.response.defer(ephemeral=True, thinking=True))

    async def _not_applied(
        self, request: MoveRequest, ack: asyncio.Future[object] | None, err: Exception
    ) -> None:
        """The move was not stored: the player is told why, the board keeps its buttons."""
        interaction, answer = request.interaction, request.answer
        assert interaction is not None
        if answer is not None and answer.take():
            # nothing was answered yet: the board keeps its buttons, the player is told
            await self._not_played(interaction, err, deferred=False)
        elif await self._acked(ack, interaction, answer):
            if request.clicked is not None:
                await self._give_back_buttons(
                    interaction, request.match_id, request.clicked, request.ply
                )
            await self._not_played(interaction, err, deferred=request.clicked is None)

    async def _board_of(
        self,
        request: MoveRequest,
        result: MoveResult,
        ack: asyncio.Future[object] | None,
        drawing: list[tuple[int, asyncio.Future[Attached]]],
        started: float,
    ) -> None:
        """The stored move's board, after the computers that answer it (one message shows
        it all); the player hears privately if it could not go out yet."""
        interaction, answer = request.interaction, request.answer
        assert interaction is not None
        acked = [False]

        async def ready(request: MoveRequest, last: MoveResult | None) -> bool:
            shown = last or result
            request.picture = self._picture_of(shown, drawing)
            acked[0] = answer is not None or await self._acked(ack, interaction, None)
            if acked[0] and request.clicked is None:
                # the first followup of a private "thinking" reply would replace it (a private
                # board nobody is pinged by): if "Played" did not fill it, the board goes to
                # the channel
                played = _("Played `{move}`.").format(move=shown.notation)
                acked[0] = await self._quietly(interaction, played, edit=True)
            if not acked[0]:
                request.interaction = None
            return True

        try:
            last = await self.table.pipeline.run(request, result, ready=ready)
            self.bot.metrics.moved((last or result).match.game, started)
            if answer is not None and not await answer.acknowledged():
                acked[0] = False  # the board went to the channel; the click was not answered
            late = (
                request.message is None
                and acked[0]
                and await self.service.outbox.undelivered(request.match_id)
            )
        except StorageError as err:
            # the move is stored: only its board waits (the outbox posts it later)
            log.warning(
                "match %s: board delivery hit a storage fault: %s", request.match_id, err.kind
            )
            if answer is None or await answer.acknowledged():
                await self._quietly(interaction, _(SAVED_NOT_POSTED))
            return
        except Exception:
            # the move is stored whatever went wrong after: its board waits in the outbox
            log.exception(
                "match %s: the board of a saved move could not be delivered", request.match_id
            )
            late = acked[0] and not (answer is not None and not await answer.acknowledged())
        match = request.match or result.match
        if late:
            await self._quietly(interaction, _(LATER_CASUAL if match.casual else LATER))
        await self.table.channel_notice(interaction, match)
        await self.table.tell_dm_refused(interaction, match)

    def _picture_of(
        self, shown: MoveResult, drawing: list[tuple[int, asyncio.Future[Attached]]]
    ) -> tuple[int, asyncio.Future[Attached]]:
        """The picture of the move the board shows: the one drawn while it was stored, if
        that is still the match's position, else drawn now."""
        if drawing and drawing[-1][0] == shown.match.ply:
            return drawing[-1]
        for __, job in drawing:
            job.cancel()
        picture = self.bot.delivery.pictures.picture_soon(
            shown.match, previous=shown.previous_state, last=shown.action, events=shown.events
        )
        return shown.match.ply, picture

    async def _acked(
        self,
        ack: asyncio.Future[object] | None,
        interaction: Click,
        answer: Answer | None,
    ) -> bool:
        """Whether the acknowledgement went through (else the board goes to the channel)."""
        if answer is not None:
            return await answer.acknowledged()
        try:
            assert ack is not None
            await ack
        except discord.HTTPException as err:
            if err.code == ALREADY_ANSWERED:
                return True  # a retry of an acknowledgement Discord took
            log.info("could not acknowledge interaction %s: %s", interaction.id, err.status)
            return False
        except TRANSPORT as err:
            log.info("acknowledging interaction %s was cut off: %r", interaction.id, err)
            return False
        return True

    async def _not_played(self, interaction: Click, err: Exception, *, deferred: bool) -> None:
        """Tell the player, privately, that the move was not stored and why: as the click's
        answer if it has none yet (the board never lost its buttons), else as a followup."""
        answering = not interaction.response.is_done()
        if isinstance(err, Refusal | GameError):
            message = said(err)
        elif isinstance(err, StorageError):
            not_saved = (
                _("Your move was not saved; the board's buttons are still there.")
                if answering
                else _("Your move was not saved; the board's buttons are back.")
            )
            message = f"{_(str(err))} {not_saved}"
        else:
            log.error("error applying a move (interaction %s)", interaction.id, exc_info=err)
            message = (
                _(
                    "Sorry, something went wrong on my side and your move was not saved; it "
                    "has been logged. The board's buttons are still there: try again."
                )
                if answering
                else _(
                    "Sorry, something went wrong on my side and your move was not saved; it "
                    "has been logged. The board's buttons are back: try again."
                )
            )
        if answering:
            try:
                await interaction.response.send_message(message, ephemeral=True)
            except discord.HTTPException as other:
                log.info("could not answer interaction %s: %s", interaction.id, other.status)
        elif deferred:
            await self._quietly(interaction, message, edit=True)
        else:
            await self._quietly(interaction, message)

    async def _quietly(self, interaction: Click, message: str, *, edit: bool = False) -> bool:
        """Tell the player privately; whether it got through."""
        try:
            if edit:
                await interaction.edit_original_response(content=message)
            elif venue.may_follow_up(interaction, self.bot.clock):
                venue.followed_up(interaction)
                await interaction.followup.send(message, ephemeral=True)
            else:
                return False
        except (discord.HTTPException, *TRANSPORT) as err:
            log.info("could not tell the player (interaction %s): %r", interaction.id, err)
            return False
        return True

    async def _give_back_buttons(
        self,
        interaction: Click,
        match_id: int,
        message_id: int,
        ply: int | None,
    ) -> None:
        """A move that did not happen leaves the newest board usable (unless the game moved
        on meanwhile: then that board is out of date and stays without buttons)."""
        try:
            match = await self.service.get(match_id)
            unchanged = ply is None or match.ply == ply
            if unchanged and await self.service.latest_board(match_id) == message_id:
                with words.use(match.language):  # the board's buttons are public
                    view = ui.build_view(match)
                await interaction.edit_original_response(view=view)
        except Exception as err:  # the player is told either way; this is a courtesy
            log.warning("could not give the buttons back to message %s: %r", message_id, err)
