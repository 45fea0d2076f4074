"""A tournament's records as plain values: who entered, how it is played, each round's tables
and byes, each table's result, who withdrew, and a line of the standings.

Players are named by their Discord user ids (plain ints); nothing here knows Discord.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class LeagueError(ValueError):
    """Input a tournament cannot take: ``code`` names the reason and ``facts`` hold what the
    bot's words for it may need (a round, a table, a player); nothing here is worded."""

    def __init__(self, code: str, **facts: object) -> None:
        super().__init__(f"{code} {facts}" if facts else code)
        self.code = code
        self.facts = facts


class Kind(Enum):
    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"


@dataclass(frozen=True)
class Format:
    """How a tournament is played.

    ``rounds``: the Swiss rounds (a round-robin plays its full cycle, or ``rounds`` of it when
    that is fewer). ``table_size``: seats at a table; at 3 or more, tables are formed by the
    standings each round (a round-robin is for two-player tables only). ``min_table``: the
    fewest seats a table may have (the game's smallest table); players who cannot be seated
    get byes.
    """

    kind: Kind
    rounds: int
    table_size: int = 2
    min_table: int = 2

    def __post_init__(self) -> None:
        if self.rounds < 1:
            raise LeagueError("rounds", rounds=self.rounds)
        if self.table_size < 2 or not 2 <= self.min_table <= self.table_size:
            raise LeagueError("table-size", table_size=self.table_size, min_table=self.min_table)
        if self.kind is Kind.ROUND_ROBIN and self.table_size != 2:
            raise LeagueError("round-robin-tables", table_size=self.table_size)

    @property
    def tables(self) -> bool:
        """Whether tables seat three or more (placement points, tables by standings)."""
        return self.table_size > 2


@dataclass(frozen=True)
class Entrant:
    """A player as entered: ``rating`` (their rating in the game when the tournament
    started) breaks ties in pairing and seeds the first round."""

    player: int
    rating: float = 0.0


@dataclass(frozen=True)
class Table:
    """One match of a round: ``seats`` in play order (the first seat moves first)."""

    round: int
    number: int
    seats: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.seats) < 2 or len(set(self.seats)) != len(self.seats):
            raise LeagueError("table-seats", seats=self.seats)


@dataclass(frozen=True)
class Round:
    """A round as paired: its tables and the players given a bye (each counted as a win)."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()

    def players(self) -> tuple[int, ...]:
        return tuple(p for t in self.tables for p in t.seats) + self.byes


@dataclass(frozen=True)
class Result:
    """How a table ended: ``places`` per seat (1 is first; equal places are a tie) and the
    seats (indexes) that forfeited (a forfeit scores nothing, whatever its place)."""

    round: int
    table: int
    places: tuple[int, ...]
    forfeited: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if len(self.places) < 2 or min(self.places) < 1:
            raise LeagueError("result-places", places=self.places)
        if any(not 0 <= seat < len(self.places) for seat in self.forfeited):
            raise LeagueError("result-forfeits", forfeited=self.forfeited)


@dataclass(frozen=True)
class Withdrawal:
    """``player`` left during round ``round``: not paired again, matches left forfeited."""

    player: int
    round: int


@dataclass(frozen=True)
class Standing:
    """One line of the standings. ``place`` is shared when points and tie-break are equal;
    ``tiebreak`` is Buchholz (Sonneborn-Berger in a round-robin)."""

    place: int
    player: int
    points: float
    tiebreak: float
    played: int
    byes: int
    withdrawn: bool
