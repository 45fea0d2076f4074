"""What the bot says: board texts, embeds, lobby texts, mentions and timestamps.

Everything a player wrote (seat names) is escaped for markdown and mentions before it is
shown; only the bot's own mentions of seated players ping, and only through ``PING_USERS``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot import standing
from bot.clock import HOUR
from bot.matches import Match, Seat
from bot.model import stored_events
from bot.store import StorageError
from games.base import Event, GameError, OptionSpec, refusal_words
from words import domain, join_and

_, ngettext, N_ = domain("bot").functions()

CONTENT_LIMIT = 2000
#: ``paused_by`` of a turn clock the bot stopped itself because it cannot post in the channel
BLOCKED = 0
PING_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


def escape(text: str) -> str:
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def said(err: Exception) -> str:
    """A refusal's words for the asker: a rules error worded by its game's narrator in the
    active locale; a ``Refusal`` (worded where it was raised) as it is."""
    if isinstance(err, GameError):
        return refusal_words(err)
    if isinstance(err, StorageError):
        return _(str(err))  # its message is marked for the catalogue where it is made
    return str(err)


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


def board_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


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
    closing = closing_line(match, ended_by)
    if closing:
        lines.append(closing)
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


def closing_line(match: Match, ended_by: str | None = None) -> str:
    """A board's last line: who must act now, or how the match ended."""
    outcome = match.outcome()
    if match.status == "finished" and outcome is not None:
        if outcome.winners:
            winners = join_and([mention(match, s) for s in outcome.winners])
            return ngettext(
                "🏆 **Game over.** {winners} wins!",
                "🏆 **Game over.** {winners} win!",
                len(outcome.winners),
            ).format(winners=winners)
        names = [s.name for s in match.seats]
        reason = match.rules.narrator.outcome(outcome, names) if outcome.reason else ""
        if reason:
            return _("🏁 **Game over.** Nobody wins ({reason}).").format(reason=escape(reason))
        return _("🏁 **Game over.** Nobody wins.")
    if match.status == "abandoned":
        if ended_by:
            return _("🛑 The match was ended by {name}.").format(name=ended_by)
        return _("🛑 The match was ended.")
    if match.status == "active":
        acting = match.to_act()
        people = [s for s in acting if match.seats[s].computer is None]
        if people:
            who = join_and([acting_mention(match, s) for s in people])
            return _("➡️ {players}, your move.").format(players=who)
        # (while a computer decides, or it could not and the clock will retry)
        who = join_and([acting_mention(match, s) for s in acting])
        return ngettext(
            "➡️ {players} is thinking…", "➡️ {players} are thinking…", len(acting)
        ).format(players=who)
    return ""


def event_lines(
    match: Match, events: Sequence[Event | Mapping[str, Any]], *, limit: int = 6
) -> list[str]:
    """What happened, for a message, worded by the game's narrator: minor detail is left for
    ``/game history``."""
    shown = []
    narrator, names = match.rules.narrator, [s.name for s in match.seats]
    for text in narrator.lines(major_events(events), names):
        shown.append(escape(text))
    if len(shown) > limit:
        more = len(shown) - limit + 1
        shown = [
            *shown[: limit - 1],
            ngettext(
                "… and {count} more (`/game history`)", "… and {count} more (`/game history`)", more
            ).format(count=more),
        ]
    return shown


def major_events(events: Sequence[Event | Mapping[str, Any]]) -> list[Event]:
    """The events a move's message tells (minor detail left out)."""
    return [e for e in stored_events(events) if not e.minor]


