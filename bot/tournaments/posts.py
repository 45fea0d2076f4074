"""What a tournament posts in Discord: the sign-up message and its buttons, a round's
pairings, each table's thread with its match, and the standings (a picture with alt text,
and the same as text). Public messages, worded in the tournament's language."""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING

import discord

import words
from bot import ids
from bot.league import League, Round, Table
from bot.matches import Match, Refusal
from bot.tournaments import texts
from bot.tournaments.record import Tournament
from bot.ui.views import Components
from render.standings import standings_png
from words import domain

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()

THREAD_NAME = 100
PING_PLAYERS = discord.AllowedMentions(everyone=False, roles=False, users=True)
NO_PINGS = discord.AllowedMentions.none()
#: custom ids of the sign-up message's buttons (``bot.ids.TOURNAMENT``)
OPS = ("join", "leave", "start")


def signup_view(t: Tournament) -> discord.ui.View | None:
    if t.status != "signup":
        return None
    view = Components()
    labels = {"join": _("Join"), "leave": _("Leave"), "start": _("Start")}
    styles = {"join": discord.ButtonStyle.success, "start": discord.ButtonStyle.primary}
    for op in OPS:
        view.add_item(
            discord.ui.Button(
                label=labels[op],
                style=styles.get(op, discord.ButtonStyle.secondary),
                custom_id=ids.TOURNAMENT.write(tournament=t.id, op=op),
            )
        )
    return view


async def signup_content(bot: Host, t: Tournament) -> tuple[str, discord.ui.View | None]:
    names = [r.name for r in await bot.store.tournaments.signed_up(t.id)]
    organiser = await _display_name(bot, t)
    with words.use(t.language):
        return texts.signup_text(t, names, organiser), signup_view(t)


async def _display_name(bot: Host, t: Tournament) -> str:
    guild = bot.get_guild(t.guild_id)
    member = guild.get_member(t.organiser_id) if guild else None
    return member.display_name if member else f"<@{t.organiser_id}>"


async def signup_closed(bot: Host, t: Tournament) -> None:
    """The sign-up message shows the tournament begun (or called off), without buttons."""
    if t.message_id is None:
        return
    content, __ = await signup_content(bot, t)
    try:
        channel = await bot.table.postable(t.channel_id, edit=True)
        message = channel.get_partial_message(t.message_id)
        await message.edit(content=content, view=None, allowed_mentions=NO_PINGS)
    except discord.HTTPException as err:
        log.info("tournament %s: sign-up message not updated: %s", t.id, err)


async def round_pairings(bot: Host, t: Tournament, rnd: Round) -> None:
    with words.use(t.language):
        content = texts.round_text(t, rnd, {})
    channel = await bot.table.postable(t.channel_id)
    await channel.send(content, allowed_mentions=NO_PINGS)


async def _text_channel(bot: Host, channel_id: int) -> discord.TextChannel:
    channel = bot.get_channel(channel_id) or await bot.fetch_channel(channel_id)
    if not isinstance(channel, discord.TextChannel):
        raise Refusal(_("Tournaments are run from a text channel."))
    return channel


async def open_table(bot: Host, t: Tournament, table: Table, names: dict[int, str]) -> Match | None:
    """A thread for the table under the tournament's channel, its match started there with
    every seat taken (never a computer), the players called; None if Discord refused."""
    with words.use(t.language):
        name = _("{game} #{id}: round {round}, table {table}").format(
            game=texts.title(t), id=t.id, round=table.round, table=table.number
        )
    try:
        channel = await _text_channel(bot, t.channel_id)
        thread = await channel.create_thread(
            name=name[:THREAD_NAME],
            type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,
        )
    except (discord.HTTPException, Refusal) as err:
        log.warning("tournament %s: no thread for table %s: %s", t.id, table, err)
        return None
    match = await _start_match(bot, t, table, names, thread.id)
    with words.use(t.language):
        call = texts.table_call(t, table.round, table.number, table.seats)
    await thread.send(call, allowed_mentions=PING_PLAYERS)
    await bot.delivery.deliver(match.id)
    return match


async def _start_match(
    bot: Host, t: Tournament, table: Table, names: dict[int, str], thread_id: int
) -> Match:
    service = bot.service
    first, *others = table.seats
    await service.create(
        t.game,
        guild_id=t.guild_id,
        channel_id=thread_id,
        user_id=first,
        name=names.get(first, str(first)),
        parent_id=t.channel_id,
        clock=t.clock,
        language=t.language,
    )
    for player in others:
        await service.join(thread_id, t.game, user_id=player, name=names.get(player, str(player)))
    return await service.start(thread_id, t.game, user_id=first)


async def standings(bot: Host, t: Tournament, league: League, *, final: bool) -> None:
    """The standings after the round just ended (``final``: the last, crowning the winner):
    posted once, by the process that claims the post."""
    kind = "final" if final else "standings"
    number = len(league.rounds)
    if not await bot.store.tournaments.claim_post(t.id, number, kind, bot.clock()):
        return
    names = {int(r.user_id): r.name for r in await bot.store.tournaments.signed_up(t.id)}
    with words.use(t.language):
        text = texts.standings_text(t, league, names, final=final)
        alt = texts.alt_text(t, league, names, final=final)
        picture = standings_png(
            texts.standings_title(t, league, final=final),
            texts.header(t),
            texts.rows(league.standings(), names),
            marked=sum(1 for s in league.standings() if s.place == 1) if final else 0,
        )
    file = discord.File(
        io.BytesIO(picture), filename=f"tournament-{t.id}-{number}.png", description=alt[:1024]
    )
    try:
        channel = await bot.table.postable(t.channel_id)
        await channel.send(text[:2000], file=file, allowed_mentions=NO_PINGS)
    except discord.HTTPException:
        await bot.store.tournaments.forget_post(t.id, number, kind)  # the next tick posts it
        raise


def describe_status(
    t: Tournament, threads: dict[tuple[int, int], int], names: dict[int, str]
) -> str:
    """``/tournament status``: where the tournament stands, each table of the round (its
    thread, from ``threads``) and whether it has ended (private, in the reader's language)."""
    lines = [
        _("🏆 **{game} tournament #{id}** ({format})").format(
            game=texts.title(t), id=t.id, format=texts.format_line(t)
        ),
        "⏱️ " + t.clock.describe(),
    ]
    league = t.league
    if t.status == "signup" or league is None:
        lines.append(
            _("Signing up: {count} of {limit} players.").format(count=len(names), limit=t.limit)
        )
        return "\n".join(lines)
    if league.finished:
        lines.append(_("Finished after {rounds} rounds.").format(rounds=len(league.rounds)))
        return "\n".join(lines)
    lines.append(
        _("Round {round} of {rounds}:").format(round=len(league.rounds), rounds=league.total_rounds)
    )
    for table in league.current.tables if league.current else ():
        players = ", ".join(texts.escape(names.get(p, str(p))) for p in table.seats)
        thread = threads.get((table.round, table.number))
        done = league.result(table) is not None
        where = f" <#{thread}>" if thread and not done else ""
        state = _("ended") if done else _("playing")
        lines.append(
            _("Table {table}: {players} ({state})").format(
                table=table.number, players=players, state=state
            )
            + where
        )
    return "\n".join(lines)
