"""What a match is, as the bot sees it: its seats, its state and what a move did.

Pure values (no storage, no Discord), shared by the match service, the lobby and the Discord
side.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import games
import words
from bot.clock import ClockSettings, deadline_due, next_check
from bot.store.store import SeatRow
from games.base import Event, Outcome, Ruleset
from words import domain

_, ngettext, N_ = domain("bot").functions()

LIVE = ("lobby", "active")
#: the action-log notation of a seat leaving the game (never a game's own notation)
FORFEIT = "(forfeit)"
MOVED_ON = N_("The match moved on since you asked, so nothing was ended; ask again to end it.")


class Refusal(Exception):
    """A request the bot turns down politely; ``str(err)`` is shown only to the asker, worded
    where it is raised (in the asker's locale, active while their interaction is handled)."""


#: recent states' legal actions, by the state object itself (kept with them, so an id is never
#: mistaken for a newer object's): a move's new board lists them for its buttons and its
#: notes, and the next move looks its choice up in them; rules are pure, so they never change
_LEGAL: OrderedDict[int, tuple[Any, dict[int, tuple[Any, ...]]]] = OrderedDict()
#: (each match's newest state is what boards and moves ask about: this holds every match that
#: moved within the last 256 moves; an older one's are worked out again)
LEGAL_KEPT = 256


def legal_actions(rules: Ruleset[Any, Any], state: Any, seat: int) -> tuple[Any, ...]:
    """``rules.legal_actions(state, seat)``, worked out once per state and seat."""
    held = _LEGAL.get(id(state))
    if held is None or held[0] is not state:
        held = _LEGAL[id(state)] = (state, {})
        if len(_LEGAL) > LEGAL_KEPT:
            _LEGAL.popitem(last=False)
    else:
        _LEGAL.move_to_end(id(state))
    by_seat = held[1]
    if seat not in by_seat:
        by_seat[seat] = tuple(rules.legal_actions(state, seat))
    return by_seat[seat]


#: a seat of a match: the row the store keeps (seat number, player, name, pause used, when
#: they left, and for a computer its level)
Seat = SeatRow


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
    #: the language of the match's public messages and pictures (a shipped locale)
    language: str = words.ENGLISH
    #: a casual table: the bot is not a member where it is played (``bot.venue``)
    casual: bool = False

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

    def legal_actions(self, seat: int) -> tuple[Any, ...]:
        return legal_actions(self.rules, self.state, seat)

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
    #: the match's undelivered boards, claimed for this process when the move was stored
    boards: tuple[Any, ...] = field(repr=False, default=())
    #: the match's newest board message as the move's transaction found it: one row (or
    #: None), or empty when it was not read
    latest_board: tuple[Any, ...] = field(repr=False, default=())

    @property
    def finished(self) -> bool:
        return self.match.status == "finished"


def event_dicts(events: Any) -> list[dict[str, Any]]:
    """Events as an outbox story holds them (minor detail marked)."""
    return [e.to_dict() for e in events]


def stored_events(stored: Any) -> tuple[Event, ...]:
    """Events as the action log and the outbox hold them, whatever their age: data
    (``Event.to_dict``), or the words of a row written before events were data (a plain string
    in the action log, ``{"text": ...}`` in an outbox story), which are shown as they were."""
    out = []
    for item in stored or ():
        if isinstance(item, Event):
            out.append(item)
        elif isinstance(item, str):
            out.append(Event.said(item))
        elif isinstance(item, Mapping):
            out.append(Event.from_dict(item))
    return tuple(out)
