"""What a casual table (``bot.venue``) needs of an interaction with it (``CasualTable``, held by
the table).

The bot cannot post there by itself, so every interaction with the match is its chance: a
deadline the host set that passed since is applied now, and a board that could not be sent
(its interaction ran out, a restart) goes out as this interaction's answer instead of what
was asked. A player whose reminder DM was refused hears, privately, that those DMs are off.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot import venue
from bot.answer import TRANSPORT, Answer, Click
from bot.matches import Match
from bot.request import MoveRequest
from bot.service_ref import UsesService
from words import domain

if TYPE_CHECKING:
    from bot.matches import MatchService

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()

#: ``user_settings`` key: a reminder DM to this user was refused (said at their next action)
DM_REFUSED = "dm_refused"


class CasualTable(UsesService):
    """A casual table's waiting board and deadline, and its refused reminder DMs."""

    def __init__(
        self,
        service: Callable[[], MatchService],
        deadline_now: Callable[[Match], Awaitable[bool]],
        deliver: Callable[[MoveRequest], Awaitable[object]],
        clock: Callable[[], float],
    ) -> None:
        """``service``: the match service (built once the store is open); ``deadline_now``:
        the turn clock applies a deadline that passed (``TurnClock.deadline_now``);
        ``deliver``: a board out of the outbox (``Delivery.deliver``); ``clock``: the time an
        interaction's age is read on."""
        super().__init__(service)
        self.deadline_now = deadline_now
        self.deliver = deliver
        self.clock = clock

    async def show_waiting(self, interaction: Click, match: Match) -> bool:
        """At a casual table: apply a deadline that passed, then, if a board waits in the
        outbox, show it as this interaction's answer (nothing else is done); whether it did.
        Elsewhere nothing happens here (the bot posts by itself)."""
        if not match.casual or match.status != "active":
            return False
        if await self.deadline_now(match):
            match = await self.service.get(match.id)
        if not await self.service.outbox.undelivered(match.id):
            return False
        clicked = interaction.message
        answer = None
        if clicked is not None and not clicked.flags.ephemeral:
            answer = Answer(interaction)  # the board is the click's answer
        elif clicked is not None:
            await interaction.response.edit_message(view=None)
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.edit_original_response(
                content=_("Nothing was played: the newest board had not been shown; it is below.")
            )
        await self.deliver(
            MoveRequest(
                match.id,
                interaction=interaction,
                answer=answer,
                clicked=None if clicked is None else clicked.id,
                match=match,
            )
        )
        return True

    async def tell_dm_refused(self, interaction: Click, match: Match) -> None:
        """If a reminder DM to this player was refused since they last acted at a casual
        table, say privately that reminder DMs are off now."""
        if not match.casual or match.seat_of(interaction.user.id) is None:
            return
        store = self.service.store
        settings = await store.settings.user_settings(interaction.user.id)
        if not settings.get(DM_REFUSED):
            return
        await store.settings.set_user_settings(interaction.user.id, {**settings, DM_REFUSED: False})
        text = _(
            "I could not send you a reminder by DM (Discord refused it), so reminder DMs are "
            "off now. Allow DMs from me, then turn them on again with `/game notify dm:True`."
        )
        try:
            if interaction.response.is_done():
                if not venue.may_follow_up(interaction, self.clock):
                    return
                venue.followed_up(interaction)
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except (discord.HTTPException, *TRANSPORT) as err:
            log.info("could not tell user about their DMs: %r", err)
