"""Seasons: an admin opens and closes a server's season; boards show a season or all time.

A season's ratings start fresh for everyone (every player at the model's default) and change
with each rated match recorded while it is open, beside the all-time ratings, which keep
counting (``bot.records.settle``). A player with fewer than ``PROVISIONAL_BELOW`` rated
matches in a season is provisional there: the boards say so.
"""

from __future__ import annotations

from bot.model import Refusal
from bot.store import Store
from bot.store.backend import Row
from bot.texts import escape
from words import domain

_, ngettext, N_ = domain("bot").functions()

#: rated matches in a season below which a player's season rating is provisional
PROVISIONAL_BELOW = 5
CURRENT, ALL_TIME = "current", "all-time"
NAME_LIMIT = 50


def provisional(row: Row) -> bool:
    """Whether a season rating row (its ``played``) is still provisional."""
    return int(row["played"]) < PROVISIONAL_BELOW


async def shown(store: Store, guild_id: int, choice: str | None) -> Row | None:
    """The season a board shows (None: all time): ``choice`` "current" or "all-time",
    default the current season when one is open."""
    season = await store.current_season(guild_id)
    if choice == ALL_TIME:
        return None
    if choice == CURRENT and season is None:
        raise Refusal(
            _("No season is running in this server; choose `season:all-time` or leave it out.")
        )
    return season


async def start(store: Store, guild_id: int, name: str | None, by: int, at: float) -> Row:
    """Open a season (``name`` default: "Season N"); refused while one is open."""
    title = " ".join((name or "").split())
    if len(title) > NAME_LIMIT:
        raise Refusal(_("A season's name has at most {limit} characters.").format(limit=NAME_LIMIT))
    running = await store.current_season(guild_id)
    if running is None:
        title = title or _("Season {number}").format(number=await store.seasons_held(guild_id) + 1)
        opened = await store.start_season(guild_id, title, by, at)
        if opened is not None:
            return opened
        running = await store.current_season(guild_id)
    raise Refusal(
        _("**{name}** is running already; end it first with `/game season action:end`.").format(
            name=escape(str(running["name"])) if running else "?"
        )
    )


async def end(store: Store, guild_id: int, at: float) -> Row:
    """Close the open season (as it was); refused when none is open."""
    ended = await store.end_season(guild_id, at)
    if ended is None:
        raise Refusal(
            _("No season is running in this server; start one with `/game season action:start`.")
        )
    return ended
