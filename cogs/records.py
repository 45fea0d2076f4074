"""After the game: ``/game replay``, ``/game export``, ``/game leaderboard``, ``/game profile``
(all-time ratings, and the current season's when one runs: ``bot.seasons``).

These join the ``/game`` group of ``cogs.game`` (loaded before this module: cogs load in name
order). Match numbers stay within their server: another server's match, a running one or a
number that does not exist is refused privately and nothing is posted.
"""

from __future__ import annotations

import io
import json
import logging
from typing import TYPE_CHECKING, Any, TypeAlias

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot import records, replays, seasons, venue
from bot.command_words import described, titled
from bot.locales import server_locale
from bot.matches import Refusal
from bot.readable import replay_alt
from bot.render_pool import RenderError
from bot.store import RatingRow, ResultRow, Store
from bot.table import escape, stamp
from bot.turns import board_link
from words import domain
from words.catalogue import set_locale
from words.numbers import decimal

if TYPE_CHECKING:
    from bot.client import RanchHand
    from bot.store import Store
    from cogs.base import Interaction

_, ngettext, N_ = domain("bot").functions()

log = logging.getLogger(__name__)

COLOUR = discord.Colour.from_rgb(176, 112, 48)
MATCH_ID = app_commands.Range[int, 1, 10**15 - 1]
GAME_CHOICES = [app_commands.Choice(name=titled(k), value=k) for k in sorted(games.RULESETS)]
QUIET = discord.AllowedMentions.none()


def _ids(interaction: Interaction) -> dict[str, Any]:
    if interaction.channel_id is None:
        raise Refusal(_("Use this in a server channel."))
    return {"guild_id": interaction.guild_id, "channel_id": interaction.channel_id}


@app_commands.command(
    name="replay",
    description=described(N_("An animation of a finished match (default: the latest here).")),
)
@app_commands.describe(match=described(N_("The match number (from /game profile or an export)")))
async def replay(interaction: Interaction, match: MATCH_ID | None = None) -> None:
    bot = interaction.client
    found = await records.finished_match(bot.service, match_id=match, **_ids(interaction))
    data = await records.export_of(bot.service, found)
    await interaction.response.defer(thinking=True)
    # a public message: in the match's language, as its pictures
    set_locale(found.language)
    try:
        gif, frames, moves = await bot.renderer.replay(data, locale=found.language)
    except (RenderError, replays.BadExport, OSError):
        log.exception("match %s: the replay could not be built", found.id)
        await interaction.edit_original_response(
            content=_(
                "Sorry, the replay of match #{id} could not be drawn; it has been logged."
            ).format(id=found.id)
        )
        return
    names = " · ".join(escape(s.name) for s in found.seats)
    if frames > moves:
        step = _("every move")
    else:
        step = _("{frames} over {moves}").format(
            frames=ngettext("{count} frame", "{count} frames", frames).format(count=frames),
            moves=domain("bot")
            .npgettext("replay, over", "{count} move", "{count} moves", moves)
            .format(count=moves),
        )
    await interaction.edit_original_response(
        content=_("🎞️ **{game}**, match #{id}: {players} ({step}).").format(
            game=found.rules.narrator.text(found.rules.title), id=found.id, players=names, step=step
        ),
        attachments=[
            discord.File(
                io.BytesIO(gif),
                filename=f"{found.game}-{found.id}.gif",
                description=replay_alt(found, moves),
            )
        ],
        allowed_mentions=QUIET,
    )


@app_commands.command(
    name="export",
    description=described(N_("A finished match as a JSON file anyone can replay and check.")),
)
@app_commands.describe(match=described(N_("The match number (default: the latest finished here)")))
async def export(interaction: Interaction, match: MATCH_ID | None = None) -> None:
    bot = interaction.client
    found = await records.finished_match(bot.service, match_id=match, **_ids(interaction))
    data = await records.export_of(bot.service, found)
    body = json.dumps(data, indent=1, ensure_ascii=False).encode()
    await interaction.response.send_message(
        ngettext(
            "Match #{id} ({game}, {count} move). Check it with `python -m bot replay FILE`: it "
            "replays the match from its seed.",
            "Match #{id} ({game}, {count} moves). Check it with `python -m bot replay FILE`: it "
            "replays the match from its seed.",
            found.ply,
        ).format(id=found.id, game=found.rules.narrator.text(found.rules.title), count=found.ply),
        file=discord.File(io.BytesIO(body), filename=f"ranchhand-{found.game}-{found.id}.json"),
        ephemeral=True,
    )


SEASON_CHOICES = [
    app_commands.Choice(name=described(N_("the current season")), value=seasons.CURRENT),
    app_commands.Choice(name=described(N_("all time")), value=seasons.ALL_TIME),
]


