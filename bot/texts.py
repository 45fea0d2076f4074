"""What the bot says: board texts, embeds, lobby texts, mentions and timestamps.

Everything a player wrote (seat names) is escaped for markdown and mentions before it is
shown; only the bot's own mentions of seated players ping, and only through ``PING_USERS``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.clock import HOUR
from bot.matches import Match, Seat
from bot.model import stored_events
from games.base import Event

CONTENT_LIMIT = 2000
#: ``paused_by`` of a turn clock the bot stopped itself because it cannot post in the channel
BLOCKED = 0
PING_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


def escape(text: str) -> str:
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def mention(match: Match, seat: int) -> str:
    """A mention of a person; a computer player is named, never mentioned: "🤖 Name"."""
    found = match.seats[seat]
    if found.computer is not None:
        return f"🤖 {escape(found.name)}"
    return f"<@{found.user_id}>"


def everyone(match: Match) -> str:
    """Mentions of every person still in the match (computers are not notified)."""
    return " ".join(
        f"<@{s.user_id}>" for s in match.seats if s.left_at is None and s.computer is None
    )


def stamp(at: float, style: str = "R") -> str:
    """A Discord timestamp, shown in each reader's own time zone."""
    return f"<t:{int(at)}:{style}>"


def acting_mention(match: Match, seat: int) -> str:
    """A mention of an acting seat, with the role it plays now (e.g. which colour it moves)."""
    role = match.rules.seat_role(match.state, seat) if match.state is not None else None
    return f"{mention(match, seat)} ({escape(role)})" if role else mention(match, seat)


def compose(
    match: Match, lines: Sequence[str] = (), *, notes: str = "", ended_by: str | None = None
) -> str:
    """The board message's text: what happened (``lines``, already formatted), then who must
    act (with a mention) or how the match ended (``ended_by``: who ended it, escaped)."""
    lines = list(lines)
    outcome = match.outcome()
    if match.status == "finished" and outcome is not None:
        if outcome.winners:
            winners = " and ".join(mention(match, s) for s in outcome.winners)
            verb = "win" if len(outcome.winners) > 1 else "wins"
            lines.append(f"🏆 **Game over.** {winners} {verb}!")
        else:
            reason = f" ({escape(outcome.reason)})" if outcome.reason else ""
            lines.append(f"🏁 **Game over.** Nobody wins{reason}.")
    elif match.status == "abandoned":
        by = f" by {ended_by}" if ended_by else ""
        lines.append(f"🛑 The match was ended{by}.")
    elif match.status == "active":
        acting = match.to_act()
        people = [s for s in acting if match.seats[s].computer is None]
        if people:
            who = " and ".join(acting_mention(match, s) for s in people)
            lines.append(f"➡️ {who}, your move.")
        else:  # (while a computer decides, or it could not and the clock will retry)
            who = " and ".join(acting_mention(match, s) for s in acting)
            lines.append(f"➡️ {who} is thinking…")
    if notes and lines:
        # the notes of the board's buttons (warnings before a move) go just before the
        # mention line (already escaped, with bold labels)
        lines.insert(len(lines) - 1, notes)
    text = "\n".join(lines)
    if len(text) > CONTENT_LIMIT:
        # Keep the notes and the mention line; trim the middle of a long story.
        tail = "\n".join(lines[-2:]) if notes else lines[-1]
        head = text[: max(0, CONTENT_LIMIT - len(tail) - 8)].rsplit("\n", 1)[0]
        text = f"{head}\n…\n{tail}"[-CONTENT_LIMIT:]
    return text


def event_lines(
    match: Match, events: Sequence[Event | Mapping[str, Any]], *, limit: int = 6
) -> list[str]:
    """What happened, for a message, worded by the game's narrator: minor detail is left for
    ``/game history``."""
    shown = []
    narrator, names = match.rules.narrator, [s.name for s in match.seats]
    for event in stored_events(events):
        if event.minor:
            continue
        text = narrator.event(event, names)
        if text:
            shown.append(escape(text))
    if len(shown) > limit:
        shown = [*shown[: limit - 1], f"… and {len(shown) - limit + 1} more (`/game history`)"]
    return shown


def story_lines(match: Match, stories: Sequence[Mapping[str, Any]]) -> list[str]:
    """The text of a board from the stories of the moves it shows (outbox payloads)."""
    lines: list[str] = []
    hours = match.clock.deadline_hours
    for story in stories:
        kind = story.get("kind", "move")
        plays = [(int(s), str(n)) for s, n in story.get("plays", [])]
        if kind == "start":
            order = ", ".join(
                f"{i + 1}. {'🤖 ' if s.computer else ''}{escape(s.name)}"
                for i, s in enumerate(match.seats)
            )
            lines.append(f"🎬 **{escape(match.rules.title)}** begins! Seats: {order}.")
        elif plays:
            seat, notation = plays[0]
            name = f"**{escape(match.name_of(seat))}**"
            if kind == "deadline":
                moves = ", ".join(f"`{n}`" for s, n in plays if s == seat)
                opening = f"⌛ {name}'s time ran out ({hours} h): played "
                if lines and lines[-1].startswith(opening):
                    # one late turn played as several moves: one line
                    lines[-1] = lines[-1].removesuffix(" for them.") + f", {moves} for them."
                else:
                    lines.append(f"{opening}{moves} for them.")
            elif kind == "forfeit":
                lines.append(f"⌛ {name} ran out of time ({hours} h) and forfeits.")
            else:
                icon = "🤖 " if match.seats[seat].computer else ""
                lines.append(f"{icon}{name} played `{notation}`.")
            forced = [(s, n) for s, n in plays[1:] if not (kind == "deadline" and s == seat)]
            if forced:
                said = "; ".join(f"{escape(match.name_of(s))} `{n}`" for s, n in forced[:4])
                more = " …" if len(forced) > 4 else ""
                lines.append(f"Played at once (no choice): {said}{more}.")
        # the end of a match is worth its whole story (final scores, hauls)
        # (a move followed by forced moves tells each of them)
        limit = 16 if match.status == "finished" else 6 + 3 * max(0, len(plays) - 1)
        lines.extend(event_lines(match, story.get("events", []), limit=limit))
    return lines


