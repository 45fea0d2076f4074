"""The match viewer's message and components: a private message showing one position, with
first / back / forward / last buttons and a select to jump to a move.

Every component carries the match and the move shown (``rh:w:<match>:<ply>:<op>``,
``rh:j:<match>:<ply>``; the boards' "Moves" button ``rh:o:<match>``), so a viewer keeps working
after a restart and nothing about it is kept in memory: each step reads the match again, so
"last" is the match as it stands now (a spectator follows a live match by it). A step edits the
viewer in place (``UPDATE_MESSAGE``); a number the match does not have, another server's match
or an id that does not fit is refused privately and the viewer stays as it was.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import TypedDict

import discord

from bot import ids, viewer
from bot.locales import Reading
from bot.reach import Button, Click, Component, Select, ranch
from bot.texts import escape, game_title
from bot.ui.layout import BUTTON_LABEL, OPTION_TEXT, PLACEHOLDER, SELECT_OPTIONS, cut
from bot.ui.routing import RAN, table_of
from bot.ui.views import Components
from words import domain

_, ngettext, N_ = domain("bot").functions()

#: how long a step may take before it is acknowledged first and filled in after (Discord
#: wants an answer within 3 s)
ANSWER_WITHIN = 2.0
#: the moves either side of the one shown that the jump select always offers
NEAR = 6
#: an embed's description holds 4,096 characters
DESCRIPTION = 4000
COLOUR = discord.Colour.from_rgb(176, 112, 48)
#: the step buttons: (op, emoji, label)
STEPS = (
    ("first", "⏮️", N_("First")),
    ("back", "◀️", N_("Back")),
    ("next", "▶️", N_("Forward")),
    ("last", "⏭️", N_("Last")),
)


def window(ply: int, last: int) -> list[int]:
    """The moves the jump select offers (at most 25): every one of a short match, else those
    near the one shown and others spread over the whole match, first and last among them."""
    if last < SELECT_OPTIONS:
        return list(range(last + 1))
    near = range(max(0, ply - NEAR), min(last, ply + NEAR) + 1)
    marks = SELECT_OPTIONS - (2 * NEAR + 1)
    spread = {round(i * last / (marks - 1)) for i in range(marks)}
    return sorted(set(near) | spread)


def _target(op: str, ply: int, last: int) -> int:
    return {"first": 0, "back": ply - 1, "next": ply + 1, "last": last}[op]


# The message ------------------------------------------------------------------------------


def _heading(shown: viewer.Shown) -> str:
    match, last = shown.match, shown.last
    live = match.status == "active"
    if shown.ply == 0 and live:
        return ngettext(
            "**The opening position** ({count} move so far)",
            "**The opening position** ({count} moves so far)",
            last,
        ).format(count=last)
    if shown.ply == 0:
        return ngettext(
            "**The opening position** ({count} move in all)",
            "**The opening position** ({count} moves in all)",
            last,
        ).format(count=last)
    if live:
        return _("**Move {ply}** of {count} so far (the match is being played)").format(
            ply=shown.ply, count=last
        )
    return _("**Move {ply}** of {count}").format(ply=shown.ply, count=last)


def embed_of(shown: viewer.Shown, filename: str | None) -> discord.Embed:
    match = shown.match
    text = "\n".join([_heading(shown), *shown.lines])
    if len(text) > DESCRIPTION:
        text = text[: DESCRIPTION - 1] + "…"
    embed = discord.Embed(
        title=_("{game}, match #{id}").format(game=escape(game_title(match)), id=match.id),
        description=text,
        colour=COLOUR,
    )
    if filename:
        embed.set_image(url=f"attachment://{filename}")
    return embed


def files_of(shown: viewer.Shown) -> tuple[list[discord.File], str | None]:
    if shown.picture is None:
        return [], None
    png, alt = shown.picture
    name = f"view-{shown.match.game}-{shown.match.id}-{shown.ply}.png"
    return [discord.File(io.BytesIO(png), filename=name, description=alt)], name


def view_of(shown: viewer.Shown) -> discord.ui.View:
    match, ply, last = shown.match, shown.ply, shown.last
    view = Components()
    for op, emoji, label in STEPS:
        target = _target(op, ply, last)
        # ("last" of a live match stays: it is the match as it stands when clicked)
        still = target == ply and not (op == "last" and match.status == "active")
        off = still or not 0 <= target <= last
        view.add_item(StepButton(match.id, ply, op, emoji, _(label), disabled=off))
    if last > 0:
        view.add_item(JumpSelect(match.id, ply, window(ply, last)))
    return view


class ViewerMessage(TypedDict):
    """The viewer's message, as the arguments that post or edit it."""

    embed: discord.Embed
    attachments: list[discord.File]
    view: discord.ui.View
    allowed_mentions: discord.AllowedMentions


