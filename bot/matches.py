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
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import games
from bot.boards import BoardMessages
from bot.clock import ClockSettings, deadline_due
from bot.db import Database
from games.base import Event, GameError, NotYourTurn, Outcome, Ruleset, Step
from games.rng import SeededRng

LIVE = ("lobby", "active")
#: the action-log notation of a seat leaving the game (never a game's own notation)
FORFEIT = "(forfeit)"


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

    def outcome(self) -> Outcome | None:
        if self.state is None:
            return None
        return self.rules.outcome(self.state)


@dataclass(frozen=True)
class MoveResult:
    match: Match
    seat: int
    user_id: int
    notation: str
    action: Any
    events: tuple[Event, ...]
    previous_state: Any = field(repr=False, default=None)

    @property
    def finished(self) -> bool:
        return self.match.status == "finished"


class MatchService(BoardMessages):
    def __init__(
        self,
        db: Database,
        *,
        seed_source: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.db = db
        self.seed_source = seed_source or (lambda: secrets.randbits(62))
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._states: OrderedDict[tuple[int, int], Any] = OrderedDict()

    def lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    # Loading -------------------------------------------------------------------------------

    async def get(self, match_id: int) -> Match:
        row = await self.db.fetchone("SELECT * FROM matches WHERE id = ?", (match_id,))
        if row is None:
            raise Refusal("That match no longer exists.")
        return await self._hydrate(row)

    async def live_in(self, channel_id: int) -> Match | None:
        row = await self.db.fetchone(
            "SELECT * FROM matches WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return None if row is None else await self._hydrate(row)

    async def in_guild(self, guild_id: int, *, live_only: bool = True) -> list[Match]:
        where = "AND status IN ('lobby', 'active')" if live_only else ""
        rows = await self.db.fetchall(
            f"SELECT * FROM matches WHERE guild_id = ? {where} ORDER BY updated_at DESC LIMIT 50",
            (guild_id,),
        )
        return [await self._hydrate(r) for r in rows]

    async def _hydrate(self, row: Any) -> Match:
        seats = await self.db.fetchall(
            "SELECT seat, user_id, name, pause_used, left_at FROM seats WHERE match_id = ? "
            "ORDER BY seat",
            (row["id"],),
        )
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
                Seat(s["seat"], s["user_id"], s["name"], s["pause_used"], s["left_at"])
                for s in seats
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
    ) -> Match:
        rules = games.get(game)
        clock = clock or ClockSettings()
        opts = rules.options_type.parse(options or {}).to_dict()
        existing = await self.live_in(channel_id)
        if existing is not None:
            raise Refusal(
                f"There is already a {existing.rules.title} match here ({existing.status}). "
                f"Finish it or end it with `/{existing.game} abandon` first, or start yours in "
                "another channel or thread."
            )
        now = self.clock()
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO matches (game, guild_id, channel_id, parent_id, status, host_id, seed,"
                " options, created_at, updated_at, reminder_hours, deadline_hours, on_deadline,"
                " lobby_hours) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game,
                    guild_id,
                    channel_id,
                    parent_id,
                    user_id,
                    self.seed_source(),
                    json.dumps(opts),
                    now,
                    now,
                    clock.reminder_hours,
                    clock.deadline_hours,
                    clock.on_deadline,
                    clock.lobby_hours,
                ),
            )
            match_id = cur.lastrowid
            await conn.execute(
                "INSERT INTO seats (match_id, seat, user_id, name, joined_at) "
                "VALUES (?, 0, ?, ?, ?)",
                (match_id, user_id, _clean_name(name), now),
            )
        assert match_id is not None
        return await self.get(match_id)

    async def _lobby(self, channel_id: int, game: str) -> Match:
        match = await self.live_in(channel_id)
        if match is None or match.game != game:
            title = games.get(game).title
            raise Refusal(f"There is no {title} match here. Start one with `/{game} new`.")
        return match

    async def join(self, channel_id: int, game: str, *, user_id: int, name: str) -> Match:
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
            async with self.db.transaction() as conn:
                await conn.execute(
                    "INSERT INTO seats (match_id, seat, user_id, name, joined_at) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (match.id, len(match.seats), user_id, seat_name, self.clock()),
                )
                await self._touch(conn, match.id)
        return await self.get(match.id)

    async def leave(self, channel_id: int, game: str, *, user_id: int) -> Match:
        match = await self._lobby(channel_id, game)
        async with self.lock(match.id):
            match = await self.get(match.id)
            if match.status != "lobby":
                raise Refusal(
                    "The match has started, so you cannot leave it; the host or a moderator can "
                    f"end it with `/{game} abandon`."
                )
            seat = match.seat_of(user_id)
            if seat is None:
                raise Refusal("You are not in this match.")
            remaining = [s for s in match.seats if s.user_id != user_id]
            async with self.db.transaction() as conn:
                await conn.execute("DELETE FROM seats WHERE match_id = ?", (match.id,))
                for i, s in enumerate(remaining):
                    await conn.execute(
                        "INSERT INTO seats (match_id, seat, user_id, name, joined_at) "
                        "VALUES (?, ?, ?, ?, ?)",
                        (match.id, i, s.user_id, s.name, self.clock()),
                    )
                if not remaining:
                    await conn.execute(
                        "UPDATE matches SET status = 'abandoned', updated_at = ? WHERE id = ?",
                        (self.clock(), match.id),
                    )
                elif user_id == match.host_id:
                    await conn.execute(
                        "UPDATE matches SET host_id = ?, updated_at = ? WHERE id = ?",
                        (remaining[0].user_id, self.clock(), match.id),
                    )
        return await self.get(match.id)

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
            state = rules.new_game(
                [s.name for s in match.seats],
                match.options,
                rng=SeededRng(match.seed, 0),
                **rules.seat_extras([s.user_id for s in match.seats]),
            )
            now = self.clock()
            async with self.db.transaction() as conn:
                await conn.execute(
                    "UPDATE matches SET status = 'active', state = ?, ply = 0, updated_at = ?, "
                    "turn_started_at = ?, turn_ply = 0 WHERE id = ? AND status = 'lobby'",
                    (json.dumps(rules.dump(state)), now, now, match.id),
                )
        return await self.get(match.id)

    async def abandon(self, channel_id: int, game: str, *, user_id: int, can_manage: bool) -> Match:
        match = await self._lobby(channel_id, game)
        async with self.lock(match.id):
            match = await self.get(match.id)
            if user_id != match.host_id and not can_manage:
                raise Refusal(
                    "Only the host or someone with the Manage Channels permission can end this "
                    "match."
                )
            async with self.db.transaction() as conn:
                await conn.execute(
                    "UPDATE matches SET status = 'abandoned', updated_at = ? WHERE id = ?",
                    (self.clock(), match.id),
                )
                await self._touch(conn, match.id)
        return await self.get(match.id)

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

    async def act_default(self, match_id: int, seat: int, *, expected_ply: int) -> MoveResult:
        """Play the ruleset's default action for ``seat`` (turn clocks)."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active" or match.ply != expected_ply or match.paused:
                raise Refusal("The match has moved on.")
            action = match.rules.default_action(match.state, seat)
            return await self._apply(match, seat, match.user_of(seat), action)

    async def forfeit(self, match_id: int, seat: int, *, expected_ply: int) -> MoveResult:
        """``seat`` leaves the game (a turn deadline with the forfeit consequence)."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active" or match.ply != expected_ply or match.paused:
                raise Refusal("The match has moved on.")
            step = match.rules.resign(match.state, seat, rng=SeededRng(match.seed, match.ply + 1))
            return await self._commit(
                match, seat, match.user_of(seat), FORFEIT, None, step, leaves=True
            )

    async def expire_lobby(self, match_id: int) -> bool:
        """Close a lobby nobody started; False if it started or closed meanwhile."""
        async with self.lock(match_id):
            changed = await self.db.execute(
                "UPDATE matches SET status = 'abandoned', updated_at = ? "
                "WHERE id = ? AND status = 'lobby'",
                (self.clock(), match_id),
            )
        return changed == 1

    async def _apply(self, match: Match, seat: int, user_id: int, action: Any) -> MoveResult:
        rules = match.rules
        notation = rules.format_action(match.state, action)
        step = rules.apply(match.state, seat, action, rng=SeededRng(match.seed, match.ply + 1))
        return await self._commit(match, seat, user_id, notation, action, step)

    async def _commit(
        self,
        match: Match,
        seat: int,
        user_id: int,
        notation: str,
        action: Any,
        step: Step[Any],
        *,
        leaves: bool = False,
    ) -> MoveResult:
        """Store a step as the next ply, guarded by the ply, with its action-log row (and, when
        ``leaves``, the seat marked as gone), all in one transaction."""
        rules = match.rules
        new_ply = match.ply + 1
        finished = rules.outcome(step.state) is not None
        now = self.clock()
        turn_changed = rules.turn_key(step.state) != rules.turn_key(match.state)
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "UPDATE matches SET state = ?, ply = ?, status = ?, updated_at = ?, "
                "turn_started_at = CASE WHEN ? THEN ? ELSE turn_started_at END, "
                "turn_ply = CASE WHEN ? THEN ? ELSE turn_ply END "
                "WHERE id = ? AND ply = ? AND status = 'active'",
                (
                    json.dumps(rules.dump(step.state)),
                    new_ply,
                    "finished" if finished else "active",
                    now,
                    turn_changed,
                    now,
                    turn_changed,
                    new_ply,
                    match.id,
                    match.ply,
                ),
            )
            if cur.rowcount != 1:
                raise Refusal("Someone else moved first; use the newest board.")
            await conn.execute(
                "INSERT INTO actions (match_id, ply, seat, user_id, notation, events, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    match.id,
                    new_ply,
                    seat,
                    user_id,
                    notation,
                    json.dumps([e.text for e in step.events]),
                    now,
                ),
            )
            if leaves:
                await conn.execute(
                    "UPDATE seats SET left_at = ? WHERE match_id = ? AND seat = ?",
                    (now, match.id, seat),
                )
        if leaves:
            match.seats[seat] = replace(match.seats[seat], left_at=now)
        self._remember((match.id, new_ply), step.state)
        previous = match.state
        match.state, match.ply, match.updated_at = step.state, new_ply, now
        match.status = "finished" if finished else "active"
        if turn_changed:
            match.turn_started_at, match.turn_ply = now, new_ply
        return MoveResult(match, seat, user_id, notation, action, step.events, previous)

    async def history(self, match_id: int, limit: int = 20) -> list[dict[str, Any]]:
        rows = await self.db.fetchall(
            "SELECT ply, seat, notation, events, at FROM actions WHERE match_id = ? "
            "ORDER BY ply DESC LIMIT ?",
            (match_id, limit),
        )
        return [
            {
                "ply": r["ply"],
                "seat": r["seat"],
                "notation": r["notation"],
                "events": json.loads(r["events"]),
                "at": r["at"],
            }
            for r in reversed(rows)
        ]

    async def replay(self, match_id: int) -> Any:
        """Rebuild the state from the seed and the action log (an audit of the stored state)."""
        match = await self.get(match_id)
        rules = match.rules
        state = rules.new_game(
            [s.name for s in match.seats],
            match.options,
            rng=SeededRng(match.seed, 0),
            **rules.seat_extras([s.user_id for s in match.seats]),
        )
        rows = await self.db.fetchall(
            "SELECT ply, seat, notation FROM actions WHERE match_id = ? ORDER BY ply", (match_id,)
        )
        for row in rows:
            rng = SeededRng(match.seed, row["ply"])
            if row["notation"] == FORFEIT:
                state = rules.resign(state, row["seat"], rng=rng).state
                continue
            action = rules.parse_action(state, row["seat"], row["notation"])
            state = rules.apply(state, row["seat"], action, rng=rng).state
        return state

    async def waiting_on(self, guild_id: int, user_id: int) -> list[tuple[Match, int]]:
        """Live matches in a server that wait on this user: (match, seat), oldest wait first.

        Active matches where the user's seat may act, and lobbies the user hosts that have
        enough players to start."""
        rows = await self.db.fetchall(
            "SELECT m.* FROM matches m JOIN seats s ON s.match_id = m.id "
            "WHERE m.guild_id = ? AND s.user_id = ? AND m.status IN ('lobby', 'active')",
            (guild_id, user_id),
        )
        out = []
        for row in rows:
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

    async def _touch(self, conn: Any, match_id: int) -> None:
        await conn.execute(
            "UPDATE matches SET updated_at = ? WHERE id = ?", (self.clock(), match_id)
        )


def _clean_name(name: str) -> str:
    """A seat name players can type: one line, no markup characters, at most 32 characters."""
    cleaned = " ".join(str(name).replace("`", "").replace("*", "").replace("_", " ").split())
    return (cleaned or "player")[:32]


__all__ = ["GameError", "Match", "MatchService", "MoveResult", "Refusal", "Seat"]
