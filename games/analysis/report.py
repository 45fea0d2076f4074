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
#: the part of the rollouts an estimate after the strong player's choice gets (it is not on
#: the curve, and is only compared with the person's choice)
ALT_SHARE = 0.5


def analyse(
    match: Match,
    *,
    rollout_seed: int | str = 0,
    cpu_seconds: float = 40.0,
    least: int = 8,
    most: int = 400,
    progress: Callable[[float], None] | None = None,
) -> Report:
    """Replay ``match`` and estimate it (see the module): the CPU budget (this thread's)
    buys rounds of doubling rollouts over every estimate, each at least ``least``."""
    budget = Budget(cpu_seconds)
    work = _Work(match, rollout_seed)
    run(work.roller, work.jobs(), budget, least=least, most=most, progress=progress)
    decisions, luck = work.decisions(), work.luck()
    return Report(
        match.game,
        tuple(match.names),
        tuple(work.curve()),
        decisions,
        luck,
        biggest(decisions, luck),
        work.roller.rollouts,
        round(budget.spent, 3),
    )


class _Work:
    """The estimates one report needs: the chances before every ply (``at``), before the
    draw of every chance ply (``expect``) and after the strong player's choice where it
    differs from the person's (``alt``)."""

    def __init__(self, match: Match, rollout_seed: int | str) -> None:
        rules = self.rules = games.get(match.game)
        self.seats = len(match.names)
        first, self.plies = replay(match)
        self.roller = Roller(match.game, self.seats, f"analysis:{rollout_seed}")
        self.states = [first] + [p.after for p in self.plies]
        self.at = [Job(i + 1, s) for i, s in enumerate(self.states) if rules.outcome(s) is None]
        self.expect: dict[int, Job] = {}
        for p in reversed(self.plies):
            self._share(p)
        self.judged = [p for p in self.plies if _judged(match, p)]
        self.best = {p.number: _strong(match, p, rollout_seed) for p in self.judged}
        self.alt: dict[int, Job] = {}
        for n, notation in self.best.items():
            p = self.plies[n - 1]
            if notation != rules.format_action(p.before, p.action):
                action = rules.parse_action(p.before, p.seat, notation)
                self.alt[n] = Job(n, p.before, p.seat, action, share=ALT_SHARE)

    def _share(self, p: Ply) -> None:
        """Where a rollout from before ``p`` plays ``p``'s very action (its seat had no other),
        the estimate before the draw is the one before the ply, and without a draw the one
        before the ply is the one after it: one estimate serves both."""
        passive = _passive(self.rules, p)
        if p.chance:
            own = Job(p.number, p.before, p.seat, p.action)
            self.expect[p.number] = self.at[p.number - 1] if passive else own
        elif passive and p.number < len(self.at):
            self.at[p.number - 1] = self.at[p.number]

    def jobs(self) -> list[Job]:
        every = self.at + list(self.expect.values()) + list(self.alt.values())
        return list({id(job): job for job in every}.values())

    def curve(self) -> list[Chances]:
        curve = [_chances(j) for j in self.at]
        if self.rules.outcome(self.states[-1]) is not None:
            curve.append(shares(self.rules, self.states[-1], self.seats))
        return curve

    def _after(self, p: Ply, curve: list[Chances]) -> Chances:
        return _chances(self.expect[p.number]) if p.chance else curve[p.number]

    def decisions(self) -> tuple[Decision, ...]:
        curve = self.curve()
        out = []
        for p in self.judged:
            after = self._after(p, curve)
            alt = _chances(self.alt[p.number]) if p.number in self.alt else after
            out.append(
                Decision(
                    p.number,
                    p.seat,
                    p.notation,
                    curve[p.number - 1],
                    after,
                    self.best[p.number],
                    alt[p.seat],
                )
            )
        return tuple(out)

    def luck(self) -> tuple[Luck, ...]:
        curve = self.curve()
        return tuple(
            Luck(p.number, p.seat, p.notation, _chances(self.expect[p.number]), curve[p.number])
            for p in self.plies
            if p.chance
        )


def _judged(match: Match, p: Ply) -> bool:
    return match.person(p.seat) and p.action is not None and p.choices > 1 and not p.forced


def _passive(rules: Any, p: Ply) -> bool:
    """Whether a rollout from before ``p`` plays ``p``'s action: the seat to act had only it."""
    if p.action is None:
        return False
    acting = rules.to_act(p.before)
    if not acting or acting[0] != p.seat:
        return False
    return p.choices == 1 or (p.forced and rules.forced_action(p.before, p.seat) == p.action)


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
