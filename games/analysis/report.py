"""The post-game report ("Luck and decisions") of one match, as data.

For every decision a person made (a ply with more than one legal action): each seat's chance
of winning before it and after it, and the strong computer player's choice with its
chance; for every chance event (a ply whose draws mattered): each seat's chance as expected
before the draw and as it turned out. A player's decisions figure is the sum of what their
own decisions moved their chance; their luck figure the sum of what every chance event
moved it; both in percentage points. The curve is each seat's chance before every ply and
at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

import games
from games import policies
from games.analysis.estimate import Budget, Job, Roller, run
from games.analysis.replay import Match, Ply, replay, shares
from games.rng import SeededRng

Chances = tuple[float, ...]


@dataclass(frozen=True)
class Decision:
    ply: int
    seat: int
    notation: str
    before: Chances
    after: Chances
    best: str
    best_chance: float

    @property
    def gain(self) -> float:
        """What the decision moved the decider's chance, in percentage points."""
        return 100 * (self.after[self.seat] - self.before[self.seat])


@dataclass(frozen=True)
class Luck:
    """A chance event: the ply's seat acted, the draw fell; ``expected`` is before the draw."""

    ply: int
    seat: int
    notation: str
    expected: Chances
    after: Chances

    def moved(self, seat: int) -> float:
        """What the draw moved ``seat``'s chance, in percentage points."""
        return 100 * (self.after[seat] - self.expected[seat])


@dataclass(frozen=True)
class Moment:
    """One of the biggest moments: a ``decision`` or a ``chance`` event at ``ply`` that moved
    ``seat``'s chance by ``swing`` percentage points."""

    ply: int
    kind: str
    seat: int
    swing: float
    notation: str


@dataclass(frozen=True)
class Report:
    game: str
    names: tuple[str, ...]
    #: each seat's chance before ply 1, 2, ... and after the last
    curve: tuple[Chances, ...]
    decisions: tuple[Decision, ...]
    chances: tuple[Luck, ...]
    moments: tuple[Moment, ...]
    rollouts: int
    cpu_seconds: float

    def decisions_total(self, seat: int) -> float:
        return sum(d.gain for d in self.decisions if d.seat == seat)

    def luck_total(self, seat: int) -> float:
        return sum(c.moved(seat) for c in self.chances)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Report:
        return cls(
            game=str(data["game"]),
            names=tuple(data["names"]),
            curve=tuple(tuple(row) for row in data["curve"]),
            decisions=tuple(_decision(d) for d in data["decisions"]),
            chances=tuple(_luck(c) for c in data["chances"]),
            moments=tuple(Moment(**m) for m in data["moments"]),
            rollouts=int(data["rollouts"]),
            cpu_seconds=float(data["cpu_seconds"]),
        )


def _decision(d: Mapping[str, Any]) -> Decision:
    return Decision(**{**d, "before": tuple(d["before"]), "after": tuple(d["after"])})


def _luck(c: Mapping[str, Any]) -> Luck:
    return Luck(**{**c, "expected": tuple(c["expected"]), "after": tuple(c["after"])})


#: the moments a report names
MOMENTS = 3


def analyse(
    match: Match,
    *,
    rollout_seed: int | str = 0,
    cpu_seconds: float = 40.0,
    least: int = 8,
    most: int = 400,
    progress: Callable[[float], None] | None = None,
) -> Report:
    """Replay ``match`` and estimate it (see the module). The CPU budget (this thread's) is
    shared out in rounds of doubling rollouts; each estimate gets at least ``least``."""
    budget = Budget(cpu_seconds)
    rules = games.get(match.game)
    seats = len(match.names)
    first, plies = replay(match)
    roller = Roller(match.game, seats, f"analysis:{rollout_seed}")
    states = [first] + [p.after for p in plies]
    at = [Job(i + 1, s) for i, s in enumerate(states) if rules.outcome(s) is None]
    expect = {p.number: Job(p.number, p.before, p.seat, p.action) for p in plies if p.chance}
    judged = [p for p in plies if _judged(match, p)]
    best = {p.number: _strong(match, p, rollout_seed) for p in judged}
    alt = {
        n: Job(n, plies[n - 1].before, plies[n - 1].seat, a)
        for n, a in best.items()
        if a != plies[n - 1].notation
    }
    for n, job in alt.items():
        job.action = rules.parse_action(job.state, job.seat, best[n])
    run(roller, at + list(expect.values()) + list(alt.values()), budget, least=least,
        most=most, progress=progress)
    curve = [_chances(j) for j in at]
    if rules.outcome(states[-1]) is not None:
        curve.append(shares(rules, states[-1], seats))

    def after(p: Ply) -> Chances:
        return _chances(expect[p.number]) if p.chance else curve[p.number]

    decisions = tuple(
        Decision(
            p.number, p.seat, p.notation, curve[p.number - 1], after(p), best[p.number],
            (_chances(alt[p.number]) if p.number in alt else after(p))[p.seat],
        )
        for p in judged
    )
    luck = tuple(
        Luck(p.number, p.seat, p.notation, _chances(expect[p.number]), curve[p.number])
        for p in plies if p.chance
    )
    return Report(
        match.game, tuple(match.names), tuple(curve), decisions, luck,
        biggest(decisions, luck), roller.rollouts, round(budget.spent, 3),
    )


def _judged(match: Match, p: Ply) -> bool:
    return match.person(p.seat) and p.action is not None and p.choices > 1 and not p.forced


def _strong(match: Match, p: Ply, rollout_seed: int | str) -> str:
    rules = games.get(match.game)
    rng = SeededRng(f"analysis:{rollout_seed}:strong", p.number)
    action = policies.decide(match.game, "strong", p.before, p.seat, rng=rng)
    return str(rules.format_action(p.before, action))


def _chances(job: Job) -> Chances:
    assert job.estimate is not None
    return job.estimate.chances()


def biggest(decisions: tuple[Decision, ...], luck: tuple[Luck, ...]) -> tuple[Moment, ...]:
    """The ``MOMENTS`` biggest swings: a decision's for its decider, a chance event's for the
    seat it moved most."""
    found = [Moment(d.ply, "decision", d.seat, d.gain, d.notation) for d in decisions]
    for c in luck:
        seat = max(range(len(c.after)), key=lambda s: abs(c.moved(s)))
        found.append(Moment(c.ply, "chance", seat, c.moved(seat), c.notation))
    found.sort(key=lambda m: (-abs(m.swing), m.ply))
    return tuple(found[:MOMENTS])
