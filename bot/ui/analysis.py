"""The post-game report ("Luck and decisions"): the final board's button (``rh:k:<match>``)
and ``/game analysis`` ask for it (``bot.analyses``).

The first to ask starts it: the report's public message appears in the match's channel (it
waits its turn, then says how far it is, then becomes the report), and the asker is told so
privately, with a link to it. Asking again while it is worked out says how far it is; asking
once it is done gives the asker the stored report privately, in their language, at once.
A match still being played, one that was abandoned, another server's or an unknown one is
refused privately, and nothing is started.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import discord

from bot import ids, report_message, viewer
from bot.locales import Reading, reader_locale
from bot.matches import Match, Refusal
from bot.reach import Button, Click, Component, ranch
from bot.store import AnalysisRow
from bot.ui.layout import BUTTON_LABEL, cut
from bot.ui.routing import RAN, table_of
from words import domain

if TYPE_CHECKING:
    pass

_, ngettext, N_ = domain("bot").functions()


async def answer(interaction: Click, match_id: int) -> None:
    """Ask for ``match_id``'s report and tell the asker privately where it stands."""
    interaction.extras[RAN] = True
    host = ranch(interaction)
    try:
        match = await viewer.match_of(host, match_id, interaction.guild_id)
        check_finished(match)
        await interaction.response.defer(ephemeral=True, thinking=True)
        row, first = await host.analyses.ask(match)
        await _tell(interaction, match, row, first)
    except Exception as err:
        await table_of(interaction).failed(interaction, err)


def check_finished(match: Match) -> None:
    if match.status == "finished":
        return
    if match.status == "abandoned":
        raise Refusal(
            _(
                "Match #{id} was ended before it was won: only finished matches have a report."
            ).format(id=match.id)
        )
    raise Refusal(
        _(
            "Match #{id} is still being played: its report can be asked for once it has ended."
        ).format(id=match.id)
    )


def _link(match: Match, row: AnalysisRow) -> str:
    if row.message_id is None:
        return f"<#{row.channel_id}>"
    return f"https://discord.com/channels/{match.guild_id}/{row.channel_id}/{row.message_id}"


async def _tell(interaction: Click, match: Match, row: AnalysisRow, first: bool) -> None:
    status = row.status
    if status == "done" and row.report:
        await _stored(interaction, match, row, row.report)
        return
    if status == "failed":
        text = report_message.failed_text(match)
    elif first:
        text = _("The report of match #{id} is on its way; it will appear here: {link}").format(
            id=match.id, link=_link(match, row)
        )
    else:
        shares = ranch(interaction).analyses.shares
        share = shares[match.id] if match.id in shares else float(row.progress)
        text = _(
            "The report of match #{id} is already being worked out ({percent}%); it will appear "
            "here: {link}"
        ).format(id=match.id, percent=min(99, round(share * 100)), link=_link(match, row))
    await interaction.followup.send(
        text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )


async def _stored(interaction: Click, match: Match, row: AnalysisRow, stored: str) -> None:
    """The stored report (``stored``: its JSON), privately, in the asker's language (its
    chart drawn again)."""
    host = ranch(interaction)
    report = json.loads(stored)
    picture = await host.renderer.report_picture(report, reader_locale(interaction))
    rows = await host.service.store.matches.actions(match.id)
    message = report_message.report_message(match, report, rows, picture)
    await interaction.followup.send(
        _("Posted here: {link}").format(link=_link(match, row)),
        files=message["attachments"],
        ephemeral=True,
        embed=message["embed"],
        allowed_mentions=message["allowed_mentions"],
    )


class AnalysisButton(Reading, discord.ui.DynamicItem[Button], template=ids.ANALYSIS.pattern):
    """On a finished match's final board: its report of luck and decisions."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(
                label=cut(_("Luck and decisions"), BUTTON_LABEL),
                emoji="📊",
                style=discord.ButtonStyle.secondary,
                custom_id=ids.ANALYSIS.write(match_id=match_id),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Click, item: Component, match: re.Match[str]
    ) -> AnalysisButton:
        return cls(ids.ANALYSIS.read(match).number("match_id"))

    async def callback(self, interaction: Click) -> None:
        await answer(interaction, self.match_id)


DYNAMIC_ITEMS = (AnalysisButton,)
