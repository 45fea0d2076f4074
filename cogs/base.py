"""The shared game cog: every game gets the same commands; a game's cog only names its rules.

``/<key> new`` is generated from the game's options dataclass, so each option is a typed,
described slash-command parameter (bool, bounded int, or a choice), with the game's defaults.
"""

from __future__ import annotations

import inspect
import io
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeAlias

import discord
from discord import app_commands
from discord.ext import commands

import words
from bot import ui, venue
from bot.clock import MAX_DEADLINE_HOURS, MAX_REMINDER_HOURS, ClockSettings
from bot.command_words import described
from bot.lobby import seats_at_most
from bot.locales import native_name, server_locale
from bot.matches import Match, MatchService, Refusal
from bot.readable import send_text_board
from bot.table import escape, lobby_text
from bot.texts import option_value
from games.base import OptionSpec, Ruleset
from words import domain
from words.catalogue import set_locale

_, ngettext, N_ = domain("bot").functions()

if TYPE_CHECKING:
    from bot.client import RanchHand

    #: an interaction with the bot's own client (what every command and callback receives)
    Interaction: TypeAlias = discord.Interaction[RanchHand]

log = logging.getLogger(__name__)

AUTOCOMPLETE_LIMIT = 25
EMBED_DESCRIPTION = 4096
EMBED_FIELD = 1024
#: the full rules pages, attached by ``/<game> rules`` when no RULES_URL is set
RULES_PAGES = Path(__file__).resolve().parent.parent / "docs" / "rules"
CHOICE_TEXT = 100
THREAD_NAME = 100
#: ``/<key> new`` options that belong to the bot (the turn clock, a thread, the language of
#: the match's public messages), not to the game
TABLE_OPTIONS: dict[str, tuple[Any, app_commands.locale_str]] = {
    "reminder_hours": (
        app_commands.Range[int, 0, MAX_REMINDER_HOURS],
        described(
            N_("Remind the player to move after this many hours, up to 3 times (0: no reminders)")
        ),
    ),
    "deadline_hours": (
        app_commands.Range[int, 0, MAX_DEADLINE_HOURS],
        described(
            N_("Hours a player has for a move before the deadline consequence (0: no deadline)")
        ),
    ),
    "on_deadline": (str, described(N_("What happens when a player's deadline passes"))),
    "thread": (bool, described(N_("Open a thread for this match and play there"))),
    "computers": (
        app_commands.Range[int, 0, 7],
        described(N_("Computer players to seat at once (default 0)")),
    ),
    "level": (str, described(N_("How well those computers play (default easy)"))),
    "language": (
        str,
        described(N_("The language of the match's board and messages (default: the server's)")),
    ),
}
#: the choices of the bot's own options (the language's: ``language_choices``)
TABLE_CHOICES: dict[str, list[app_commands.Choice[str]]] = {
    "on_deadline": [
        app_commands.Choice(
            name=described(N_("skip: the easy computer moves for them")), value="skip"
        ),
        app_commands.Choice(
            name=described(N_("forfeit: the player leaves the game")), value="forfeit"
        ),
        app_commands.Choice(name=described(N_("none: nothing happens by itself")), value="none"),
    ],
    "level": [
        app_commands.Choice(name=described(N_("easy")), value="easy"),
        app_commands.Choice(name=described(N_("strong")), value="strong"),
    ],
}


def language_choices(*, pseudo: bool = False) -> list[app_commands.Choice[str]]:
    """The shipped languages, each named in its own language (English, Polski), and with
    ``pseudo`` the pseudo-locale (every text marked)."""
    choices = [app_commands.Choice(name=native_name(loc), value=loc) for loc in words.SHIPPED]
    if pseudo:
        choices.append(app_commands.Choice(name="Pseudo (qps)", value=words.PSEUDO))
    return choices


def match_language(interaction: Interaction, chosen: str | None) -> str:
    """The language a new match is played in: the one chosen, else the server's when it is
    shipped, else English."""
    return words.locale_of(chosen) if chosen else server_locale(interaction)


def manages_channel(interaction: Interaction) -> bool:
    """Moderators: whoever may manage this channel (or administers the server)."""
    perms = interaction.permissions
    return perms.manage_channels or perms.administrator


