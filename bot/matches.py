"""The match service: the one place where lobbies form and moves happen.

Every move is load, check the actor, ``apply``, then one transaction that stores the new state
and the action-log row, guarded by the ply so a stale or doubled click can never apply twice.
The service returns what happened; it never talks to Discord.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import games
from bot.boards import BoardMessages
from bot.clock import ClockSettings, deadline_due, next_check
from bot.store import Conflict, MoveRecord, SeatRow, Store
from bot.store.store import ActionRow, BoardStory
from games import policies
from games.base import Event, GameError, NotYourTurn, Outcome, Ruleset, Step
from games.rng import SeededRng

LIVE = ("lobby", "active")
#: the action-log notation of a seat leaving the game (never a game's own notation)
FORFEIT = "(forfeit)"
MOVED_ON = "The match moved on since you asked, so nothing was ended; ask again to end it."


class Refusal(Exception):
    """A request the bot turns down politely; ``str(err)`` is shown only to the asker."""


@dataclass(frozen=True)
class Seat:
    seat: int
    user_id: int
    name: str
    #: seconds of pause this player has used in this match
    pause_used: float = 0.0
    #: when the player left the game (a forfeit), else None
    left_at: float | None = None
    #: a computer seat's level ("easy" or "strong"); None for a person
    computer: str | None = None


@dataclass
class Match:
    id: int
    game: str
    guild_id: int | None
    channel_id: int
    parent_id: int | None
    status: str
    host_id: int
    seed: int
    ply: int
    options: dict[str, Any]
    seats: list[Seat]
    created_at: float
    updated_at: float
    state: Any = None
    turn_started_at: float | None = None
    clock: ClockSettings = field(default_factory=ClockSettings)
    #: the ply at which the current turn's clock started (reminders are counted per turn)
    turn_ply: int = 0
    paused_at: float | None = None
    paused_until: float | None = None
    paused_by: int | None = None

    @property
    def rules(self) -> Ruleset[Any, Any]:
        return games.get(self.game)

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    @property
    def deadline_at(self) -> float | None:
        """When the current turn's deadline falls (None: no deadline, not running, paused)."""
        if self.status != "active" or self.turn_started_at is None or self.paused:
            return None
        return deadline_due(self.turn_started_at, self.clock)

    @property
    def live(self) -> bool:
        return self.status in LIVE

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def user_of(self, seat: int) -> int:
        return self.seats[seat].user_id

    def name_of(self, seat: int) -> str:
        return self.seats[seat].name

    def to_act(self) -> tuple[int, ...]:
        if self.status != "active" or self.state is None:
            return ()
        return self.rules.to_act(self.state)

    def computer_to_act(self) -> int | None:
        """The computer seat the match waits on (the first seat to act), else None."""
        acting = self.to_act()
        if acting and self.seats[acting[0]].computer is not None:
            return acting[0]
        return None

    def outcome(self) -> Outcome | None:
        if self.state is None:
            return None
        return self.rules.outcome(self.state)

    def next_check(self, *, reminders_sent: int = 0, deadline_done: bool = False) -> float | None:
        """When the turn clock must next look at this match (a computer's turn: at once)."""
        if not self.paused and self.computer_to_act() is not None:
            return self.turn_started_at or self.updated_at
        return next_check(
            self.status,
            created_at=self.created_at,
            lobby_hours=self.clock.lobby_hours,
            turn_started_at=self.turn_started_at,
            settings=self.clock,
            paused_until=self.paused_until if self.paused else None,
            reminders_sent=reminders_sent,
            deadline_done=deadline_done,
        )


@dataclass(frozen=True)
class MoveResult:
    """A move as stored: the player's own action, then any forced moves that followed it
    (``plays`` lists every (seat, notation) in order; ``events`` are all of their events)."""

    match: Match
    seat: int
    user_id: int
    notation: str
    action: Any
    events: tuple[Event, ...]
    previous_state: Any = field(repr=False, default=None)
    plays: tuple[tuple[int, str], ...] = ()
    #: the ply the match stood at before this move (its board's buttons carried it)
    from_ply: int = 0
    #: whether the turn passed to someone else (or the match ended): a new board message
    turn_passed: bool = True

    @property
    def finished(self) -> bool:
        return self.match.status == "finished"


#: forced moves played in a row after one move, at most (a safety bound, never reached in play)
MAX_FORCED = 200


