"""Ending a match before its time: ``/<game> abandon`` asks privately, with Confirm and Cancel,
and only the asker's Confirm ends it (if the match still stands as asked and they still may).
Every message of the match then says so, the newest board shows who ended it, and the channel
is told. ``Ending`` is held by the table (``Table.ending``); it needs the match service, the
stripping of buttons (``bot.strips``), a board's picture and the client, nothing else.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

import games
import words
from bot import ui
from bot.answer import Click
from bot.matches import Match, MatchService, Refusal
from bot.posters import Fields
from bot.request import Attached
from bot.service_ref import UsesService
from bot.texts import (
    abandon_question,
    board_embed,
    compose,
    escape,
    final_status,
    game_title,
    said,
    story_lines,
)
from words import domain

if TYPE_CHECKING:
    from bot.store.rows import BoardRow
    from bot.strips import Strips

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()

ONLY_HOST = N_("Only the host or someone with the Manage Channels permission can end this match.")


class Ending(UsesService):
    """Ending a match early: asked, confirmed, then told everywhere."""

    def __init__(
        self,
        service: Callable[[], MatchService],
        strips: Strips,
        picture: Callable[[Match], Awaitable[Attached]],
        client: discord.Client,
    ) -> None:
        """``service``: the match service (built once the store is open); ``strips``: the
        match's messages retired (and which interaction posted its board: a casual table's
        is edited through it); ``picture``: a board's picture (``Pictures.picture``);
        ``client``: the bot's own token."""
        super().__init__(service)
        self.strips = strips
        self.picture = picture
        self.client = client

    async def ask_abandon(self, interaction: Click, game: str, *, can_manage: bool) -> None:
        """``/<game> abandon``: ask privately, with Confirm and Cancel; nothing changes yet."""
        assert interaction.channel_id is not None, "a game command is used in a channel"
        match = await self.service.live_in(interaction.channel_id)
        if match is None or match.game != game:
            rules = games.get(game)
            raise Refusal(
                _("There is no {game} match here.").format(game=rules.narrator.text(rules.title))
            )
        if interaction.user.id != match.host_id and not can_manage:
            raise Refusal(_(ONLY_HOST))
        await interaction.response.send_message(
            abandon_question(match),
            view=ui.abandon_view(match, interaction.user.id),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def answer_abandon(
        self,
        interaction: Click,
        match_id: int,
        *,
        stage: str,
        ply: int,
        confirmed: bool,
    ) -> None:
        """The asker's Confirm or Cancel (the button checked it is theirs). Confirm ends the
        match if it still stands as asked and they still may end it; every message of the
        match then says so, and the channel is told."""
        match = await self.service.get(match_id)
        title = game_title(match)
        if not confirmed:
            await interaction.response.edit_message(
                content=_("Cancelled: nothing was changed, the {game} match goes on.").format(
                    game=title
                ),
                view=None,
            )
            return
        if not match.live:
            await interaction.response.edit_message(
                content=_("This {game} match is already over ({status}); nothing to end.").format(
                    game=title, status=final_status(match)
                ),
                view=None,
            )
            return
        perms = interaction.permissions
        try:
            match = await self.service.abandon(
                match.channel_id,
                match.game,
                user_id=interaction.user.id,
                can_manage=perms.manage_channels or perms.administrator,
                expected=(match_id, stage, ply),
            )
        except Refusal as err:
            await interaction.response.edit_message(content=said(err), view=None)
            return
        # the asker's answer in their language; what the channel reads in the match's
        lobby = stage == "lobby"
        done = _("Done: the lobby is closed.") if lobby else _("Done: the match has ended.")
        await interaction.response.edit_message(content=done, view=None)
        with words.use(match.language):  # what the channel and the match's messages say
            await self._ended(interaction, match, stage=stage, ply=ply)

    async def _ended(self, interaction: Click, match: Match, *, stage: str, ply: int) -> None:
        """The channel is told who ended the match; its messages say so."""
        title = game_title(match)
        name = escape(interaction.user.display_name)
        if stage == "lobby":
            told = _("🛑 **{name}** closed the {game} lobby here.").format(name=name, game=title)
            end = _("closed by {name}").format(name=name)
        else:
            told = _("🛑 **{name}** ended the {game} match here at move {ply}.").format(
                name=name, game=title, ply=ply
            )
            end = _("ended by {name}").format(name=name)
        try:
            await interaction.followup.send(told, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as err:
            log.info("could not tell the channel that match %s ended: %s", match.id, err.status)
        newest = await self.service.latest_board_row(match.id)
        board = newest if newest is not None and int(newest.ply) >= 0 else None
        keep = None if board is None else int(board.message_id)
        await self.strips.retire(match, keep=keep, end=end)

        if board is not None:
            await self._end_board(match, board, name)

    async def _end_board(self, match: Match, board: BoardRow, name: str) -> None:
        """The newest board, edited: its story, then who ended the match; no buttons."""
        story_from = board.story_from
        after = int(story_from) if story_from is not None else int(board.ply) - 1
        stories = await self.service.outbox.stories(match.id, after, match.ply)
        lines = story_lines(match, [json.loads(r.payload) for r in stories])
        message_id = int(board.message_id)
        held = self.strips.posted.take(message_id) if match.casual else None
        if match.casual and held is None:
            return  # only the interaction that posted it may edit it (it ran out)
        files, filename = await self.picture(match)
        edits: Fields = {
            "content": compose(match, lines, ended_by=name),
            "embed": board_embed(match, filename=filename),
            "attachments": files,
            "view": None,
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        try:
            if held is not None:
                await held.edit(message_id, **edits)
            else:
                channel = self.client.get_partial_messageable(int(board.channel_id))
                await channel.get_partial_message(message_id).edit(**edits)
        except discord.HTTPException as err:
            log.info("could not mark board %s as ended: %s", board.message_id, err.status)