def seat_label(match: Match, seat: Seat) -> str:
    """A player in the board's list: bold when acting, struck through after leaving."""
    name = ("🤖 " if seat.computer is not None else "") + escape(seat.name)
    if seat.left_at is not None:
        return f"~~{name}~~"
    return f"**{name}**" if seat.seat in match.to_act() else name


def clock_text(match: Match) -> str:
    """The turn clock as shown on boards: the settings, then this turn's deadline or pause."""
    text = match.clock.describe()
    if match.status != "active":
        return text
    if match.paused and match.paused_by == BLOCKED:
        return f"{text}\n⏸️ Paused: I cannot post in this channel by myself (see `/game status`)"
    if match.paused and match.paused_until is not None:
        return f"{text}\n⏸️ Paused until {stamp(match.paused_until, 'f')}"
    if match.deadline_at is not None:
        return f"{text}\nThis turn's deadline {stamp(match.deadline_at)}"
    return text


def board_embed(match: Match, *, filename: str | None) -> discord.Embed:
    rules = match.rules
    players = " · ".join(seat_label(match, s) for s in match.seats)
    embed = discord.Embed(
        title=f"{rules.title}: move {match.ply}",
        description=players,
        colour=discord.Colour.from_rgb(176, 112, 48),
    )
    if filename:
        embed.set_image(url=f"attachment://{filename}")
    if match.status == "active":
        embed.add_field(name="⏱️ Turn clock", value=clock_text(match), inline=False)
    embed.set_footer(
        text=f"Match #{match.id} · /{match.game} move to type a move · /{match.game} rules"
    )
    return embed


def final_status(match: Match, end: str | None = None) -> str:
    """How a lobby message reads once the lobby is over: "started", "finished: bob won",
    "ended by alice" (``end``, already escaped, says who or why), "closed: ..."."""
    if match.status == "active":
        return "started"
    if match.status == "finished":
        outcome = match.outcome()
        winners = outcome.winners if outcome is not None else ()
        if not winners:
            return "finished: nobody won"
        names = " and ".join(escape(match.name_of(s)) for s in winners)
        return f"finished: {names} won"
    if end:
        return end
    if not match.seats:
        return "closed: everyone left"
    if match.state is None:
        return "closed: nobody started it"
    return "ended"


def lobby_text(match: Match, *, end: str | None = None) -> str:
    """The lobby message: who has joined and how to join; once the lobby is over, its final
    status (``final_status``)."""
    rules = match.rules
    seats = "\n".join(
        f"{s.seat + 1}. {'🤖 ' if s.computer else ''}{escape(s.name)}"
        f"{' (host)' if s.user_id == match.host_id else ''}"
        for s in match.seats
    )
    opts = rules.options_type.parse(match.options)
    changed = [
        f"{spec.name} {spec.show(getattr(opts, spec.name))}"
        for spec in rules.options_type.specs()
        if getattr(opts, spec.name) != spec.default
    ]
    options = ("\nOptions: " + ", ".join(changed)) if changed else ""
    options += f"\n⏱️ {match.clock.describe()}"
    need = max(0, rules.min_players - len(match.seats))
    if match.status != "lobby":
        return f"🤠 **{rules.title}** ({final_status(match, end)}){options}\n{seats}"
    status = (
        f"Waiting for {need} more player{'s' if need != 1 else ''}."
        if need
        else f"Ready: the host can press Start or use `/{match.game} start`."
    )
    closes = match.created_at + match.clock.lobby_hours * HOUR
    status += f" The lobby closes {stamp(closes)} unless it starts."
    return (
        f"🤠 **{rules.title}** lobby ({rules.min_players}-{rules.max_players} players){options}\n"
        f"{seats}\n{status} Join with the button or `/{match.game} join`; the host can add "
        "computer players."
    )


def names_list(names: Sequence[str]) -> str:
    """Names joined: alice; alice and bob; alice, bob and carol (already escaped)."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def abandon_question(match: Match) -> str:
    """The private question ``/<game> abandon`` asks before anything changes."""
    title = match.rules.title
    names = [f"**{escape(s.name)}**" for s in match.seats if s.left_at is None]
    who = names_list(names) or "nobody"
    if match.status == "lobby":
        verb = "has" if len(names) == 1 else "have"
        return (
            f"Close the {title} lobby here? It has not started; {who} {verb} joined.\n"
            "Nothing changes unless you confirm."
        )
    verb = "is" if len(names) == 1 else "are"
    return (
        f"End the {title} match here? {who} {verb} playing, move {match.ply}.\n"
        "Nothing changes unless you confirm; the match cannot be resumed once ended."
    )
