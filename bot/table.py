"""The Discord side of a move: refuse privately, or acknowledge, apply, render, post the board.

Per move: check the actor (a refusal is an ephemeral reply and changes nothing); acknowledge
within Discord's 3 seconds; apply through the match service; render in a worker thread; post a
new board message (picture, what happened, a mention of whoever must act next); then drop the
buttons from the older boards.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

import discord

import render
from bot import ui
from bot.clock import HOUR
from bot.matches import Match, MatchService, MoveResult, Refusal, Seat
from games.base import Event, GameError

if TYPE_CHECKING:
    from bot.client import RanchHand

log = logging.getLogger(__name__)

CONTENT_LIMIT = 2000
PING_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


def escape(text: str) -> str:
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def mention(match: Match, seat: int) -> str:
    return f"<@{match.user_of(seat)}>"


def everyone(match: Match) -> str:
    """Mentions of every player still in the match."""
    return " ".join(f"<@{s.user_id}>" for s in match.seats if s.left_at is None)


def stamp(at: float, style: str = "R") -> str:
    """A Discord timestamp, shown in each reader's own time zone."""
    return f"<t:{int(at)}:{style}>"


def acting_mention(match: Match, seat: int) -> str:
    """A mention of an acting seat, with the role it plays now (e.g. which colour it moves)."""
    role = match.rules.seat_role(match.state, seat) if match.state is not None else None
    return f"{mention(match, seat)} ({escape(role)})" if role else mention(match, seat)


def compose(match: Match, events: Sequence[Event] = (), headline: str | None = None) -> str:
    """The board message's text: what happened, then who must act (with a mention)."""
    lines = []
    if headline:
        lines.append(headline)
    lines.extend(escape(e.text) for e in events)
    outcome = match.outcome()
    if match.status == "finished" and outcome is not None:
        winners = " and ".join(mention(match, s) for s in outcome.winners)
        lines.append(
            f"🏆 **Game over.** {winners} {'win' if len(outcome.winners) > 1 else 'wins'}!"
        )
    elif match.status == "abandoned":
        lines.append("The match was abandoned.")
    elif match.status == "active":
        acting = match.to_act()
        who = " and ".join(acting_mention(match, s) for s in acting)
        lines.append(f"➡️ {who}, your move.")
    text = "\n".join(lines)
    if len(text) > CONTENT_LIMIT:
        # Keep the mention line; trim the middle of a long story.
        tail = lines[-1]
        head = text[: CONTENT_LIMIT - len(tail) - 8].rsplit("\n", 1)[0]
        text = f"{head}\n…\n{tail}"
    return text


def seat_label(match: Match, seat: Seat) -> str:
    """A player in the board's list: bold when acting, struck through after leaving."""
    name = escape(seat.name)
    if seat.left_at is not None:
        return f"~~{name}~~"
    return f"**{name}**" if seat.seat in match.to_act() else name


def clock_text(match: Match) -> str:
    """The turn clock as shown on boards: the settings, then this turn's deadline or pause."""
    text = match.clock.describe()
    if match.status != "active":
        return text
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


