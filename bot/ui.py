"""The generic action UI: buttons and select menus built from ``legal_actions``.

Every component is a ``DynamicItem`` whose custom id carries the match, the board's ply, the
seat and the action's index (``rh:a:<match>:<ply>:<seat>:<n>``), so a board keeps working after
a restart and a click on an out-of-date board is refused instead of misapplied.

Layout within Discord's limits (5 rows; 5 buttons a row; one select a row; 25 options a select):
ungrouped actions are buttons; each ``Choice.group`` becomes a select menu (split by 25); when
the selects do not fit, one "More moves" menu lists the groups and opens the chosen group
privately. A "Type a move" button opens a text box for anything in the game's notation.
"""

from __future__ import annotations

import math
import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.matches import Match

if TYPE_CHECKING:
    from bot.client import RanchHand

MAX_ROWS = 5
ROW_BUTTONS = 5
SELECT_OPTIONS = 25
BUTTON_LABEL = 80
OPTION_TEXT = 100
PLACEHOLDER = 150


@dataclass(frozen=True)
class Entry:
    seat: int
    index: int
    label: str
    group: str | None
    note: str
    primary: bool
    emoji: str | None


def menu(match: Match) -> list[Entry]:
    """Every legal action of every seat that may act now, in a stable order."""
    rules = match.rules
    state = match.state
    acting = match.to_act()
    several = len(acting) > 1
    entries = []
    for seat in acting:
        for index, action in enumerate(rules.legal_actions(state, seat)):
            choice = rules.describe_action(state, seat, action)
            group = choice.group
            if group is not None and several:
                group = f"{match.name_of(seat)}: {group}"
            label = choice.label
            if several and group is None:
                label = f"{match.name_of(seat)}: {label}"
            entries.append(
                Entry(seat, index, label, group, choice.note, choice.primary, choice.emoji)
            )
    return _split_large_groups(entries)


def _split_large_groups(entries: list[Entry]) -> list[Entry]:
    """A group must fit one private message of selects; larger ones become numbered parts."""
    limit = MAX_ROWS * SELECT_OPTIONS
    sizes: dict[tuple[int, str | None], int] = {}
    for e in entries:
        sizes[(e.seat, e.group)] = sizes.get((e.seat, e.group), 0) + 1
    seen: dict[tuple[int, str | None], int] = {}
    out = []
    for e in entries:
        key = (e.seat, e.group)
        if e.group is not None and sizes[key] > limit:
            n = seen.get(key, 0)
            seen[key] = n + 1
            parts = math.ceil(sizes[key] / limit)
            e = Entry(
                e.seat,
                e.index,
                e.label,
                f"{e.group} ({n // limit + 1}/{parts})",
                e.note,
                e.primary,
                e.emoji,
            )
        out.append(e)
    return out


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _grouped(entries: list[Entry]) -> OrderedDict[tuple[int, str], list[Entry]]:
    groups: OrderedDict[tuple[int, str], list[Entry]] = OrderedDict()
    for e in entries:
        if e.group is not None:
            groups.setdefault((e.seat, e.group), []).append(e)
    return groups