class MatchService(BoardMessages):
    def __init__(
        self,
        store: Store,
        *,
        seed_source: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.seed_source = seed_source or (lambda: secrets.randbits(62))
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._states: OrderedDict[tuple[int, int], Any] = OrderedDict()

    def lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    # Loading -------------------------------------------------------------------------------

    async def get(self, match_id: int) -> Match:
        row = await self.store.match(match_id)
        if row is None:
            raise Refusal("That match no longer exists.")
        return await self._hydrate(row)

    async def live_in(self, channel_id: int) -> Match | None:
        row = await self.store.live_match_in(channel_id)
        return None if row is None else await self._hydrate(row)

    async def in_guild(self, guild_id: int, *, live_only: bool = True) -> list[Match]:
        rows = await self.store.matches_in_guild(guild_id, live_only=live_only, limit=50)
        return [await self._hydrate(r) for r in rows]

    async def live_in_channels(self, channel_ids: list[int]) -> list[Match]:
        """Live matches in these channels or in threads under them."""
        return [
            await self._hydrate(r) for r in await self.store.live_matches_in_channels(channel_ids)
        ]

    async def live_in_guild(self, guild_id: int) -> list[Match]:
        return [await self._hydrate(r) for r in await self.store.live_matches_in_guild(guild_id)]

    async def _hydrate(self, row: Any) -> Match:
        seats = await self.store.seats(row["id"])
        clock = ClockSettings(
            reminder_hours=row["reminder_hours"],
            deadline_hours=row["deadline_hours"] or None,
            on_deadline=row["on_deadline"],
            lobby_hours=row["lobby_hours"],
        )
        match = Match(
            id=row["id"],
            game=row["game"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            parent_id=row["parent_id"],
            status=row["status"],
            host_id=row["host_id"],
            seed=row["seed"],
            ply=row["ply"],
            options=json.loads(row["options"]),
            seats=[
                Seat(s.seat, s.user_id, s.name, s.pause_used, s.left_at, s.computer) for s in seats
            ],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            turn_started_at=row["turn_started_at"],
            clock=clock,
            turn_ply=row["turn_ply"],
            paused_at=row["paused_at"],
            paused_until=row["paused_until"],
            paused_by=row["paused_by"],
        )
        if row["state"] is not None:
            key = (match.id, match.ply)
            state = self._states.get(key)
            if state is None:
                state = match.rules.load(json.loads(row["state"]))
                self._remember(key, state)
            match.state = state
        return match

    def _remember(self, key: tuple[int, int], state: Any) -> None:
        self._states[key] = state
        self._states.move_to_end(key)
        while len(self._states) > 512:
            self._states.popitem(last=False)

    # Lobby ---------------------------------------------------------------------------------

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
    ) -> Match:
        """A lobby hosted by ``user_id``, with a computer seat for each level in
        ``computers``."""
        rules = games.get(game)
        if len(computers) > rules.max_players - 1:
            raise Refusal(
                f"{rules.title} seats at most {rules.max_players} players: you and up to "
                f"{rules.max_players - 1} computers."
            )
        if any(level not in policies.LEVELS for level in computers):
            raise Refusal(f"Computer players are {' or '.join(policies.LEVELS)}.")
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
            "next_due_at": now + clock.lobby_hours * 3600.0,
            "rematch_of": rematch_of,
        }
        try:
            match_id = await self.store.create_match(
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
            title = games.get(game).title
            raise Refusal(f"There is no {title} match here. Start one with `/{game} new`.")
        return match

    async def _set_seats(
        self, match: Match, seats: list[Seat], *, host_id: int | None = None
    ) -> Match:
        rows = [SeatRow(i, s.user_id, s.name, computer=s.computer) for i, s in enumerate(seats)]
        if not await self.store.set_seats(match.id, rows, self.clock(), host_id=host_id):
            raise Refusal("This match has already started; you can watch it, though.")
        return await self.get(match.id)

    async def join(
        self, channel_id: int, game: str, *, user_id: int, name: str, computer: str | None = None
    ) -> Match:
        match = await self._lobby(channel_id, game)
        async with self.lock(match.id):
            match = await self.get(match.id)
            if match.status != "lobby":
                raise Refusal("This match has already started; you can watch it, though.")
            if match.seat_of(user_id) is not None:
                raise Refusal("You have already joined this match.")
            if len(match.seats) >= match.rules.max_players:
                raise Refusal(f"This match is full ({match.rules.max_players} players).")
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
            match = await self._hosted(match.id, user_id, "add computer players")
            if level not in policies.LEVELS:
                raise Refusal(f"Computer players are {' or '.join(policies.LEVELS)}.")
            if len(match.seats) >= match.rules.max_players:
                raise Refusal(f"This match is full ({match.rules.max_players} players).")
            seats = [*match.seats, _computer_seat(match.id, match.seats, level)]
            return await self._set_seats(match, seats)

    async def remove_computer(
        self, channel_id: int, game: str, *, user_id: int, computer_id: int
    ) -> Match:
        """The host takes a computer player (by its user id) out of the lobby."""
        match = await self._lobby(channel_id, game)
        async with self.lock(match.id):
            match = await self._hosted(match.id, user_id, "remove computer players")
            seat = match.seat_of(computer_id)
            if seat is None or match.seats[seat].computer is None:
                raise Refusal("That computer player is no longer in this lobby.")
            return await self._set_seats(match, [s for s in match.seats if s.seat != seat])

    async def _hosted(self, match_id: int, user_id: int, doing: str) -> Match:
        match = await self.get(match_id)
        if match.status != "lobby":
            raise Refusal("This match has already started.")
        if user_id != match.host_id:
            host = next(s.name for s in match.seats if s.user_id == match.host_id)
            raise Refusal(f"Only the host ({host}) can {doing}.")
        return match

    async def leave(self, channel_id: int, game: str, *, user_id: int) -> Match:
        match = await self._lobby(channel_id, game)
        async with self.lock(match.id):
            match = await self.get(match.id)
            if match.status != "lobby":
                raise Refusal(
                    "The match has started, so you cannot leave it; the host or a moderator can "
                    f"end it with `/{game} abandon`."
                )
            if match.seat_of(user_id) is None:
                raise Refusal("You are not in this match.")
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
                raise Refusal("This match has already started.")
            if user_id != match.host_id:
                host = next(s.name for s in match.seats if s.user_id == match.host_id)
                raise Refusal(f"Only the host ({host}) can start the match.")
            rules = match.rules
            if len(match.seats) < rules.min_players:
                need = rules.min_players - len(match.seats)
                raise Refusal(
                    f"{rules.title} needs at least {rules.min_players} players; "
                    f"{need} more must `/{game} join`."
                )
            if all(s.computer is not None for s in match.seats):
                raise Refusal("A match needs at least one person playing.")
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
                {"kind": "start", "events": _event_dicts(rules.opening_events(state))},
                turn_passed=True,
            )
            if not await self.store.start_match(
                match.id, json.dumps(rules.dump(state)), now, match.next_check(), board
            ):
                raise Refusal("This match has already started.")
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
                raise Refusal(MOVED_ON)
            if user_id != match.host_id and not can_manage:
                raise Refusal(
                    "Only the host or someone with the Manage Channels permission can end this "
                    "match."
                )
            await self.store.close_match(match.id, self.clock())
        return await self.get(match.id)

    async def close(self, match_id: int) -> bool:
        """End a match whose channel, thread or server is gone; False if it was not live."""
        async with self.lock(match_id):
            return await self.store.close_match(match_id, self.clock())

    # Moves ---------------------------------------------------------------------------------

    async def check_actor(
        self, match_id: int, user_id: int, *, ply: int | None = None, seat: int | None = None
    ) -> tuple[Match, int]:
        """Refuse a move early, before anything is acknowledged publicly."""
        match = await self.get(match_id)
        return match, self._actor_seat(match, user_id, ply=ply, seat=seat)

    def _actor_seat(self, match: Match, user_id: int, *, ply: int | None, seat: int | None) -> int:
        rules = match.rules
        if match.status == "lobby":
            raise Refusal(
                f"The match has not started yet; the host starts it with `/{match.game} start`."
            )
        if match.status != "active":
            raise Refusal(
                f"This match is {match.status}; start a new one with `/{match.game} new`."
            )
        mine = match.seat_of(user_id)
        if mine is None:
            raise Refusal("You are not playing in this match; you are welcome to watch.")
        if ply is not None and ply != match.ply:
            raise Refusal(
                "Those buttons are out of date: the game has moved on since that board. "
                "Use the newest board below."
            )
        acting = rules.to_act(match.state)
        if mine not in acting:
            waiting = " and ".join(match.name_of(s) for s in acting) or "nobody"
            raise NotYourTurn(f"It is not your turn; waiting on {waiting}.")
        if seat is not None and seat != mine:
            raise Refusal(f"Those buttons are for {match.name_of(seat)}.")
        return mine

    async def act(
        self,
        match_id: int,
        user_id: int,
        *,
        ply: int | None = None,
        seat: int | None = None,
        index: int | None = None,
        text: str | None = None,
    ) -> MoveResult:
        """Apply a move chosen by menu ``index`` (with the board's ``ply``) or typed ``text``."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            mine = self._actor_seat(match, user_id, ply=ply, seat=seat)
            rules = match.rules
            if index is not None:
                actions = rules.legal_actions(match.state, mine)
                if not 0 <= index < len(actions):
                    raise Refusal("That choice is no longer available; use the newest board.")
                action = actions[index]
            elif text is not None:
                action = rules.parse_action(match.state, mine, text)
            else:
                raise Refusal("No move given.")
            return await self._apply(match, mine, user_id, action)

    async def act_default(
        self,
        match_id: int,
        seat: int,
        *,
        expected_ply: int,
        action: Any = None,
        kind: str = "deadline",
    ) -> MoveResult:
        """Play ``action`` (else the ruleset's default) for ``seat``: turn clocks, computers."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            # a pause stops the clock; computers still answer the moves made meanwhile
            paused = match.paused and kind != "computer"
            if match.status != "active" or match.ply != expected_ply or paused:
                raise Refusal("The match has moved on.")
            if seat not in match.to_act():
                raise Refusal("The match has moved on.")
            if action is None:
                action = match.rules.default_action(match.state, seat)
            return await self._apply(match, seat, match.user_of(seat), action, kind=kind)

    async def forfeit(self, match_id: int, seat: int, *, expected_ply: int) -> MoveResult:
        """``seat`` leaves the game (a turn deadline with the forfeit consequence)."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active" or match.ply != expected_ply or match.paused:
                raise Refusal("The match has moved on.")
            step = match.rules.resign(match.state, seat, rng=SeededRng(match.seed, match.ply + 1))
            return await self._commit(
                match,
                [(seat, match.user_of(seat), FORFEIT, None, step)],
                leaves=seat,
                kind="forfeit",
            )

    async def expire_lobby(self, match_id: int) -> bool:
        """Close a lobby nobody started; False if it started or closed meanwhile."""
        async with self.lock(match_id):
            return await self.store.close_match(match_id, self.clock(), only_lobby=True)

    async def _apply(
        self, match: Match, seat: int, user_id: int, action: Any, *, kind: str = "move"
    ) -> MoveResult:
        """Apply the move, then every forced move that follows it (a lone pass, a forced
        placement), and store them together."""
        rules = match.rules
        plays = []
        state, ply = match.state, match.ply
        for _ in range(MAX_FORCED):
            notation = rules.format_action(state, action)
            step = rules.apply(state, seat, action, rng=SeededRng(match.seed, ply + 1))
            plays.append((seat, user_id, notation, action, step))
            state, ply = step.state, ply + 1
            if rules.outcome(state) is not None:
                break
            forced = self._forced(match, state)
            if forced is None:
                break
            seat, action = forced
            user_id = match.user_of(seat)
        return await self._commit(match, plays, kind=kind)

    def _forced(self, match: Match, state: Any) -> tuple[int, Any] | None:
        acting = match.rules.to_act(state)
        if len(acting) != 1:
            return None
        action = match.rules.forced_action(state, acting[0])
        return None if action is None else (acting[0], action)

    def board_story(
        self, match: Match, payload: dict[str, Any], *, turn_passed: bool
    ) -> BoardStory:
        return BoardStory(match.channel_id, json.dumps(payload), turn_passed)

    async def _commit(
        self,
        match: Match,
        plays: list[tuple[int, int, str, Any, Step[Any]]],
        *,
        leaves: int | None = None,
        kind: str = "move",
    ) -> MoveResult:
        """Store the plays as the next plies, guarded by the ply, with their action-log rows,
        a leaving seat and the board to post, all in one transaction."""
        rules = match.rules
        now = self.clock()
        previous, from_ply = match.state, match.ply
        rows, turn_ply, key = [], None, rules.turn_key(match.state)
        events: list[Event] = []
        state = previous
        for i, (seat, user_id, notation, _action, step) in enumerate(plays, start=1):
            rows.append(
                ActionRow(from_ply + i, seat, user_id, notation, [e.text for e in step.events])
            )
            events.extend(step.events)
            state = step.state
            new_key = rules.turn_key(state)
            if new_key != key:
                turn_ply, key = from_ply + i, new_key
        finished = rules.outcome(state) is not None
        seat0, user0, notation0, action0, _ = plays[0]
        turn_passed = finished or turn_ply is not None
        payload = {
            "kind": kind,
            "plays": [[p[0], p[2]] for p in plays],
            "events": _event_dicts(events),
        }
        status = "finished" if finished else "active"
        # the clock's next look at the match, as it will stand
        match.state, match.status = state, status
        if turn_ply is not None:
            match.turn_started_at, match.turn_ply = now, turn_ply
        if leaves is not None:
            match.seats[leaves] = replace(match.seats[leaves], left_at=now)
        record = MoveRecord(
            match_id=match.id,
            from_ply=from_ply,
            actions=rows,
            state=json.dumps(rules.dump(state)),
            status=status,
            at=now,
            turn_ply=turn_ply,
            next_due_at=match.next_check(),
            leaves=leaves,
            board=self.board_story(match, payload, turn_passed=turn_passed),
        )
        if not await self.store.commit_move(record):
            raise Refusal("Someone else moved first; use the newest board.")
        match.ply, match.updated_at = record.ply, now
        self._remember((match.id, match.ply), state)
        # the picture marks what the last play changed: the state just before it
        before_last = plays[-2][4].state if len(plays) > 1 else previous
        return MoveResult(
            match,
            seat0,
            user0,
            notation0,
            action0 if len(plays) == 1 else plays[-1][3],
            tuple(events),
            before_last,
            plays=tuple((p[0], p[2]) for p in plays),
            from_ply=from_ply,
            turn_passed=turn_passed,
        )

    async def history(self, match_id: int, limit: int = 20) -> list[dict[str, Any]]:
        rows = await self.store.actions(match_id, last=limit)
        return [
            {
                "ply": r["ply"],
                "seat": r["seat"],
                "notation": r["notation"],
                "events": json.loads(r["events"]),
                "at": r["at"],
            }
            for r in rows
        ]

    async def replay(self, match_id: int) -> Any:
        """Rebuild the state from the seed and the action log (an audit of the stored state)."""
        match = await self.get(match_id)
        rows = await self.store.actions(match_id)
        return replay_actions(match, [(r["ply"], r["seat"], r["notation"]) for r in rows])

    async def waiting_on(self, guild_id: int, user_id: int) -> list[tuple[Match, int]]:
        """Live matches in a server that wait on this user: (match, seat), oldest wait first.

        Active matches where the user's seat may act, and lobbies the user hosts that have
        enough players to start."""
        out = []
        for row in await self.store.live_matches_of(guild_id, user_id):
            match = await self._hydrate(row)
            seat = match.seat_of(user_id)
            assert seat is not None
            ready_lobby = (
                match.status == "lobby"
                and match.host_id == user_id
                and len(match.seats) >= match.rules.min_players
            )
            if ready_lobby or (match.status == "active" and seat in match.to_act()):
                out.append((match, seat))
        out.sort(key=lambda ms: ms[0].turn_started_at or ms[0].created_at)
        return out


def replay_actions(match: Match, log: list[tuple[int, int | None, str]]) -> Any:
    """The state after replaying ``(ply, seat, notation)`` rows from the match's seed."""
    rules = match.rules
    state = rules.new_game(
        [s.name for s in match.seats],
        match.options,
        rng=SeededRng(match.seed, 0),
        **rules.seat_extras([s.user_id for s in match.seats]),
    )
    for ply, seat, notation in log:
        rng = SeededRng(match.seed, ply)
        if notation == FORFEIT:
            state = rules.resign(state, seat, rng=rng).state
            continue
        action = rules.parse_action(state, seat, notation)
        state = rules.apply(state, seat, action, rng=rng).state
    return state


def _event_dicts(events: Any) -> list[dict[str, Any]]:
    return [{"text": e.text, "minor": True} if e.minor else {"text": e.text} for e in events]


def _busy_channel(existing: Match) -> Refusal:
    return Refusal(
        f"There is already a {existing.rules.title} match here ({existing.status}). "
        f"Finish it or end it with `/{existing.game} abandon` first, or start yours in "
        "another channel or thread."
    )


def _computer_seat(match_id: int, seats: Sequence[Seat], level: str) -> Seat:
    """The next computer of the match, "Computer n (level)" with the lowest free number: a
    negative user id no person or other match has, a name no other seat has."""
    ids = {s.user_id for s in seats}
    names = {s.name.lower() for s in seats}
    for n in range(1, 16):
        name = f"Computer {n} ({level})"
        if -(16 * match_id + n) not in ids and name.lower() not in names:
            return Seat(len(seats), -(16 * match_id + n), name, computer=level)
    raise Refusal("This match has no room for another computer player.")


def _clean_name(name: str) -> str:
    """A seat name players can type: one line, no markup characters, at most 32 characters."""
    cleaned = " ".join(str(name).replace("`", "").replace("*", "").replace("_", " ").split())
    return (cleaned or "player")[:32]


__all__ = ["GameError", "Match", "MatchService", "MoveResult", "Refusal", "Seat"]
