"""The Discord side of a move: refuse privately, or acknowledge, apply, render, post the board.

Per move: check the actor (a refusal is an ephemeral reply and changes nothing); acknowledge
within Discord's 3 seconds; apply through the match service; render in a worker thread; post a
new board message (picture, what happened, a mention of whoever must act next); then drop the
buttons from the older boards.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot import ui
from bot.matches import Match, MatchService, Refusal
from bot.store import StorageError
from bot.texts import (  # noqa: F401  (re-exported for the cogs and the clock)
    PING_USERS,
    board_embed,
    clock_text,
    compose,
    escape,
    everyone,
    lobby_text,
    mention,
    stamp,
)
from games.base import GameError

if TYPE_CHECKING:
    from bot.client import RanchHand

log = logging.getLogger(__name__)

RESTARTING = "The bot is restarting; nothing was changed. Try again in a minute."


class Table:
    def __init__(self, bot: RanchHand) -> None:
        self.bot = bot

    @property
    def service(self) -> MatchService:
        return self.bot.service

    # Replies -------------------------------------------------------------------------------

    async def refuse(self, interaction: discord.Interaction[Any], message: str) -> None:
        """A private, polite refusal; works whether or not the interaction was acknowledged."""
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)

    async def failed(self, interaction: discord.Interaction[Any], err: Exception) -> None:
        if isinstance(err, Refusal | GameError):
            message = str(err)
        else:
            log.error("error handling interaction %s", interaction.id, exc_info=err)
            message = "Sorry, something went wrong on my side; it has been logged."
        try:
            await self.refuse(interaction, message)
        except discord.HTTPException:
            log.warning("could not deliver an error message for interaction %s", interaction.id)

    # Lobby ---------------------------------------------------------------------------------

    async def send_lobby(
        self, interaction: discord.Interaction[Any], match: Match, *, text: str | None = None
    ) -> None:
        """Answer with the lobby message (buttons while it is open) and remember it, so the
        older lobby messages lose their buttons."""
        live = match.status == "lobby"
        callback = await interaction.response.send_message(
            text or lobby_text(match),
            view=ui.lobby_view(match) if live else discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        message_id = getattr(callback, "message_id", None)
        if live and message_id is not None and interaction.channel_id is not None:
            await self.track(match, interaction.channel_id, message_id)
        elif not live:
            await self.retire(match)

    async def track(self, match: Match, channel_id: int, message_id: int) -> None:
        """A new lobby message: it alone keeps the Join/Leave/Start buttons."""
        for older in await self.service.add_board(match.id, message_id, channel_id, -1):
            await self.strip_buttons(channel_id, older)

    async def retire(self, match: Match, *, keep: int | None = None) -> None:
        """The match is over or closed: no message of it keeps buttons (``keep`` has none
        already, or keeps its own, e.g. a final board's Rematch)."""
        for channel_id, message_id in await self.service.retire_boards(match.id):
            if message_id != keep:
                await self.strip_buttons(channel_id, message_id)

    async def lobby_action(
        self, interaction: discord.Interaction[Any], match_id: int, op: str
    ) -> None:
        try:
            match = await self.service.get(match_id)
            if match.status != "lobby" or match.channel_id != interaction.channel_id:
                raise Refusal("This lobby is closed.")
            if op == "start":
                await self.start(interaction, match.game, from_button=True)
                return
            user = interaction.user
            if op == "join":
                match = await self.service.join(
                    match.channel_id, match.game, user_id=user.id, name=user.display_name
                )
            else:
                match = await self.service.leave(match.channel_id, match.game, user_id=user.id)
        except (Refusal, GameError) as err:
            await self.refuse(interaction, str(err))
            return
        if match.live:
            await interaction.response.edit_message(
                content=lobby_text(match), view=ui.lobby_view(match)
            )
        else:
            await interaction.response.edit_message(
                content="Everyone left; the lobby is closed.", view=None
            )
            await self.retire(match)

    async def start(
        self, interaction: discord.Interaction[Any], game: str, *, from_button: bool = False
    ) -> None:
        """Start the lobby here and post the first board (a new message: it notifies the
        player to act)."""
        match = await self.service.start(interaction.channel_id, game, user_id=interaction.user.id)
        clicked = interaction.message.id if from_button and interaction.message else None
        if from_button:
            await interaction.response.edit_message(content=lobby_text(match), view=None)
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.edit_original_response(content="Started; the board is below.")
        # lobby messages lose their buttons (the one clicked already did)
        for channel_id, message_id in await self.service.retire_boards(match.id):
            if message_id != clicked:
                await self.strip_buttons(channel_id, message_id)
        await self.bot.delivery.deliver(match.id, interaction=interaction)

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
            await self.refuse(interaction, RESTARTING)
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
        try:
            match, mine = await self.service.check_actor(match_id, user_id, ply=ply, seat=seat)
            if text is not None:
                match.rules.parse_action(match.state, mine, text)
        except (Refusal, GameError) as err:
            await self.refuse(interaction, str(err))
            return
        slash = interaction.type is discord.InteractionType.application_command
        clicked = None if slash else interaction.message
        if clicked is not None:
            # The acknowledgement itself takes the buttons off the board (or private menu)
            # that was used: at once, with no extra request, and it cannot be clicked twice.
            acknowledging = interaction.response.edit_message(view=None)
        else:
            acknowledging = interaction.response.defer(ephemeral=True, thinking=True)
        # the acknowledgement travels while the move is applied and its picture drawn
        ack = asyncio.ensure_future(acknowledging)
        try:
            result = await self.service.act(
                match_id, user_id, ply=ply, seat=seat, index=index, text=text
            )
        except Exception as err:
            if await self._acked(ack, interaction):
                if clicked is not None:
                    await self._give_back_buttons(interaction, match_id, clicked.id, ply)
                await self._not_played(interaction, err, deferred=clicked is None)
            return
        picture = asyncio.ensure_future(
            self.bot.delivery.picture(
                result.match, previous=result.previous_state, last=result.action
            )
        )
        acked = await self._acked(ack, interaction)
        if acked and clicked is None:
            await self._quietly(interaction, f"Played `{result.notation}`.", edit=True)
        message = await self.bot.delivery.deliver(
            match_id,
            interaction=interaction if acked else None,
            clicked=None if clicked is None else clicked.id,
            previous=result.previous_state,
            last=result.action,
            picture=(result.match.ply, picture),
        )
        if message is None and acked and await self.service.store.undelivered(match_id):
            await self._quietly(
                interaction,
                "Your move was saved, but Discord would not take the new board just now; it "
                "will be posted here as soon as it can.",
            )

    async def _acked(self, ack: asyncio.Future[Any], interaction: discord.Interaction[Any]) -> bool:
        """Whether the acknowledgement went through (else the board goes to the channel)."""
        try:
            await ack
        except discord.HTTPException as err:
            log.info("could not acknowledge interaction %s: %s", interaction.id, err.status)
            return False
        return True

    async def _not_played(
        self, interaction: discord.Interaction[Any], err: Exception, *, deferred: bool
    ) -> None:
        """Tell the player, privately, that the move was not stored and why."""
        if isinstance(err, Refusal | GameError):
            message = str(err)
        elif isinstance(err, StorageError):
            message = f"{err} Your move was not saved; the board's buttons are back."
        else:
            log.error("error applying a move (interaction %s)", interaction.id, exc_info=err)
            message = (
                "Sorry, something went wrong on my side and your move was not saved; it has "
                "been logged. The board's buttons are back: try again."
            )
        if deferred:
            await self._quietly(interaction, message, edit=True)
        else:
            await self._quietly(interaction, message)

    async def _quietly(
        self, interaction: discord.Interaction[Any], message: str, *, edit: bool = False
    ) -> None:
        try:
            if edit:
                await interaction.edit_original_response(content=message)
            else:
                await interaction.followup.send(message, ephemeral=True)
        except discord.HTTPException as err:
            log.info("could not tell the player (interaction %s): %s", interaction.id, err.status)

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
                await interaction.edit_original_response(view=ui.build_view(match))
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
        followup if given, else the match channel. Older boards lose their buttons."""
        content = compose(match, [headline] if headline else [], notes=ui.notes_text(match))
        files, filename = await self.bot.delivery.picture(match)
        kwargs: dict[str, Any] = {
            "content": content,
            "embed": board_embed(match, filename=filename),
            "files": files,
            "allowed_mentions": PING_USERS,
        }
        view = ui.build_view(match)
        if view is not None:
            kwargs["view"] = view
        if interaction is not None:
            message = await interaction.followup.send(wait=True, **kwargs)
        else:
            message = await self.bot.get_partial_messageable(match.channel_id).send(**kwargs)
        if match.state is not None:
            older = await self.service.add_board(
                match.id, message.id, message.channel.id, match.ply, story_from=match.ply
            )
            for message_id in older:
                await self.strip_buttons(message.channel.id, message_id)
        return message

    async def strip_buttons(self, channel_id: int, message_id: int) -> None:
        """An old board keeps its picture but loses its buttons."""
        try:
            channel = self.bot.get_partial_messageable(channel_id)
            await channel.get_partial_message(message_id).edit(view=None)
        except discord.HTTPException as err:
            log.info("could not clear buttons of message %s: %s", message_id, err)

    async def _channel(self, channel_id: int) -> discord.abc.Messageable:
        return self.bot.get_partial_messageable(channel_id)

    # Menus that open privately -------------------------------------------------------------

    async def open_group(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        *,
        ply: int,
        seat: int,
        group_index: int,
    ) -> None:
        try:
            match, _ = await self.service.check_actor(
                match_id, interaction.user.id, ply=ply, seat=seat
            )
        except (Refusal, GameError) as err:
            await self.refuse(interaction, str(err))
            return
        groups = ui.groups_of(match, seat)
        if not 0 <= group_index < len(groups):
            await self.refuse(
                interaction, "Those moves are no longer available; use the newest board."
            )
            return
        group = groups[group_index]
        await interaction.response.send_message(
            ui.group_text(match, seat, group),
            view=ui.group_view(match, seat, group),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def open_move_box(
        self, interaction: discord.Interaction[Any], match_id: int, *, ply: int
    ) -> None:
        try:
            match, _ = await self.service.check_actor(match_id, interaction.user.id, ply=ply)
        except (Refusal, GameError) as err:
            await self.refuse(interaction, str(err))
            return
        examples = " · ".join(match.rules.notation[:3])
        await interaction.response.send_modal(ui.MoveModal(self, match, examples))
