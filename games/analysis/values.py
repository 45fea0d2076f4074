"""Where a rollout stops before the end (its game's horizon), each seat's chance of winning is
read off the game's own measure of progress: a softmax of each seat's score times the game's
scale, so a seat far ahead gets nearly all of the chance and equal seats share it.

Games whose rollouts are short (Cattle Rustlin', Horseplay) have no horizon: they are always
played to the end. The scales were fitted against rollouts played to the end from the
positions of long matches (``bench/analysis_scale.py`` prints the fit), so a capped estimate
is an honest guess of the chance, not a flattering one. Each game's horizon, scale and score
function are its registry entry's ``Scoring`` (``games.builtin``); the score functions are
here.
"""

from __future__ import annotations

import math
from typing import Any

from games import registry
from games.cowboy.fields import herds
from games.policies.farm import progress


def farm_scores(state: Any) -> list[float]:
    """How near each herd is to having one of every animal (0..1)."""
    return [progress(h) for h in state.herds]


def highrollin_scores(state: Any) -> list[float]:
    """Points, less the dice still to be placed, and in a match each game won as 100 points."""
    wins = state.wins or (0,) * len(state.names)
    return [
        state.scores[s] - 1.5 * sum(state.piles[s]) + 100 * wins[s] for s in range(len(state.names))
    ]


def cowboy_scores(state: Any) -> list[float]:
    """Steers in each seat's fields."""
    return [float(n) for n in herds(state)]


def horizon(game: str) -> int | None:
    """Plies a rollout of ``game`` plays before it is scored; None: to the end."""
    found = registry.entry(game).scoring
    return found.horizon if found else None


def chances(game: str, state: Any, seats: int) -> tuple[float, ...]:
    """Each seat's chance of winning from an unfinished ``state``, from its score."""
    scoring = registry.entry(game).scoring
    if scoring is None:
        raise ValueError(f"{game}: rollouts are played to the end, never scored")
    return softmax([scoring.scale * v for v in scoring.scores(state)[:seats]])


def softmax(values: list[float]) -> tuple[float, ...]:
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)
