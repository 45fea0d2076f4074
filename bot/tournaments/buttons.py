"""The sign-up message's buttons (``rh:tn:<tournament>:<join|leave|start>``): they work after
a restart, since the id names the tournament; Start is the organiser's (or a manager's)."""

from __future__ import annotations

import re

import discord

from bot import ids
from bot.gate import Gated
from bot.host import Host
from bot.tournaments import posts
from bot.ui.routing import RAN, table_of
from words import domain

_, ngettext, N_ = domain("bot").functions()

#: the kind of component these are
Button = discord.ui.Button[discord.ui.View]


def may_organise(interaction: discord.Interaction[discord.Client]) -> bool:
    """Members with Manage Server or Manage Events run tournaments."""
    perms = interaction.permissions
    return perms.manage_guild or perms.manage_events or perms.administrator


class TournamentButton(Gated, discord.ui.DynamicItem[Button], template=ids.TOURNAMENT.pattern):
    def __init__(self, tournament_id: int, op: str, *, item: Button | None = None) -> None:
        self.tournament_id, self.op = tournament_id, op
        super().__init__(
            item
            or discord.ui.Button(custom_id=ids.TOURNAMENT.write(tournament=tournament_id, op=op))
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[discord.ui.View],
        match: re.Match[str],
    ) -> TournamentButton:
        if not isinstance(item, discord.ui.Button):
            raise TypeError(f"a sign-up answer is a button, not {item!r}")
        found = ids.TOURNAMENT.read(match)
        return cls(found.number("tournament"), found.word("op"), item=item)

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        interaction.extras[RAN] = True
        try:
            bot = interaction.client
            if not isinstance(bot, Host):
                raise TypeError(f"the sign-up buttons belong to the bot, not {bot!r}")
            await self._act(bot, interaction)
        except Exception as err:
            await table_of(interaction).failed(interaction, err)

    async def _act(self, bot: Host, interaction: discord.Interaction[discord.Client]) -> None:
        tournaments = bot.tournaments
        t = await tournaments.get(self.tournament_id)
        if t.channel_id != interaction.channel_id:
            await table_of(interaction).refuse(interaction, _(ids.INVALID))
            return
        user = interaction.user
        if self.op == "join":
            t = await tournaments.join(t.id, user.id, user.display_name)
        elif self.op == "leave":
            t = await tournaments.leave(t.id, user.id)
        else:
            if user.id != t.organiser_id and not may_organise(interaction):
                await table_of(interaction).refuse(
                    interaction, _("Only the organiser starts the tournament.")
                )
                return
            await interaction.response.defer()
            await tournaments.begin(t.id)
            return
        content, view = await posts.signup_content(bot, await tournaments.get(t.id))
        await interaction.response.edit_message(
            content=content, view=view, allowed_mentions=posts.NO_PINGS
        )
