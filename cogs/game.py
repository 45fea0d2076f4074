"""Cross-game commands: what is running here, recent moves, what waits on you, turn-clock
settings (per server and per match), pauses, notification preferences, a latency check."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.clock import (
    CONSEQUENCES,
    HOUR,
    MAX_DEADLINE_HOURS,
    MAX_LOBBY_HOURS,
    MAX_REMINDER_HOURS,
    PAUSE_ALLOWANCE,
    NotifyPrefs,
    hours_text,
    parse_quiet,
)
from bot.command_words import described
from bot.matches import FORFEIT, Match, MatchService, Refusal
from bot.pauses import pause_text, resume_text
from bot.table import PING_USERS, clock_text, escape, stamp
from bot.texts import game_title
from bot.turns import board_link
from cogs.base import TABLE_CHOICES, manages_channel
from words import domain, join_and
from words.catalogue import set_locale

if TYPE_CHECKING:
    from bot.client import RanchHand
    from cogs.base import Interaction

_, ngettext, N_ = domain("bot").functions()

log = logging.getLogger(__name__)

COLOUR = discord.Colour.from_rgb(176, 112, 48)


#: Discord's embed limits: characters per field value, in all, and fields per embed
FIELD_LIMIT = 1024
EMBED_LIMIT = 6000
MAX_FIELDS = 25


def fit_lines(lines: list[str], limit: int = FIELD_LIMIT) -> str:
    """As many whole lines as fit in ``limit`` characters, then how many were left out."""
    lines = [line[:limit] for line in lines]
    for count in range(len(lines), -1, -1):
        shown = lines[:count]
        if count < len(lines):
            more = len(lines) - count
            shown.append(
                ngettext("… and {count} more", "… and {count} more", more).format(count=more)
            )
        text = "\n".join(shown)
        if len(text) <= limit:
            return text or "—"
    return "—"


@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class GameCommands(
    commands.GroupCog,
    group_name="game",
    group_description=described(N_("Ranch Hand: matches in this server")),
):
    def __init__(self, bot: RanchHand) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="status",
        description=described(
            N_("Show the match in this channel and the others running in this server.")
        ),
    )
    async def status(self, interaction: Interaction) -> None:
        service = self.bot.service
        channel_id = interaction.channel_id
        here = await service.live_in(channel_id) if channel_id is not None else None
        embed = discord.Embed(title="Ranch Hand", colour=discord.Colour.from_rgb(176, 112, 48))
        if here is not None:
            seats = ", ".join(escape(s.name) for s in here.seats)
            embed.add_field(
                name=_("Here: {game} (match #{id})").format(game=game_title(here), id=here.id),
                value=fit_lines(
                    [
                        _("{status}; players: {players}").format(
                            status=status_name(here.status), players=seats
                        )
                        if here.status == "lobby"
                        else _("{status}, move {ply}; players: {players}").format(
                            status=status_name(here.status), ply=here.ply, players=seats
                        ),
                        *escape(waiting_line(here)).splitlines(),
                        f"⏱️ {clock_text(here)}",
                    ]
                ),
                inline=False,
            )
        else:
            embed.add_field(
                name=_("Here"),
                value=_("No match. Start one with `/<game> new`: {commands}").format(
                    commands=", ".join(f"`/{k}`" for k in sorted(games.RULESETS))
                ),
                inline=False,
            )
        if interaction.guild_id is not None:
            others = [
                m
                for m in await service.in_guild(interaction.guild_id)
                if m.channel_id != interaction.channel_id
            ]
            if others:
                embed.add_field(
                    name=_("Elsewhere in this server"),
                    value=fit_lines(
                        [
                            _("{channel}: {game}, {status}, move {ply}").format(
                                channel=f"<#{m.channel_id}>",
                                game=game_title(m),
                                status=status_name(m.status),
                                ply=m.ply,
                            )
                            for m in others
                        ]
                    ),
                    inline=False,
                )
        problem = self.bot.table.problem_here(interaction)
        if problem is not None:
            embed.add_field(
                name=_("⚠️ I cannot post here by myself"),
                value=fit_lines(
                    [
                        _(
                            "Boards still reach you when you act, but reminders, deadlines and "
                            "notices cannot be posted, so a match's turn clock here stops."
                        ),
                        problem,
                    ]
                ),
                inline=False,
            )
        await interaction.response.send_message(embed=embed, ephemeral=True)
        if here is not None:
            await self.bot.table.channel_notice(interaction, here)

    @app_commands.command(
        name="history",
        description=described(
            N_("The latest moves of the match in this channel (or of the one that just ended).")
        ),
    )
    async def history(self, interaction: Interaction) -> None:
        match = await told_match(self.bot.service, interaction.channel_id)
        rows = await self.bot.service.history(match.id, limit=15)
        if not rows:
            raise Refusal(_("No moves yet."))
        head = _("**{game}**, match #{id} ({status}):").format(
            game=game_title(match), id=match.id, status=status_name(match.status)
        )
        lines = [head] + [
            _("{ply}. {name} left the game (forfeit)").format(
                ply=r["ply"], name=escape(match.name_of(r["seat"]))
            )
            if r["notation"] == FORFEIT
            else f"{r['ply']}. {escape(match.name_of(r['seat']))}: `{r['notation']}`"
            for r in rows
        ]
        await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True)

    # What waits on you --------------------------------------------------------------------

    @app_commands.command(
        name="mine",
        description=described(N_("Every match in this server waiting on you, with links.")),
    )
    @app_commands.describe(
        all=described(N_("Every server the bot shares with you, not only this one"))
    )
    async def mine(self, interaction: Interaction, all: bool = False) -> None:
        if all:
            await self._mine_everywhere(interaction)
            return
        if interaction.guild_id is None:
            raise Refusal(_("Use this in a server."))
        service = self.bot.service
        waiting = await service.waiting_on(interaction.guild_id, interaction.user.id)
        if not waiting:
            await interaction.response.send_message(
                _("Nothing is waiting on you in this server. 🌾"), ephemeral=True
            )
            return
        now = self.bot.clock()
        lines = []
        for match, seat in waiting[:20]:
            ref = await service.latest_board_ref(match.id)
            link = (
                " · " + _("[board]({link})").format(link=board_link(match.guild_id, *ref))
                if ref
                else ""
            )
            lines.append(f"{waiting_entry(match, seat, now)}{link}")
        embed = discord.Embed(
            title=_("Waiting on you ({count})").format(count=len(waiting)),
            description="\n".join(lines)[:4000],
            colour=COLOUR,
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def _mine_everywhere(self, interaction: Interaction) -> None:
        """``/game mine all:True``: the daily digest's list, now and privately."""
        digests = self.bot.turns.digests
        waiting = await digests.waiting(interaction.user.id)
        if not waiting:
            await interaction.response.send_message(
                _("Nothing is waiting on you in any server. 🌾"), ephemeral=True
            )
            return
        lines = await digests.lines(waiting[:20], self.bot.clock())
        embed = discord.Embed(
            title=_("Waiting on you everywhere ({count})").format(count=len(waiting)),
            description="\n".join(lines)[:4000],
            colour=COLOUR,
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # Turn clocks ----------------------------------------------------------------------------

    @app_commands.command(
        name="settings",
        description=described(
            N_("Turn-clock defaults for new matches in this server (Manage Server/Channels).")
        ),
    )
    @app_commands.describe(
        reminder_hours=described(
            N_("Remind a player after this many hours, up to 3 times (0: no reminders)")
        ),
        deadline_hours=described(N_("Hours a player has for a move (0: no deadline)")),
        on_deadline=described(
            N_("At the deadline: skip (easy computer's move), forfeit (player leaves) or none")
        ),
        lobby_hours=described(N_("Close a lobby nobody started after this many hours")),
    )
    @app_commands.choices(on_deadline=TABLE_CHOICES["on_deadline"])
    async def settings(
        self,
        interaction: Interaction,
        reminder_hours: app_commands.Range[int, 0, MAX_REMINDER_HOURS] | None = None,
        deadline_hours: app_commands.Range[int, 0, MAX_DEADLINE_HOURS] | None = None,
        on_deadline: str | None = None,
        lobby_hours: app_commands.Range[int, 1, MAX_LOBBY_HOURS] | None = None,
    ) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal(_("Turn-clock settings belong to a server; use this in one."))
        turns = self.bot.turns
        current = await turns.guild_defaults(guild_id)
        changes = {
            "reminder_hours": reminder_hours,
            "deadline_hours": deadline_hours,
            "on_deadline": on_deadline,
            "lobby_hours": lobby_hours,
        }
        changing = any(v is not None for v in changes.values())
        if changing:
            if not (interaction.permissions.manage_guild or manages_channel(interaction)):
                raise Refusal(
                    _("Changing these needs the Manage Server or Manage Channels permission.")
                )
            current = current.with_changes(**changes)
            await self.bot.store.settings.set_guild_settings(guild_id, current.to_mapping())
        embed = discord.Embed(
            title=(
                _("Turn clock: server defaults (saved)")
                if changing
                else _("Turn clock: server defaults")
            ),
            description=_(
                "{clock} · lobbies close after {hours} h\n"
                "New matches start with these; `/<game> new` can set `reminder_hours`, "
                "`deadline_hours` and `on_deadline` for one match."
            ).format(clock=current.describe(), hours=current.lobby_hours),
            colour=COLOUR,
        )
        embed.add_field(
            name=_("At the deadline"),
            value="\n".join(
                f"{'▶ ' if k == current.on_deadline else ''}`{k}`: {_(v)}"
                for k, v in CONSEQUENCES.items()
            ),
            inline=False,
        )
        embed.set_footer(
            text=_("Reminders come up to 3 times; players can pause for up to 7 days.")
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(
        name="pause",
        description=described(
            N_("Stop the turn clock of the match here (up to 7 days per player).")
        ),
    )
    @app_commands.describe(
        hours=described(N_("How long (default: all the pause you have left, at most 7 days)"))
    )
    async def pause(
        self,
        interaction: Interaction,
        hours: app_commands.Range[int, 1, int(PAUSE_ALLOWANCE // HOUR)] | None = None,
    ) -> None:
        match = await self._match_here(interaction)
        match = await self.bot.turns.pause(match.id, interaction.user.id, hours)
        set_locale(match.language)  # the channel is told: in the match's language
        await interaction.response.send_message(
            pause_text(match, escape(interaction.user.display_name)),
            allowed_mentions=PING_USERS,
        )

    @app_commands.command(
        name="resume", description=described(N_("Start the paused turn clock here again."))
    )
    async def resume(self, interaction: Interaction) -> None:
        match = await self._match_here(interaction)
        seat = match.seat_of(interaction.user.id)
        if seat is None and not manages_channel(interaction):
            raise Refusal(_("Only the players (or someone with Manage Channels) can resume."))
        match, paused = await self.bot.turns.resume(match.id)
        set_locale(match.language)  # the channel is told: in the match's language
        await interaction.response.send_message(
            resume_text(match, paused, by=escape(interaction.user.display_name)),
            allowed_mentions=PING_USERS,
        )

    async def _match_here(self, interaction: Interaction) -> Match:
        channel_id = interaction.channel_id
        match = await self.bot.service.live_in(channel_id) if channel_id is not None else None
        if match is None or match.status != "active":
            raise Refusal(_("No match is being played in this channel."))
        return match

    @app_commands.command(
        name="notify",
        description=described(N_("How you hear that it is your move: DMs and quiet hours.")),
    )
    @app_commands.describe(
        dm=described(N_("Also send reminders as a direct message")),
        quiet_hours=described(N_("UTC hours when reminders wait, e.g. 22-07; 'off' for none")),
    )
    async def notify(
        self,
        interaction: Interaction,
        dm: bool | None = None,
        quiet_hours: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        db = self.bot.store
        user_id = interaction.user.id
        prefs = NotifyPrefs.from_mapping(await db.settings.user_settings(user_id))
        changing = dm is not None or quiet_hours is not None
        if changing:
            prefs = NotifyPrefs(
                dm=prefs.dm if dm is None else dm,
                quiet=prefs.quiet if quiet_hours is None else parse_quiet(quiet_hours),
            )
            await db.settings.set_user_settings(user_id, prefs.to_mapping())
        now = self.bot.clock()
        fields = {"how": prefs.describe(), "now": time.strftime("%H:%M", time.gmtime(now))}
        text = (
            _("Saved. Reminders reach you by {how}. (It is {now} UTC now.)")
            if changing
            else _("Reminders reach you by {how}. (It is {now} UTC now.)")
        ).format(**fields)
        if prefs.dm:
            text += " " + _("Make sure you accept DMs from members of this server.")
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(
        name="ping", description=described(N_("Check that the bot is answering."))
    )
    async def ping(self, interaction: Interaction) -> None:
        started = time.perf_counter()
        try:
            await interaction.response.send_message(_("🏓 Pong."), ephemeral=True)
            took = (time.perf_counter() - started) * 1000
            await interaction.edit_original_response(
                content=_("🏓 Pong ({ms} ms to answer).").format(ms=f"{took:.0f}")
            )
        except (discord.HTTPException, aiohttp.ClientError, OSError) as err:
            # nobody to tell: the player's client shows the failure; not an error of the bot's
            log.info("a ping could not be answered (interaction %s): %r", interaction.id, err)


async def told_match(service: MatchService, channel_id: int | None) -> Match:
    """The match ``/game history`` tells: the one being played here; else (a new lobby, a
    rematch without a move yet, or nothing live) the one that finished here last; else the
    lobby."""
    live = await service.live_in(channel_id) if channel_id is not None else None
    if live is not None and live.status == "active" and live.ply > 0:
        return live
    row = await service.store.records.latest_finished_in(channel_id) if channel_id else None
    if row is not None:
        found: Match = await service.get(int(row.id))
        return found
    if live is None:
        raise Refusal(_("No match has been played in this channel yet."))
    return live


def status_name(status: str) -> str:
    """A match's status as players read it."""
    pgettext = domain("bot").pgettext
    if status == "lobby":
        return pgettext("match status", "lobby")
    if status == "active":
        return pgettext("match status", "active")
    if status == "finished":
        return pgettext("match status", "finished")
    return pgettext("match status", "abandoned")


def waiting_line(match: Match) -> str:
    """Whose turn it is in a match, or what its lobby waits for."""
    if match.state is None:
        need = max(0, match.rules.min_players - len(match.seats))
        if need:
            return ngettext(
                "Waiting for {count} more player.", "Waiting for {count} more players.", need
            ).format(count=need)
        return _("Waiting for the host ({host}) to start it.").format(
            host=match.name_of(match.seat_of(match.host_id) or 0)
        )
    acting = match.to_act()
    if not acting:
        return domain("bot").pgettext("match status", "finished")
    names = []
    for seat in acting:
        role = match.rules.seat_role(match.state, seat)
        names.append(f"{match.name_of(seat)} ({role})" if role else match.name_of(seat))
    return _("{players} to move").format(players=join_and(names))


def waiting_entry(match: Match, seat: int, now: float) -> str:
    """One line of ``/game mine``: where a match waits on the player, and since when."""
    fields = {"game": game_title(match), "where": f"<#{match.channel_id}>"}
    if match.status == "lobby":
        return _("• **{game}** in {where}: your lobby is ready to start").format(**fields)
    waited = hours_text(now - (match.turn_started_at or now))
    role = match.rules.seat_role(match.state, seat)
    if role:
        line = _("• **{game}** in {where}: your move as {role} (waiting {time})").format(
            role=escape(role), time=waited, **fields
        )
    else:
        line = _("• **{game}** in {where}: your move (waiting {time})").format(
            time=waited, **fields
        )
    if match.paused and match.paused_until is not None:
        line += " · " + _("⏸️ paused until {time}").format(time=stamp(match.paused_until, "f"))
    elif match.deadline_at is not None:
        line += " · " + _("deadline {time}").format(time=stamp(match.deadline_at))
    return line


async def setup(bot: RanchHand) -> None:
    await bot.add_cog(GameCommands(bot))
