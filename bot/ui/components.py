"""Discord components built from a layout ``Plan``.

Every component is a ``DynamicItem`` whose custom id carries the match, the board's ply, the seat
and the action's index (``rh:a:<match>:<ply>:<seat>:<n>``), so a board keeps working after a
restart and a click on an out-of-date board is refused instead of misapplied. The "Type a move"
box is answered by its custom id too (``bot.ui.routing``), never by a modal kept in memory.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import ClassVar, Self

import discord

from bot import ids, readable, rematch
from bot.locales import Reading
from bot.matches import Match
from bot.reach import Button, Click, Component, Select
from bot.ui.analysis import AnalysisButton
from bot.ui.layout import (
    BUTTON_LABEL,
    FIXED_BUTTONS,
    MAX_ROWS,
    OPTION_TEXT,
    PLACEHOLDER,
    ROW_BUTTONS,
    SELECT_OPTIONS,
    Entry,
    Listing,
    chunks,
    cut,
    group_entries,
    group_label,
    people_acting,
    plan,
    private_buttons,
)
from bot.ui.routing import LOADED, MOVE_FIELD, MOVE_LENGTH, run, table_of
from bot.ui.viewer import DYNAMIC_ITEMS as VIEWER_ITEMS
from bot.ui.viewer import MovesButton
from bot.ui.views import Components
from words import domain

_, ngettext, N_ = domain("bot").functions()


def build_view(match: Match) -> discord.ui.View | None:
    """The components for a board message, or None when nobody can act."""
    if match.status != "active" or not people_acting(match):
        return None
    layout = plan(match)
    view = Components()
    for e in layout.buttons:
        view.add_item(ActionButton(match.id, match.ply, e))
    if layout.steps:
        for seat, gi, group in _numbered(layout.groups):
            items = layout.groups[(seat, group)]
            view.add_item(GroupButton(match.id, match.ply, seat, gi, group, items))
    view.add_item(TypeMoveButton(match.id, match.ply))
    view.add_item(TextBoardButton(match.id))
    view.add_item(MovesButton(match.id))
    for k, listing in enumerate(layout.selects):
        view.add_item(ActionSelect(match.id, match.ply, listing.seat, k, listing))
    if layout.menus and not layout.steps:
        free_rows = MAX_ROWS - math.ceil((len(layout.buttons) + FIXED_BUTTONS) / ROW_BUTTONS)
        parts = chunks(_numbered(layout.groups), SELECT_OPTIONS)[:free_rows]
        title = _("Choose a piece…") if match.rules.piece_then_target else _("More moves…")
        for k, part in enumerate(parts):
            view.add_item(GroupSelect(match.id, match.ply, k, part, layout.groups, title))
    return view


def _numbered(groups: Iterable[tuple[int, str]]) -> list[tuple[int, int, str]]:
    """(seat, index among that seat's groups, group) for every group, in order."""
    counts: dict[int, int] = {}
    out = []
    for seat, group in groups:
        out.append((seat, counts.get(seat, 0), group))
        counts[seat] = counts.get(seat, 0) + 1
    return out


def group_view(match: Match, seat: int, group: str) -> discord.ui.View:
    """The private follow-up for one group chosen from the "More moves…" menu: buttons (their
    notes in ``layout.group_text``) when they fit, else selects whose options carry them."""
    items = group_entries(match, seat, group)
    view = Components()
    if private_buttons(items):
        for e in items:
            view.add_item(ActionButton(match.id, match.ply, e))
        return view
    parts = chunks(items, SELECT_OPTIONS)[:MAX_ROWS]
    for k, part in enumerate(parts):
        title = group if len(parts) == 1 else f"{group} ({k + 1}/{len(parts)})"
        listing = Listing(seat, title, [(e, e.label) for e in part])
        view.add_item(ActionSelect(match.id, match.ply, seat, k, listing))
    return view


def _choices(n: int) -> str:
    return ngettext("{count} choice", "{count} choices", n).format(count=n)


class FromCustomId:
    """Rebuilds a component from its custom id when it is clicked, after any restart: each
    named number of the template becomes a whole-number attribute (the item itself comes back
    from the message as it was sent)."""

    @classmethod
    async def from_custom_id(
        cls, interaction: Click, item: Component, match: re.Match[str]
    ) -> Self:
        self = cls.__new__(cls)
        # every class this is mixed into is a DynamicItem, which the checker cannot see here
        discord.ui.DynamicItem.__init__(self, item)  # type: ignore[arg-type]
        for name, value in ids.read(match).values.items():
            setattr(self, name, value)
        return self


# Components -----------------------------------------------------------------------------------


class ActionButton(
    Reading,
    FromCustomId,
    discord.ui.DynamicItem[Button],
    template=ids.ACTION_BUTTON.pattern,
):
    def __init__(self, match_id: int, ply: int, entry: Entry) -> None:
        self.match_id, self.ply, self.seat, self.index = match_id, ply, entry.seat, entry.index
        style = discord.ButtonStyle.primary if entry.primary else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=cut(entry.label, BUTTON_LABEL),
                style=style,
                emoji=entry.emoji,
                custom_id=ids.ACTION_BUTTON.write(
                    match_id=match_id, ply=ply, seat=entry.seat, index=entry.index
                ),
            )
        )

    async def callback(self, interaction: Click) -> None:
        await run(
            interaction,
            self.match_id,
            lambda t: t.play(
                interaction, self.match_id, ply=self.ply, seat=self.seat, index=self.index
            ),
        )


