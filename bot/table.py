"""The Discord side of a move: refuse privately, or acknowledge, apply, render, post the board.

Per move: check the actor (a refusal is an ephemeral reply and changes nothing); apply through
the match service; draw the picture in the render pool; answer the click with the new board
(picture, what happened, a mention of whoever must act next) within Discord's 3 seconds, or
acknowledge it and post the board after; then drop the buttons from the older boards. Where
the bot may post is ``bot.channels``, ending a match early ``bot.ending``: both parts of
``Table``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

import discord

import words
from bot import ui, venue
from bot.answer import ALREADY_ANSWERED, TRANSPORT, Answer
from bot.casual import CasualTable
from bot.channels import (  # noqa: F401  (re-exported)
    BLOCKED_RETRY,
    CannotPost,
    ChannelAccess,
    how_to_grant,
    is_thread,
    missing_permissions,
)
from bot.computers import Computers
from bot.ending import Ending
from bot.matches import Match, MatchService, Refusal
from bot.menus import Menus
from bot.posted import PostedThrough
from bot.store import StorageError
from bot.strips import Stripping
from bot.texts import (  # noqa: F401  (re-exported for the cogs and the clock)
    BLOCKED,
    PING_USERS,
    abandon_question,
    board_embed,
    clock_text,
    compose,
    escape,
    everyone,
    final_status,
    lobby_text,
    mention,
    said,
    stamp,
    story_lines,
)
from games.base import GameError
from words import domain

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

_, ngettext, N_ = domain("bot").functions()

RESTARTING = N_("The bot is restarting; nothing was changed. Try again in a minute.")


class Table(Ending, Stripping, ChannelAccess, CasualTable, Menus):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.computers = Computers(bot)
        #: messages posted through an interaction that can still edit them
        self.posted = PostedThrough(lambda: bot.clock())
        #: boards whose buttons came off since the store was last told (``bot.strips``)
        self.stripped: list[int] = []

    def posted_through(
        self, message_id: int, interaction: discord.Interaction[Any], *, original: bool
    ) -> None:
        """``message_id`` was posted through ``interaction`` (its original response, or a
        followup): its buttons can be taken off through it while it lasts."""
        self.posted.remember(message_id, interaction, original=original)

    @property
    def service(self) -> MatchService:
        return self.bot.service

    # Replies -------------------------------------------------------------------------------

    async def refuse(self, interaction: discord.Interaction[Any], message: str) -> None:
        """A private, polite refusal; works whether or not the interaction was acknowledged.
        One that cannot be sent (the interaction ran out, a lost connection) is logged once,
        and nothing more is tried."""
        try:
            if not interaction.response.is_done():
                await interaction.response.send_message(message, ephemeral=True)
            elif venue.may_follow_up(interaction, self.bot.clock):
                venue.followed_up(interaction)
                await interaction.followup.send(message, ephemeral=True)
        except (discord.HTTPException, *TRANSPORT) as err:
            log.warning("could not send a refusal for interaction %s: %r", interaction.id, err)

    async def failed(self, interaction: discord.Interaction[Any], err: Exception) -> None:
        if isinstance(err, Refusal | GameError):
            message = said(err)
        elif isinstance(err, StorageError):
            # the database could not be reached or used: said as such (nothing was changed)
            log.warning("interaction %s: storage fault: %s", interaction.id, err.kind)
            message = said(err)
        else:
            log.error("error handling interaction %s", interaction.id, exc_info=err)
            message = _("Sorry, something went wrong on my side; it has been logged.")
        await self.refuse(interaction, message)  # (one that cannot be sent is logged there)

    # Lobby ---------------------------------------------------------------------------------

    async def send_lobby(
        self, interaction: discord.Interaction[Any], match: Match, *, text: str | None = None
    ) -> None:
        """Answer with the lobby message (buttons while it is open) and remember it, so the
        older lobby messages lose their buttons. A public message: in the match's language
        (as ``text`` must be)."""
        live = match.status == "lobby"
        with words.use(match.language):
            content = text or lobby_text(match)
            view = ui.lobby_view(match) if live else discord.utils.MISSING
        callback = await interaction.response.send_message(
            content, view=view, allowed_mentions=discord.AllowedMentions.none()
        )
        message_id = getattr(callback, "message_id", None)
        if message_id is not None:
            self.posted_through(message_id, interaction, original=True)
        if live and message_id is not None and interaction.channel_id is not None:
            await self.track(match, interaction.channel_id, message_id)
        elif not live:
            await self.retire(match)

    async def track(self, match: Match, channel_id: int, message_id: int) -> None:
        """A new lobby message: it alone keeps the Join/Leave/Start buttons."""
        for older in await self.service.add_board(match.id, message_id, channel_id, -1):
            await self.strip_buttons(channel_id, older, casual=match.casual)

    async def retire(
        self, match: Match, *, keep: int | None = None, end: str | None = None
    ) -> None:
        """The match is over or closed: no message of it keeps buttons (``keep`` has none
        already, or keeps its own, e.g. a final board's Rematch), and its lobby messages say
        how it ended (``end``: who ended it, see ``lobby_text``)."""
        lobbies = await self.service.lobby_messages(match.id)
        for channel_id, message_id in await self.service.retire_boards(match.id):
            if message_id != keep and (channel_id, message_id) not in lobbies:
                await self.strip_buttons(channel_id, message_id, casual=match.casual)
            elif message_id == keep:
                self.stripped.append(keep)  # it has what it should (bot.strips)
        await self.show_lobby_status(match, lobbies, end=end)

    async def lobby_action(
        self, interaction: discord.Interaction[Any], match_id: int, op: str, target: int = 0
    ) -> None:
        """A lobby button (join, leave, start, add an ``easy``/``strong`` computer) or the
        host's "Remove a computer" menu (``op`` "remove", ``target`` the computer's id)."""
        try:
            match = await self.service.get(match_id)
            if match.status != "lobby" or match.channel_id != interaction.channel_id:
                raise Refusal(_("This lobby is closed."))
            if op == "start":
                await self.start(interaction, match.game, from_button=True)
                return
            user = interaction.user
            if op == "join":
                match = await self.service.join(
                    match.channel_id, match.game, user_id=user.id, name=user.display_name
                )
            elif op in ("easy", "strong"):
                match = await self.service.add_computer(
                    match.channel_id, match.game, user_id=user.id, level=op
                )
            elif op == "remove":
                match = await self.service.remove_computer(
                    match.channel_id, match.game, user_id=user.id, computer_id=target
                )
            else:
                match = await self.service.leave(match.channel_id, match.game, user_id=user.id)
        except (Refusal, GameError) as err:
            await self.refuse(interaction, said(err))
            return
        with words.use(match.language):  # the lobby message is public
            if match.live:
                await interaction.response.edit_message(
                    content=lobby_text(match), view=ui.lobby_view(match)
                )
            else:
                await interaction.response.edit_message(
                    content=_("Everyone left; the lobby is closed."), view=None
                )
                await self.retire(match)

    async def start(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        *,
        from_button: bool = False,
        answered: bool = False,
    ) -> None:
        """Start the lobby here and post the first board (a new message: it notifies the
        player to act); ``answered``: the interaction has its answer (the board follows it)."""
        match = await self.service.live_in(interaction.channel_id)
        if match is None or not match.casual:
            self.check_permissions(interaction)
        match = await self.service.start(interaction.channel_id, game, user_id=interaction.user.id)
        clicked = interaction.message.id if from_button and interaction.message else None
        if from_button:
            with words.use(match.language):
                text = lobby_text(match)
            await interaction.response.edit_message(content=text, view=None)
            if clicked is not None:
                self.stripped.append(clicked)  # its buttons are off
        elif not answered:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.edit_original_response(content=_("Started; the board is below."))
        await self.service.retire_boards(match.id)
        last = await self.computers.play(match.id)  # a computer may open the game
        await self.bot.delivery.deliver(
            match.id,
            interaction=interaction,
            previous=last and last.previous_state,
            last=last and last.action,
        )
        # then every lobby message says "started" and loses its buttons (the one clicked
        # already did both)
        lobbies = await self.service.lobby_messages(match.id)
        await self.show_lobby_status(match, [m for m in lobbies if m[1] != clicked])
        await self.channel_notice(interaction, match)

    # Moves ---------------------------------------------------------------------------------

    async def play(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        *,
        ply: int | None = None,
        seat: int | None = None,
        index: int | None = None,
        text: str | None = None,
    ) -> None:
        """A move: refused privately (nothing changes), or acknowledged, stored with its board
        story, and its board delivered."""
        if self.bot.stopping:
            await self.refuse(interaction, _(RESTARTING))

            return
        async with self.bot.handling():
            await self._play(interaction, match_id, ply=ply, seat=seat, index=index, text=text)

    async def _play(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        *,
        ply: int | None,
        seat: int | None,
        index: int | None,
        text: str | None,
    ) -> None:
        user_id = interaction.user.id
        started = time.perf_counter()
        try:
            loaded = interaction.extras.pop(ui.LOADED, None)
            if loaded is not None and await self.show_waiting(interaction, loaded):
                return
            match, mine = await self.service.check_actor(
                match_id, user_id, ply=ply, seat=seat, loaded=loaded
            )
            if text is not None:
                match.rules.parse_action(match.state, mine, text)
        except (Refusal, GameError, StorageError) as err:
            await self.refuse(interaction, said(err))
            return
        slash = interaction.type is discord.InteractionType.application_command
        clicked = None if slash else interaction.message
        answer: Answer | None = None
        if clicked is not None and not clicked.flags.ephemeral:
            # A click on a public board is answered by its new board (or, if that is not
            # ready in time, plainly: see bot/answer.py)
            answer = Answer(interaction)
            ack: asyncio.Future[Any] | None = None
        elif clicked is not None:
            # A private menu: the acknowledgement takes its buttons off at once (only this
            # interaction can), and the board follows as a public message
            ack = asyncio.ensure_future(interaction.response.edit_message(view=None))
        else:
            # a typed move: privately "Played x.", the board in public
            ack = asyncio.ensure_future(interaction.response.defer(ephemeral=True, thinking=True))
        # the move is applied and stored while any acknowledgement travels, and the new
        # board is drawn meanwhile (unless computers are to answer first: then their picture)
        drawing: list[tuple[int, asyncio.Future[Any]]] = []

        def early(
            match: Match, new_ply: int, state: Any, previous: Any, last: Any, events: Any
        ) -> None:
            job = self.bot.delivery.picture_soon(
                match, previous=previous, last=last, state=state, ply=new_ply, events=events
            )
            drawing.append((new_ply, job))

        computers = any(s.computer is not None for s in match.seats)
        try:
            result = await self.service.act(
                match_id,
                user_id,
                ply=ply,
                seat=seat,
                index=index,
                text=text,
                loaded=match,
                early=None if computers else early,
            )
        except Exception as err:
            for __, job in drawing:
                job.cancel()
            if answer is not None and answer.take():
                # nothing was answered yet: the board keeps its buttons, the player is told
                await self._not_played(interaction, err, deferred=False)
            elif await self._acked(ack, interaction, answer):
                if clicked is not None:
                    await self._give_back_buttons(interaction, match_id, clicked.id, ply)
                await self._not_played(interaction, err, deferred=clicked is None)
            return
        # computers answer before the board goes out: one message shows it all
        result = await self.computers.play(match_id, result.match) or result
        if drawing and drawing[-1][0] == result.match.ply:
            picture = drawing[-1][1]
        else:
            for __, job in drawing:
                job.cancel()
            picture = self.bot.delivery.picture_soon(
                result.match,
                previous=result.previous_state,
                last=result.action,
                events=result.events,
            )
        acked = answer is not None or await self._acked(ack, interaction, None)
        if acked and clicked is None:
            # the first followup of a private "thinking" reply would replace it (a private
            # board nobody is pinged by): if "Played" did not fill it, the board goes to the
            # channel
            acked = await self._quietly(
                interaction, _("Played `{move}`.").format(move=result.notation), edit=True
            )
        try:
            message = await self.bot.delivery.deliver(
                match_id,
                interaction=interaction if acked else None,
                answer=answer,
                clicked=None if clicked is None else clicked.id,
                previous=result.previous_state,
                last=result.action,
                picture=(result.match.ply, picture),
                match=result.match,
                claimed=result.boards,
                latest=result.latest_board,
            )
            self.bot.metrics.moved(result.match.game, started)
            if answer is not None and not await answer.acknowledged():
                acked = False  # the board went to the channel; the click could not be answered
            late = (
                message is None and acked and await self.service.store.outbox.undelivered(match_id)
            )
        except StorageError as err:
            # the move is stored: only its board waits (the outbox posts it later)
            log.warning("match %s: board delivery hit a storage fault: %s", match_id, err.kind)
            if answer is not None and not await answer.acknowledged():
                return
            await self._quietly(
                interaction,
                _(
                    "Your move was saved, but the bot's database could not be reached to post "
                    "the new board; it will be posted here shortly."
                ),
            )
            return
        except Exception:
            # the move is stored whatever went wrong after: its board waits in the outbox
            log.exception("match %s: the board of a saved move could not be delivered", match_id)
            late = acked and not (answer is not None and not await answer.acknowledged())
        if late:
            await self._quietly(
                interaction,
                _(
                    "Your move was saved, but Discord would not take the new board just now; "
                    "the next click on this match shows it."
                )
                if result.match.casual
                else _(
                    "Your move was saved, but Discord would not take the new board just now; "
                    "it will be posted here as soon as it can."
                ),
            )
        await self.channel_notice(interaction, result.match)
        await self.tell_dm_refused(interaction, result.match)

    async def _acked(
        self,
        ack: asyncio.Future[Any] | None,
        interaction: discord.Interaction[Any],
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

    async def _not_played(
        self, interaction: discord.Interaction[Any], err: Exception, *, deferred: bool
    ) -> None:
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

    async def _quietly(
        self, interaction: discord.Interaction[Any], message: str, *, edit: bool = False
    ) -> bool:
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
        interaction: discord.Interaction[Any],
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

    async def post_board(
        self,
        match: Match,
        *,
        interaction: discord.Interaction[Any] | None = None,
        headline: str | None = None,
    ) -> discord.Message | None:
        """Post the current board again as a new message (``/<game> board``): the interaction's
        followup if given, else the match channel. Older boards lose their buttons. A public
        message: in the match's language (as ``headline`` must be)."""
        files, filename = await self.bot.delivery.picture(match)
        with words.use(match.language):
            content = compose(match, [headline] if headline else [], notes=ui.notes_text(match))
            embed = board_embed(match, filename=filename)
            view = ui.build_view(match)
        kwargs: dict[str, Any] = {
            "content": content,
            "embed": embed,
            "files": files,
            "allowed_mentions": PING_USERS,
        }
        if view is not None:
            kwargs["view"] = view
        if interaction is not None:
            venue.followed_up(interaction)
            message = await interaction.followup.send(wait=True, **kwargs)
            self.posted_through(message.id, interaction, original=False)
        elif match.casual:
            raise venue.no_route()
        else:
            channel = await self.postable(match.channel_id)
            message = await channel.send(**kwargs)
        if match.state is not None:
            older = await self.service.add_board(
                match.id, message.id, message.channel.id, match.ply, story_from=match.ply
            )
            for message_id in older:
                await self.strip_buttons(message.channel.id, message_id, casual=match.casual)
        if interaction is not None:
            await self.channel_notice(interaction, match)
        return message

    async def show_lobby_status(
        self, match: Match, lobbies: list[tuple[int, int]], *, end: str | None = None
    ) -> None:
        """The lobby messages, edited to say how the lobby ended ("started", "finished: bob
        won", "ended by alice"...), without buttons. Public: in the match's language."""
        with words.use(match.language):
            text = lobby_text(match, end=end)
        edits: dict[str, Any] = {
            "content": text,
            "view": None,
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        for channel_id, message_id in lobbies:
            try:
                if match.casual:
                    # only the interaction that posted it, while it lasts, may edit it
                    await self.strip_buttons(channel_id, message_id, content=text, casual=True)
                    continue
                channel = self.bot.get_partial_messageable(channel_id)
                await channel.get_partial_message(message_id).edit(**edits)
                self.stripped.append(message_id)  # its buttons are off too
            except discord.HTTPException as err:
                log.info("could not update lobby message %s: %s", message_id, err.status)