def message_of(shown: viewer.Shown) -> ViewerMessage:
    files, name = files_of(shown)
    return {
        "embed": embed_of(shown, name),
        "attachments": files,
        "view": view_of(shown),
        "allowed_mentions": discord.AllowedMentions.none(),
    }


# Answering --------------------------------------------------------------------------------


async def answer(
    interaction: Click,
    match_id: int,
    ply: int | None,
    op: str | None = None,
    *,
    update: bool = True,
) -> None:
    """Show ``match_id`` at move ``ply`` (None: as it stands now; with ``op``, the step from
    ``ply`` that ``op`` names): a new private message, or the clicked viewer updated in place.
    Anything refused is said privately and changes nothing."""
    interaction.extras[RAN] = True
    host = ranch(interaction)
    try:
        match = await viewer.match_of(host, match_id, interaction.guild_id, interaction.channel_id)
        if op is not None and ply is not None:
            viewer.check_move(match, ply)  # the viewer's own move: a forged one is refused
            ply = _target(op, ply, match.ply)
        work = asyncio.ensure_future(viewer.show(host, match, match.ply if ply is None else ply))
        await asyncio.wait({work}, timeout=ANSWER_WITHIN)
        if not work.done():  # acknowledged in time, filled in when drawn
            if update:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        shown = await work
        await _send(interaction, shown, update)
    except Exception as err:
        await table_of(interaction).failed(interaction, err)


async def _send(interaction: Click, shown: viewer.Shown, update: bool) -> None:
    message = message_of(shown)
    if interaction.response.is_done():
        await interaction.edit_original_response(**message)
    elif update:
        await interaction.response.edit_message(**message)
    else:
        await interaction.response.send_message(
            files=message["attachments"],
            ephemeral=True,
            embed=message["embed"],
            view=message["view"],
            allowed_mentions=message["allowed_mentions"],
        )


# Components -------------------------------------------------------------------------------


class MovesButton(Reading, discord.ui.DynamicItem[Button], template=ids.VIEW_OPEN.pattern):
    """On every board: the match's viewer, privately, at the match as it stands."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(
                label=cut(_("Moves"), BUTTON_LABEL),
                emoji="🎞️",
                style=discord.ButtonStyle.secondary,
                custom_id=ids.VIEW_OPEN.write(match_id=match_id),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Click, item: Component, match: re.Match[str]
    ) -> MovesButton:
        return cls(ids.VIEW_OPEN.read(match).number("match_id"))

    async def callback(self, interaction: Click) -> None:
        await answer(interaction, self.match_id, None, update=False)


class StepButton(Reading, discord.ui.DynamicItem[Button], template=ids.VIEW_STEP.pattern):
    def __init__(
        self,
        match_id: int,
        ply: int,
        op: str,
        emoji: str = "",
        label: str = "",
        *,
        disabled: bool = False,
    ) -> None:
        self.match_id, self.ply, self.op = match_id, ply, op
        super().__init__(
            discord.ui.Button(
                label=cut(label, BUTTON_LABEL) or None,
                emoji=emoji or None,
                style=discord.ButtonStyle.secondary,
                custom_id=ids.VIEW_STEP.write(match_id=match_id, ply=ply, op=op),
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Click, item: Component, match: re.Match[str]
    ) -> StepButton:
        found = ids.VIEW_STEP.read(match)
        return cls(found.number("match_id"), found.number("ply"), found.word("op"))

    async def callback(self, interaction: Click) -> None:
        await answer(interaction, self.match_id, self.ply, self.op)


class JumpSelect(Reading, discord.ui.DynamicItem[Select], template=ids.VIEW_JUMP.pattern):
    def __init__(self, match_id: int, ply: int, plies: list[int] | None = None) -> None:
        self.match_id, self.ply = match_id, ply
        options = [
            discord.SelectOption(label=cut(_label(p), OPTION_TEXT), value=str(p), default=p == ply)
            for p in plies or [ply]
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=ids.VIEW_JUMP.write(match_id=match_id, ply=ply),
                placeholder=cut(_("Jump to a move…"), PLACEHOLDER),
                options=options,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Click, item: Component, match: re.Match[str]
    ) -> JumpSelect:
        found = ids.VIEW_JUMP.read(match)
        return cls(found.number("match_id"), found.number("ply"))

    async def callback(self, interaction: Click) -> None:
        values = self.item.values
        target = ids.number(values[0]) if len(values) == 1 else None
        if target is None:
            interaction.extras[RAN] = True
            await table_of(interaction).refuse(interaction, _(ids.INVALID))
            return
        await answer(interaction, self.match_id, target)


def _label(ply: int) -> str:
    return _("The opening position") if ply == 0 else _("Move {ply}").format(ply=ply)


DYNAMIC_ITEMS = (MovesButton, StepButton, JumpSelect)
