"""The shared game cog: every game gets the same commands; a game's cog only names its rules.

``/<key> new`` is generated from the game's options dataclass, so each option is a typed,
described slash-command parameter (bool, bounded int, or a choice), with the game's defaults.
"""

from __future__ import annotations

import inspect
import logging
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import ui
from bot.matches import Match, Refusal
from bot.table import escape, lobby_text
from games.base import OptionSpec, Ruleset

if TYPE_CHECKING:
    from bot.client import RanchHand

log = logging.getLogger(__name__)

AUTOCOMPLETE_LIMIT = 25
CHOICE_TEXT = 100


def _annotation(spec: OptionSpec) -> Any:
    if spec.choices:
        return Literal[tuple(spec.choices)]  # type: ignore[misc]
    if spec.kind is int and (spec.min is not None or spec.max is not None):
        return app_commands.Range[int, spec.min, spec.max]
    return spec.kind


class GameCog(commands.GroupCog):
    """Base for one game's command group; subclasses set ``rules`` and the group name."""

    rules: ClassVar[Ruleset[Any, Any]]

    def __init__(self, bot: RanchHand) -> None:
        self.bot = bot
        super().__init__()
        group = self.__cog_app_commands_group__
        assert group is not None
        group.add_command(self._new_command())

    @property
    def service(self) -> Any:
        return self.bot.service

    # /<key> new, generated from the options ------------------------------------------------

    def _new_command(self) -> app_commands.Command[Any, ..., Any]:
        specs = self.rules.options_type.specs()
        cog = self

        async def new(interaction: discord.Interaction[Any], **chosen: Any) -> None:
            options = {k: v for k, v in chosen.items() if v is not None}
            await cog.open_lobby(interaction, options)

        params = [
            inspect.Parameter(
                "interaction",
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=discord.Interaction,
            )
        ]
        for spec in specs:
            params.append(
                inspect.Parameter(
                    spec.name,
                    inspect.Parameter.KEYWORD_ONLY,
                    default=None,
                    annotation=_annotation(spec) | None,
                )
            )
        new.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        new.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
            spec.name: _describe_option(spec) for spec in specs
        }
        return app_commands.Command(
            name="new",
            description=f"Open a {self.rules.title} lobby in this channel.",
            callback=new,
        )

    async def open_lobby(
        self, interaction: discord.Interaction[Any], options: dict[str, Any]
    ) -> None:
        if interaction.channel_id is None:
            raise Refusal("Matches are played in server channels and threads.")
        parent = getattr(interaction.channel, "parent_id", None)
        match = await self.service.create(
            self.rules.key,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
            name=interaction.user.display_name,
            options=options,
            parent_id=parent,
        )
        await interaction.response.send_message(
            lobby_text(match),
            view=ui.lobby_view(match),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    # Lobby ---------------------------------------------------------------------------------

    @app_commands.command(name="join", description="Take a seat in the lobby here.")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        match = await self.service.join(
            interaction.channel_id,
            self.rules.key,
            user_id=interaction.user.id,
            name=interaction.user.display_name,
        )
        await interaction.response.send_message(
            lobby_text(match),
            view=ui.lobby_view(match),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="leave", description="Leave the lobby here before the match starts.")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        match = await self.service.leave(
            interaction.channel_id, self.rules.key, user_id=interaction.user.id
        )
        text = lobby_text(match) if match.live else "Everyone left; the lobby is closed."
        await interaction.response.send_message(
            text,
            view=ui.lobby_view(match) if match.live else discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="start", description="Start the match (host only).")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.table.start(interaction, self.rules.key)

    @app_commands.command(
        name="board", description="Show the current board again, with its buttons."
    )
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        match = await self.service.live_in(interaction.channel_id)
        if match is None or match.game != self.rules.key or match.status != "active":
            raise Refusal(f"No {self.rules.title} match is being played here.")
        await interaction.response.defer(thinking=True)
        await self.bot.table.post_board(match, interaction=interaction, headline="The board:")

    @app_commands.command(
        name="rules", description="How this game is played here: rules, options, notation."
    )
    async def rules_command(self, interaction: discord.Interaction[Any]) -> None:
        match = await self.service.live_in(interaction.channel_id)
        here = match if match is not None and match.game == self.rules.key else None
        await interaction.response.send_message(embed=rules_embed(self.rules, here), ephemeral=True)

    @app_commands.command(
        name="move", description="Make a move by typing it in the game's notation."
    )
    @app_commands.describe(
        action="Your move, e.g. the examples in the rules; suggestions appear as you type"
    )
    async def move(
        self, interaction: discord.Interaction[Any], action: app_commands.Range[str, 1, 200]
    ) -> None:
        match = await self.service.live_in(interaction.channel_id)
        if match is None or match.game != self.rules.key:
            raise Refusal(f"No {self.rules.title} match is being played here.")
        await self.bot.table.play(interaction, match.id, text=action)

    @move.autocomplete("action")
    async def move_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        match = await self.service.live_in(interaction.channel_id)
        if match is None or match.game != self.rules.key or match.status != "active":
            return []
        seat = match.seat_of(interaction.user.id)
        if seat is None or seat not in match.to_act():
            return []
        rules = match.rules
        wanted = current.strip().lower()
        choices = []
        for action in rules.legal_actions(match.state, seat):
            notation = rules.format_action(match.state, action)
            if wanted and wanted not in notation.lower():
                continue
            label = rules.describe_action(match.state, seat, action)
            name = notation if label.label == notation else f"{notation} — {label.label}"
            if label.note:
                name += f" ({label.note})"
            if len(notation) > CHOICE_TEXT:
                continue
            choices.append(app_commands.Choice(name=name[:CHOICE_TEXT], value=notation))
            if len(choices) == AUTOCOMPLETE_LIMIT:
                break
        return choices

    @app_commands.command(
        name="abandon", description="End the match here (host or Manage Channels)."
    )
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        perms = interaction.permissions
        match = await self.service.abandon(
            interaction.channel_id,
            self.rules.key,
            user_id=interaction.user.id,
            can_manage=perms.manage_channels or perms.administrator,
        )
        board = await self.service.latest_board(match.id)
        if board is not None:
            await self.bot.table.strip_buttons(match.channel_id, board)
        await interaction.response.send_message(
            f"🛑 {escape(interaction.user.display_name)} ended the {self.rules.title} match here."
        )


def _describe_option(spec: OptionSpec) -> str:
    default = spec.show(spec.default)
    text = f"{spec.help} (default {default})"
    return text if len(text) <= CHOICE_TEXT else text[: CHOICE_TEXT - 1] + "…"


def rules_embed(rules: Ruleset[Any, Any], match: Match | None) -> discord.Embed:
    embed = discord.Embed(
        title=f"{rules.title}: rules",
        description=rules.summary,
        colour=discord.Colour.from_rgb(176, 112, 48),
    )
    options = rules.options_type.parse(match.options if match else {})
    lines = [
        f"`{name}` {rest}" for name, _, rest in (line.partition(" ") for line in options.describe())
    ]
    heading = "Options in this match" if match else "Options (set them with /" + rules.key + " new)"
    embed.add_field(
        name=heading, value="\n".join(f"• {line}" for line in lines) or "none", inline=False
    )
    embed.add_field(name="Moves", value="\n".join(f"`{n}`" for n in rules.notation), inline=False)
    embed.set_footer(
        text=f"{rules.min_players}-{rules.max_players} players · full rules: "
        f"docs/rules/{rules.key}.md"
    )
    return embed
