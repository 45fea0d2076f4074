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
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

import discord

from bot.locales import seen
from bot.matches import Refusal
from bot.ui import ids
from words import domain

if TYPE_CHECKING:
    from bot.host import Host

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


def table_of(interaction: discord.Interaction[Any]) -> Any:
    client: Host = interaction.client  # type: ignore[assignment]
    return client.table


async def run(
    interaction: discord.Interaction[Any],
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


async def answer_unclaimed(interaction: discord.Interaction[Any]) -> None:
    """The catch-all: runs for every interaction, after discord.py dispatched it (in its own
    task: a refusal here is worded in the clicker's language)."""
    try:
        if interaction.type is discord.InteractionType.component:
            if not claimed(interaction):
                seen(interaction)
                await table_of(interaction).refuse(interaction, _(ids.INVALID))
        elif interaction.type is discord.InteractionType.modal_submit:
            await _submitted(interaction)
    except Exception:
        log.exception("could not answer interaction %s", interaction.id)


def claimed(interaction: discord.Interaction[Any]) -> bool:
    """Whether a component of ours (or a stored view) answers this click."""
    data: Mapping[str, Any] = interaction.data or {}  # type: ignore[assignment]
    custom_id, kind = data.get("custom_id"), data.get("component_type")
    if not isinstance(custom_id, str):
        return False
    if any(p.fullmatch(custom_id) for p in ids.COMPONENTS):
        if interaction.extras.get(RAN):
            return True  # its callback runs (usually before this listener does)
        # discord.py runs a dynamic item only when the message carries that component
        return interaction.message is not None and _carries(interaction.message, kind, custom_id)
    return _stored(interaction, (kind, custom_id))


def _carries(message: discord.Message, kind: Any, custom_id: str) -> bool:
    """The same lookup discord.py makes before it runs a dynamic item."""
    cls = discord.ui.LayoutView if message.flags.components_v2 else discord.ui.View
    view = cls.from_message(message, timeout=None)
    return any(
        item.type.value == kind and getattr(item, "custom_id", None) == custom_id
        for item in view.walk_children()
    )


def _store(interaction: discord.Interaction[Any]) -> Any:
    state = getattr(interaction.client, "_connection", None)
    return getattr(state, "_view_store", None)


def _stored(interaction: discord.Interaction[Any], key: tuple[Any, str]) -> bool:
    """A view kept in memory by discord.py (the bot's own menus are all dynamic items; this
    keeps any stateful view from being answered twice)."""
    views = getattr(_store(interaction), "_views", {})
    message_id = interaction.message.id if interaction.message else None
    return key in views.get(message_id, {}) or key in views.get(None, {})


async def _submitted(interaction: discord.Interaction[Any]) -> None:
    data: Mapping[str, Any] = interaction.data or {}  # type: ignore[assignment]
    custom_id = data.get("custom_id")
    seen(interaction)
    found = ids.MOVE_BOX.parse(custom_id)
    if found is None:
        if custom_id not in getattr(_store(interaction), "_modals", {}):
            await table_of(interaction).refuse(interaction, _(ids.INVALID))
        return
    text = typed(data.get("components"))
    table = table_of(interaction)
    if text is None or len(text) > MOVE_LENGTH:
        await table.refuse(interaction, _("Type one move in the box."))
        return
    match_id, ply = found.number("match_id"), found.number("ply")
    await run(interaction, match_id, lambda t: t.play(interaction, match_id, ply=ply, text=text))


def typed(components: Any) -> str | None:
    """The text of the move field in a modal submission, wherever the layout nests it."""
    for comp in _walk(components):
        if comp.get("custom_id") == MOVE_FIELD and isinstance(comp.get("value"), str):
            return str(comp["value"])
    return None


def _walk(node: Any) -> Iterator[Mapping[str, Any]]:
    if isinstance(node, list):
        for child in node:
            yield from _walk(child)
    elif isinstance(node, Mapping):
        yield node
        for key in ("components", "component"):
            if key in node:
                yield from _walk(node[key])