class ActionSelect(
    Reading,
    FromCustomId,
    discord.ui.DynamicItem[Select],
    template=ids.ACTION_SELECT.pattern,
):
    def __init__(self, match_id: int, ply: int, seat: int, k: int, listing: Listing) -> None:
        self.match_id, self.ply, self.seat = match_id, ply, seat
        options = [
            discord.SelectOption(
                label=cut(label, OPTION_TEXT),
                value=str(e.index),
                description=cut(e.note, OPTION_TEXT) or None,
                emoji=e.emoji,
            )
            for e, label in listing.options
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=ids.ACTION_SELECT.write(match_id=match_id, ply=ply, seat=seat, k=k),
                placeholder=cut(listing.title, PLACEHOLDER),
                options=options,
            )
        )

    async def callback(self, interaction: Click) -> None:
        values = self.item.values
        index = ids.number(values[0]) if len(values) == 1 else None
        if index is None:
            await table_of(interaction).refuse(interaction, _(ids.INVALID))
            return
        await run(
            interaction,
            self.match_id,
            lambda t: t.play(interaction, self.match_id, ply=self.ply, seat=self.seat, index=index),
        )


class GroupSelect(
    Reading, FromCustomId, discord.ui.DynamicItem[Select], template=ids.GROUP_SELECT.pattern
):
    def __init__(
        self,
        match_id: int,
        ply: int,
        k: int,
        keys: list[tuple[int, int, str]],
        groups: dict[tuple[int, str], list[Entry]],
        title: str,
    ) -> None:
        self.match_id, self.ply = match_id, ply
        options = [
            discord.SelectOption(
                label=cut(group, OPTION_TEXT),
                value=f"{seat}.{gi}",
                description=_choices(len(groups[(seat, group)])),
            )
            for seat, gi, group in keys
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=ids.GROUP_SELECT.write(match_id=match_id, ply=ply, k=k),
                placeholder=cut(title, PLACEHOLDER),
                options=options,
            )
        )

    async def callback(self, interaction: Click) -> None:
        values = self.item.values
        found = ids.GROUP_VALUE.fullmatch(values[0]) if len(values) == 1 else None
        if found is None:
            await table_of(interaction).refuse(interaction, _(ids.INVALID))
            return
        seat, group_index = int(found["seat"]), int(found["group"])
        await run(
            interaction,
            self.match_id,
            lambda t: t.open_group(
                interaction, self.match_id, ply=self.ply, seat=seat, group_index=group_index
            ),
        )


