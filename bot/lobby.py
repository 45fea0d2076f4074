"""Lobbies: a match forms in a channel (host, players, computer seats), starts and ends.

Mixed into the match service; every change is one guarded write through the store.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import games
import words
from bot.clock import ClockSettings, next_check
from bot.model import MOVED_ON, Match, Refusal, Seat, event_dicts
from bot.store import Conflict, SeatRow
from games import policies
from games.rng import SeededRng
from words import domain

if TYPE_CHECKING:
    from bot.store import Store
    from bot.store.store import BoardStory


_, ngettext, N_ = domain("bot").functions()
pgettext = domain("bot").pgettext


class Lobbies:
    """The lobby half of ``MatchService``."""

    store: Store
    clock: Callable[[], float]
    seed_source: Callable[[], int]

    if TYPE_CHECKING:  # the rest of ``MatchService``, which this half uses

        def lock(self, match_id: int) -> asyncio.Lock: ...

        async def get(self, match_id: int) -> Match: ...

        async def live_in(self, channel_id: int) -> Match | None: ...

        def board_story(
            self, match: Match, payload: dict[str, Any], *, turn_passed: bool
        ) -> BoardStory: ...

    async def create(
        self,
        game: str,
        *,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        name: str,
        options: dict[str, Any] | None = None,
        parent_id: int | None = None,
        clock: ClockSettings | None = None,
        rematch_of: int | None = None,
        computers: Sequence[str] = (),
        language: str = words.ENGLISH,
        casual: bool = False,
    ) -> Match:
        """A lobby hosted by ``user_id``, with a computer seat for each level in
        ``computers``; its public messages and pictures are worded in ``language`` (a shipped
        locale); ``casual``: a table where the bot is not a member (``bot.venue``)."""
        rules = games.get(game)
        if len(computers) > rules.max_players - 1:
            raise Refusal(seats_at_most(rules))
        if any(level not in policies.LEVELS for level in computers):
            raise Refusal(_("Computer players are easy or strong."))
        clock = clock or ClockSettings()
        opts = rules.options_type.parse(options or {}).to_dict()
        existing = await self.live_in(channel_id)
        if existing is not None:
            raise _busy_channel(existing)
        now = self.clock()
        values = {
            "game": game,
            "guild_id": guild_id,
            "channel_id": channel_id,
            "parent_id": parent_id,
            "status": "lobby",
            "host_id": user_id,
            "seed": self.seed_source(),
            "options": json.dumps(opts),
            "created_at": now,
            "updated_at": now,
            "reminder_hours": clock.reminder_hours,
            "deadline_hours": clock.deadline_hours,
            "on_deadline": clock.on_deadline,
            "lobby_hours": clock.lobby_hours,
            "next_due_at": next_check(
                "lobby",
                created_at=now,
                lobby_hours=clock.lobby_hours,
                turn_started_at=None,
                settings=clock,
            ),
            "rematch_of": rematch_of,
            "language": words.locale_of(language),
            "casual": int(casual),
        }
        try:
            match_id = await self.store.matches.create_match(
                values, SeatRow(0, user_id, _clean_name(name)), now
            )
        except Conflict:
            existing = await self.live_in(channel_id)
            if existing is None:
                raise
            raise _busy_channel(existing) from None
        match = await self.get(match_id)
        if computers:
            async with self.lock(match_id):
                seats = list(match.seats)
                for level in computers:
                    seats.append(_computer_seat(match.id, seats, level))
                match = await self._set_seats(match, seats)
        return match

    async def _lobby(self, channel_id: int, game: str) -> Match:
        match = await self.live_in(channel_id)
        if match is None or match.game != game:
            rules = games.get(game)
            raise Refusal(
                _("There is no {game} match here. Start one with `/{key} new`.").format(
                    game=rules.narrator.text(rules.title), key=game
                )
            )
        return match

    async def seat_rows(self, match_id: int, rows: list[SeatRow], *, host_id: int | None) -> bool:
        """Seat the lobby as ``rows`` say (and its host); False if it is no lobby any more."""
        return await self.store.matches.set_seats(match_id, rows, self.clock(), host_id=host_id)

    async def rematch_of(self, match_id: int) -> int | None:
        """The finished match this one is the rematch of, if it is one."""
        row = await self.store.matches.match(match_id)
        if row is None or row.rematch_of is None:
            return None
        return int(row.rematch_of)

    async def _set_seats(
        self, match: Match, seats: list[Seat], *, host_id: int | None = None
    ) -> Match:
        rows = [SeatRow(i, s.user_id, s.name, computer=s.computer) for i, s in enumerate(seats)]
        if not await self.store.matches.set_seats(match.id, rows, self.clock(), host_id=host_id):
            raise Refusal(_("This match has already started; you can watch it, though."))
        return await self.get(match.id)

    async def join(
        self, channel_id: int, game: str, *, user_id: int, name: str, computer: str | None = None
    ) -> Match:
        match = await self._lobby(channel_id, game)
        async with self.lock(match.id):
            match = await self.get(match.id)
            if match.status != "lobby":
                raise Refusal(_("This match has already started; you can watch it, though."))
            if match.seat_of(user_id) is not None:
                raise Refusal(_("You have already joined this match."))
            if len(match.seats) >= match.rules.max_players:
                raise Refusal(full(match))
            taken = {s.name.lower() for s in match.seats}
            seat_name = _clean_name(name)
            base, n = seat_name, 2
            while seat_name.lower() in taken:
                seat_name, n = f"{base} {n}", n + 1
            seat = Seat(len(match.seats), user_id, seat_name, computer=computer)
            return await self._set_seats(match, [*match.seats, seat])

    async def add_computer(self, channel_id: int, game: str, *, user_id: int, level: str) -> Match:
        """The host adds a computer player ("easy" or "strong") to the lobby."""
        match = await self._lobby(channel_id, game)
        async with self.lock(match.id):
            match = await self._hosted(
                match.id, user_id, N_("Only the host ({host}) can add computer players.")
            )
            if level not in policies.LEVELS:
                raise Refusal(_("Computer players are easy or strong."))
            if len(match.seats) >= match.rules.max_players:
                raise Refusal(full(match))
            seats = [*match.seats, _computer_seat(match.id, match.seats, level)]
            return await self._set_seats(match, seats)

    async def remove_computer(
        self, channel_id: int, game: str, *, user_id: int, computer_id: int
    ) -> Match:
        """The host takes a computer player (by its user id) out of the lobby."""
        match = await self._lobby(channel_id, game)
        async with self.lock(match.id):
            match = await self._hosted(
                match.id, user_id, N_("Only the host ({host}) can remove computer players.")
            )
            seat = match.seat_of(computer_id)
            if seat is None or match.seats[seat].computer is None:
                raise Refusal(_("That computer player is no longer in this lobby."))
            return await self._set_seats(match, [s for s in match.seats if s.seat != seat])

    async def _hosted(self, match_id: int, user_id: int, refusal: str) -> Match:
        """The lobby, if ``user_id`` hosts it; else ``refusal`` (a marked text naming the
        ``{host}``)."""
        match = await self.get(match_id)
        if match.status != "lobby":
            raise Refusal(_("This match has already started."))
        if user_id != match.host_id:
            host = next(s.name for s in match.seats if s.user_id == match.host_id)
            raise Refusal(_(refusal).format(host=host))
        return match

    async def leave(self, channel_id: int, game: str, *, user_id: int) -> Match:
        match = await self._lobby(channel_id, game)
        async with self.lock(match.id):
            match = await self.get(match.id)
            if match.status != "lobby":
                raise Refusal(
                    _(
                        "The match has started, so you cannot leave it; the host or a moderator "
                        "can end it with `/{key} abandon`."
                    ).format(key=game)
                )
            if match.seat_of(user_id) is None:
                raise Refusal(_("You are not in this match."))
            remaining = [s for s in match.seats if s.user_id != user_id]
            if not any(s.computer is None for s in remaining):
                remaining = []  # computers alone do not keep a lobby open
            host = None
            if remaining and user_id == match.host_id:
                host = next(s.user_id for s in remaining if s.computer is None)
            return await self._set_seats(match, remaining, host_id=host)

    async def start(self, channel_id: int, game: str, *, user_id: int) -> Match:
        match = await self._lobby(channel_id, game)
        async with self.lock(match.id):
            match = await self.get(match.id)
            if match.status != "lobby":
                raise Refusal(_("This match has already started."))
            if user_id != match.host_id:
                host = next(s.name for s in match.seats if s.user_id == match.host_id)
                raise Refusal(_("Only the host ({host}) can start the match.").format(host=host))
            rules = match.rules
            if len(match.seats) < rules.min_players:
                need = rules.min_players - len(match.seats)
                raise Refusal(
                    ngettext(
                        "{game} needs at least {least} players; {count} more must `/{key} join`.",
                        "{game} needs at least {least} players; {count} more must `/{key} join`.",
                        need,
                    ).format(
                        game=rules.narrator.text(rules.title),
                        least=rules.min_players,
                        count=need,
                        key=game,
                    )
                )
            if all(s.computer is not None for s in match.seats):
                raise Refusal(_("A match needs at least one person playing."))
            state = rules.new_game(
                [s.name for s in match.seats],
                match.options,
                rng=SeededRng(match.seed, 0),
                **rules.seat_extras([s.user_id for s in match.seats]),
            )
            now = self.clock()
            match.status, match.state, match.turn_started_at = "active", state, now
            board = self.board_story(
                match,
                {"kind": "start", "events": event_dicts(rules.opening_events(state))},
                turn_passed=True,
            )
            if not await self.store.matches.start_match(
                match.id, json.dumps(rules.dump(state)), now, match.next_check(), board
            ):
                raise Refusal(_("This match has already started."))
        return await self.get(match.id)

    async def abandon(
        self,
        channel_id: int,
        game: str,
        *,
        user_id: int,
        can_manage: bool,
        expected: tuple[int, str, int] | None = None,
    ) -> Match:
        """End the live match here; ``expected`` (match id, status, ply): only if it still
        stands as it did when the player was asked."""
        match = await self._lobby(channel_id, game)
        async with self.lock(match.id):
            match = await self.get(match.id)
            if expected is not None and (match.id, match.status, match.ply) != expected:
                raise Refusal(_(MOVED_ON))
            if user_id != match.host_id and not can_manage:
                raise Refusal(
                    _(
                        "Only the host or someone with the Manage Channels permission can end "
                        "this match."
                    )
                )
            await self.store.matches.close_match(match.id, self.clock())
        return await self.get(match.id)

    async def close(self, match_id: int) -> bool:
        """End a match whose channel, thread or server is gone; False if it was not live."""
        async with self.lock(match_id):
            return await self.store.matches.close_match(match_id, self.clock())


def seats_at_most(rules: Any) -> str:
    """Why a lobby cannot seat that many computers."""
    most = rules.max_players
    return ngettext(
        "{game} seats at most {most} players: you and up to {count} computer.",
        "{game} seats at most {most} players: you and up to {count} computers.",
        most - 1,
    ).format(game=rules.narrator.text(rules.title), most=most, count=most - 1)


def full(match: Match) -> str:
    return ngettext(
        "This match is full ({count} player).",
        "This match is full ({count} players).",
        match.rules.max_players,
    ).format(count=match.rules.max_players)


def _busy_channel(existing: Match) -> Refusal:
    text = (
        _(
            "There is already a {game} match here (lobby). Finish it or end it with "
            "`/{key} abandon` first, or start yours in another channel or thread."
        )
        if existing.status == "lobby"
        else _(
            "There is already a {game} match here (active). Finish it or end it with "
            "`/{key} abandon` first, or start yours in another channel or thread."
        )
    )
    return Refusal(
        text.format(game=existing.rules.narrator.text(existing.rules.title), key=existing.game)
    )


def _computer_seat(match_id: int, seats: Sequence[Seat], level: str) -> Seat:
    """The next computer of the match, "Computer n (level)" with the lowest free number: a
    negative user id no person or other match has, a name no other seat has."""
    ids = {s.user_id for s in seats}
    names = {s.name.lower() for s in seats}
    for n in range(1, 16):
        name = _("Computer {n} ({level})").format(n=n, level=level_name(level))
        if -(16 * match_id + n) not in ids and name.lower() not in names:
            return Seat(len(seats), -(16 * match_id + n), name, computer=level)
    raise Refusal(_("This match has no room for another computer player."))


def _clean_name(name: str) -> str:
    """A seat name players can type: one line, no markup characters, at most 32 characters."""
    cleaned = " ".join(str(name).replace("`", "").replace("*", "").replace("_", " ").split())
    return (cleaned or _("player"))[:32]


def level_name(level: str) -> str:
    """A computer player's level in words."""
    if level == "strong":
        return pgettext("computer level", "strong")
    return pgettext("computer level", "easy")
