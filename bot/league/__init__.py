"""Tournaments, pure: pairing (Swiss by search, round-robin by the circle method, tables by
standings), byes, withdrawals and standings. No Discord and no storage: the bot stores a
tournament's records and replays them through ``League``."""

from bot.league.league import League
from bot.league.records import (
    Entrant,
    Format,
    Kind,
    LeagueError,
    Result,
    Round,
    Standing,
    Table,
    Withdrawal,
)

__all__ = [
    "Entrant",
    "Format",
    "Kind",
    "League",
    "LeagueError",
    "Result",
    "Round",
    "Standing",
    "Table",
    "Withdrawal",
]
