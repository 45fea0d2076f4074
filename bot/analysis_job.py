"""What a worker does for a post-game report ("Luck and decisions"): the match replayed from
its seed and log, every decision and chance event estimated by rollouts within a CPU budget
(``games.analysis``), and the report's chart drawn with its alt text in the match's language
(``render.analysis``).

Nothing here knows Discord or the storage: a worker imports only the rules, the analysis, the
renderers and the words. ``tell`` is how the work says how far it is (``bot.worker_side.tell`` in
a worker process).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, TypedDict

import words
from bot.jsondata import JSON, JSONObject
from games.analysis import Report, analyse, from_log
from render.analysis import chart, describe

if TYPE_CHECKING:
    from bot.store.rows import LoggedAction

#: rollouts an estimate gets at least, when the budget allows more than that in all
LEAST = 8
#: how much further the work must be before it tells again
STEP = 0.01


def _played(row: LoggedAction) -> tuple[int, str]:
    """A line of the log as the worker replays it: who played what."""
    if row.seat is None:
        raise ValueError(f"ply {row.ply} of the log names no seat")
    return row.seat, row.notation


class AnalysisJob(TypedDict):
    """What a worker needs of a match to work out its report."""

    match_id: int
    game: str
    names: list[str]
    seed: int
    options: JSONObject
    extras: JSONObject
    #: the seats people played (the report is about their decisions)
    people: list[int]
    #: (seat, notation) per action
    log: list[tuple[int, str]]


def job_data(
    match_id: int,
    game: str,
    names: Sequence[str],
    seed: int,
    options: Mapping[str, JSON],
    extras: Mapping[str, JSON],
    people: Sequence[int],
    rows: Sequence[LoggedAction],
) -> AnalysisJob:
    """What a worker needs of a match (plain data, sent through a pipe)."""
    return {
        "match_id": match_id,
        "game": game,
        "names": list(names),
        "seed": seed,
        "options": dict(options),
        "extras": dict(extras),
        "people": list(people),
        "log": [_played(r) for r in rows],
    }


def compute(
    data: AnalysisJob,
    language: str,
    cpu_seconds: float,
    rollouts: int,
    tell: Callable[[float], None],
) -> tuple[JSONObject, bytes, str]:
    """The report (as data), its chart (PNG) and the chart's alt text; ``tell`` hears the
    share of the budget spent as it goes. The rollouts are seeded by the match's id, so the
    same match gives the same report."""
    match = from_log(
        data["game"],
        data["names"],
        data["seed"],
        data["log"],
        options=data["options"],
        extras=data["extras"],
        people=frozenset(data["people"]),
    )
    told = [-1.0]

    def progress(share: float) -> None:
        if share - told[0] >= STEP:
            told[0] = share
            tell(share)

    report = analyse(
        match,
        rollout_seed=int(data["match_id"]),
        cpu_seconds=cpu_seconds,
        least=min(LEAST, rollouts),
        most=rollouts,
        progress=progress,
    )
    png, alt = picture(report.to_dict(), language)
    return report.to_dict(), png, alt


def picture(report: Mapping[str, JSON], language: str) -> tuple[bytes, str]:
    """A stored report's chart and alt text, in ``language``."""
    made = Report.from_dict(report)
    with words.use(language):
        return chart(made), describe(made)
