"""Standing orders: a move a player asked the bot to play for them, at once, whenever it is all
they could sensibly do ("roll for me when I can't trade").

A game declares its orders (``Ruleset.standing_orders``: a key, its words, a pure ``play``);
the store keeps each player's, per game (a row per order that is on, off by default). The
computers' driver (``bot.computers``) plays them where it plays computer turns, as moves of
kind ``standing``, and the board says whom it played for (``bot.texts.story_lines``). A
player turns an order on or off from a board that waits on them (``bot.ui.standing``) or with
``/game standing`` (``cogs.standing``).
"""

from __future__ import annotations

from typing import Any

import games
from bot.matches import Match
from games.base import StandingOrder
from words import domain

_, ngettext, N_ = domain("bot").functions()


def order_of(game: str, key: str) -> StandingOrder | None:
    """The order ``key`` of ``game`` (None: no such game or order)."""
    if game not in games.RULESETS:
        return None
    return next((o for o in games.get(game).standing_orders if o.key == key), None)


def every_order() -> list[tuple[str, StandingOrder]]:
    """(game, order) of every game's standing orders, games in key order."""
    return [(key, o) for key in sorted(games.RULESETS) for o in games.get(key).standing_orders]


def candidate(match: Match) -> tuple[int, StandingOrder] | None:
    """The person the match waits on and the first of the game's orders that would play for
    them now, were it on (pure: nothing read). None: no order could play (a computer's turn,
    several people acting, a pause, or no order applies)."""
    rules = match.rules
    if match.status != "active" or match.paused or not rules.standing_orders:
        return None
    acting = match.to_act()
    if len(acting) != 1:
        return None
    seat = acting[0]
    if match.seats[seat].computer is not None or match.seats[seat].left_at is not None:
        return None
    found = rules.standing_action(match.state, seat, {o.key for o in rules.standing_orders})
    return None if found is None else (seat, found[0])


async def due(store: Any, match: Match) -> tuple[int, Any] | None:
    """(seat, action) of the standing order to play now: the person the match waits on gave
    an order that applies; None when nothing is to be played for them."""
    found = candidate(match)
    if found is None:
        return None
    seat = found[0]
    keys = await store.standing_orders(match.user_of(seat), match.game)
    played = match.rules.standing_action(match.state, seat, keys)
    return None if played is None else (seat, played[1])


async def set_order(store: Any, user_id: int, game: str, key: str, on: bool, at: float) -> str:
    """Turn the order on or off for ``user_id``; what to tell them (in the active language)."""
    order = order_of(game, key)
    if order is None:
        return _("There is no such standing order.")
    await store.set_standing_order(user_id, game, key, on, at=at)
    return said(game, order, on)


async def toggle(store: Any, user_id: int, game: str, key: str, at: float) -> str:
    """Turn the order the other way for ``user_id``; what to tell them."""
    on = key not in await store.standing_orders(user_id, game)
    return await set_order(store, user_id, game, key, on, at)


def said(game: str, order: StandingOrder, on: bool) -> str:
    narrator = games.get(game).narrator
    fields = {"name": narrator.text(order.name), "help": narrator.text(order.help)}
    if on:
        text = _(
            "🔁 Standing order on: **{name}**. {help} Turn it off with the same button or "
            "`/game standing`."
        )
        return text.format(**fields)
    return _("Standing order off: **{name}**. You choose every move yourself again.").format(
        **fields
    )


async def listing(store: Any, user_id: int) -> str:
    """The orders ``user_id`` gave, a line each, or how to give one."""
    given = await store.all_standing_orders(user_id)
    lines = []
    for game, key in given:
        order = order_of(game, key)
        if order is not None:
            rules = games.get(game)
            lines.append(
                _("🔁 {game}: {name}").format(
                    game=rules.narrator.text(rules.title), name=rules.narrator.text(order.name)
                )
            )
    if not lines:
        return _(
            "You have no standing orders. Give one with `/game standing order:… on:True`, or "
            "with its button on a board that waits on you."
        )
    return "\n".join([_("Your standing orders:"), *lines])


def played_line(name: str, move: str) -> str:
    """A board's line for a move a standing order played (``name`` already escaped)."""
    return _("🔁 {name}'s standing order: I played `{move}` for them.").format(name=name, move=move)


def more_line(count: int) -> str:
    """Said instead of the earlier ones when standing orders played several moves in a row
    (the last of them is told in full)."""
    return ngettext(
        "🔁 Standing orders also played {count} move before (`/game history`).",
        "🔁 Standing orders also played {count} moves before (`/game history`).",
        count,
    ).format(count=count)
