"""What the render workers run (``bot.render_pool`` sends it): warm-up, a board's picture, a
replay, a viewer's position, a post-game report and its chart, and handing freed memory back
to the system.

Nothing here imports ``asyncio``, the store or Discord: the workers' template
(``bot.render_template``) imports this module, and each module it imports is memory every
worker carries.
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import render
import words
from bot import heap
from bot.jsondata import JSON, JSONObject
from bot.worker_side import tell
from games import RULESETS, policies
from games.base import Event
from render import cache

if TYPE_CHECKING:
    from bot.analysis_job import AnalysisJob
    from bot.replays import Log

#: a match's export, an event or a report as stored (plain data, sent to a worker as it is)
Stored = Mapping[str, JSON]
#: what a worker sends back with a picture: PNG, milliseconds, its process id, its cache
#: figures (``render.cache.totals``)
Drawn = tuple[bytes, float, int, tuple[int, ...]]

_warmed: list[bool] = []


def warm() -> None:
    """Build every cache a worker draws and decides with, then freeze the heap (once: a
    worker forked from a warmed template finds it done, and touches none of its pages)."""
    if _warmed:
        return
    _warmed.append(True)
    render.warm()
    for key in RULESETS:  # the computer players decide in these workers too
        for level in policies.LEVELS:
            policies.get(key, level)
    # the caches just built live as long as the worker: out of the garbage collector's way
    gc.collect()
    gc.freeze()


#: pictures a worker draws between two hand-backs of freed memory to the system
TRIM_EVERY = 50
_drawn = [0]


def _give_back() -> None:
    """Every ``TRIM_EVERY`` pictures, hand the heap's free pages back to the system
    (``malloc_trim``, where the C library has it): pictures and evicted pieces free memory in
    pieces the allocator would otherwise keep, and a worker's size would creep up."""
    _drawn[0] += 1
    if _drawn[0] % TRIM_EVERY == 0:
        heap.give_back()


def draw(
    key: str,
    state: object,
    previous: object,
    last: object,
    events: tuple[Stored, ...] = (),
    locale: str = words.ENGLISH,
) -> Drawn:
    """The picture, the milliseconds it took, and this process's id and cache figures
    (``render.cache.totals``), which the bot keeps for its metrics."""
    start = time.perf_counter()
    told = tuple(Event.from_dict(e) for e in events)
    png = render.draw(key, state, previous=previous, last=last, events=told, locale=locale)
    ms = (time.perf_counter() - start) * 1000
    _give_back()
    return png, ms, os.getpid(), cache.totals()


def replay(data: Log, locale: str = words.ENGLISH) -> tuple[bytes, int, int]:
    from bot import replays

    return replays.animation(data, locale=locale)


def position(
    data: Log, ply: int, events: Sequence[JSONObject] | None, locale: str
) -> tuple[bytes, dict[str, Any]]:
    from bot import positions

    png, state = positions.draw(data, ply, events, locale)
    _give_back()
    return png, state


# a post-game report's work (the analysis, its chart) is imported by the first worker that
# needs it: the boards' workers draw a report's chart only when one is shown again


def analyse(
    data: AnalysisJob, language: str, cpu_seconds: float, rollouts: int
) -> tuple[dict[str, Any], bytes, str]:
    from bot import analysis_job

    return analysis_job.compute(data, language, cpu_seconds, rollouts, tell)


def report_picture(report: Stored, language: str) -> tuple[bytes, str]:
    from bot import analysis_job

    return analysis_job.picture(report, language)
