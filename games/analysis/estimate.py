"""Winning chances estimated by rollouts: from a position, the games' computer players play
to the end, many times, each time with other chance; a seat's chance is its share of the wins.

Every rollout is seeded (the rollout seed, the position's ply, the rollout's number), so an
estimate replays exactly; the estimates of one ply share their seeds (common random numbers),
so the difference between a decision's before and after is not drowned in chance.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import games
from games import policies
from games.analysis.replay import shares
from games.rng import SeededRng

#: plies a rollout plays at most before it is scored as a shared result
MAX_ROLLOUT_PLIES = 3000


class OutOfBudget(Exception):
    """The CPU budget ran out."""


@dataclass
class Budget:
    """CPU seconds (of this thread) an analysis may spend; ``spent`` counts from creation."""

    seconds: float
    started: float = field(default_factory=time.thread_time)

    @property
    def spent(self) -> float:
        return time.thread_time() - self.started

    def left(self) -> float:
        return self.seconds - self.spent


@dataclass
class Estimate:
    """The sum of each seat's win shares over ``count`` rollouts."""

    totals: list[float]
    count: int = 0

    def chances(self) -> tuple[float, ...]:
        if not self.count:
            return tuple(1.0 / len(self.totals) for _ in self.totals)
        return tuple(t / self.count for t in self.totals)


class Roller:
    """Plays rollouts of one game with its ``level`` computer players, counting them."""

    def __init__(self, game: str, seats: int, seed: str, level: str = "easy") -> None:
        self.rules = games.get(game)
        self.policy = policies.get(game, level)
        self.fallback = policies.fallback(game)
        self.seats = seats
        self.seed = seed
        self.rollouts = 0

    def rollout(self, state: Any, tag: str, chance: SeededRng | None = None) -> tuple[float, ...]:
        """One playout from ``state`` to the end: the computer players choose with one rng,
        the moves draw from another (``chance``, when the first move already drew from it)."""
        rules = self.rules
        choosing = SeededRng(f"{self.seed}:{tag}:choose")
        chance = chance or SeededRng(f"{self.seed}:{tag}")
        for _ in range(MAX_ROLLOUT_PLIES):
            if rules.outcome(state) is not None:
                break
            acting = rules.to_act(state)
            if not acting:
                break
            seat = acting[0]
            action = rules.forced_action(state, seat)
            if action is None:
                action = self._choose(state, seat, choosing)
            state = rules.apply(state, seat, action, rng=chance).state
        self.rollouts += 1
        return shares(rules, state, self.seats)

    def _choose(self, state: Any, seat: int, rng: SeededRng) -> Any:
        try:
            return self.policy.choose(state, seat, rng=rng)
        except Exception:  # a computer player that fails plays the easy one's move
            return self.fallback.choose(state, seat, rng=rng)

    def after(self, state: Any, seat: int, action: Any, tag: str) -> tuple[float, ...]:
        """One playout after ``seat`` plays ``action`` in ``state`` with fresh chance: the
        chance a rollout from ``state`` with the same tag would have had, so a rollout whose
        computer player plays ``action`` too ends the same."""
        chance = SeededRng(f"{self.seed}:{tag}")
        step = self.rules.apply(state, seat, action, rng=chance)
        return self.rollout(step.state, tag, chance)


@dataclass
class Job:
    """One estimate to make: the chances at ``state`` (``action`` None) or after ``seat``
    plays ``action`` there; ``ply`` names its rollouts' seeds (shared within a ply)."""

    ply: int
    state: Any
    seat: int = 0
    action: Any = None
    estimate: Estimate | None = None


def run(
    roller: Roller,
    jobs: list[Job],
    budget: Budget,
    *,
    least: int = 8,
    most: int = 400,
    progress: Callable[[float], None] | None = None,
) -> None:
    """Fill every job's estimate: rounds over all jobs, doubling the rollouts each round
    (``least`` first, at most ``most``), while the budget lasts. Every job gets its ``least``
    rollouts whatever the budget (a report is never made of nothing)."""
    for job in jobs:
        job.estimate = Estimate([0.0] * roller.seats)
    target, done_rounds = least, 0
    while target <= most:
        for job in jobs:
            if done_rounds and budget.left() <= 0:
                return
            _top_up(roller, job, target)
            if progress is not None:
                progress(min(1.0, budget.spent / max(budget.seconds, 1e-9)))
        done_rounds += 1
        target *= 2


def _top_up(roller: Roller, job: Job, target: int) -> None:
    est = job.estimate
    assert est is not None
    while est.count < target:
        tag = f"{job.ply}:{est.count}"
        if job.action is None:
            got = roller.rollout(job.state, tag)
        else:
            got = roller.after(job.state, job.seat, job.action, tag)
        for s, share in enumerate(got):
            est.totals[s] += share
        est.count += 1

