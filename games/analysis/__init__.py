"""Post-game analysis: a match replayed from its seed and action log, each player's winning
chance estimated by rollouts of the games' computer players before and after every decision
a person made and every chance event, and the report built from them (``analyse``).

Pure: no Discord, no storage; the bot runs it in a worker with a CPU budget.
"""

from __future__ import annotations

from games.analysis.replay import BadMatch, Match, Ply, from_log, replay
from games.analysis.report import Decision, Luck, Moment, Report, analyse

__all__ = [
    "BadMatch",
    "Decision",
    "Luck",
    "Match",
    "Moment",
    "Ply",
    "Report",
    "analyse",
    "from_log",
    "replay",
]