def story_lines(match: Match, stories: Sequence[Mapping[str, Any]]) -> list[str]:
    """The text of a board from the stories of the moves it shows (outbox payloads). Each
    move is told once: by its events when it had any, else by its notation."""
    lines: list[str] = []
    late: tuple[int, int, list[str]] | None = None  # a late turn's line: index, seat, moves
    hours = match.clock.deadline_hours
    # standing orders that played several moves in a row: the last told, the rest counted
    standing_at = [i for i, story in enumerate(stories) if story.get("kind") == "standing"]
    counted = standing_at[:-1]
    for i, story in enumerate(stories):
        if i in counted:
            if i == counted[0]:
                lines.append(standing.more_line(len(counted)))
            continue
        kind = story.get("kind", "move")
        plays = [(int(s), str(n)) for s, n in story.get("plays", [])]
        told = bool(major_events(story.get("events", [])))
        if kind == "start":
            order = ", ".join(
                f"{i + 1}. {'🤖 ' if s.computer else ''}{escape(s.name)}"
                for i, s in enumerate(match.seats)
            )
            title = match.rules.narrator.text(match.rules.title)
            lines.append(
                _("🎬 **{game}** begins! Seats: {seats}.").format(game=escape(title), seats=order)
            )
        elif plays:
            seat, notation = plays[0]
            name = f"**{escape(match.name_of(seat))}**"
            if kind == "deadline":
                moves = [n for s, n in plays if s == seat]
                if late is not None and late[1] == seat and late[0] == len(lines) - 1:
                    # one late turn played as several moves: one line
                    moves = [*late[2], *moves]
                    lines.pop()
                late = (len(lines), seat, moves)
                lines.append(late_line(name, hours, moves, told))
            elif kind == "standing":
                lines.append(standing.played_line(name, notation))
            elif kind == "forfeit":
                lines.append(
                    _("⌛ {name} ran out of time ({hours} h) and forfeits.").format(
                        name=name, hours=hours
                    )
                )
            elif not told:
                icon = "🤖 " if match.seats[seat].computer else ""
                lines.append(
                    _("{name} played `{move}`.").format(name=f"{icon}{name}", move=notation)
                )
            forced = [(s, n) for s, n in plays[1:] if not (kind == "deadline" and s == seat)]
            if forced and not told:
                said = "; ".join(f"{escape(match.name_of(s))} `{n}`" for s, n in forced[:4])
                more = " …" if len(forced) > 4 else ""
                lines.append(_("Played at once (no choice): {moves}.").format(moves=said + more))
        # the end of a match is worth its whole story (final scores, hauls)
        # (a move followed by forced moves tells each of them)
        limit = 16 if match.status == "finished" else 6 + 3 * max(0, len(plays) - 1)
        lines.extend(event_lines(match, story.get("events", []), limit=limit))
    return lines


def late_line(name: str, hours: int | None, moves: Sequence[str], told: bool) -> str:
    """A turn the deadline played: by its notation, unless its events tell it."""
    if told:
        return _("⌛ {name}'s time ran out ({hours} h), so the bot moved for them.").format(
            name=name, hours=hours
        )
    return _("⌛ {name}'s time ran out ({hours} h): played {moves} for them.").format(
        name=name, hours=hours, moves=", ".join(f"`{n}`" for n in moves)
    )


def seat_label(match: Match, seat: Seat) -> str:
    """A player in the board's list: bold when acting, struck through after leaving."""
    name = ("🤖 " if seat.computer is not None else "") + escape(seat.name)
    if seat.left_at is not None:
        return f"~~{name}~~"
    return f"**{name}**" if seat.seat in match.to_act() else name


def clock_text(match: Match) -> str:
    """The turn clock as shown on boards, in one line: the settings, then this turn's deadline
    or pause ("Reminders every 24 h · deadline 72 h: skip · this turn ends in 3 days")."""
    text = match.clock.describe()
    if match.status != "active":
        return text
    if match.paused and match.paused_by == BLOCKED:
        return _(
            "{settings} · ⏸️ paused: I cannot post in this channel by myself (see `/game status`)"
        ).format(settings=text)
    if match.paused and match.paused_until is not None:
        return _("{settings} · ⏸️ paused until {time}").format(
            settings=text, time=stamp(match.paused_until, "f")
        )
    if match.deadline_at is not None:
        return _("{settings} · this turn ends {time}").format(
            settings=text, time=stamp(match.deadline_at)
        )
    return text


def game_title(match: Match) -> str:
    """The match's game, named in the active locale."""
    return match.rules.narrator.text(match.rules.title)


def board_embed(match: Match, *, filename: str | None) -> discord.Embed:
    players = " · ".join(seat_label(match, s) for s in match.seats)
    embed = discord.Embed(
        title=_("{game}: move {ply}").format(game=game_title(match), ply=match.ply),
        description=players,
        colour=discord.Colour.from_rgb(176, 112, 48),
    )
    if filename:
        embed.set_image(url=f"attachment://{filename}")
    if match.status == "active":
        embed.add_field(name=_("⏱️ Turn clock"), value=clock_text(match), inline=False)
    embed.set_footer(
        text=_("Match #{id} · /{key} move to type a move · /{key} rules").format(
            id=match.id, key=match.game
        )
    )
    return embed


