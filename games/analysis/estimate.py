"""Winning chances estimated by rollouts: from a position, the games' computer players play
to the end, many times, each time with other chance; a seat's chance is its share of the wins.

Every rollout is seeded (the rollout seed, the rollout's number, the ply), so an estimate
replays exactly; rollouts of the same number draw the same chance at the same ply of the
match whatever position they start from (common random numbers), so the difference between
two neighbouring estimates (before and after a decision, before and after a draw) is what
happened between them, not drowned in the rollouts' own luck.

The same seeding makes a rollout's result a function of where it stands (the position, the
match's ply, the rollout's number) and where it stops: a rollout whose first moves are the
match's own (or a decision's, with the same dice) is, from there, the very rollout of the same
number from the position the match reached. Rollouts keep their results by where they stood in
their first plies (``REUSED_PLIES``) and where they stop, and a rollout that stands where one
stood before, to stop where it stopped, takes its result instead of playing it again: the same
figures, for less CPU. So that neighbouring estimates stop alike, a rollout stopped at its
game's horizon stops at the first ply from the horizon on that is a multiple of ``ALIGN``, and
an estimate after a decision counts the decision as its rollouts' first ply.
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
#: the first plies of a rollout whose positions keep its result
REUSED_PLIES = 3
#: a rollout stopped at a horizon stops at a ply that is a multiple of this
ALIGN = 5


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
        #: plies a rollout plays at least before its game's progress measure scores it
        self.horizon = (values.horizon(game) if capped else None) or MAX_ROLLOUT_PLIES
        self.plies = 0
        #: whether rollouts are played to the end (their results do not depend on where they
        #: began)
        self.to_the_end = self.horizon == MAX_ROLLOUT_PLIES
        #: results by (ply, rollout number, the position's hash, stop): hashes, not positions,
        #: so a long analysis holds a few numbers per rollout instead of whole game states;
        #: None: not kept
        self.results: dict[tuple[int, int, int, int | None], tuple[float, ...]] | None = {}
        #: rollouts whose result was one already played (counted in ``rollouts`` too)
        self.reused = 0

    def stop(self, start: int) -> int | None:
        """The ply before which a rollout whose first ply is ``start`` stops: from the horizon
        on, the first multiple of ``ALIGN``; None: at the end."""
        if self.to_the_end:
            return None
        return -(-(start + self.horizon) // ALIGN) * ALIGN

    def rollout(
        self, state: Any, run: int, ply: int, start: int | None = None
    ) -> tuple[float, ...]:
        """Playout number ``run`` from ``state``, whose next move is the match's ``ply``: each
        ply's chance and its computer player's choice come from rngs of (rollout seed,
        ``run``, ply), so rollouts of one number from neighbouring positions meet the same
        dice and choices, and two estimates differ by what happened between them, not by
        their rollouts' luck. A rollout still going at its stop (``stop`` of ``start``, by
        default ``ply``) is scored by its game's progress measure (``values``)."""
        rules = self.rules
        stop = self.stop(ply if start is None else start)
        end = ply + MAX_ROLLOUT_PLIES if stop is None else stop
        seen: list[tuple[int, int, int, int | None]] = []
        for at in range(ply, end):
            if self.results is not None and at - ply < REUSED_PLIES:
                key = (at, run, self._hash(state), stop)
                found = self._kept(key)
                if found is not None:
                    self._keep(seen, found)
                    self.rollouts += 1
                    self.reused += 1
                    return found
                seen.append(key)
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
        if rules.outcome(state) is None:
            if stop is None:  # still going after MAX_ROLLOUT_PLIES: a shared result, not kept
                return shares(rules, state, self.seats)
            result = values.chances(self.game, state, self.seats)
        else:
            result = shares(rules, state, self.seats)
        self._keep(seen, result)
        return result

    def _hash(self, state: Any) -> int:
        try:
            return hash(state)
        except TypeError:  # a game whose positions cannot be hashed keeps nothing
            self.results = None
            return 0

    def _kept(self, key: tuple[int, int, int, int | None]) -> tuple[float, ...] | None:
        return None if self.results is None else self.results.get(key)

    def _keep(
        self, keys: list[tuple[int, int, int, int | None]], result: tuple[float, ...]
    ) -> None:
        if self.results is not None:
            for key in keys:
                self.results[key] = result

    def _choose(self, state: Any, seat: int, rng: SeededRng) -> Any:
        try:
            return self.policy.choose(state, seat, rng=rng)
        except Exception:  # a computer player that fails plays the easy one's move
            return self.fallback.choose(state, seat, rng=rng)

    def after(self, state: Any, seat: int, action: Any, run: int, ply: int) -> tuple[float, ...]:
        """Playout number ``run`` after ``seat`` plays ``action`` as the match's ``ply``,
        with that rollout's chance for the ply in place of the match's: the action is the
        rollout's first ply, so it stops where the rollout of the same number from ``state``
        stops (and is that rollout, where its player would have played ``action``)."""
        step = self.rules.apply(state, seat, action, rng=SeededRng(f"{self.seed}:{run}", ply))
        return self.rollout(step.state, run, ply + 1, start=ply)


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
    #: the plies its rollouts played (a reused result plays none)
    plies: int = 0


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
    ``share`` of a round's rollouts, less where its estimate is already nearly certain and
    more where its rollouts cost less than most (``_need``): rollouts go where they make the
    estimates most exact for their CPU. Jobs alike get the same rollouts (so two neighbouring
    estimates stay made of the same rollouts).

    After the first round (which always runs: a report is never made of nothing), each round
    at most doubles the rollouts, and plays only as many as the budget left pays for at the
    cost per rollout of the round before (with a margin, ``ROOM``); a round whose cost was
    misjudged stops where the budget ends.
    """
    for job in jobs:
        job.estimate = Estimate([0.0] * roller.seats)
    done, target, usual = 0, min(least, most), 0.0
    while target > done:
        began, counted = budget.spent, roller.rollouts
        for job in jobs:
            limit = budget if done else None  # the first round always runs whole
            _top_up(roller, job, min(most, _want(job, target, done, usual)), limit)
            if progress is not None:
                progress(min(1.0, budget.spent / max(budget.seconds, 1e-9)))
        each = (budget.spent - began) / max(1, roller.rollouts - counted)
        affordable = budget.left() / (each * ROOM) if each > 0 else float("inf")
        usual = _usual_cost(jobs) if roller.to_the_end else -1.0
        done, target = target, _next(jobs, target, most, affordable, usual)
    return done


def _want(job: Job, target: int, done: int, usual: float = 0.0) -> int:
    """The rollouts ``job`` should have after a round to ``target``."""
    return max(1, round(target * job.share * _need(job, done, usual)))


def _next(jobs: list[Job], done: int, most: int, affordable: float, usual: float) -> int:
    """The largest round target, at most double ``done`` and ``most``, whose rollouts still
    to play number at most ``affordable``; ``done`` when none is."""
    low, high = done, min(most, 2 * done)
    while low < high:
        mid = (low + high + 1) // 2
        needed = sum(max(0, min(most, _want(j, mid, done, usual)) - _count(j)) for j in jobs)
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
#: the most (and 1 / the least) a job's rollouts are scaled by their cost against the usual
CHEAP = 2.0


def _need(job: Job, done: int, usual: float = 0.0) -> float:
    """How much an estimate still needs rollouts, 1 before any round. The error an estimate
    keeps falls with the standard deviation of one rollout's result, sqrt(p(1-p)), over the
    square root of its rollouts; the rollouts that make the estimates' mean error least for
    their CPU go as (deviation / cost) ** (2/3). So: 1 when a seat's chance is near even,
    falling to ``FLOOR`` as every seat's chance nears 0 or 1, times how much cheaper than
    ``usual`` (plies per rollout over every job) its rollouts are, between 1 / ``CHEAP``
    and ``CHEAP``. For rollouts stopped at a horizon (``usual`` below 0), whose scored
    results make that deviation a bound only, the part is twice the deviation alone."""
    est = job.estimate
    if not done or est is None or not est.count:
        return 1.0
    spread = max(2 * (p * (1 - p)) ** 0.5 for p in est.chances())
    if usual < 0:  # capped rollouts: their results are not 0 or 1, shares by doubt alone
        return max(FLOOR, min(1.0, spread))
    need = max(FLOOR, min(1.0, spread ** (2 / 3)))
    if usual > 0:
        own = max(job.plies / est.count, 1.0)
        need *= max(1 / CHEAP, min(CHEAP, (usual / own) ** (2 / 3)))
    return need


def _usual_cost(jobs: list[Job]) -> float:
    """The plies per rollout over every job (0 before any)."""
    played = sum(_count(j) for j in jobs)
    return sum(j.plies for j in jobs) / played if played else 0.0


def _top_up(roller: Roller, job: Job, target: int, budget: Budget | None = None) -> None:
    """Play ``job``'s rollouts up to ``target``; with a ``budget``, none once it is spent (a
    round whose cost was misjudged ends there, so an analysis never runs more than one rollout
    past its budget)."""
    est = job.estimate
    assert est is not None
    before = roller.plies
    while est.count < target and (budget is None or budget.left() > 0):
        if job.action is None:
            got = roller.rollout(job.state, est.count, job.ply)
        else:
            got = roller.after(job.state, job.seat, job.action, est.count, job.ply)
        for s, share in enumerate(got):
            est.totals[s] += share
        est.count += 1
    job.plies += roller.plies - before