def lobby_text(match: Match) -> str:
    rules = match.rules
    seats = "\n".join(
        f"{s.seat + 1}. {escape(s.name)}{' (host)' if s.user_id == match.host_id else ''}"
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
        return f"🤠 **{rules.title}** ({match.status}){options}\n{seats}"
    status = (
        f"Waiting for {need} more player{'s' if need != 1 else ''}."
        if need
        else f"Ready: the host can press Start or use `/{match.game} start`."
    )
    closes = match.created_at + match.clock.lobby_hours * HOUR
    status += f" The lobby closes {stamp(closes)} unless it starts."
    return (
        f"🤠 **{rules.title}** lobby ({rules.min_players}-{rules.max_players} players){options}\n"
        f"{seats}\n{status} Join with the button or `/{match.game} join`."
    )


class Table:
    def __init__(self, bot: RanchHand) -> None:
        self.bot = bot

    @property
    def service(self) -> MatchService:
        return self.bot.service

    # Replies -------------------------------------------------------------------------------

    async def refuse(self, interaction: discord.Interaction[Any], message: str) -> None:
        """A private, polite refusal; works whether or not the interaction was acknowledged."""
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)

    async def failed(self, interaction: discord.Interaction[Any], err: Exception) -> None:
        if isinstance(err, Refusal | GameError):
            message = str(err)
        else:
            log.error("error handling interaction %s", interaction.id, exc_info=err)
            message = "Sorry, something went wrong on my side; it has been logged."
        try:
            await self.refuse(interaction, message)
        except discord.HTTPException:
            log.warning("could not deliver an error message for interaction %s", interaction.id)

    # Lobby ---------------------------------------------------------------------------------

    async def send_lobby(
        self, interaction: discord.Interaction[Any], match: Match, *, text: str | None = None
    ) -> None:
        """Answer with the lobby message (buttons while it is open) and remember it, so the
        older lobby messages lose their buttons."""
        live = match.status == "lobby"
        callback = await interaction.response.send_message(
            text or lobby_text(match),
            view=ui.lobby_view(match) if live else discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        message_id = getattr(callback, "message_id", None)
        if live and message_id is not None and interaction.channel_id is not None:
            await self.track(match, interaction.channel_id, message_id)
        elif not live:
            await self.retire(match)

    async def track(self, match: Match, channel_id: int, message_id: int) -> None:
        """A new lobby message: it alone keeps the Join/Leave/Start buttons."""
        for older in await self.service.add_board(match.id, message_id, channel_id, -1):
            await self.strip_buttons(channel_id, older)

    async def retire(self, match: Match) -> None:
        """The match is over or closed: no message of it keeps buttons."""
        for channel_id, message_id in await self.service.retire_boards(match.id):
            await self.strip_buttons(channel_id, message_id)

    async def lobby_action(
        self, interaction: discord.Interaction[Any], match_id: int, op: str
    ) -> None:
        try:
            match = await self.service.get(match_id)
            if match.status != "lobby" or match.channel_id != interaction.channel_id:
                raise Refusal("This lobby is closed.")
            if op == "start":
                await self.start(interaction, match.game, from_button=True)
                return
            user = interaction.user
            if op == "join":
                match = await self.service.join(
                    match.channel_id, match.game, user_id=user.id, name=user.display_name
                )
            else:
                match = await self.service.leave(match.channel_id, match.game, user_id=user.id)
        except (Refusal, GameError) as err:
            await self.refuse(interaction, str(err))
            return
        if match.live:
            await interaction.response.edit_message(
                content=lobby_text(match), view=ui.lobby_view(match)
            )
        else:
            await interaction.response.edit_message(
                content="Everyone left; the lobby is closed.", view=None
            )
            await self.retire(match)

    async def start(
        self, interaction: discord.Interaction[Any], game: str, *, from_button: bool = False
    ) -> None:
        """Start the lobby here and post the first board."""
        match = await self.service.start(interaction.channel_id, game, user_id=interaction.user.id)
        if from_button:
            await interaction.response.edit_message(content=lobby_text(match), view=None)
        else:
            await interaction.response.defer(thinking=True)
        # lobby messages lose their buttons (the one clicked already did)
        clicked = interaction.message.id if from_button and interaction.message else None
        for channel_id, message_id in await self.service.retire_boards(match.id):
            if message_id != clicked:
                await self.strip_buttons(channel_id, message_id)
        order = ", ".join(f"{i + 1}. {mention(match, i)}" for i in range(len(match.seats)))
        await self.post_board(
            match,
            interaction=interaction,
            headline=f"🎬 **{match.rules.title}** begins! Seats: {order}.",
            events=match.rules.opening_events(match.state),
        )

    # Moves ---------------------------------------------------------------------------------

    async def play(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        *,
        ply: int | None = None,
        seat: int | None = None,
        index: int | None = None,
        text: str | None = None,
    ) -> None:
        user_id = interaction.user.id
        try:
            match, mine = await self.service.check_actor(match_id, user_id, ply=ply, seat=seat)
            if text is not None:
                match.rules.parse_action(match.state, mine, text)
        except (Refusal, GameError) as err:
            await self.refuse(interaction, str(err))
            return
        public = interaction.type is discord.InteractionType.application_command
        clicked = None if public else interaction.message
        if clicked is not None:
            # The acknowledgement itself takes the buttons off the board (or private menu)
            # that was used: at once, with no extra request, and it cannot be clicked twice.
            await interaction.response.edit_message(view=None)
        else:
            await interaction.response.defer(thinking=public)
        try:
            result = await self.service.act(
                match_id, user_id, ply=ply, seat=seat, index=index, text=text
            )
        except (Refusal, GameError) as err:
            if public:
                await interaction.delete_original_response()
            elif clicked is not None:
                await self._give_back_buttons(interaction, match_id, clicked.id, ply)
            await interaction.followup.send(str(err), ephemeral=True)
            return
        cleared = () if clicked is None else (clicked.id,)
        await self.post_move(result, interaction=interaction, cleared=cleared)

    async def _give_back_buttons(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        message_id: int,
        ply: int | None,
    ) -> None:
        """A move that did not happen leaves the newest board usable (unless the game moved
        on meanwhile: then that board is out of date and stays without buttons)."""
        match = await self.service.get(match_id)
        unchanged = ply is None or match.ply == ply
        if unchanged and await self.service.latest_board(match_id) == message_id:
            view = ui.build_view(match)
            await interaction.edit_original_response(view=view)

    async def post_move(
        self,
        result: MoveResult,
        *,
        interaction: discord.Interaction[Any] | None = None,
        cleared: Collection[int] = (),
    ) -> discord.Message | None:
        match = result.match
        name = escape(match.name_of(result.seat))
        headline = f"**{name}** played `{result.notation}`."
        return await self.post_board(
            match,
            interaction=interaction,
            events=result.events,
            headline=headline,
            last=result.action,
            cleared=cleared,
        )

    async def post_board(
        self,
        match: Match,
        *,
        interaction: discord.Interaction[Any] | None = None,
        channel: discord.abc.Messageable | None = None,
        events: Sequence[Event] = (),
        headline: str | None = None,
        last: Any = None,
        cleared: Collection[int] = (),
    ) -> discord.Message | None:
        """Post a fresh board; the interaction's followup if given, else the match channel.

        Older boards lose their buttons, except ``cleared`` ones, already without them.
        """
        content = compose(match, events, headline)
        files: list[discord.File] = []
        filename = None
        if match.state is not None:
            png = await asyncio.to_thread(render.draw, match.game, match.state, last=last)
            filename = f"{match.game}-{match.id}-{match.ply}.png"
            files.append(discord.File(io.BytesIO(png), filename=filename))
        embed = board_embed(match, filename=filename)
        view = ui.build_view(match)
        kwargs: dict[str, Any] = {
            "content": content,
            "embed": embed,
            "files": files,
            "allowed_mentions": PING_USERS,
        }
        if view is not None:
            kwargs["view"] = view
        if interaction is not None:
            message = await interaction.followup.send(wait=True, **kwargs)
        else:
            target = channel or await self._channel(match.channel_id)
            message = await target.send(**kwargs)
        if match.state is not None:
            older = await self.service.add_board(
                match.id, message.id, message.channel.id, match.ply
            )
            for message_id in older:
                if message_id not in cleared:
                    await self.strip_buttons(message.channel.id, message_id)
        return message

    async def strip_buttons(self, channel_id: int, message_id: int) -> None:
        """An old board keeps its picture but loses its buttons."""
        try:
            channel = self.bot.get_partial_messageable(channel_id)
            await channel.get_partial_message(message_id).edit(view=None)
        except discord.HTTPException as err:
            log.info("could not clear buttons of message %s: %s", message_id, err)

    async def _channel(self, channel_id: int) -> discord.abc.Messageable:
        return self.bot.get_partial_messageable(channel_id)

    # Menus that open privately -------------------------------------------------------------

    async def open_group(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        *,
        ply: int,
        seat: int,
        group_index: int,
    ) -> None:
        try:
            match, _ = await self.service.check_actor(
                match_id, interaction.user.id, ply=ply, seat=seat
            )
        except (Refusal, GameError) as err:
            await self.refuse(interaction, str(err))
            return
        groups = ui.groups_of(match, seat)
        if not 0 <= group_index < len(groups):
            await self.refuse(
                interaction, "Those moves are no longer available; use the newest board."
            )
            return
        group = groups[group_index]
        await interaction.response.send_message(
            ui.group_text(match, seat, group),
            view=ui.group_view(match, seat, group),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def open_move_box(
        self, interaction: discord.Interaction[Any], match_id: int, *, ply: int
    ) -> None:
        try:
            match, _ = await self.service.check_actor(match_id, interaction.user.id, ply=ply)
        except (Refusal, GameError) as err:
            await self.refuse(interaction, str(err))
            return
        examples = " · ".join(match.rules.notation[:3])
        await interaction.response.send_modal(ui.MoveModal(self, match, examples))
