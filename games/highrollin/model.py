"""High Rollin' values: dice, towers, piles, the wobble model, options, actions and the state.

Dice are conserved per colour: every pile, the four towers, the dice in the current turn's hand
and the dice removed this round always add up to what was dealt (``dealt``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from games.base import Options, option
from words import domain

_, ngettext, N_ = domain("highrollin").functions()

COLOURS = ("red", "blue", "green", "yellow")
RED, BLUE, GREEN, YELLOW = range(4)
LETTERS = ("R", "B", "G", "Y")
TOWERS = 4
#: dice per turn: a turn rolls five from the pile, or all of them when fewer are left
TURN_DICE = 5
#: the game ends at once when a score goes strictly past this
GAME_SCORE = 100
#: best of three games when the ``match`` option is on
MATCH_GAMES = 3
MATCH_WINS = 2

# The wobble model (option towers=wobbly). Numbers and their reasons: docs/rules/highrollin.md.
#: stacking onto a tower of new height h >= 3 topples it with min(CAP, RATE * (h - 2) ** 2)
TOPPLE_FROM = 3
TOPPLE_RATE = 0.015
TOPPLE_CAP = 0.6
#: every roll knocks the tallest tower with KNOCK_RATE * (max height - KNOCK_FREE), if positive
KNOCK_RATE = 0.01
KNOCK_FREE = 3
#: a penalty lift of k dice drops with min(DROP_CAP, DROP_RATE * k)
DROP_RATE = 0.03
DROP_CAP = 0.5
#: fallen dice showing at least this many pips score 2 for the others and go to the culprit
HIGH_FACE = 4

#: the move notation, an example of each move (the action log's format)
NOTATION = (
    "roll red red blue green green",
    "roll 2 red + 3 yellow",
    "place 3 on 2",
    "stack rest",
    "again",
    "stop",
    "lift 2",
)

Counts = tuple[int, int, int, int]
NO_DICE: Counts = (0, 0, 0, 0)


class Die(NamedTuple):
    colour: int
    face: int

    def __str__(self) -> str:
        return f"{COLOURS[self.colour]} {self.face}"


def topple_chance(height: int) -> float:
    """Chance that a tower falls when a die makes it ``height`` high."""
    if height < TOPPLE_FROM:
        return 0.0
    return min(TOPPLE_CAP, TOPPLE_RATE * (height - 2) ** 2)


def knock_chance(tallest: int) -> float:
    """Chance that a roll knocks the tallest tower (``tallest`` high)."""
    return max(0.0, KNOCK_RATE * (tallest - KNOCK_FREE))


def drop_chance(lifted: int) -> float:
    """Chance that a penalty stack of ``lifted`` dice slips from the hand."""
    return min(DROP_CAP, DROP_RATE * lifted)


def fall_points(dice: Sequence[Die]) -> int:
    """What fallen dice give every other player: 2 a die showing 4-6, 1 a die showing 1-3."""
    return sum(2 if d.face >= HIGH_FACE else 1 for d in dice)


def fits(die: Die, top: Die) -> bool:
    """A die may go on ``top`` if the faces match or either is a 1, never on its own colour."""
    return die.colour != top.colour and (die.face == top.face or 1 in (die.face, top.face))


def deal(players: int) -> tuple[Counts, ...]:
    """Starting piles: 4 of each colour for two, 3 for three, 2 plus one extra for four."""
    each = {2: 4, 3: 3, 4: 2}[players]
    piles: list[Counts] = []
    for seat in range(players):
        pile = [each] * 4
        if players == 4:
            pile[seat] += 1
        piles.append(as_counts(pile))
    return tuple(piles)


def as_counts(values: Iterable[int]) -> Counts:
    """Four numbers, one per colour, as ``Counts``."""
    first, second, third, fourth = values
    return (first, second, third, fourth)


def dealt(players: int) -> Counts:
    """Dice of each colour in play for a round: the piles plus one tower base each."""
    totals = [1, 1, 1, 1]
    for pile in deal(players):
        for c in range(4):
            totals[c] += pile[c]
    return as_counts(totals)


def add(a: Sequence[int], b: Sequence[int], sign: int = 1) -> Counts:
    return as_counts(x + sign * y for x, y in zip(a, b, strict=True))


def count(dice: Sequence[Die]) -> Counts:
    counts = [0, 0, 0, 0]
    for d in dice:
        counts[d.colour] += 1
    return as_counts(counts)


@dataclass(frozen=True)
class HighRollinOptions(Options):
    towers: str = option(
        "wobbly",
        N_(
            "wobbly: tall towers may topple, rolls may knock them, penalty stacks may slip "
            "(chances grow with height); steady: nothing ever falls"
        ),
        design=True,
        choices=("wobbly", "steady"),
    )
    match: bool = option(False, N_("play a match: best of three games"))


# Actions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll:
    """Start a turn: roll these dice (colour counts) from the pile."""

    counts: Counts


@dataclass(frozen=True)
class Place:
    """Stack rolled die ``die`` (0-based index in the hand) on tower ``tower`` (0-based)."""

    die: int
    tower: int


@dataclass(frozen=True)
class Rest:
    """Stack the rest of the roll as suggested (``games.highrollin.suggest``), die by die,
    until none is left, none fits or a tower falls."""


@dataclass(frozen=True)
class Again:
    pass


@dataclass(frozen=True)
class Stop:
    pass


@dataclass(frozen=True)
class Lift:
    """Take the penalty off tower ``tower`` (0-based), one of the equally tallest."""

    tower: int


Action = Roll | Place | Rest | Again | Stop | Lift


# State --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fall:
    """The fall in the last move, kept for the picture.

    ``kind`` is topple (stacking), knock (a roll) or drop (a penalty stack slipping);
    ``height`` is the tower's height before the fall, or for a drop the stack's size.
    """

    kind: str
    tower: int
    height: int
    chance: float
    dice: tuple[Die, ...]


@dataclass(frozen=True)
class HighRollinState:
    names: tuple[str, ...]
    options: HighRollinOptions
    towers: tuple[tuple[Die, ...], ...]
    piles: tuple[Counts, ...]
    scores: tuple[int, ...]
    turn: int = 0
    #: dice the current turn began with (0 before the roll)
    began: int = 0
    #: rolled dice not yet stacked, sorted by colour then face
    hand: tuple[Die, ...] = ()
    #: highest face of a roll that stacked nothing, while the player picks the tower to lift from
    penalty: int | None = None
    removed: Counts = NO_DICE
    round: int = 1
    game: int = 1
    wins: tuple[int, ...] = ()
    #: best winning game score per seat (the match tie-break)
    best: tuple[int, ...] = ()
    #: the round's roll-off for first player: one tuple per throw, None for seats not rolling
    rolloff: tuple[tuple[int | None, ...], ...] = ()
    fall: Fall | None = None
    winners: tuple[int, ...] = ()
    #: seats that left the game (a forfeit): they are dealt nothing and never act
    out: tuple[int, ...] = ()

    def active(self) -> tuple[int, ...]:
        return tuple(s for s in range(len(self.names)) if s not in self.out)

    def next_seat(self, seat: int) -> int:
        """The next seat after ``seat`` still in the game."""
        n = len(self.names)
        return next((s for k in range(1, n + 1) if (s := (seat + k) % n) not in self.out), seat)

    @property
    def phase(self) -> str:
        """'over', 'lift', 'roll', 'place' or 'decide' (roll again or stop)."""
        if self.winners:
            return "over"
        if self.penalty is not None:
            return "lift"
        if not self.hand:
            return "roll"
        return "place" if placements(self) else "decide"

    def tallest(self) -> list[int]:
        height = max(len(t) for t in self.towers)
        return [i for i, t in enumerate(self.towers) if len(t) == height]


def placements(state: HighRollinState) -> list[Place]:
    """Every legal placement, one per distinct die (identical dice give the same move)."""
    out = []
    seen: set[Die] = set()
    for i, die in enumerate(state.hand):
        if die in seen:
            continue
        seen.add(die)
        for t, tower in enumerate(state.towers):
            if fits(die, tower[-1]):
                out.append(Place(i, t))
    return out


def roll_choices(pile: Counts) -> list[Counts]:
    """Every colour mix of five dice (or the whole pile when it holds fewer) the pile allows."""
    size = min(TURN_DICE, sum(pile))
    out = []
    for r in range(min(pile[0], size), -1, -1):
        for b in range(min(pile[1], size - r), -1, -1):
            for g in range(min(pile[2], size - r - b), -1, -1):
                y = size - r - b - g
                if y <= pile[3]:
                    out.append((r, b, g, y))
    return out
