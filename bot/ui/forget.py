"""The private "Forget you?" question of ``/game forget-me`` and its two buttons.

Each button's custom id (``rh:f:<user>:<confirm|cancel>``) names who asked, so an answer still
works after a restart and counts only from that person.
"""

from __future__ import annotations

import logging
import re

import discord

from bot import ids, privacy
from bot.gate import Gated
from bot.reach import Button, Click, Component
from bot.ui.confirm import NOT_YOURS
from bot.ui.routing import RAN, table_of
from bot.ui.views import Components
from words import domain

_, ngettext, N_ = domain("bot").functions()
log = logging.getLogger(__name__)


class ForgetButton(Gated, discord.ui.DynamicItem[Button], template=ids.FORGET.pattern):
    def __init__(self, user_id: int | None, op: str, *, item: Button | None = None) -> None:
        self.user_id, self.op = user_id, op
        if item is None:
            confirm = op == "confirm"
            item = discord.ui.Button(
                label=_("Forget me") if confirm else _("Cancel"),
                style=discord.ButtonStyle.danger if confirm else discord.ButtonStyle.secondary,
                custom_id=ids.FORGET.write(user=user_id or 0, op=op),
            )
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Click,
        item: Component,
        match: re.Match[str],
    ) -> ForgetButton:
        found = ids.FORGET.read(match)
        user = found.number("user")
        button = item if isinstance(item, discord.ui.Button) else None
        return cls(user if user < ids.SNOWFLAKE_LIMIT else None, found.word("op"), item=button)

    async def callback(self, interaction: Click) -> None:
        interaction.extras[RAN] = True
        table = table_of(interaction)
        if self.user_id is None:
            await table.refuse(interaction, ids.INVALID)
            return
        if interaction.user.id != self.user_id:
            await table.refuse(interaction, _(NOT_YOURS))
            return
        try:
            if self.op == "confirm":
                done = await privacy.forget(table.service.store, self.user_id)
                text = privacy.forgotten_text(done)
                log.info("forgot user %s: %s", self.user_id, done)
            else:
                text = privacy.cancelled_text()
            await interaction.response.edit_message(content=text, view=None)
        except Exception as err:
            await table.failed(interaction, err)


def forget_view(user_id: int) -> discord.ui.View:
    view = Components()
    view.add_item(ForgetButton(user_id, "confirm"))
    view.add_item(ForgetButton(user_id, "cancel"))
    return view