def final_status(match: Match, end: str | None = None) -> str:
    """How a lobby message reads once the lobby is over: "started", "finished: bob won",
    "ended by alice" (``end``, already escaped, says who or why), "closed: ..."."""
    if match.status == "active":
        return _("started")
    if match.status == "finished":
        outcome = match.outcome()
        winners = outcome.winners if outcome is not None else ()
        if not winners:
            return _("finished: nobody won")
        names = join_and([escape(match.name_of(s)) for s in winners])
        return _("finished: {players} won").format(players=names)
    if end:
        return end
    if not match.seats:
        return _("closed: everyone left")
    if match.state is None:
        return _("closed: nobody started it")
    return _("ended")


def option_value(spec: OptionSpec, value: object) -> str:
    """An option's value as a player reads it (on/off for a switch)."""
    if isinstance(value, bool):
        return _("on") if value else _("off")
    return str(value)


def lobby_text(match: Match, *, end: str | None = None) -> str:
    """The lobby message: who has joined and how to join; once the lobby is over, its final
    status (``final_status``)."""
    rules = match.rules
    title = escape(game_title(match))
    host = _("(host)")
    seats = "\n".join(
        f"{s.seat + 1}. {'🤖 ' if s.computer else ''}{escape(s.name)}"
        f"{' ' + host if s.user_id == match.host_id else ''}"
        for s in match.seats
    )
    opts = rules.options_type.parse(match.options)
    changed = [
        f"{spec.name} {option_value(spec, getattr(opts, spec.name))}"
        for spec in rules.options_type.specs()
        if getattr(opts, spec.name) != spec.default
    ]
    options = ("\n" + _("Options: {options}").format(options=", ".join(changed))) if changed else ""
    options += f"\n⏱️ {match.clock.describe()}"
    if match.status != "lobby":
        return f"🤠 **{title}** ({final_status(match, end)}){options}\n{seats}"
    need = max(0, rules.min_players - len(match.seats))
    closes = stamp(match.created_at + match.clock.lobby_hours * HOUR)
    if need:
        status = ngettext(
            "Waiting for {count} more player. The lobby closes {time} unless it starts.",
            "Waiting for {count} more players. The lobby closes {time} unless it starts.",
            need,
        ).format(count=need, time=closes)
    else:
        status = _(
            "Ready: the host can press Start or use `/{key} start`. The lobby closes {time} "
            "unless it starts."
        ).format(key=match.game, time=closes)
    head = _("🤠 **{game}** lobby ({low}-{high} players)").format(
        game=title, low=rules.min_players, high=rules.max_players
    )
    join = _("Join with the button or `/{key} join`; the host can add computer players.").format(
        key=match.game
    )
    return f"{head}{options}\n{seats}\n{status} {join}"


def abandon_question(match: Match) -> str:
    """The private question ``/<game> abandon`` asks before anything changes."""
    title = escape(game_title(match))
    names = [f"**{escape(s.name)}**" for s in match.seats if s.left_at is None]
    if match.status == "lobby":
        if not names:
            return _(
                "Close the {game} lobby here? It has not started; nobody has joined.\n"
                "Nothing changes unless you confirm."
            ).format(game=title)
        return ngettext(
            "Close the {game} lobby here? It has not started; {players} has joined.\n"
            "Nothing changes unless you confirm.",
            "Close the {game} lobby here? It has not started; {players} have joined.\n"
            "Nothing changes unless you confirm.",
            len(names),
        ).format(game=title, players=join_and(names))
    if not names:
        return _(
            "End the {game} match here? Nobody is playing, move {ply}.\n"
            "Nothing changes unless you confirm; the match cannot be resumed once ended."
        ).format(game=title, ply=match.ply)
    return ngettext(
        "End the {game} match here? {players} is playing, move {ply}.\n"
        "Nothing changes unless you confirm; the match cannot be resumed once ended.",
        "End the {game} match here? {players} are playing, move {ply}.\n"
        "Nothing changes unless you confirm; the match cannot be resumed once ended.",
        len(names),
    ).format(game=title, players=join_and(names), ply=match.ply)