class GroupButton(
    Reading, FromCustomId, discord.ui.DynamicItem[Button], template=ids.GROUP_BUTTON.pattern
):
    """A piece on a piece-then-target board: its moves open privately (``Table.open_group``),
    checked there against the board's ply, the seat and the groups the board showed."""

    def __init__(
        self, match_id: int, ply: int, seat: int, group_index: int, group: str, items: list[Entry]
    ) -> None:
        self.match_id, self.ply, self.seat, self.group_index = match_id, ply, seat, group_index
        primary = any(e.primary for e in items)
        emojis = {e.emoji for e in items}
        super().__init__(
            discord.ui.Button(
                label=cut(group_label(group, items), BUTTON_LABEL),
                style=discord.ButtonStyle.primary if primary else discord.ButtonStyle.secondary,
                emoji=emojis.pop() if len(emojis) == 1 else None,
                custom_id=ids.GROUP_BUTTON.write(
                    match_id=match_id, ply=ply, seat=seat, group_index=group_index
                ),
            )
        )

    async def callback(self, interaction: Click) -> None:
        await run(
            interaction,
            self.match_id,
            lambda t: t.open_group(
                interaction,
                self.match_id,
                ply=self.ply,
                seat=self.seat,
                group_index=self.group_index,
            ),
        )


class TypeMoveButton(
    Reading, FromCustomId, discord.ui.DynamicItem[Button], template=ids.TYPE_MOVE.pattern
):
    def __init__(self, match_id: int, ply: int) -> None:
        self.match_id, self.ply = match_id, ply
        super().__init__(
            discord.ui.Button(
                label=cut(_("Type a move"), BUTTON_LABEL),
                emoji="⌨️",
                style=discord.ButtonStyle.secondary,
                custom_id=ids.TYPE_MOVE.write(match_id=match_id, ply=ply),
            )
        )

    async def callback(self, interaction: Click) -> None:
        await run(
            interaction,
            self.match_id,
            lambda t: t.open_move_box(interaction, self.match_id, ply=self.ply),
        )


