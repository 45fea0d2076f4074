"""Every interaction with the bot's components gets an answer.

discord.py hands a component click to the ``DynamicItem`` whose template matches its custom id,
and to nothing at all otherwise (the player then sees "This interaction failed"). Here:

- ``run`` is how each component's callback reaches the table: the match is loaded and must live
  in the channel the click came from, else the click is refused;
- ``answer_unclaimed`` (an ``on_interaction`` listener) refuses privately, at once, every click
  that no component will answer: an id that fits no template (foreign, forged, other scripts'
  digits, numbers out of range), or one that is not on the message clicked;
- it also answers the "Type a move" box by its custom id, so a box opened before a restart, or
  long ago, still plays its move.

The bot keeps no view or modal of its own in memory (every component is a ``DynamicItem`` and
the move box is answered by its id), so a click that fits no template is answered here unless
a persistent view added to the client (``Client.persistent_views``) has that component; a
modal submission other than the move box is refused. While the bot stops, the client's
``on_interaction`` answers everything (``bot.gate``) and this listener stays out.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping
from typing import Any

import discord

from bot import ids
from bot.gate import closed
from bot.host import Host
from bot.locales import seen
from bot.matches import Refusal
from words import domain

#: an interaction as the components see it (any client: the bot is a ``Host``)
Interaction = discord.Interaction[discord.Client]

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()

#: the text box's custom id inside the move box
MOVE_FIELD = "move"
MOVE_LENGTH = 200
#: where ``run`` leaves the match it read, in ``interaction.extras``
LOADED = "rh_match"
#: set in ``interaction.extras`` by ``run``: discord.py found the clicked component on its
#: message and ran its callback (so the catch-all need not look the component up again)
RAN = "rh_ran"
#: the message flag of a Components V2 layout (``MessageFlags.components_v2``, discord.py 2.6)
COMPONENTS_V2 = 1 << 15


def table_of(interaction: Interaction) -> Any:
    """The bot's table (``bot.table.Table``, which imports this module, hence not named)."""
    client = interaction.client
    if not isinstance(client, Host):
        raise TypeError(f"{type(client).__name__} is not the bot")
    table: Any = client.table
    return table


async def run(
    interaction: Interaction,
    match_id: int,
    work: Callable[[Any], Awaitable[None]],
) -> None:
    """Run a component's work on its match, if that match lives in this channel; anything
    unexpected still gets the clicker a private reply."""
    interaction.extras[RAN] = True
    table = table_of(interaction)
    try:
        try:
            match = await table.service.get(match_id)
        except Refusal:
            raise Refusal(_(ids.INVALID)) from None
        if match.channel_id != interaction.channel_id:
            raise Refusal(_(ids.INVALID))
        # the work may use the match as just read rather than read it again
        interaction.extras[LOADED] = match
        await work(table)
    except Exception as err:
        await table.failed(interaction, err)


async def answer_unclaimed(interaction: Interaction) -> None:
    """The catch-all: runs for every interaction, after discord.py dispatched it (in its own
    task: a refusal here is worded in the clicker's language)."""
    if closed(interaction):
        return  # the client's on_interaction says the bot is restarting
    try:
        if interaction.type is discord.InteractionType.component:
            if not claimed(interaction):
                seen(interaction)
                await table_of(interaction).refuse(interaction, _(ids.INVALID))
        elif interaction.type is discord.InteractionType.modal_submit:
            await _submitted(interaction)
    except Exception:
        log.exception("could not answer interaction %s", interaction.id)


def claimed(interaction: Interaction) -> bool:
    """Whether a component of ours (or a persistent view) answers this click."""
    data = _data(interaction)
    custom_id, kind = data.get("custom_id"), data.get("component_type")
    if not isinstance(custom_id, str):
        return False
    if any(p.fullmatch(custom_id) for p in ids.COMPONENTS):
        if interaction.extras.get(RAN):
            return True  # its callback runs (usually before this listener does)
        # discord.py runs a dynamic item only when the message carries that component
        return interaction.message is not None and _carries(interaction.message, kind, custom_id)
    views = interaction.client.persistent_views
    return any(_has(_items(view), kind, custom_id) for view in views)


def _carries(message: discord.Message, kind: object, custom_id: str) -> bool:
    """The same lookup discord.py makes before it runs a dynamic item: the message read as a
    layout when it uses Components V2 (discord.py 2.6 and later), else as a view."""
    if message.flags.value & COMPONENTS_V2 and hasattr(discord.ui, "LayoutView"):
        return _has(
            _items(discord.ui.LayoutView.from_message(message, timeout=None)), kind, custom_id
        )
    return _has(_items(discord.ui.View.from_message(message, timeout=None)), kind, custom_id)


def _items(view: discord.ui.view.BaseView) -> Iterable[object]:
    """Every item of a view, nested ones too (``walk_children`` from discord.py 2.6)."""
    walk: Callable[[], Iterable[object]] | None = getattr(view, "walk_children", None)
    return view.children if walk is None else walk()


def _has(items: Iterable[object], kind: object, custom_id: str) -> bool:
    return any(
        isinstance(item, discord.ui.Item)
        and item.type.value == kind
        and getattr(item, "custom_id", None) == custom_id
        for item in items
    )


def _data(interaction: Interaction) -> Mapping[str, object]:
    """The interaction's ``data`` as Discord sent it (discord.py keeps the raw mapping)."""
    data = interaction.data
    return data if isinstance(data, Mapping) else {}


async def _submitted(interaction: Interaction) -> None:
    data = _data(interaction)
    custom_id = data.get("custom_id")
    seen(interaction)
    found = ids.MOVE_BOX.parse(custom_id)
    if found is None:
        await table_of(interaction).refuse(interaction, _(ids.INVALID))
        return
    text = typed(data.get("components"))
    table = table_of(interaction)
    if text is None or len(text) > MOVE_LENGTH:
        await table.refuse(interaction, _("Type one move in the box."))
        return
    match_id, ply = found.number("match_id"), found.number("ply")
    await run(interaction, match_id, lambda t: t.play(interaction, match_id, ply=ply, text=text))


def typed(components: object) -> str | None:
    """The text of the move field in a modal submission, wherever the layout nests it."""
    for comp in _walk(components):
        if comp.get("custom_id") == MOVE_FIELD and isinstance(comp.get("value"), str):
            return str(comp["value"])
    return None


def _walk(node: object) -> Iterator[Mapping[str, object]]:
    if isinstance(node, list):
        for child in node:
            yield from _walk(child)
    elif isinstance(node, Mapping):
        yield node
        for key in ("components", "component"):
            if key in node:
                yield from _walk(node[key])
