"""Winning chances estimated by rollouts: from a position, the games' computer players play
to the end, many times, each time with other chance; a seat's chance is its share of the wins.

Every rollout is seeded (the rollout seed, the rollout's number, the ply), so an estimate
replays exactly; rollouts of the same number draw the same chance at the same ply of the
match whatever position they start from (common random numbers), so the difference between
two neighbouring estimates (before and after a decision, before and after a draw) is what
happened between them, not drowned in the rollouts' own luck.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import games
from games import policies
from games.analysis import values
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
    """Plays rollouts of one game with its ``level`` computer players (by default the game's
    rollout player, ``policies.rollout``), counting them."""

    def __init__(
        self, game: str, seats: int, seed: str, level: str = "rollout", *, capped: bool = True
    ) -> None:
        self.game = game
        self.rules = games.get(game)
        self.policy = policies.rollout(game) if level == "rollout" else policies.get(game, level)
        self.fallback = policies.fallback(game)
        self.seats = seats
        self.seed = seed
        self.rollouts = 0
        #: plies a rollout plays before its game's progress measure scores it
        self.horizon = (values.horizon(game) if capped else None) or MAX_ROLLOUT_PLIES
        self.plies = 0

    def rollout(self, state: Any, run: int, ply: int) -> tuple[float, ...]:
        """Playout number ``run`` from ``state``, whose next move is the match's ``ply``: each
        ply's chance and its computer player's choice come from rngs of (rollout seed,
        ``run``, ply), so rollouts of one number from neighbouring positions meet the same
        dice and choices, and two estimates differ by what happened between them, not by
        their rollouts' luck. A rollout still going at the horizon is scored by its game's
        progress measure (``values``)."""
        rules = self.rules
        for at in range(ply, ply + self.horizon):
            if rules.outcome(state) is not None:
                break
            acting = rules.to_act(state)
            if not acting:
                break
            self.plies += 1
            seat = acting[0]
            action = rules.forced_action(state, seat)
            if action is None:
                action = self._choose(state, seat, SeededRng(f"{self.seed}:{run}:c", at))
            state = rules.apply(state, seat, action, rng=SeededRng(f"{self.seed}:{run}", at)).state
        self.rollouts += 1
        if rules.outcome(state) is None and self.horizon < MAX_ROLLOUT_PLIES:
            return values.chances(self.game, state, self.seats)
        return shares(rules, state, self.seats)

    def _choose(self, state: Any, seat: int, rng: SeededRng) -> Any:
        try:
            return self.policy.choose(state, seat, rng=rng)
        except Exception:  # a computer player that fails plays the easy one's move
            return self.fallback.choose(state, seat, rng=rng)

    def after(self, state: Any, seat: int, action: Any, run: int, ply: int) -> tuple[float, ...]:
        """Playout number ``run`` after ``seat`` plays ``action`` as the match's ``ply``,
        with that rollout's chance for the ply in place of the match's."""
        step = self.rules.apply(state, seat, action, rng=SeededRng(f"{self.seed}:{run}", ply))
        return self.rollout(step.state, run, ply + 1)


@dataclass
class Job:
    """One estimate to make: the chances at ``state`` (``action`` None) or after ``seat``
    plays ``action`` there; ``ply`` is the number of the match's ply played next; ``share``
    the part of every round's rollouts it gets."""

    ply: int
    state: Any
    seat: int = 0
    action: Any = None
    estimate: Estimate | None = None
    share: float = 1.0


def run(
    roller: Roller,
    jobs: list[Job],
    budget: Budget,
    *,
    least: int = 8,
    most: int = 400,
    progress: Callable[[float], None] | None = None,
) -> int:
    """Fill every job's estimate in rounds over all jobs (``least`` rollouts first, at most
    ``most``); the rollouts a job with a whole share and an open outcome got. A job gets its
    ``share`` of a round's rollouts, less where its estimate is already nearly certain
    (``_need``): rollouts go where the chance is still in doubt. Jobs alike get the same
    rollouts (so two neighbouring estimates stay made of the same rollouts).

    After the first round (which always runs: a report is never made of nothing), each round
    at most doubles the rollouts, and plays only as many as the budget left pays for at the
    cost per rollout of the round before (with a margin, ``ROOM``).
    """
    for job in jobs:
        job.estimate = Estimate([0.0] * roller.seats)
    done, target = 0, min(least, most)
    while target > done:
        began, counted = budget.spent, roller.rollouts
        for job in jobs:
            _top_up(roller, job, _want(job, target, done))
            if progress is not None:
                progress(min(1.0, budget.spent / max(budget.seconds, 1e-9)))
        each = (budget.spent - began) / max(1, roller.rollouts - counted)
        affordable = budget.left() / (each * ROOM) if each > 0 else float("inf")
        done, target = target, _next(jobs, target, most, affordable)
    return done


def _want(job: Job, target: int, done: int) -> int:
    """The rollouts ``job`` should have after a round to ``target``."""
    return max(1, round(target * job.share * _need(job, done)))


def _next(jobs: list[Job], done: int, most: int, affordable: float) -> int:
    """The largest round target, at most double ``done`` and ``most``, whose rollouts still
    to play number at most ``affordable``; ``done`` when none is."""
    low, high = done, min(most, 2 * done)
    while low < high:
        mid = (low + high + 1) // 2
        needed = sum(max(0, _want(j, mid, done) - _count(j)) for j in jobs)
        if needed <= affordable:
            low = mid
        else:
            high = mid - 1
    return low


def _count(job: Job) -> int:
    return job.estimate.count if job.estimate is not None else 0


#: the margin a round keeps from the end of the budget (its cost is an estimate)
ROOM = 1.25
#: the least part of a round's rollouts an estimate gets however certain it looks
FLOOR = 0.25


def _need(job: Job, done: int) -> float:
    """How much an estimate still needs rollouts: 1 when a seat's chance is near even,
    falling to ``FLOOR`` as every seat's chance nears 0 or 1 (twice the largest standard
    deviation of one rollout's result, sqrt(p(1-p))); 1 before any round."""
    est = job.estimate
    if not done or est is None or not est.count:
        return 1.0
    spread = max(2 * (p * (1 - p)) ** 0.5 for p in est.chances())
    return max(FLOOR, min(1.0, spread))


def _top_up(roller: Roller, job: Job, target: int) -> None:
    est = job.estimate
    assert est is not None
    while est.count < target:
        if job.action is None:
            got = roller.rollout(job.state, est.count, job.ply)
        else:
            got = roller.after(job.state, job.seat, job.action, est.count, job.ply)
        for s, share in enumerate(got):
            est.totals[s] += share
        est.count += 1