class TextBoardButton(
    Reading, FromCustomId, discord.ui.DynamicItem[Button], template=ids.TEXT_BOARD.pattern
):
    """On every board: the position as text, privately, for a screen reader or a player
    without pictures (``bot.readable``); anyone in the channel may read it."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(
                label=cut(_("Text board"), BUTTON_LABEL),
                emoji="📄",
                style=discord.ButtonStyle.secondary,
                custom_id=ids.TEXT_BOARD.write(match_id=match_id),
            )
        )

    async def callback(self, interaction: Click) -> None:
        await run(
            interaction,
            self.match_id,
            lambda t: readable.send_text_board(interaction, interaction.extras[LOADED]),
        )


class MoveModal(discord.ui.Modal):
    """A text box for any move in the game's notation.

    Its submission is answered by its custom id (``rh:m:<match>:<ply>``, see
    ``bot.ui.routing``), so a box opened before a restart, or long ago, still works: this
    object only describes the box and is never kept to listen for the answer.
    """

    def __init__(self, table: object, match: Match, examples: str) -> None:
        super().__init__(
            title=cut(
                _("Your move: {game}").format(game=match.rules.narrator.text(match.rules.title)),
                45,
            ),
            timeout=None,
            custom_id=ids.MOVE_BOX.write(match_id=match.id, ply=match.ply),
        )
        self.match_id = match.id
        self.ply = match.ply
        self.move: discord.ui.TextInput[MoveModal] = discord.ui.TextInput(
            label=_("Move"),
            placeholder=cut(examples, 100),
            max_length=MOVE_LENGTH,
            custom_id=MOVE_FIELD,
        )
        self.add_item(self.move)

    def is_finished(self) -> bool:
        """Always: discord.py then sends the box without keeping it in memory."""
        return True


class LobbyButton(Reading, discord.ui.DynamicItem[Button], template=ids.LOBBY.pattern):
    #: (marked texts, worded when the button is made)
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "join": (N_("Join"), discord.ButtonStyle.success),
        "leave": (N_("Leave"), discord.ButtonStyle.secondary),
        "start": (N_("Start"), discord.ButtonStyle.primary),
        "easy": (N_("Add computer (easy)"), discord.ButtonStyle.secondary),
        "strong": (N_("Add computer (strong)"), discord.ButtonStyle.secondary),
    }

    def __init__(self, match_id: int, op: str) -> None:
        self.match_id, self.op = match_id, op
        label, style = self.LABELS[op]
        super().__init__(
            discord.ui.Button(
                label=cut(_(label), BUTTON_LABEL),
                style=style,
                custom_id=ids.LOBBY.write(match_id=match_id, op=op),
                emoji="🤖" if op in ("easy", "strong") else None,
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Click,
        item: Component,
        match: re.Match[str],
    ) -> LobbyButton:
        found = ids.LOBBY.read(match)
        return cls(found.number("match_id"), found.word("op"))

    async def callback(self, interaction: Click) -> None:
        await run(
            interaction,
            self.match_id,
            lambda t: t.lobby_action(interaction, self.match_id, self.op),
        )


class RemoveComputerSelect(
    Reading, discord.ui.DynamicItem[Select], template=ids.LOBBY_REMOVE.pattern
):
    """The host's menu of the lobby's computer players, to take one out before the start."""

    def __init__(self, match_id: int, computers: list[tuple[int, str]] | None = None) -> None:
        self.match_id = match_id
        options = [
            discord.SelectOption(label=cut(name, OPTION_TEXT), value=str(-user_id), emoji="🤖")
            for user_id, name in computers or []
        ] or [discord.SelectOption(label=_("none"), value="0")]
        super().__init__(
            discord.ui.Select(
                custom_id=ids.LOBBY_REMOVE.write(match_id=match_id),
                placeholder=cut(_("Remove a computer…"), PLACEHOLDER),
                options=options,
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Click,
        item: Component,
        match: re.Match[str],
    ) -> RemoveComputerSelect:
        return cls(ids.LOBBY_REMOVE.read(match).number("match_id"))

    async def callback(self, interaction: Click) -> None:
        values = self.item.values
        target = ids.number(values[0]) if len(values) == 1 else None
        if not target:
            await table_of(interaction).refuse(interaction, _(ids.INVALID))
            return
        await run(
            interaction,
            self.match_id,
            lambda t: t.lobby_action(interaction, self.match_id, "remove", -target),
        )


def lobby_view(match: Match) -> discord.ui.View:
    view = Components()
    for op in ("join", "leave", "start", "easy", "strong"):
        view.add_item(LobbyButton(match.id, op))
    computers = [(s.user_id, s.name) for s in match.seats if s.computer is not None]
    if computers:
        view.add_item(RemoveComputerSelect(match.id, computers))
    return view


class RematchButton(
    Reading, FromCustomId, discord.ui.DynamicItem[Button], template=ids.REMATCH.pattern
):
    """On a finished match's final board: its players play again (``bot.rematch``)."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(
                label=_("Rematch"),
                emoji="🔁",
                style=discord.ButtonStyle.success,
                custom_id=ids.REMATCH.write(match_id=match_id),
            )
        )

    async def callback(self, interaction: Click) -> None:
        await run(
            interaction, self.match_id, lambda t: rematch.click(t, interaction, self.match_id)
        )


def rematch_view(match: Match) -> discord.ui.View | None:
    """The final board's Rematch button (None unless the match is finished)."""
    if match.status != "finished":
        return None
    view = Components()
    view.add_item(RematchButton(match.id))
    view.add_item(TextBoardButton(match.id))
    view.add_item(MovesButton(match.id))
    view.add_item(AnalysisButton(match.id))
    return view


DYNAMIC_ITEMS = (
    ActionButton,
    ActionSelect,
    GroupSelect,
    GroupButton,
    TypeMoveButton,
    TextBoardButton,
    LobbyButton,
    RematchButton,
    RemoveComputerSelect,
    *VIEWER_ITEMS,
    AnalysisButton,
)
