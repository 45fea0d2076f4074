"""The board's way onto Discord: the one place a board is posted or edited.

A board goes out, in this order of preference: as the click's answer (a new message, or the
clicked board updated in place: ``bot.answer``); through the interaction that acknowledged the
move (its original response edited, or a followup); else through the match's channel route
(``bot.posters``: the bot's own token at a server table, nothing at a casual one). A board
whose answer was lost is looked for before it is posted anywhere else, so it is never shown
twice.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot import lookup, ui
from bot.answer import Answer
from bot.model import Match
from bot.posters import ChannelPoster, Fields, poster_for
from bot.request import Attached, Click, MoveRequest
from bot.texts import PING_USERS, board_embed, compose
from games.base import Event

if TYPE_CHECKING:
    from bot.channels import Channels
    from bot.host import Host
    from bot.strips import Strips

log = logging.getLogger(__name__)

#: draws the board picture of a match: (match, previous state, last action, events)
Draw = Callable[[Match, object, object, Sequence[Event]], Awaitable[Attached]]


@dataclass
class Board:
    """One board to show: the match as it stands, its story's lines, where it goes."""

    match: Match
    lines: list[str]
    #: the message updated in place (None: a new message)
    edit: int | None
    #: the board carries the match's buttons (it shows the current position)
    buttons: bool
    #: what the move shown did (the picture's last-move strip)
    events: Sequence[Event]
    route: ChannelPoster


