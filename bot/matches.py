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
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.boards import BoardMessages, Outbox
from bot.clock import ClockSettings
from bot.lobby import Lobbies
from bot.model import (  # noqa: F401  (the names the rest of the bot imports from here)
    FORFEIT,
    LIVE,
    MOVED_ON,
    Match,
    MoveResult,
    Refusal,
    Seat,
    event_dicts,
    stored_events,
)
from bot.store import MatchRow, MoveRecord, Store
from bot.store.store import BOARD_LEASE, ActionRow, BoardStory
from bot.turn_records import TurnRecords
from games.base import Event, GameError, NotYourTurn, Step
from games.rng import SeededRng
from words import domain

_, ngettext, N_ = domain("bot").functions()

#: forced moves played in a row after one move, at most (a safety bound, never reached in play)
MAX_FORCED = 200

#: told a move's new state before it is stored: (match, new ply, state, previous, last action,
#: the move's events)
Early = Callable[[Match, int, Any, Any, Any, tuple[Event, ...]], None]


class MatchService(Lobbies, BoardMessages):
    def __init__(
        self,
        store: Store,
        *,
        seed_source: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.time,
        board_lease: float = BOARD_LEASE,
        realtime: Callable[[], float] = time.time,
    ) -> None:
        """``board_lease``: how long a move's process holds the claim on posting its board
        (real seconds, as the deliverer counts them on ``realtime``)."""
        self.store = store
        #: the boards waiting to be delivered (``bot.boards.Outbox``)
        self.outbox = Outbox(store)
        #: what the turn clock keeps of each match (``bot.turn_records.TurnRecords``)
        self.turns = TurnRecords(store)
        self.board_lease = board_lease
        self.seed_source = seed_source or (lambda: secrets.randbits(62))
        self.clock = clock
        self.realtime = realtime
        #: one lock per match while anyone holds or waits for it (a match nobody is moving
        #: keeps none: a bot that runs for months meets many thousands of matches)
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        #: each recent match's state at its newest ply known here (one per match: a match is
        #: only ever loaded at its stored ply, so an older ply's state would never be read)
        self._states: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        #: the newest ply this process stored per match (a match loaded at an older ply is
        #: stale); bounded like the state cache
        self._plies: OrderedDict[int, int] = OrderedDict()

    def lock(self, match_id: int) -> asyncio.Lock:
        held = self._locks.get(match_id)
        if held is None:
            held = self._locks[match_id] = asyncio.Lock()
        return held

    # Loading -------------------------------------------------------------------------------

    async def get(self, match_id: int) -> Match:
        loaded = await self.store.matches.match_with_seats(match_id)
        if loaded is None:
            raise Refusal(_("That match no longer exists."))
        return await self._hydrate(*loaded)

    async def live_in(self, channel_id: int) -> Match | None:
        loaded = await self.store.matches.live_match_with_seats(channel_id)
        return None if loaded is None else await self._hydrate(*loaded)

    async def in_guild(self, guild_id: int, *, live_only: bool = True) -> list[Match]:
        rows = await self.store.matches.matches_in_guild(guild_id, live_only=live_only, limit=50)
        return [await self._hydrate(r) for r in rows]

    async def live_in_channels(self, channel_ids: list[int]) -> list[Match]:
        """Live matches in these channels or in threads under them."""
        return [
            await self._hydrate(r)
            for r in await self.store.matches.live_matches_in_channels(channel_ids)
        ]

    async def live_in_guild(self, guild_id: int) -> list[Match]:
        return [
            await self._hydrate(r) for r in await self.store.matches.live_matches_in_guild(guild_id)
        ]

    async def _hydrate(self, row: MatchRow, seats: list[Seat] | None = None) -> Match:
        if seats is None:
            seats = await self.store.matches.seats(row.id)
        clock = ClockSettings(
            reminder_hours=row.reminder_hours,
            deadline_hours=row.deadline_hours or None,
            on_deadline=row.on_deadline,
            lobby_hours=row.lobby_hours,
        )
        match = Match(
            id=row.id,
            game=row.game,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            parent_id=row.parent_id,
            status=row.status,
            host_id=row.host_id,
            seed=row.seed,
            ply=row.ply,
            options=json.loads(row.options),
            seats=seats,
            created_at=row.created_at,
            updated_at=row.updated_at,
            turn_started_at=row.turn_started_at,
            clock=clock,
            turn_ply=row.turn_ply,
            paused_at=row.paused_at,
            paused_until=row.paused_until,
            paused_by=row.paused_by,
            language=row.language,
            casual=bool(row.casual),
        )
        if row.state is not None:
            ply, state = self._states.get(match.id, (None, None))
            # a kept state is the stored one unless its names changed (a forgotten player
            # renamed in an ended match, by this process or another)
            if (
                state is None
                or ply != match.ply
                or list(match.rules.players(state)) != [s.name for s in seats]
            ):
                state = match.rules.load(json.loads(row.state))
                self._remember(match.id, match.ply, state)
            match.state = state
        return match

    def _remember(self, match_id: int, ply: int, state: Any) -> None:
        self._states[match_id] = (ply, state)
        self._states.move_to_end(match_id)
        while len(self._states) > 512:
            self._states.popitem(last=False)

    # Moves ---------------------------------------------------------------------------------

    async def check_actor(
        self,
        match_id: int,
        user_id: int,
        *,
        ply: int | None = None,
        seat: int | None = None,
        loaded: Match | None = None,
    ) -> tuple[Match, int]:
        """Refuse a move early, before anything is acknowledged publicly. ``loaded``: the
        match as just read for this interaction, if it was."""
        fresh = loaded is not None and loaded.id == match_id
        match = loaded if fresh and loaded is not None else await self.get(match_id)
        return match, self._actor_seat(match, user_id, ply=ply, seat=seat)

    def _actor_seat(self, match: Match, user_id: int, *, ply: int | None, seat: int | None) -> int:
        rules = match.rules
        if match.status == "lobby":
            raise Refusal(
                _("The match has not started yet; the host starts it with `/{key} start`.").format(
                    key=match.game
                )
            )
        if match.status != "active":
            text = (
                _("This match is finished; start a new one with `/{key} new`.")
                if match.status == "finished"
                else _("This match has ended; start a new one with `/{key} new`.")
            )
            raise Refusal(text.format(key=match.game))
        mine = match.seat_of(user_id)
        if mine is None:
            raise Refusal(_("You are not playing in this match; you are welcome to watch."))
        if ply is not None and ply != match.ply:
            raise Refusal(
                _(
                    "Those buttons are out of date: the game has moved on since that board. "
                    "Use the newest board below."
                )
            )
        acting = rules.to_act(match.state)
        if mine not in acting:
            raise NotYourTurn("rules.not_your_turn", waiting=[match.name_of(s) for s in acting])
        if seat is not None and seat != mine:
            raise Refusal(_("Those buttons are for {name}.").format(name=match.name_of(seat)))
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
        loaded: Match | None = None,
        early: Early | None = None,
    ) -> MoveResult:
        """Apply a move chosen by menu ``index`` (with the board's ``ply``) or typed ``text``.
        ``loaded``: the match as just read for this move (``check_actor``), used unless this
        process stored a later ply meanwhile; a move stored by another process is caught by
        the commit's guard. ``early(match, ply, state, previous, last, events)`` is told the new
        state before it is stored (to start drawing it meanwhile; the commit may still
        lose)."""
        async with self.lock(match_id):
            fresh = loaded is not None and self._plies.get(match_id, loaded.ply) == loaded.ply
            match = loaded if fresh and loaded is not None else await self.get(match_id)
            mine = self._actor_seat(match, user_id, ply=ply, seat=seat)
            rules = match.rules
            if index is not None:
                actions = match.legal_actions(mine)
                if not 0 <= index < len(actions):
                    raise Refusal(_("That choice is no longer available; use the newest board."))
                action = actions[index]
            elif text is not None:
                action = rules.parse_action(match.state, mine, text)
            else:
                raise Refusal(_("No move given."))
            return await self._apply(match, mine, user_id, action, early=early)

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
                raise Refusal(_("The match has moved on."))
            if seat not in match.to_act():
                raise Refusal(_("The match has moved on."))
            if action is None:
                action = match.rules.default_action(match.state, seat)
            return await self._apply(match, seat, match.user_of(seat), action, kind=kind)

    async def forfeit(self, match_id: int, seat: int, *, expected_ply: int) -> MoveResult:
        """``seat`` leaves the game (a turn deadline with the forfeit consequence)."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active" or match.ply != expected_ply or match.paused:
                raise Refusal(_("The match has moved on."))
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
            return await self.store.matches.close_match(match_id, self.clock(), only_lobby=True)

    async def _apply(
        self,
        match: Match,
        seat: int,
        user_id: int,
        action: Any,
        *,
        kind: str = "move",
        early: Early | None = None,
    ) -> MoveResult:
        """Apply the move, then every forced move that follows it (a lone pass, a forced
        placement), and store them together."""
        rules = match.rules
        plays = []
        state, ply = match.state, match.ply
        for __ in range(MAX_FORCED):
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
        return await self._commit(match, plays, kind=kind, early=early)

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

    def _stored(self, match: Match, state: Any) -> None:
        """This process stored ``match`` at its ply, in ``state``: a match loaded at an older
        ply is stale."""
        self._remember(match.id, match.ply, state)
        self._plies[match.id] = match.ply
        self._plies.move_to_end(match.id)
        while len(self._plies) > 4096:
            self._plies.popitem(last=False)

    async def _commit(
        self,
        match: Match,
        plays: list[tuple[int, int, str, Any, Step[Any]]],
        *,
        leaves: int | None = None,
        kind: str = "move",
        early: Early | None = None,
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
            rows.append(ActionRow(from_ply + i, seat, user_id, notation, event_dicts(step.events)))
            events.extend(step.events)
            state = step.state
            new_key = rules.turn_key(state)
            if new_key != key:
                turn_ply, key = from_ply + i, new_key
        finished = rules.outcome(state) is not None
        seat0, user0, notation0, action0, __ = plays[0]
        turn_passed = finished or turn_ply is not None
        # the picture marks what the last play changed: the state just before it; it is
        # started before anything is written out, so it is drawn while the move is stored
        before_last = plays[-2][4].state if len(plays) > 1 else previous
        last = action0 if len(plays) == 1 else plays[-1][3]
        if early is not None:
            early(match, from_ply + len(plays), state, before_last, last, tuple(events))
        payload = {
            "kind": kind,
            "plays": [[p[0], p[2]] for p in plays],
            "events": event_dicts(events),
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
        committed = await self.store.matches.commit_move(
            record, claim_until=self.realtime() + self.board_lease
        )
        if committed is None:
            raise Refusal(_("Someone else moved first; use the newest board."))

        match.ply, match.updated_at = record.ply, now
        self._stored(match, state)
        return MoveResult(
            match,
            seat0,
            user0,
            notation0,
            last,
            tuple(events),
            before_last,
            plays=tuple((p[0], p[2]) for p in plays),
            from_ply=from_ply,
            turn_passed=turn_passed,
            boards=tuple(committed.boards),
            latest_board=committed.latest,
        )

    async def history(self, match_id: int, limit: int = 20) -> list[dict[str, Any]]:
        rows = await self.store.matches.actions(match_id, last=limit)
        return [
            {
                "ply": r.ply,
                "seat": r.seat,
                "notation": r.notation,
                "events": stored_events(json.loads(r.events)),
                "at": r.at,
            }
            for r in rows
        ]

    async def replay(self, match_id: int) -> Any:
        """Rebuild the state from the seed and the action log (an audit of the stored state)."""
        match = await self.get(match_id)
        rows = await self.store.matches.actions(match_id)
        return replay_actions(match, [(r.ply, r.seat, r.notation) for r in rows])

    async def waiting_on(self, guild_id: int, user_id: int) -> list[tuple[Match, int]]:
        """Live matches in a server that wait on this user: (match, seat), oldest wait first.

        Active matches where the user's seat may act, and lobbies the user hosts that have
        enough players to start."""
        return await self._waiting(
            await self.store.matches.live_matches_of(guild_id, user_id), user_id
        )

    async def waiting_everywhere(self, user_id: int) -> list[tuple[Match, int]]:
        """``waiting_on`` in every server at once."""
        return await self._waiting(
            await self.store.digests.live_matches_everywhere(user_id), user_id
        )

    async def _waiting(self, rows: list[MatchRow], user_id: int) -> list[tuple[Match, int]]:
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
        assert seat is not None, "every stored play has its seat"
        rng = SeededRng(match.seed, ply)
        if notation == FORFEIT:
            state = rules.resign(state, seat, rng=rng).state
            continue
        action = rules.parse_action(state, seat, notation)
        state = rules.apply(state, seat, action, rng=rng).state
    return state


__all__ = ["GameError", "Match", "MatchService", "MoveResult", "Refusal", "Seat"]
