"""The private "End the match here?" question and its Confirm and Cancel buttons.

Each button's custom id (``rh:x:<match>:<lobby|active>:<ply>:<user>:<confirm|cancel>``) holds the
match as it stood when the question was asked and who asked, so an answer still works after a
restart, is refused for a match that moved on or ended meanwhile, and counts only from the
person who asked.
"""

from __future__ import annotations

import re

import discord

from bot import ids
from bot.locales import Reading
from bot.matches import Match
from bot.ui.routing import run, table_of
from bot.ui.views import Components
from words import domain

_, ngettext, N_ = domain("bot").functions()

#: the kind of component these are
Button = discord.ui.Button[discord.ui.View]


NOT_YOURS = N_("Only the person who asked can answer this.")


class AbandonButton(Reading, discord.ui.DynamicItem[Button], template=ids.ABANDON.pattern):
    def __init__(
        self,
        match_id: int,
        stage: str,
        ply: int,
        user_id: int | None,
        op: str,
        *,
        item: Button | None = None,
    ) -> None:
        self.match_id, self.stage, self.ply, self.user_id, self.op = (
            match_id,
            stage,
            ply,
            user_id,
            op,
        )
        if item is None:
            confirm = op == "confirm"
            item = discord.ui.Button(
                label=_("Confirm: end it") if confirm else _("Cancel"),
                style=discord.ButtonStyle.danger if confirm else discord.ButtonStyle.secondary,
                custom_id=ids.ABANDON.write(
                    match_id=match_id, stage=stage, ply=ply, user=user_id or 0, op=op
                ),
            )
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[discord.ui.View],
        match: re.Match[str],
    ) -> AbandonButton:
        if not isinstance(item, discord.ui.Button):
            raise TypeError(f"an abandon answer is a button, not {item!r}")
        found = ids.ABANDON.read(match)
        user = found.number("user")
        return cls(
            found.number("match_id"),
            found.word("stage"),
            found.number("ply"),
            user if user < ids.SNOWFLAKE_LIMIT else None,
            found.word("op"),
            item=item,
        )

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        if self.user_id is None:
            await table_of(interaction).refuse(interaction, _(ids.INVALID))
            return
        if interaction.user.id != self.user_id:
            await table_of(interaction).refuse(interaction, _(NOT_YOURS))
            return
        await run(
            interaction,
            self.match_id,
            lambda t: t.answer_abandon(
                interaction,
                self.match_id,
                stage=self.stage,
                ply=self.ply,
                confirmed=self.op == "confirm",
            ),
        )


def abandon_view(match: Match, user_id: int) -> discord.ui.View:
    view = Components()
    for op in ("confirm", "cancel"):
        view.add_item(AbandonButton(match.id, match.status, match.ply, user_id, op))
    return view
