"""The Discord side of a move: refuse privately, or acknowledge, apply, render, post the board.

Per move: check the actor (a refusal is an ephemeral reply and changes nothing); apply through
the match service; draw the picture in the render pool; answer the click with the new board
(picture, what happened, a mention of whoever must act next) within Discord's 3 seconds, or
acknowledge it and post the board after; then drop the buttons from the older boards
(``bot.strips``: the ``Strips`` the table holds with the delivery). Where the bot may post is
``bot.channels`` (the ``Channels`` the table holds, as the delivery's posters do), ending a
match early ``bot.ending`` (``Ending``, held here too).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

import words
from bot import ui, venue
from bot.answer import TRANSPORT, Click
from bot.casual import CasualTable
from bot.channels import (  # noqa: F401  (re-exported)
    BLOCKED_RETRY,
    CannotPost,
    Channels,
    how_to_grant,
    is_thread,
    missing_permissions,
)
from bot.computers import Computers
from bot.ending import Ending
from bot.matches import Match, MatchService, Refusal
from bot.menus import Menus
from bot.moves import Moves
from bot.pipeline import Pipeline
from bot.posters import Fields
from bot.request import Attached, MoveRequest
from bot.store import StorageError
from bot.strips import Strips
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


class Table:
    def __init__(self, bot: Host, strips: Strips, channels: Channels) -> None:
        """``strips``: the stripping of old boards' buttons, held by the delivery too;
        ``channels``: where the bot may post."""
        self.bot = bot
        #: the channels matches live in: permissions, reaching them (``bot.channels``)
        self.channels = channels
        self.computers = Computers(bot)
        self._pipeline: Pipeline | None = None
        #: moves made here (``bot.moves``)
        self.moves = Moves(self)
        #: old boards' and lobby messages' buttons taken off (``bot.strips``)
        self.strips = strips
        #: messages posted through an interaction that can still edit them (``bot.posted``)
        self.posted = strips.posted
        #: ending a match early (``bot.ending``)
        self.ending = Ending(lambda: bot.service, strips, self._picture, bot)
        #: a casual table's waiting board and refused DMs (``bot.casual``)
        self.casual = CasualTable(
            lambda: bot.service,
            lambda match: bot.turns.deadline_now(match),
            lambda request: bot.delivery.deliver(request),
            lambda: bot.clock(),
        )
        #: a board's private menus (``bot.menus``)
        self.menus = Menus(lambda: bot.service, self.refuse, self.casual)

    async def _picture(self, match: Match) -> Attached:
        return await self.bot.delivery.pictures.picture(match)

    def posted_through(self, message_id: int, interaction: Click, *, original: bool) -> None:
        """``message_id`` was posted through ``interaction`` (its original response, or a
        followup): its buttons can be taken off through it while it lasts."""
        self.posted.remember(message_id, interaction, original=original)

    @property
    def service(self) -> MatchService:
        return self.bot.service

    # Ending a match early (``bot.ending``), as its command and buttons ask the table ------

    async def ask_abandon(self, interaction: Click, game: str, *, can_manage: bool) -> None:
        await self.ending.ask_abandon(interaction, game, can_manage=can_manage)

    async def answer_abandon(
        self, interaction: Click, match_id: int, *, stage: str, ply: int, confirmed: bool
    ) -> None:
        await self.ending.answer_abandon(
            interaction, match_id, stage=stage, ply=ply, confirmed=confirmed
        )

    # A casual table (``bot.casual``) and a board's menus (``bot.menus``), as the moves and
    # the components ask the table ----------------------------------------------------------

    async def show_waiting(self, interaction: Click, match: Match) -> bool:
        return await self.casual.show_waiting(interaction, match)

    async def tell_dm_refused(self, interaction: Click, match: Match) -> None:
        await self.casual.tell_dm_refused(interaction, match)

    async def open_group(
        self, interaction: Click, match_id: int, *, ply: int, seat: int, group_index: int
    ) -> None:
        await self.menus.open_group(
            interaction, match_id, ply=ply, seat=seat, group_index=group_index
        )

    async def open_move_box(self, interaction: Click, match_id: int, *, ply: int) -> None:
        await self.menus.open_move_box(interaction, match_id, ply=ply)

    # Channels (``bot.channels``), as the cogs and the clock ask the table ------------------

    def check_permissions(self, interaction: Click, *, new_thread: bool = False) -> None:
        self.channels.check_permissions(interaction, new_thread=new_thread)

    def problem_here(self, interaction: Click) -> str | None:
        return self.channels.problem_here(interaction)

    async def channel_notice(self, interaction: Click, match: Match) -> None:
        await self.channels.channel_notice(interaction, match)

    async def postable(self, channel_id: int, *, edit: bool = False) -> discord.PartialMessageable:
        return await self.channels.postable(channel_id, edit=edit)

    @property
    def pipeline(self) -> Pipeline:
        """A move's way to its board: the computers' turns, then the delivery (the delivery
        is built after the table)."""
        if self._pipeline is None:
            self._pipeline = Pipeline(self.computers, self.bot.delivery)
        return self._pipeline

    # Replies -------------------------------------------------------------------------------

    async def refuse(self, interaction: Click, message: str) -> None:
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

    async def failed(self, interaction: Click, err: Exception) -> None:
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
        self, interaction: Click, match: Match, *, text: str | None = None
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
            await self.strips.strip_buttons(channel_id, older, casual=match.casual)

    async def retire(
        self, match: Match, *, keep: int | None = None, end: str | None = None
    ) -> None:
        """The match is over or closed: no message of it keeps buttons (``Strips.retire``)."""
        await self.strips.retire(match, keep=keep, end=end)

    async def lobby_action(
        self, interaction: Click, match_id: int, op: str, target: int = 0
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
        interaction: Click,
        game: str,
        *,
        from_button: bool = False,
        answered: bool = False,
    ) -> None:
        """Start the lobby here and post the first board (a new message: it notifies the
        player to act); ``answered``: the interaction has its answer (the board follows it)."""
        channel_id = interaction.channel_id
        assert channel_id is not None, "a game is started in a channel"
        match = await self.service.live_in(channel_id)
        if match is None or not match.casual:
            self.check_permissions(interaction)
        match = await self.service.start(channel_id, game, user_id=interaction.user.id)
        clicked = interaction.message.id if from_button and interaction.message else None
        if from_button:
            with words.use(match.language):
                text = lobby_text(match)
            await interaction.response.edit_message(content=text, view=None)
            if clicked is not None:
                self.strips.note_stripped(clicked)  # its buttons are off
        elif not answered:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.edit_original_response(content=_("Started; the board is below."))
        await self.service.retire_boards(match.id)
        # a computer may open the game: one board shows its move
        await self.pipeline.run(MoveRequest(match.id, interaction=interaction))
        # then every lobby message says "started" and loses its buttons (the one clicked
        # already did both)
        lobbies = await self.service.lobby_messages(match.id)
        await self.strips.show_lobby_status(match, [m for m in lobbies if m[1] != clicked])
        await self.channel_notice(interaction, match)

    # Moves ---------------------------------------------------------------------------------

    async def play(
        self,
        interaction: Click,
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
            await self.moves.play(interaction, match_id, ply=ply, seat=seat, index=index, text=text)

    async def post_board(
        self,
        match: Match,
        *,
        interaction: Click | None = None,
        headline: str | None = None,
    ) -> discord.Message | None:
        """Post the current board again as a new message (``/<game> board``): the interaction's
        followup if given, else the match channel. Older boards lose their buttons. A public
        message: in the match's language (as ``headline`` must be)."""
        files, filename = await self.bot.delivery.pictures.picture(match)
        with words.use(match.language):
            content = compose(match, [headline] if headline else [], notes=ui.notes_text(match))
            embed = board_embed(match, filename=filename)
            view = ui.build_view(match)
        kwargs: Fields = {
            "content": content,
            "embed": embed,
            "files": files,
            "allowed_mentions": PING_USERS,
        }
        if view is not None:
            kwargs["view"] = view
        if interaction is not None:
            venue.followed_up(interaction)
            message: discord.Message = await interaction.followup.send(wait=True, **kwargs)
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
                await self.strips.strip_buttons(message.channel.id, message_id, casual=match.casual)
        if interaction is not None:
            await self.channel_notice(interaction, match)
        return message
