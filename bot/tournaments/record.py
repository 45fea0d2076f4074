"""A tournament as stored: its row read into a value (settings, sign-up state, the pairing
records replayed through ``bot.league``), and the settings a new one is made with."""

from __future__ import annotations

import json
from dataclasses import dataclass

import games
from bot.clock import ClockSettings
from bot.league import Format, Kind, League
from bot.league.codec import dump, load
from bot.store import TournamentRow
from games.base import Ruleset

#: the consequences a tournament's deadline may have (each ends a turn nobody plays)
CONSEQUENCES = ("forfeit", "skip")
DEFAULT_DEADLINE_HOURS = 72
DEFAULT_LIMIT = 16


@dataclass(frozen=True)
class Tournament:
    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    game: str
    status: str
    kind: Kind
    rounds: int
    table_size: int
    limit: int
    clock: ClockSettings
    language: str
    message_id: int | None
    starts_at: float | None
    rev: int
    league: League | None

    @classmethod
    def from_row(cls, row: TournamentRow) -> Tournament:
        settings = json.loads(row.settings)
        return cls(
            id=int(row.id),
            guild_id=int(row.guild_id),
            channel_id=int(row.channel_id),
            organiser_id=int(row.organiser_id),
            game=row.game,
            status=row.status,
            kind=Kind(settings["kind"]),
            rounds=int(settings["rounds"]),
            table_size=int(settings["table_size"]),
            limit=int(settings["limit"]),
            clock=ClockSettings.from_mapping(settings["clock"]),
            language=settings["language"],
            message_id=row.message_id,
            starts_at=row.starts_at,
            rev=int(row.rev),
            league=load(json.loads(row.league)) if row.league else None,
        )

    @property
    def rules(self) -> Ruleset[object, object]:
        return games.get(self.game)

    @property
    def format(self) -> Format:
        smallest = max(2, min(self.rules.min_players, self.table_size))
        return Format(self.kind, self.rounds, self.table_size, smallest)


def settings_json(
    *, kind: Kind, rounds: int, table_size: int, limit: int, clock: ClockSettings, language: str
) -> str:
    return json.dumps(
        {
            "kind": kind.value,
            "rounds": rounds,
            "table_size": table_size,
            "limit": limit,
            "clock": clock.to_mapping(),
            "language": language,
        },
        sort_keys=True,
    )


def league_json(league: League) -> str:
    return json.dumps(dump(league), sort_keys=True)