@app_commands.command(
    name="leaderboard",
    description=described(N_("The best-rated players of a game in this server.")),
)
@app_commands.describe(
    game=described(N_("Which game (default: the game played in this channel)")),
    season=described(N_("The current season or all time (default: the season, if one runs)")),
)
@app_commands.choices(game=GAME_CHOICES, season=SEASON_CHOICES)
async def leaderboard(
    interaction: Interaction, game: str | None = None, season: str | None = None
) -> None:
    guild_id = _guild(interaction)
    store = interaction.client.store
    if game is None:
        game = await _channel_game(store, interaction)
    shown = await seasons.shown(store, guild_id, season)
    season_id = None if shown is None else int(shown.id)
    set_locale(server_locale(interaction))  # a public message: the server's language
    rows = await store.records.leaderboard(guild_id, game, 10, season_id=season_id)
    names = await store.records.seat_names([int(r.user_id) for r in rows])
    title = _game_title(game)
    someone = _("player")
    lines = [
        f"**{n}.** {escape(names.get(r.user_id, someone))}: {_rating(r, season_id)}"
        for n, r in enumerate(rows, start=1)
    ]
    mine = await store.records.rating_place(
        guild_id, game, interaction.user.id, season_id=season_id
    )
    you = (
        _("You are **#{place}**: {rating}").format(
            place=mine[1], rating=_rating(mine[0], season_id)
        )
        if mine
        else _("You have no {game} rating here yet: finish a match against another person.").format(
            game=title
        )
    )
    scope = _("all time") if shown is None else escape(str(shown.name))
    embed = discord.Embed(
        title=_("🏆 {game}: leaderboard · {season}").format(game=title, season=scope),
        description=("\n".join(lines) or _("Nobody is rated yet.")) + f"\n\n{you}",
        colour=COLOUR,
    )
    footer = _("OpenSkill ratings (mu - 3 sigma); forfeits count as losses.")
    if shown is not None:
        footer += " " + _("Provisional: fewer than {least} rated matches this season.").format(
            least=seasons.PROVISIONAL_BELOW
        )
    embed.set_footer(text=footer)
    await interaction.response.send_message(embed=embed, allowed_mentions=QUIET)


@app_commands.command(
    name="profile", description=described(N_("A player's ratings and recent matches here."))
)
@app_commands.describe(user=described(N_("Whose profile (default: yours)")))
async def profile(interaction: Interaction, user: discord.User | None = None) -> None:
    store = interaction.client.store
    who = user or interaction.user
    name = (await store.records.seat_names([who.id])).get(who.id, who.display_name)
    embed = discord.Embed(title=f"🤠 {escape(name)}", colour=COLOUR)
    guild_id = interaction.guild_id
    if guild_id is not None and venue.in_server(interaction):  # its ratings and matches
        rated = await store.records.ratings_of(guild_id, who.id)
        embed.description = "\n".join(
            [await _game_line(store, guild_id, who.id, r) for r in rated]
        ) or _("No rated matches yet: ratings come from matches against other people.")
        current = await store.seasons.current_season(guild_id)
        if current is not None:
            embed.add_field(
                name=_("Season: {name}").format(name=escape(str(current.name))),
                value=await _season_lines(store, guild_id, who.id, int(current.id)),
                inline=False,
            )
        recent = [
            _recent(guild_id, who.id, r) for r in await store.records.results_of(guild_id, who.id)
        ]
        embed.add_field(
            name=_("Recent matches"),
            value="\n".join(recent) or _("None finished yet."),
            inline=False,
        )
    casual = [
        _recent(r.guild_id, who.id, r) for r in await store.records.casual_results_of(who.id, 5)
    ]
    embed.add_field(
        name=_("Casual tables (unrated)"),
        value="\n".join(casual) or _("None finished yet."),
        inline=False,
    )
    embed.set_footer(text=_("Ratings: OpenSkill (mu - 3 sigma), from matches against people."))
    await interaction.response.send_message(embed=embed, ephemeral=True)


async def _season_lines(store: Store, guild_id: int, user_id: int, season_id: int) -> str:
    """A profile's season field: a line per game rated this season (provisional marked)."""
    rows = await store.records.ratings_of(guild_id, user_id, season_id=season_id)
    lines = [await _game_line(store, guild_id, user_id, r, season_id) for r in rows]
    return "\n".join(lines) or _("No rated matches this season yet.")


