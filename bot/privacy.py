"""What Ranch Hand keeps about people, said plainly, and forgetting a person.

``/game privacy`` tells a person exactly what is stored and for how long, with their own
counts; ``/game forget-me`` asks first, then removes their settings and ratings and replaces
their name and id in every match that has ended (``Store.forget_user``).
"""

from __future__ import annotations

import json

import games
from bot.store import Store
from bot.store.people import Forgotten, Held
from words import domain

_, ngettext, N_ = domain("bot").functions()


def privacy_text(held: Held) -> str:
    """The privacy page, with what is held about this person."""
    lines = [
        _("**What Ranch Hand keeps about you**"),
        _(
            "- Your Discord id and your name as it was shown when you joined each match, your "
            "seat, every move you made and when."
        ),
        _(
            "- Your rating in each game and server (all time and in each season), and how many "
            "matches you played and won."
        ),
        _(
            "- Your settings: reminders by DM, quiet hours, the daily digest's hour and the days "
            "it was sent, paused turn clocks, your language as last seen."
        ),
        _(
            "Nothing else: no messages, no presence, no server member lists. Matches are "
            "kept for as long as the bot runs, so finished boards can be shown, replayed and "
            "exported."
        ),
        "",
        _("**About you now**"),
        ngettext(
            "- {n} match (of which {live} still open)",
            "- {n} matches (of which {live} still open)",
            held.matches,
        ).format(n=held.matches, live=held.live),
        ngettext("- {n} rating", "- {n} ratings", held.ratings).format(n=held.ratings),
        _("- Settings: stored") if held.has_settings else _("- Settings: none"),
        "",
        _(
            "`/game forget-me` removes your settings and ratings and replaces your name in "
            "every finished match (it asks first). Messages already posted in channels are "
            "Discord's: delete them there. A server's admins can have all of a server's data "
            "removed by whoever runs the bot."
        ),
    ]
    return "\n".join(lines)


def confirm_text() -> str:
    return _(
        "Forget you? Your settings and ratings are removed, and in every finished match your "
        "name becomes a stand-in such as \u201cPlayer 2\u201d. Matches still open keep your "
        "name until they end. This cannot be undone."
    )


def stand_in(seat: int) -> str:
    """A forgotten player's name in an ended match."""
    return _("Player {n}").format(n=seat + 1)


def renamed_state(game: str, state: str, seat: int, name: str) -> str:
    """A stored state with one player's name replaced (through the game's own load and
    dump, so the state stays valid)."""
    rules = games.get(game)
    loaded = rules.load(json.loads(state))
    names = list(rules.players(loaded))
    names[seat] = name
    return json.dumps(rules.dump(rules.renamed(loaded, names)))


async def forget(store: Store, user_id: int) -> Forgotten:
    return await store.people.forget_user(user_id, stand_in, renamed_state)


def forgotten_text(done: Forgotten) -> str:
    parts = [
        ngettext(
            "Done: your name was replaced in {n} finished match",
            "Done: your name was replaced in {n} finished matches",
            done.matches,
        ).format(n=done.matches),
        ngettext("{n} rating was removed", "{n} ratings were removed", done.ratings).format(
            n=done.ratings
        ),
    ]
    text = _("{first}; {second}.").format(first=parts[0], second=parts[1])
    if done.live:
        text += " " + ngettext(
            "You are still seated in {n} open match: run this again once it ends.",
            "You are still seated in {n} open matches: run this again once they end.",
            done.live,
        ).format(n=done.live)
    return text


def cancelled_text() -> str:
    return _("Nothing was changed.")