def build_view(match: Match) -> discord.ui.View | None:
    """The components for a board message, or None when nobody can act."""
    if match.status != "active" or not match.to_act():
        return None
    entries = menu(match)
    buttons = [e for e in entries if e.group is None]
    # All buttons plus "Type a move" fill at most five rows; once there are menus, keep a row
    # for them, and overflowing buttons become a menu of their own.
    max_buttons = MAX_ROWS * ROW_BUTTONS - 1
    if len(buttons) > max_buttons or len(buttons) < len(entries):
        max_buttons = (MAX_ROWS - 1) * ROW_BUTTONS - 1
    if len(buttons) > max_buttons:
        for e in buttons[max_buttons:]:
            entries[entries.index(e)] = Entry(
                e.seat, e.index, e.label, "More moves", e.note, e.primary, e.emoji
            )
        buttons = buttons[:max_buttons]
    groups = _grouped(entries)
    view = discord.ui.View(timeout=None)
    for e in buttons:
        view.add_item(ActionButton(match.id, match.ply, e))
    view.add_item(TypeMoveButton(match.id, match.ply))
    button_rows = math.ceil((len(buttons) + 1) / ROW_BUTTONS)
    free_rows = MAX_ROWS - button_rows
    chunks = [
        (key, part, n, math.ceil(len(items) / SELECT_OPTIONS))
        for key, items in groups.items()
        for n, part in enumerate(_chunks(items, SELECT_OPTIONS))
    ]
    if len(chunks) <= free_rows:
        for k, (key, part, n, total) in enumerate(chunks):
            title = key[1] if total == 1 else f"{key[1]} ({n + 1}/{total})"
            view.add_item(ActionSelect(match.id, match.ply, key[0], k, title, part))
    else:
        keys = list(groups)
        for k, part in enumerate(_chunks(list(enumerate(keys)), SELECT_OPTIONS)):
            if k >= free_rows:
                break
            view.add_item(GroupSelect(match.id, match.ply, k, part, groups))
    return view


