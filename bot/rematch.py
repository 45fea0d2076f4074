"""Rematch: the final board's button opens a new lobby for the same players.

The first player of the finished match to click opens a lobby in the same channel with the
same game, options and turn clock (a new seed; ``rematch_of`` names the old match); each other
player who clicks takes their old seat (seats keep their old order and names, computer seats
come back by themselves). The previous host hosts again once back; until then, the first to
click does. The host starts it as any lobby. Only the finished match's players may click, and
a channel where a match is live refuses.
"""

from __future__ import annotations

from typing import Protocol

import discord

from bot.answer import Click
from bot.matches import Match, MatchService, Refusal, Seat
from bot.store import SeatRow
from bot.texts import escape, game_title, lobby_text
from words import domain, join_and
from words.catalogue import set_locale

_, ngettext, N_ = domain("bot").functions()


class Lobbies(Protocol):
    """What a rematch uses of the table (``bot.table.Table``)."""

    @property
    def service(self) -> MatchService: ...

    def check_permissions(self, interaction: Click) -> None: ...

    async def start(
        self, interaction: Click, game: str, *, from_button: bool = False, answered: bool = False
    ) -> None: ...

    async def send_lobby(
        self, interaction: Click, match: Match, *, text: str | None = None
    ) -> None: ...


async def click(table: Lobbies, interaction: Click, match_id: int) -> None:
    """Open the rematch lobby, or take a seat in it; refusals are private."""
    service = table.service
    old = await service.get(match_id)
    user_id = interaction.user.id
    if old.status != "finished":
        raise Refusal(_("Only a finished match can be played again."))
    mine = old.seat_of(user_id)
    if mine is None or old.seats[mine].computer is not None:
        raise Refusal(
            _(
                "Only the players of this match can ask for a rematch; you are welcome to start "
                "your own with `/{key} new`."
            ).format(key=old.game)
        )
    live = await service.live_in(old.channel_id)
    match = None
    if live is None:
        try:
            match = await _open(service, old, user_id)
        except Refusal:
            # another player's click opened it a moment ago: take a seat in it instead
            live = await service.live_in(old.channel_id)
            if live is None:
                raise
    if match is None:
        assert live is not None
        if live.status != "lobby" or await service.rematch_of(live.id) != old.id:
            raise Refusal(
                _(
                    "A {game} match is already live in this channel; a rematch can start here "
                    "once it is over."
                ).format(game=game_title(live))
            )
        if live.seat_of(user_id) is not None:
            raise Refusal(_("You are already in the rematch; the host starts it."))
        match = await _take_seat(service, old, live, user_id)
    set_locale(match.language)  # the lobby is public: in the match's language
    computers = _only_computers_besides(old, match, user_id)
    if computers:
        if not old.casual:
            table.check_permissions(interaction)  # (refused before a word is posted)
        await interaction.response.send_message(
            _(
                "🔁 **Rematch** of the last {game} match: {name} plays {computers} again; the "
                "board is below."
            ).format(game=game_title(old), name=escape(old.name_of(mine)), computers=computers),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await table.start(interaction, match.game, answered=True)
        return
    back = sum(1 for s in match.seats if s.computer is None)
    wanted = sum(1 for s in old.seats if s.computer is None)
    head = ngettext(
        "🔁 **Rematch** of the last {game} match: {name} is in ({back} of {count} back). "
        "Players of the last match: press Rematch on its final board, or Join here.",
        "🔁 **Rematch** of the last {game} match: {name} is in ({back} of {count} back). "
        "Players of the last match: press Rematch on its final board, or Join here.",
        wanted,
    ).format(game=game_title(old), name=escape(old.name_of(mine)), back=back, count=wanted)
    await table.send_lobby(interaction, match, text=f"{head}\n{lobby_text(match)}")


def _only_computers_besides(old: Match, match: Match, user_id: int) -> str:
    """The computers' names when every other seat of the finished match was a computer (and
    ``user_id`` hosts its rematch lobby), else an empty text."""
    others = [s for s in old.seats if s.user_id != user_id]
    if match.host_id != user_id or not others or any(s.computer is None for s in others):
        return ""
    return join_and([f"🤖 {escape(s.name)}" for s in others])


async def _open(service: MatchService, old: Match, user_id: int) -> Match:
    me = old.seats[old.seat_of(user_id) or 0]
    match: Match = await service.create(
        old.game,
        guild_id=old.guild_id,
        channel_id=old.channel_id,
        user_id=user_id,
        name=me.name,
        options=old.options,
        parent_id=old.parent_id,
        clock=old.clock,
        rematch_of=old.id,
        language=old.language,
        casual=old.casual,
    )
    computers = [s for s in old.seats if s.computer is not None]
    if not computers:
        return match
    return await _seat(service, old, match, [*match.seats, *computers], host=user_id)


async def _take_seat(service: MatchService, old: Match, live: Match, user_id: int) -> Match:
    async with service.lock(live.id):
        live = await service.get(live.id)
        if live.status != "lobby":
            raise Refusal(_("The rematch has already started; you can watch it, though."))
        me = old.seats[old.seat_of(user_id) or 0]
        host = user_id if user_id == old.host_id else live.host_id
        return await _seat(service, old, live, [*live.seats, me], host=host)


async def _seat(
    service: MatchService, old: Match, match: Match, seats: list[Seat], *, host: int
) -> Match:
    """The lobby's seats in the old match's order (newcomers who joined by button last)."""
    before = {s.user_id: s.seat for s in old.seats}
    order = sorted(seats, key=lambda s: before.get(s.user_id, len(before) + s.seat))
    rows = [SeatRow(i, s.user_id, s.name, computer=s.computer) for i, s in enumerate(order)]
    if len(rows) > match.rules.max_players:
        raise Refusal(
            ngettext(
                "The rematch is full ({count} player).",
                "The rematch is full ({count} players).",
                match.rules.max_players,
            ).format(count=match.rules.max_players)
        )
    if not await service.seat_rows(match.id, rows, host_id=host):
        raise Refusal(_("The rematch has already started; you can watch it, though."))

    return await service.get(match.id)
