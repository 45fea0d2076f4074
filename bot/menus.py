"""The menus a board opens privately (a group of moves, the move box): ``Menus``, held by the
table."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

import words
from bot import ui
from bot.answer import Click
from bot.matches import Match, MatchService, Refusal
from bot.service_ref import UsesService
from bot.texts import said
from bot.ui import layout
from games.base import GameError
from words import domain

if TYPE_CHECKING:
    from bot.casual import CasualTable

_, ngettext, N_ = domain("bot").functions()


class Menus(UsesService):
    """A board's private menus, checked against the match as it stands."""

    def __init__(
        self,
        service: Callable[[], MatchService],
        refuse: Callable[[Click, str], Awaitable[None]],
        casual: CasualTable,
    ) -> None:
        """``service``: the match service (built once the store is open); ``refuse``: a
        private refusal (``Table.refuse``); ``casual``: a casual table's waiting board is
        shown instead of a menu."""
        super().__init__(service)
        self.refuse = refuse
        self.casual = casual

    async def open_group(
        self,
        interaction: Click,
        match_id: int,
        *,
        ply: int,
        seat: int,
        group_index: int,
    ) -> None:
        loaded = interaction.extras.get(ui.LOADED)
        if loaded is not None and await self.casual.show_waiting(interaction, loaded):
            return
        try:
            match, __ = await self.service.check_actor(
                match_id, interaction.user.id, ply=ply, seat=seat
            )
        except (Refusal, GameError) as err:
            await self.refuse(interaction, said(err))
            return
        with words.use(match.language):  # numbered as the public board shows them
            groups = ui.groups_of(match, seat)
            chosen = groups[group_index] if 0 <= group_index < len(groups) else None
            moves = _indices(match, seat, chosen) if chosen is not None else set()
        if chosen is None:
            await self.refuse(
                interaction, _("Those moves are no longer available; use the newest board.")
            )
            return
        # the private menu in the clicker's words: the same moves, grouped in their language
        mine = ui.groups_of(match, seat)
        group = next((g for g in mine if _indices(match, seat, g) == moves), None)
        with words.use(words.current() if group is not None else match.language):
            group = group or chosen
            await interaction.response.send_message(
                ui.group_text(match, seat, group),
                view=ui.group_view(match, seat, group),
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )

    async def open_move_box(self, interaction: Click, match_id: int, *, ply: int) -> None:
        loaded = interaction.extras.get(ui.LOADED)
        if loaded is not None and await self.casual.show_waiting(interaction, loaded):
            return
        try:
            match, __ = await self.service.check_actor(match_id, interaction.user.id, ply=ply)
        except (Refusal, GameError) as err:
            await self.refuse(interaction, said(err))
            return
        examples = " · ".join(match.rules.notation[:3])
        await interaction.response.send_modal(ui.MoveModal(self, match, examples))


def _indices(match: Match, seat: int, group: str) -> set[int]:
    """The moves (indices into the legal actions) of one of a seat's groups."""
    return {e.index for e in layout.group_entries(match, seat, group)}
