"""``/tournament``: Swiss and round-robin tournaments on the turn clock. ``new`` posts a
sign-up message (Join, Leave, Start); ``start`` begins it; ``status`` and ``standings`` show
where it stands; ``withdraw`` takes a player out (their matches left are forfeited). The
rounds themselves are run by ``bot.tournaments`` from the turn clock's tick."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.clock import MAX_DEADLINE_HOURS, MAX_REMINDER_HOURS, ClockSettings
from bot.command_words import described, titled
from bot.league import Kind
from bot.lobby import seats_at_most
from bot.locales import server_locale
from bot.matches import Refusal
from bot.tournaments import Tournament, posts, texts
from bot.tournaments.buttons import TournamentButton, may_organise
from bot.tournaments.record import DEFAULT_DEADLINE_HOURS, DEFAULT_LIMIT, settings_json
from render.standings import standings_png
from words import domain

if TYPE_CHECKING:
    from bot.client import RanchHand
    from cogs.base import Interaction

_, ngettext, N_ = domain("bot").functions()

MAX_ROUNDS = 20
MAX_PLAYERS = 64
MAX_START_HOURS = 720
HOUR = 3600.0


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=titled(key), value=key) for key in sorted(games.RULESETS)]


@app_commands.guild_only()
class TournamentCommands(
    commands.GroupCog,
    group_name="tournament",
    group_description=described(N_("Tournaments run on the turn clock")),
):
    def __init__(self, bot: RanchHand) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(TournamentButton)

    @app_commands.command(
        name="new", description=described(N_("Open a tournament's sign-up in this channel."))
    )
    @app_commands.describe(
        game=described(N_("The game played at every table")),
        format=described(N_("Swiss (paired by points) or round-robin (everyone meets)")),
        rounds=described(N_("Rounds to play (a round-robin stops sooner if everyone has met)")),
        table_size=described(N_("Seats at each table, where the game allows more than two")),
        players=described(N_("The most players who may sign up (default 16)")),
        reminder_hours=described(N_("Remind a player to move after this many hours")),
        deadline_hours=described(N_("Hours a player has for a move (default 72)")),
        on_deadline=described(N_("What happens when a deadline passes (default forfeit)")),
        start_after_hours=described(N_("Start by itself this many hours from now")),
    )
    @app_commands.choices(
        game=_game_choices(),
        on_deadline=[
            app_commands.Choice(
                name=described(N_("forfeit: the player leaves the game")), value="forfeit"
            ),
            app_commands.Choice(
                name=described(N_("skip: the easy computer moves for them")), value="skip"
            ),
        ],
    )
    async def new(
        self,
        interaction: Interaction,
        game: str,
        format: Literal["swiss", "round-robin"],
        rounds: app_commands.Range[int, 1, MAX_ROUNDS],
        table_size: app_commands.Range[int, 2, 8] = 2,
        players: app_commands.Range[int, 2, MAX_PLAYERS] = DEFAULT_LIMIT,
        reminder_hours: app_commands.Range[int, 0, MAX_REMINDER_HOURS] | None = None,
        deadline_hours: app_commands.Range[int, 1, MAX_DEADLINE_HOURS] = DEFAULT_DEADLINE_HOURS,
        on_deadline: str = "forfeit",
        start_after_hours: app_commands.Range[int, 1, MAX_START_HOURS] | None = None,
    ) -> None:
        if not may_organise(interaction):
            raise Refusal(_("Tournaments are run by members with Manage Server or Manage Events."))
        if not isinstance(interaction.channel, discord.TextChannel):
            raise Refusal(_("Tournaments are run from a text channel (each match gets a thread)."))
        self.bot.table.check_permissions(interaction, new_thread=True)
        kind = Kind(format)
        _check_tables(games.get(game), kind, table_size)
        clock = ClockSettings().with_changes(
            reminder_hours=reminder_hours, deadline_hours=deadline_hours, on_deadline=on_deadline
        )
        now = self.bot.clock()
        values = {
            "guild_id": interaction.guild_id,
            "channel_id": interaction.channel_id,
            "organiser_id": interaction.user.id,
            "game": game,
            "status": "signup",
            "settings": settings_json(
                kind=kind,
                rounds=rounds,
                table_size=table_size,
                limit=players,
                clock=clock,
                language=server_locale(interaction),
            ),
            "starts_at": now + start_after_hours * HOUR if start_after_hours else None,
            "created_at": now,
            "updated_at": now,
        }
        t = await self.bot.tournaments.get(
            await self.bot.store.tournaments.create_tournament(values)
        )
        content, view = await posts.signup_content(self.bot, t)
        if view is None:
            await interaction.response.send_message(content, allowed_mentions=posts.NO_PINGS)
        else:
            await interaction.response.send_message(
                content, view=view, allowed_mentions=posts.NO_PINGS
            )
        message = await interaction.original_response()
        await self.bot.store.tournaments.set_tournament_message(t.id, message.id)

    @app_commands.command(name="start", description=described(N_("Close the sign-up and begin.")))
    @app_commands.describe(tournament=described(N_("The tournament's number (default: here)")))
    async def start(self, interaction: Interaction, tournament: int | None = None) -> None:
        t = await self._find(interaction, tournament)
        if interaction.user.id != t.organiser_id and not may_organise(interaction):
            raise Refusal(_("Only the organiser starts the tournament."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.tournaments.begin(t.id)
        await interaction.edit_original_response(content=_("The tournament has begun."))

    @app_commands.command(name="status", description=described(N_("Where a tournament stands.")))
    @app_commands.describe(tournament=described(N_("The tournament's number (default: here)")))
    async def status(self, interaction: Interaction, tournament: int | None = None) -> None:
        t = await self._find(interaction, tournament)
        threads = {}
        for key, match_id in (await self.bot.store.tournaments.table_matches(t.id)).items():
            threads[key] = (await self.bot.service.get(match_id)).channel_id
        names = await self.bot.tournaments.names(t)
        await interaction.response.send_message(
            posts.describe_status(t, threads, names),
            ephemeral=True,
            allowed_mentions=posts.NO_PINGS,
        )

    @app_commands.command(
        name="standings", description=described(N_("A tournament's standings, privately."))
    )
    @app_commands.describe(tournament=described(N_("The tournament's number (default: here)")))
    async def standings(self, interaction: Interaction, tournament: int | None = None) -> None:
        t = await self._find(interaction, tournament)
        if t.league is None:
            raise Refusal(_("The tournament has not begun; there are no standings yet."))
        names = await self.bot.tournaments.names(t)
        final = t.league.finished
        text = texts.standings_text(t, t.league, names, final=final)
        picture = standings_png(
            texts.standings_title(t, t.league, final=final),
            texts.header(t),
            texts.rows(t.league.standings(), names),
            marked=0,
        )
        alt = texts.alt_text(t, t.league, names, final=final)
        file = discord.File(
            io.BytesIO(picture), filename=f"tournament-{t.id}.png", description=alt[:1024]
        )
        await interaction.response.send_message(
            text[:2000], file=file, ephemeral=True, allowed_mentions=posts.NO_PINGS
        )

    @app_commands.command(
        name="withdraw",
        description=described(N_("Leave a tournament; your matches left are forfeited.")),
    )
    @app_commands.describe(tournament=described(N_("The tournament's number (default: here)")))
    async def withdraw(self, interaction: Interaction, tournament: int | None = None) -> None:
        t = await self._find(interaction, tournament)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.tournaments.withdraw(t.id, interaction.user.id)
        await interaction.edit_original_response(
            content=_("You have withdrawn; your matches left are forfeited.")
        )

    async def _find(self, interaction: Interaction, number: int | None) -> Tournament:
        """The tournament numbered ``number`` in this server, else the newest one run from
        this channel (or from the channel of the thread this is)."""
        if number is not None:
            row = await self.bot.store.tournaments.tournament(number)
            if row is None or row.guild_id != interaction.guild_id:
                raise Refusal(_("There is no tournament #{id} in this server.").format(id=number))
            return Tournament.from_row(row)
        channel = interaction.channel
        where = getattr(channel, "parent_id", None) or interaction.channel_id
        if not isinstance(where, int):
            raise Refusal(_("No tournament is run from this channel; name one by its number."))
        rows = await self.bot.store.tournaments.tournaments_in(where)
        if not rows:
            raise Refusal(_("No tournament is run from this channel; name one by its number."))
        return Tournament.from_row(rows[0])


def _check_tables(rules: Any, kind: Kind, size: int) -> None:
    if size > rules.max_players:
        raise Refusal(seats_at_most(rules))
    if size < rules.min_players:
        raise Refusal(
            _("{game} needs tables of at least {least}.").format(
                game=rules.narrator.text(rules.title), least=rules.min_players
            )
        )
    if kind is Kind.ROUND_ROBIN and size != 2:
        raise Refusal(_("A round-robin is played at tables of two."))


async def setup(bot: RanchHand) -> None:
    await bot.add_cog(TournamentCommands(bot))