class BoardPoster:
    """Posts and edits boards; the delivery decides which board, this decides how."""

    def __init__(self, bot: Host, draw: Draw, channels: Channels, strips: Strips) -> None:
        """``channels``: the channels posted in with the bot's own token; ``strips``: old
        boards' buttons taken off, and which interaction posted a message (``Strips.posted``:
        a board posted here is remembered there)."""
        self.bot = bot
        self.channels = channels
        self.draw = draw
        self.strips = strips
        self.posted = strips.posted

    def route(self, match: Match) -> ChannelPoster:
        """The channel route of ``match``'s kind of table."""
        return poster_for(self.bot, match, self.channels, self.strips)

    async def _again(self, request: MoveRequest, board: Board) -> list[discord.File]:
        """The picture drawn again (a refused request consumed the files)."""
        files, __ = await self.draw(board.match, request.previous, request.last, board.events)
        return files

    async def post(self, request: MoveRequest, board: Board) -> discord.Message:
        """The board out: a new message or ``board.edit`` updated. Raises what Discord
        raised when no route took it (the outbox tries again later)."""
        match = board.match
        # everything but the picture is made while it is being drawn
        content = compose(match, board.lines, notes=ui.notes_text(match) if board.buttons else "")
        embed = board_embed(match, filename=None)
        view = (ui.build_view(match) or ui.rematch_view(match)) if board.buttons else None
        drawing = request.picture
        if drawing is not None and drawing[0] == match.ply:
            files, filename = await drawing[1]
        else:
            files, filename = await self.draw(match, request.previous, request.last, board.events)
        if filename:
            embed.set_image(url=f"attachment://{filename}")
        fields: Fields = {"content": content, "embed": embed, "allowed_mentions": PING_USERS}
        if board.edit is not None:
            return await self._edit(request, board, {**fields, "attachments": files, "view": view})
        fields["files"] = files
        if view is not None:
            fields["view"] = view
        return await self._new(request, board, fields)

    async def _edit(self, request: MoveRequest, board: Board, fields: Fields) -> discord.Message:
        """The board updated in place: as the click's answer when the click was on it."""
        interaction, answer = request.interaction, request.answer
        if interaction is not None and request.clicked == board.edit:
            if answer is not None and answer.take():
                # the click's answer: the clicked board updated in place
                answered = await self._answer(answer, fields, board.match)
                if answered is not None:
                    return answered
                fields["attachments"] = await self._again(request, board)
            elif answer is None or await answer.acknowledged():
                return await interaction.edit_original_response(**fields)
        assert board.edit is not None
        return await board.route.edit(board.match, board.edit, fields)

    async def _new(self, request: MoveRequest, board: Board, fields: Fields) -> discord.Message:
        """A new board message. It is the click's answer when it is ready in time: one
        request, which notifies the next player. The clicked board then loses its buttons
        through the interaction that posted it (``Strips.strip_buttons``), outside the bot's
        global limit of requests, as the board itself is. Else the board follows the
        acknowledgement."""
        interaction, answer, route = request.interaction, request.answer, board.route
        if answer is not None and answer.take():
            answered = await self._answer(answer, fields, board.match, new=True, route=route)
            if answered is not None:
                return answered
            fields["files"] = await self._again(request, board)
            interaction = None
        elif answer is not None and not await answer.acknowledged():
            interaction = None
        if interaction is not None and route.may_follow_up(interaction):
            message = await self._followup(interaction, board.match, fields, route)
            if message is not None:
                return message
            fields["files"] = await self._again(request, board)
        return await route.send(board.match, fields)

    async def _followup(
        self, interaction: Click, match: Match, fields: Fields, route: ChannelPoster
    ) -> discord.Message | None:
        """The board as the interaction's followup; None if it could not be posted (then it
        goes to the channel). discord.py sends a followup again after a 5xx, which Discord
        may have done already: the copies are found and deleted, and a followup whose answer
        was lost is looked for before the board goes anywhere else."""
        route.followed_up(interaction)
        message: discord.Message
        try:
            message = await interaction.followup.send(wait=True, **fields)
        except (discord.HTTPException, *lookup.TRANSPORT) as err:
            log.info("board followup failed (%r); posting to the channel", err)
            if not lookup.may_be_taken(err):
                return None
            found = await route.find(match, [match.ply])
            if found is None:
                return None
            message = found[0]
        else:
            self.posted.remember(message.id, interaction, original=False)
        await route.drop_copies(message, match)
        return message

    async def _answer(
        self,
        answer: Answer,
        fields: Fields,
        match: Match,
        *,
        new: bool = False,
        route: ChannelPoster | None = None,
    ) -> discord.Message | None:
        """The board sent as the click's answer: a new message (``new``) or the clicked board
        updated in place; None if Discord refused it (the board then goes to the channel).
        An answer whose reply was lost, or that Discord says was given already (40060: a
        retry of one it took), is looked for as the interaction's response first."""
        respond = answer.interaction.response
        message: object
        sent: discord.InteractionCallbackResponse[discord.Client] | None
        try:
            if new:
                sent = await respond.send_message(**fields)
            else:
                sent = await respond.edit_message(**fields)
        except (discord.HTTPException, *lookup.TRANSPORT) as err:
            taken = await self._taken(answer, err, match, new=new, route=route)
            if taken is None:
                log.info("board answer failed (%r); posting to the channel", err)
                return None
            log.info("board answer taken though its reply was lost (%r)", err)
            answer.answered = True
            message = taken
        else:
            message = sent.resource if sent is not None else None
        if not isinstance(message, discord.Message):
            message = await answer.interaction.original_response()
        if new:
            self.posted.remember(message.id, answer.interaction, original=True)
        return message

    async def _taken(
        self,
        answer: Answer,
        err: BaseException,
        match: Match,
        *,
        new: bool,
        route: ChannelPoster | None,
    ) -> discord.Message | None:
        """The board if Discord took the click's answer though it failed: 40060 says it did
        (the interaction's response is read); after a lost reply (5xx, a dropped connection),
        a new board is looked for in the channel (an edit in place is simply made again)."""
        if isinstance(err, discord.HTTPException) and err.code == lookup.ALREADY_ANSWERED:
            return await lookup.taken_answer(answer.interaction, match.id, match.ply)
        if new and route is not None and lookup.may_be_taken(err):
            found = await route.find(match, [match.ply])
            return found[0] if found is not None else None
        return None
