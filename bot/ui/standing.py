"""The standing-order toggle on a board (``bot.standing``): shown to the person the board waits
on when one of the game's orders would play for them now, so the move they are about to make
by hand is the one they can leave to the bot from then on.

Only that person may use it (anyone else is told so, privately); it turns the order on or off
for them in this game and says which, privately; turned on, it plays at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import discord

from bot import ids, standing
from bot.locales import Reading
from bot.matches import Match
from bot.pipeline import if_moved
from bot.reach import Button, Click
from bot.request import MoveRequest
from bot.ui import components
from bot.ui.components import FromCustomId
from bot.ui.layout import BUTTON_LABEL, FIXED_BUTTONS, ROW_BUTTONS, cut, plan
from bot.ui.routing import LOADED, run
from words import domain

if TYPE_CHECKING:
    from bot.computers import Computers
    from bot.host import Host
    from bot.matches import MatchService
    from bot.pipeline import Pipeline

_, ngettext, N_ = domain("bot").functions()


class Toggling(Protocol):
    """What the toggle uses of the table (``bot.table.Table``)."""

    bot: Host
    service: MatchService
    computers: Computers
    pipeline: Pipeline

    async def refuse(self, interaction: Click, message: str) -> None: ...


def build_view(match: Match) -> discord.ui.View | None:
    """The components for a board message (``bot.ui.components.build_view``), with the
    standing-order toggle of the person it waits on when an order of theirs would play now
    and the last row of buttons has room for it."""
    view = components.build_view(match)
    found = standing.candidate(match)
    if view is None or found is None:
        return view
    layout = plan(match)
    if layout.menus or (len(layout.buttons) + FIXED_BUTTONS) % ROW_BUTTONS == 0:
        return view
    seat, order = found
    k = match.rules.standing_orders.index(order)
    label = match.rules.narrator.text(order.name)
    view.add_item(StandingButton(match.id, seat, k, label))
    return view


class StandingButton(
    Reading, FromCustomId, discord.ui.DynamicItem[Button], template=ids.STANDING.pattern
):
    def __init__(self, match_id: int, seat: int, k: int, label: str) -> None:
        self.match_id, self.seat, self.k = match_id, seat, k
        super().__init__(
            discord.ui.Button(
                label=cut(label, BUTTON_LABEL),
                emoji="🔁",
                style=discord.ButtonStyle.secondary,
                custom_id=ids.STANDING.write(match_id=match_id, seat=seat, k=k),
            )
        )

    async def callback(self, interaction: Click) -> None:
        await run(interaction, self.match_id, lambda t: self._toggle(t, interaction))

    async def _toggle(self, table: Toggling, interaction: Click) -> None:
        match: Match = interaction.extras[LOADED]
        orders = match.rules.standing_orders
        if not (0 <= self.seat < len(match.seats) and 0 <= self.k < len(orders)):
            await table.refuse(interaction, _(ids.INVALID))
            return
        if match.user_of(self.seat) != interaction.user.id:
            name = match.name_of(self.seat)
            await table.refuse(interaction, _("Those buttons are for {name}.").format(name=name))
            return
        service = table.service
        text = await standing.toggle(
            service.store, interaction.user.id, match.game, orders[self.k].key, service.clock()
        )
        await interaction.response.send_message(text, ephemeral=True)
        # turned on where it applies: it plays now, and the board shows it
        await table.pipeline.run(MoveRequest(match.id), ready=if_moved)
