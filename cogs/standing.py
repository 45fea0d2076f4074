"""``/game standing``: your standing orders, the moves the bot plays for you at once whenever
they are all you could sensibly do (``bot.standing``): turn one on or off, or list yours.

Joins the ``/game`` group of ``cogs.game`` (loaded before this module: cogs load in name
order). Answers privately.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands

from bot import standing
from bot.command_words import described
from bot.pipeline import if_moved
from bot.request import MoveRequest
from cogs.records import GameGroupCommands, GroupCommand
from words import domain

if TYPE_CHECKING:
    from bot.client import RanchHand
    from cogs.base import Interaction

_, ngettext, N_ = domain("bot").functions()

#: every game's orders, as the command's choices ("game:key"), named in each language
ORDERS = [
    app_commands.Choice(
        name=described(N_("{title}: {help}"), game=game, help=order.name),
        value=f"{game}:{order.key}",
    )
    for game, order in standing.every_order()
]


@app_commands.command(
    name="standing",
    description=described(N_("Your standing orders: list them, or turn one on or off.")),
)
@app_commands.describe(
    order=described(N_("The standing order to turn on or off")),
    on=described(N_("On or off (left out: switched the other way)")),
)
@app_commands.choices(order=ORDERS)
async def standing_command(
    interaction: Interaction, order: str | None = None, on: bool | None = None
) -> None:
    client = interaction.client
    store, user_id = client.service.store, interaction.user.id
    if order is None:
        text = (
            _("Name the order too: `/game standing order:… on:…`.")
            if on is not None
            else await standing.listing(store, user_id)
        )
    else:
        game, __, key = order.partition(":")
        if on is None:
            on = key not in await store.orders.standing_orders(user_id, game)
        text = await standing.set_order(store, user_id, game, key, on, client.clock())
    await interaction.response.send_message(text, ephemeral=True)
    if order is not None and on:
        # turned on while a board waits on you here: it plays now
        table = client.table
        channel_id = interaction.channel_id
        match = await client.service.live_in(channel_id) if channel_id is not None else None
        if match is not None and match.game == order.partition(":")[0]:
            await table.pipeline.run(MoveRequest(match.id), ready=if_moved)


class Standing(GameGroupCommands):
    """Holds the command this module adds to the ``/game`` group."""

    group_commands: tuple[GroupCommand, ...] = (standing_command,)


async def setup(bot: RanchHand) -> None:
    await bot.add_cog(Standing(bot))