def _annotation(spec: OptionSpec) -> Any:
    if spec.choices:
        return Literal[tuple(spec.choices)]
    if spec.kind is int and (spec.min is not None or spec.max is not None):
        return app_commands.Range[int, spec.min, spec.max]
    return spec.kind


@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class GameCog(commands.GroupCog):
    """Base for one game's command group; subclasses set ``rules`` and the group name.
    Installable to a server and to a user: where the bot is not a member (a DM, a group DM,
    a server without it) a match is a casual table (``bot.venue``)."""

    rules: ClassVar[Ruleset[Any, Any]]

    def __init__(self, bot: RanchHand) -> None:
        self.bot = bot
        super().__init__()
        group = self.__cog_app_commands_group__
        assert group is not None
        group.add_command(self._new_command())

    @property
    def service(self) -> MatchService:
        return self.bot.service

    # /<key> new, generated from the options ------------------------------------------------

    def _new_command(self) -> app_commands.Command[Any, ..., Any]:
        specs = self.rules.options_type.specs()
        cog = self

        async def new(interaction: Interaction, **chosen: Any) -> None:
            table = {k: chosen.pop(k, None) for k in TABLE_OPTIONS}
            table["language"] = match_language(interaction, table["language"])
            options = {k: v for k, v in chosen.items() if v is not None}
            await cog.open_lobby(interaction, options, **table)

        params = [
            inspect.Parameter(
                "interaction",
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=discord.Interaction,
            )
        ]
        for spec in specs:
            if spec.name in TABLE_OPTIONS:
                raise TypeError(f"{self.rules.key}: option {spec.name} clashes with a bot option")
            params.append(
                inspect.Parameter(
                    spec.name,
                    inspect.Parameter.KEYWORD_ONLY,
                    default=None,
                    annotation=_annotation(spec) | None,
                )
            )
        for name, (annotation, _text) in TABLE_OPTIONS.items():
            params.append(
                inspect.Parameter(
                    name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=annotation | None
                )
            )
        new.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        new.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
            **{spec.name: _describe_option(self.rules.key, spec) for spec in specs},
            **{name: text for name, (_, text) in TABLE_OPTIONS.items()},
        }
        pseudo = bool(getattr(self.bot.settings, "pseudo_locale", False))
        new.__discord_app_commands_param_choices__ = {  # type: ignore[attr-defined]
            **TABLE_CHOICES,
            "language": language_choices(pseudo=pseudo),
        }
        return app_commands.Command(
            name="new",
            description=described(N_("Open a {title} lobby in this channel."), game=self.rules.key),
            callback=new,
        )

    async def open_lobby(
        self,
        interaction: Interaction,
        options: dict[str, Any],
        *,
        reminder_hours: int | None = None,
        deadline_hours: int | None = None,
        on_deadline: str | None = None,
        thread: bool | None = None,
        computers: int | None = None,
        level: str | None = None,
        language: str = words.ENGLISH,
    ) -> None:
        if interaction.channel_id is None:
            raise Refusal(_("Matches are played in server channels and threads."))
        casual = venue.casual_here(interaction)
        # refuse bad options, and a channel the bot could not play in, before anything is
        # created (a thread, a match)
        self.rules.options_type.parse(options)
        if casual:
            _check_casual(interaction, thread=bool(thread))
        else:
            self.bot.table.check_permissions(interaction, new_thread=bool(thread))
        seated = (level or "easy",) * (computers or 0)
        if len(seated) >= self.rules.max_players:
            raise Refusal(seats_at_most(self.rules))
        # a casual table has no clock of its own: no deadline unless the host sets one
        defaults = (
            CASUAL_CLOCK if casual else await self.bot.turns.guild_defaults(interaction.guild_id)
        )
        clock = defaults.with_changes(
            reminder_hours=reminder_hours, deadline_hours=deadline_hours, on_deadline=on_deadline
        )
        if thread:
            await self._open_in_thread(interaction, options, clock, seated, language)
            return
        parent = getattr(interaction.channel, "parent_id", None)
        match = await self.service.create(
            self.rules.key,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
            name=interaction.user.display_name,
            options=options,
            parent_id=parent,
            clock=clock,
            computers=seated,
            language=language,
            casual=casual,
        )
        await self.bot.table.send_lobby(interaction, match)

    async def _open_in_thread(
        self,
        interaction: Interaction,
        options: dict[str, Any],
        clock: ClockSettings,
        seated: tuple[str, ...] = (),
        language: str = words.ENGLISH,
    ) -> None:
        """A thread off this channel (a public thread; an announcement thread in an
        announcement channel), keyed by its own id, with the lobby inside. The permissions were
        checked already; the reply stays private until the thread and lobby exist, and the
        channel is then told with a new message."""
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise Refusal(
                _(
                    "A match thread opens from a text channel; here, start the match without "
                    "`thread`."
                )
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        with words.use(language):  # the thread's name is public
            title = self.rules.narrator.text(self.rules.title)
        thread = await _match_thread(interaction, channel, title)
        if thread is None:
            return
        match = await self.service.create(
            self.rules.key,
            guild_id=interaction.guild_id,
            channel_id=thread.id,
            user_id=user.id,
            name=user.display_name,
            options=options,
            parent_id=channel.id,
            clock=clock,
            computers=seated,
            language=language,
        )
        try:
            with words.use(match.language):
                text, view = lobby_text(match), ui.lobby_view(match)
            lobby = await thread.send(
                text, view=view, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException as err:
            log.info("could not post the lobby in thread %s: %s", thread.id, err)
            await self.bot.close_matches([match])
            await interaction.edit_original_response(
                content=_(
                    "I opened a thread but could not post the lobby in it; nothing was "
                    "started. Start the match without `thread`, or ask a moderator."
                )
            )
            return
        await self.bot.table.track(match, thread.id, lobby.id)
        await interaction.edit_original_response(
            content=_("Opened {thread}.").format(thread=thread.mention)
        )
        set_locale(match.language)  # the channel is told
        await interaction.followup.send(
            _("🧵 {name} opened a {game} lobby in {thread}: join there!").format(
                name=escape(user.display_name), game=title, thread=thread.mention
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    # Lobby ---------------------------------------------------------------------------------

    @app_commands.command(name="join", description=described(N_("Take a seat in the lobby here.")))
    async def join(self, interaction: Interaction) -> None:
        match = await self.service.join(
            channel_here(interaction),
            self.rules.key,
            user_id=interaction.user.id,
            name=interaction.user.display_name,
        )
        await self.bot.table.send_lobby(interaction, match)

    @app_commands.command(
        name="leave", description=described(N_("Leave the lobby here before the match starts."))
    )
    async def leave(self, interaction: Interaction) -> None:
        match = await self.service.leave(
            channel_here(interaction), self.rules.key, user_id=interaction.user.id
        )
        set_locale(match.language)  # the lobby message is public
        text = None if match.live else _("Everyone left; the lobby is closed.")
        await self.bot.table.send_lobby(interaction, match, text=text)

    @app_commands.command(name="start", description=described(N_("Start the match (host only).")))
    async def start(self, interaction: Interaction) -> None:
        await self.bot.table.start(interaction, self.rules.key)

    @app_commands.command(
        name="board", description=described(N_("Show the current board again, with its buttons."))
    )
    @app_commands.describe(
        text=described(N_("Show it to you alone as text, for a screen reader or without pictures"))
    )
    async def board(self, interaction: Interaction, text: bool = False) -> None:
        match = await self._match_here(interaction, active=True)
        if text:
            await send_text_board(interaction, match)
            return
        # A new message notifies the player to act; filling in a deferred reply would not.
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.edit_original_response(content=_("Posted; the board is below."))
        with words.use(match.language):  # the board is public
            headline = _("The board:")
        await self.bot.table.post_board(match, interaction=interaction, headline=headline)

    @app_commands.command(
        name="rules",
        description=described(N_("How this game is played here: rules, options, notation.")),
    )
    async def rules_command(self, interaction: Interaction) -> None:
        match = await live_here(self.service, interaction)
        here = match if match is not None and match.game == self.rules.key else None
        template = getattr(self.bot.settings, "rules_url", None)
        url = template.replace("{game}", self.rules.key) if template else None
        page = None if url else rules_page(self.rules.key, words.current())
        embed = rules_embed(self.rules, here, url=url, attached=page is not None)
        if page is None:
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        attachment = discord.File(io.BytesIO(page), filename=f"{self.rules.key}-rules.md")
        await interaction.response.send_message(embed=embed, file=attachment, ephemeral=True)

    @app_commands.command(
        name="move", description=described(N_("Make a move by typing it in the game's notation."))
    )
    @app_commands.describe(
        action=described(
            N_("Your move, e.g. the examples in the rules; suggestions appear as you type")
        )
    )
    async def move(self, interaction: Interaction, action: app_commands.Range[str, 1, 200]) -> None:
        match = await self._match_here(interaction, active=False)
        interaction.extras[ui.LOADED] = match  # (read already: a casual table's waiting board)
        await self.bot.table.play(interaction, match.id, text=action)

    async def _match_here(self, interaction: Interaction, *, active: bool) -> Match:
        """This game's match in this channel (in play, when ``active``), or a polite refusal."""
        match = await live_here(self.service, interaction)
        if match is None or match.game != self.rules.key or (active and match.status != "active"):
            raise Refusal(
                _("No {game} match is being played here.").format(
                    game=self.rules.narrator.text(self.rules.title)
                )
            )
        return match

    @move.autocomplete("action")
    async def move_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        match = await live_here(self.service, interaction)
        if match is None or match.game != self.rules.key or match.status != "active":
            return []
        seat = match.seat_of(interaction.user.id)
        if seat is None or seat not in match.to_act():
            return []
        rules = match.rules
        wanted = current.strip().lower()
        found = []
        for action in match.legal_actions(seat):
            notation = rules.format_action(match.state, action)
            if len(notation) > CHOICE_TEXT or (wanted and wanted not in notation.lower()):
                continue
            label = rules.describe_action(match.state, seat, action)
            name = notation if label.label == notation else f"{notation} — {label.label}"
            if label.note:
                name += f" ({label.note})"
            found.append((label.rank, app_commands.Choice(name=name[:CHOICE_TEXT], value=notation)))
        # the most useful first, as on the board's menu (ties keep the rules' order)
        found.sort(key=lambda rc: -rc[0])
        return [choice for __, choice in found[:AUTOCOMPLETE_LIMIT]]

    @app_commands.command(
        name="abandon",
        description=described(N_("End the match here (host or Manage Channels); asks first.")),
    )
    async def abandon(self, interaction: Interaction) -> None:
        await self.bot.table.ask_abandon(
            interaction, self.rules.key, can_manage=manages_channel(interaction)
        )


def channel_here(interaction: Interaction) -> int:
    """The channel (or thread) a game command was used in; every match is played in one."""
    if interaction.channel_id is None:
        raise Refusal(_("Matches are played in server channels and threads."))
    return interaction.channel_id


async def live_here(service: MatchService, interaction: Interaction) -> Match | None:
    """The live match (a lobby or one in play) of the channel a command was used in."""
    channel_id = interaction.channel_id
    return None if channel_id is None else await service.live_in(channel_id)


#: a casual table's clock: reminders only as DMs to those who asked, no deadline by default
CASUAL_CLOCK = ClockSettings(deadline_hours=None)


def _check_casual(interaction: Interaction, *, thread: bool) -> None:
    """Refuse a casual table where nobody else would see it, or a thread for one."""
    if venue.external_apps_refused(interaction):
        raise Refusal(
            _(
                "A table cannot be opened here: this server does not let its members use "
                "external apps publicly, so nobody else would see it. Play in a group DM, or "
                "ask the server's admins to invite Ranch Hand."
            )
        )
    if thread:
        raise Refusal(
            _("I am not a member here, so I cannot open a thread; start the match without it.")
        )


async def _match_thread(
    interaction: Interaction, channel: discord.TextChannel, title: str
) -> discord.Thread | None:
    """A new thread for a match off ``channel`` (a public thread; an announcement thread in an
    announcement channel), or None, the player told why, when Discord refuses it."""
    user = interaction.user
    kind = (
        discord.ChannelType.news_thread if channel.is_news() else discord.ChannelType.public_thread
    )
    try:
        return await channel.create_thread(
            name=f"{title} · {user.display_name}"[:THREAD_NAME],
            type=kind,
            auto_archive_duration=10080,  # the longest: a match may sit for days
            reason=_("{game} match opened by {user}").format(game=title, user=user),
        )
    except discord.HTTPException as err:
        log.info("could not open a match thread in %s: %s", channel.id, err)
        await interaction.edit_original_response(
            content=_(
                "Discord would not let me open a thread here just now. Start the match "
                "without `thread`, or try again later."
            )
        )
        return None


def _describe_option(game: str, spec: OptionSpec) -> app_commands.locale_str:
    """A game option's description: its help (the game's words) and its default."""
    return described(
        N_("{help} (default {default})"), game=game, help=spec.help, default=spec.default
    )


def rules_page(key: str, locale: str = words.ENGLISH) -> bytes | None:
    """The game's full rules page (markdown) in ``locale`` when there is one
    (``docs/rules/<locale>/<key>.md``), else in English, to attach when no RULES_URL is set;
    None when the bot runs without its docs folder."""
    paths = [RULES_PAGES / f"{key}.md"]
    if locale != words.ENGLISH:
        paths.insert(0, RULES_PAGES / locale / f"{key}.md")
    for path in paths:
        try:
            return path.read_bytes()
        except OSError:
            continue
    return None


def rules_embed(
    rules: Ruleset[Any, Any], match: Match | None, *, url: str | None = None, attached: bool = False
) -> discord.Embed:
    """``/<game> rules``: the quick start, the options (this match's, or the defaults; our own
    rulings marked as house rulings) and the move notation; the full rules linked from the title
    (``url``) or ``attached`` as a file."""
    narrator = rules.narrator
    title = narrator.text(rules.title)
    about = rules.quick_start or rules.summary
    embed = discord.Embed(
        title=_("{game}: rules").format(game=title),
        url=url,
        description=_cut(narrator.text(about) if about else "", EMBED_DESCRIPTION),
        colour=discord.Colour.from_rgb(176, 112, 48),
    )
    options = rules.options_type.parse(match.options if match else {})
    lines = [option_line(rules, spec, getattr(options, spec.name)) for spec in options.specs()]
    heading = (
        _("Options in this match")
        if match
        else _("Options (set them with /{key} new)").format(key=rules.key)
    )
    embed.add_field(
        name=heading,
        value=_cut("\n".join(f"• {line}" for line in lines) or _("none"), EMBED_FIELD),
        inline=False,
    )
    moves = "\n".join(f"`{n}`" for n in rules.notation) or _("buttons only")
    embed.add_field(
        name=_("Moves (type them with /{key} move)").format(key=rules.key),
        value=_cut(moves, EMBED_FIELD),
        inline=False,
    )
    players = {"low": rules.min_players, "high": rules.max_players}
    if url:
        embed.add_field(
            name=_("Full rules"),
            value=_("[{game}: the full rules]({url})").format(game=title, url=url),
        )
        footer = _("{low}-{high} players · full rules: the link above")
    elif attached:
        footer = _("{low}-{high} players · full rules: the attached file")
    else:
        footer = _("{low}-{high} players")
    embed.set_footer(text=footer.format(**players))
    return embed


def option_line(rules: Ruleset[Any, Any], spec: OptionSpec, value: Any) -> str:
    """One option on the rules page: its name, what it does (a switch's help says what "on"
    does), its value (and default when changed), and whether it is our own ruling:
    "`start_with_rabbit`: every pen starts with one rabbit — off (default on)"."""
    fields = {
        "name": f"`{spec.name}`",
        "value": option_value(spec, value),
        "default": option_value(spec, spec.default),
        "help": rules.narrator.text(spec.help) if spec.help else "",
    }
    if not spec.help:
        text = (
            _("{name}: {value}")
            if value == spec.default
            else _("{name}: {value} (default {default})")
        )
    elif value == spec.default:
        text = _("{name}: {help} — {value}")
    else:
        text = _("{name}: {help} — {value} (default {default})")
    line = text.format(**fields)
    return _("{option} (house ruling)").format(option=line) if spec.design else line


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
