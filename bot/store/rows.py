"""What the store gives back: frozen rows with typed fields, one class per kind of read.

Callers read attributes (``match.status``, ``board.message_id``); column names stay in
``bot/store/``. Columns holding JSON text (a match's options and state, a board's story, a
result's summary, a report) are kept as that text, typed ``JSONText``: each reader decodes the
JSON it knows. A flag stored as an integer is read as a ``bool``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

#: JSON, as written by the store's callers; each decodes the payloads it knows
JSON = dict[str, "JSON"] | list["JSON"] | str | int | float | bool | None
#: a column holding JSON text (decoded by whoever knows its shape)
JSONText = str

R = TypeVar("R", bound="DataclassInstance")
#: what a statement's row is before it becomes one of these (a column's value by its name)
Cells = Mapping[str, object]


def row_of(cls: type[R], row: Cells) -> R:
    """``row`` as a ``cls``: each field from its column (absent columns keep their defaults),
    flags as ``bool``. Columns ``cls`` does not name are left out."""
    values: dict[str, object] = {}
    named = set(row.keys())  # an engine's row may not test names with ``in`` (sqlite3.Row)
    for f in fields(cls):
        if f.name in named:
            value = row[f.name]
            values[f.name] = bool(value) if f.type == "bool" and value is not None else value
    return cls(**values)


def rows_of(cls: type[R], rows: list[Cells]) -> list[R]:
    return [row_of(cls, r) for r in rows]


@dataclass(frozen=True)
class SeatRow:
    """A seat of a match (the bot calls it ``bot.model.Seat``)."""

    seat: int
    user_id: int
    name: str
    #: seconds of pause this player has used in this match
    pause_used: float = 0.0
    #: when the player left the game (a forfeit), else None
    left_at: float | None = None
    #: a computer seat's level ("easy" or "strong"); None for a person
    computer: str | None = None


@dataclass(frozen=True)
class MatchRow:
    """A match as stored (``bot.matches`` makes it a ``bot.model.Match``)."""

    id: int
    game: str
    guild_id: int | None
    channel_id: int
    status: str
    host_id: int
    seed: int
    created_at: float
    updated_at: float
    parent_id: int | None = None
    ply: int = 0
    options: JSONText = "{}"
    state: JSONText | None = None
    turn_started_at: float | None = None
    reminder_hours: int = 24
    deadline_hours: int | None = None
    on_deadline: str = "skip"
    lobby_hours: int = 24
    turn_ply: int = 0
    paused_at: float | None = None
    paused_until: float | None = None
    paused_by: int | None = None
    next_due_at: float | None = None
    rematch_of: int | None = None
    language: str = "en"
    casual: bool = False


@dataclass(frozen=True)
class LoggedAction:
    """A line of the action log as read back: its events as the JSON text stored."""

    ply: int
    seat: int | None
    user_id: int | None
    notation: str
    events: JSONText = "[]"
    at: float = 0.0


@dataclass(frozen=True)
class BoardRow:
    """A message that shows a match's board (ply -1: its lobby)."""

    channel_id: int
    message_id: int
    ply: int
    live: bool = True
    story_from: int | None = None


@dataclass(frozen=True)
class StoryRow:
    """A board's story in the outbox: the ply it tells, what happened (JSON text), and whether
    the turn passed."""

    ply: int
    payload: JSONText
    turn_passed: bool = True


@dataclass(frozen=True)
class ClaimedBoard:
    """A board taken from the outbox to post: where, its story, and how often it was taken."""

    ply: int
    channel_id: int
    payload: JSONText
    turn_passed: bool = True
    attempts: int = 1


@dataclass(frozen=True)
class DueMatch:
    """A match whose clock check has come."""

    id: int
    status: str
    next_due_at: float
    paused_at: float | None = None


@dataclass(frozen=True)
class ResultRow:
    """A finished match's record: its summary is JSON text."""

    match_id: int
    game: str
    finished_at: float
    guild_id: int | None = None
    rated: bool = False
    summary: JSONText = "{}"
    season_id: int | None = None


@dataclass(frozen=True)
class RatingRow:
    """A player's rating in a game (all-time or in a season)."""

    user_id: int
    game: str
    mu: float
    sigma: float
    played: int = 0
    won: int = 0


@dataclass(frozen=True)
class AnalysisRow:
    """A post-game report's row: asked for, held, worked out, posted."""

    match_id: int
    channel_id: int
    status: str
    asked_at: float
    holder: str | None = None
    held_until: float | None = None
    progress: float = 0.0
    message_id: int | None = None
    report: JSONText | None = None
    done_at: float | None = None
    posted_at: float | None = None


@dataclass(frozen=True)
class SeasonRow:
    """A server's season (open while ``ended_at`` is None)."""

    id: int
    guild_id: int
    name: str
    started_at: float
    started_by: int
    ended_at: float | None = None


@dataclass(frozen=True)
class TournamentRow:
    """A tournament as stored (``bot.tournaments.record`` reads its settings)."""

    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    game: str
    status: str
    created_at: float
    updated_at: float
    settings: JSONText = "{}"
    message_id: int | None = None
    starts_at: float | None = None
    league: JSONText | None = None
    rev: int = 0


@dataclass(frozen=True)
class Entrant:
    """A player signed up for a tournament."""

    user_id: int
    name: str


@dataclass(frozen=True)
class DigestReader:
    """A player with the daily digest on, and the latest day whose digest was claimed."""

    user_id: int
    digest_hour: int
    digest_since: float | None = None
    settings: JSONText | None = None
    last_day: str | None = None