async def _game_line(
    store: Store, guild_id: int, user_id: int, row: RatingRow, season_id: int | None = None
) -> str:
    """A profile's line for one game: wins, losses and rating first, then the place here."""
    key = str(row.game)
    won, played = int(row.won), int(row.played)
    place = await store.records.rating_place(guild_id, key, user_id, season_id=season_id)
    line = _("**{game}**: {won} won, {lost} lost · rating **{rating}**").format(
        game=_game_title(key),
        won=won,
        lost=played - won,
        rating=decimal(records.ordinal(row.mu, row.sigma)),
    )
    line += " · " + _("#{place} here").format(place=place[1]) if place else ""
    return line + (" · " + _("provisional") if season_id and seasons.provisional(row) else "")


async def _channel_game(store: Store, interaction: Interaction) -> str:
    """The game of the channel's current or last match (a refusal if it never had one)."""
    found = (
        await store.records.latest_game_in(interaction.channel_id)
        if interaction.channel_id
        else None
    )
    if found is None or found not in games.RULESETS:
        raise Refusal(
            _(
                "No match has been played in this channel yet, so which leaderboard? Choose "
                "the game: `/game leaderboard game:` then one of {games}."
            ).format(games=", ".join(_game_title(k) for k in sorted(games.RULESETS)))
        )
    return found


def _guild(interaction: Interaction) -> int:
    if interaction.guild_id is None:
        raise Refusal(_("Ratings belong to a server; use this in one."))
    return interaction.guild_id


def _game_title(key: str) -> str:
    """A game's name in the active locale (its key if the game is no longer offered)."""
    if key not in games.RULESETS:
        return key
    rules = games.get(key)
    return rules.narrator.text(rules.title)


def _rating(row: RatingRow, season_id: int | None = None) -> str:
    mu, sigma = float(row.mu), float(row.sigma)
    text = _("{rating} (μ {mu}, σ {sigma}), {played} played").format(
        rating=decimal(records.ordinal(mu, sigma)),
        mu=decimal(mu),
        sigma=decimal(sigma),
        played=row.played,
    )
    return text + (" · " + _("provisional") if season_id and seasons.provisional(row) else "")


def _recent(guild_id: int | None, user_id: int, row: ResultRow) -> str:
    summary = json.loads(row.summary or "{}")
    seat: dict[str, Any] = next(
        (s for s in summary.get("seats", []) if s.get("user_id") == user_id), {}
    )
    title = _game_title(row.game)
    result = _result(seat, len(summary.get("seats", [])))
    others = ", ".join(
        escape(s["name"]) for s in summary.get("seats", []) if s.get("user_id") != user_id
    )
    board = summary.get("board")
    link = (
        " · " + _("[final board]({link})").format(link=board_link(guild_id, *board))
        if board
        else ""
    )
    when = stamp(float(row.finished_at), "d")
    return (
        _("#{id} {game} vs {players}: {result}, {time}").format(
            id=row.match_id, game=title, players=others, result=result, time=when
        )
        + link
    )


def _result(seat: dict[str, Any], players: int) -> str:
    """How a match ended for one player: won, lost (a 1-on-1), a place, a draw, a forfeit."""
    if seat.get("won"):
        return _("won")
    if seat.get("left"):
        return _("left (forfeit)")
    place = seat.get("place")
    if players == 2:
        return _("draw") if place == 1 else _("lost")
    return _("place {place} of {count}").format(place=place or "?", count=players)


#: a command this package adds to the ``/game`` group (a plain function: no group of its own)
GroupCommand: TypeAlias = app_commands.Command[Any, ..., None]

COMMANDS: tuple[GroupCommand, ...] = (replay, export, leaderboard, profile)


class GameGroupCommands(commands.Cog):
    """A cog whose module adds ``group_commands`` to the ``/game`` group of ``cogs.game``."""

    group_commands: tuple[GroupCommand, ...] = ()

    def __init__(self, bot: RanchHand) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        group = _game_group(self.bot)
        for command in self.group_commands:
            group.add_command(command)

    async def cog_unload(self) -> None:
        group = getattr(self.bot.get_cog("GameCommands"), "__cog_app_commands_group__", None)
        if not isinstance(group, app_commands.Group):
            return
        for command in self.group_commands:
            group.remove_command(command.name)


class Records(GameGroupCommands):
    """Holds the commands this module adds to the ``/game`` group."""

    group_commands = COMMANDS


def _game_group(bot: RanchHand) -> app_commands.Group:
    cog = bot.get_cog("GameCommands")
    group = getattr(cog, "__cog_app_commands_group__", None)
    if group is None:
        raise RuntimeError("cogs.records needs cogs.game (the /game group) loaded first")
    return group


async def setup(bot: RanchHand) -> None:
    await bot.add_cog(Records(bot))