def group_view(match: Match, seat: int, group: str) -> discord.ui.View:
    """The private follow-up for one group chosen from the "More moves" menu."""
    items = [e for e in menu(match) if e.seat == seat and e.group == group]
    view = discord.ui.View(timeout=None)
    if len(items) <= ROW_BUTTONS * MAX_ROWS and all(len(e.label) <= BUTTON_LABEL for e in items):
        for e in items:
            view.add_item(ActionButton(match.id, match.ply, e))
        return view
    parts = list(_chunks(items, SELECT_OPTIONS))[:MAX_ROWS]
    for k, part in enumerate(parts):
        title = group if len(parts) == 1 else f"{group} ({k + 1}/{len(parts)})"
        view.add_item(ActionSelect(match.id, match.ply, seat, k, title, part))
    return view


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _chunks(items: list[Any], size: int) -> list[list[Any]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def _table(interaction: discord.Interaction[Any]) -> Any:
    client: RanchHand = interaction.client  # type: ignore[assignment]
    return client.table


async def _run(
    interaction: discord.Interaction[Any], work: Callable[[Any], Awaitable[None]]
) -> None:
    """Run a component's work; anything unexpected still gets the clicker a private reply."""
    table = _table(interaction)
    try:
        await work(table)
    except Exception as err:
        await table.failed(interaction, err)


class FromCustomId:
    """Rebuilds a component from its custom id when it is clicked, after any restart: each
    named group of the template becomes a whole-number attribute (the item itself comes back
    from the message as it was sent)."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str]
    ) -> Any:
        self = cls.__new__(cls)
        discord.ui.DynamicItem.__init__(self, item)  # type: ignore[arg-type]
        for name, value in match.groupdict().items():
            setattr(self, name, int(value))
        return self


# Components -----------------------------------------------------------------------------------


class ActionButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rh:a:(?P<match_id>\d+):(?P<ply>\d+):(?P<seat>\d+):(?P<index>\d+)",
):
    def __init__(self, match_id: int, ply: int, entry: Entry) -> None:
        self.match_id, self.ply, self.seat, self.index = match_id, ply, entry.seat, entry.index
        style = discord.ButtonStyle.primary if entry.primary else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=_cut(entry.label, BUTTON_LABEL),
                style=style,
                emoji=entry.emoji,
                custom_id=f"rh:a:{match_id}:{ply}:{entry.seat}:{entry.index}",
            )
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _run(
            interaction,
            lambda t: t.play(
                interaction, self.match_id, ply=self.ply, seat=self.seat, index=self.index
            ),
        )


class ActionSelect(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"rh:s:(?P<match_id>\d+):(?P<ply>\d+):(?P<seat>\d+):(?P<k>\d+)",
):
    def __init__(
        self, match_id: int, ply: int, seat: int, k: int, title: str, entries: list[Entry]
    ) -> None:
        self.match_id, self.ply, self.seat = match_id, ply, seat
        options = [
            discord.SelectOption(
                label=_cut(e.label, OPTION_TEXT),
                value=str(e.index),
                description=_cut(e.note, OPTION_TEXT) or None,
                emoji=e.emoji,
            )
            for e in entries
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"rh:s:{match_id}:{ply}:{seat}:{k}",
                placeholder=_cut(title, PLACEHOLDER),
                options=options,
            )
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        if len(values) != 1 or not values[0].isdigit():
            await _table(interaction).refuse(interaction, "Pick one move from the menu.")
            return
        await _run(
            interaction,
            lambda t: t.play(
                interaction, self.match_id, ply=self.ply, seat=self.seat, index=int(values[0])
            ),
        )


class GroupSelect(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"rh:g:(?P<match_id>\d+):(?P<ply>\d+):(?P<k>\d+)",
):
    def __init__(
        self,
        match_id: int,
        ply: int,
        k: int,
        keys: list[tuple[int, tuple[int, str]]],
        groups: OrderedDict[tuple[int, str], list[Entry]],
    ) -> None:
        self.match_id, self.ply = match_id, ply
        options = [
            discord.SelectOption(
                label=_cut(group, OPTION_TEXT),
                value=f"{seat}.{gi}",
                description=_plural(len(groups[(seat, group)]), "choice"),
            )
            for gi, (seat, group) in keys
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"rh:g:{match_id}:{ply}:{k}", placeholder="More moves…", options=options
            )
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        found = re.fullmatch(r"(\d+)\.(\d+)", values[0]) if len(values) == 1 else None
        if found is None:
            await _table(interaction).refuse(interaction, "Pick one group of moves.")
            return
        await _run(
            interaction,
            lambda t: t.open_group(
                interaction,
                self.match_id,
                ply=self.ply,
                seat=int(found[1]),
                group_index=int(found[2]),
            ),
        )


class TypeMoveButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rh:t:(?P<match_id>\d+):(?P<ply>\d+)",
):
    def __init__(self, match_id: int, ply: int) -> None:
        self.match_id, self.ply = match_id, ply
        super().__init__(
            discord.ui.Button(
                label="Type a move",
                emoji="⌨️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"rh:t:{match_id}:{ply}",
            )
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _run(interaction, lambda t: t.open_move_box(interaction, self.match_id, ply=self.ply))


class MoveModal(discord.ui.Modal):
    """A text box for any move in the game's notation."""

    def __init__(self, table: Any, match: Match, examples: str) -> None:
        super().__init__(
            title=_cut(f"Your move: {match.rules.title}", 45),
            timeout=900,
            custom_id=f"rh:m:{match.id}:{match.ply}",
        )
        self.table = table
        self.match_id = match.id
        self.ply = match.ply
        self.move: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Move",
            placeholder=_cut(examples, 100),
            max_length=200,
            custom_id="move",
        )
        self.add_item(self.move)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await _run(
            interaction,
            lambda t: t.play(interaction, self.match_id, ply=self.ply, text=self.move.value),
        )


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rh:l:(?P<match>\d+):(?P<op>join|leave|start)",
):
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "join": ("Join", discord.ButtonStyle.success),
        "leave": ("Leave", discord.ButtonStyle.secondary),
        "start": ("Start", discord.ButtonStyle.primary),
    }

    def __init__(self, match_id: int, op: str) -> None:
        self.match_id, self.op = match_id, op
        label, style = self.LABELS[op]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"rh:l:{match_id}:{op}")
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Button[Any],
        match: re.Match[str],
    ) -> LobbyButton:
        return cls(int(match["match"]), match["op"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _run(interaction, lambda t: t.lobby_action(interaction, self.match_id, self.op))


def lobby_view(match: Match) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for op in ("join", "leave", "start"):
        view.add_item(LobbyButton(match.id, op))
    return view


DYNAMIC_ITEMS = (ActionButton, ActionSelect, GroupSelect, TypeMoveButton, LobbyButton)
