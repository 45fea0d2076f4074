"""Super Farmer's values: animals and their worth, the dice, options, actions and the state.

Herds and the stock are 7-tuples of counts in ``ANIMALS`` order; animals are conserved (stock +
every herd is constant).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.base import (
    Options,
    option,
)
from games.farm.talk_rules import START_WITH_RABBIT_HELP, STRICT_TRADES_HELP

ANIMALS = ("rabbit", "sheep", "pig", "cow", "horse", "small_dog", "big_dog")
RABBIT, SHEEP, PIG, COW, HORSE, SMALL_DOG, BIG_DOG = range(7)
VALUE = (1, 6, 12, 36, 72, 6, 36)
STOCK = (60, 24, 20, 12, 6, 4, 2)
#: the animals a player needs one of each to win
NEEDED = (RABBIT, SHEEP, PIG, COW, HORSE)
#: twelve faces each; the fox die is rolled first, then the wolf die
FOX_DIE = ("rabbit",) * 6 + ("sheep",) * 2 + ("pig",) * 2 + ("horse", "fox")
WOLF_DIE = ("rabbit",) * 6 + ("sheep",) * 3 + ("pig", "cow", "wolf")

Counts = tuple[int, int, int, int, int, int, int]
NONE: Counts = (0, 0, 0, 0, 0, 0, 0)


def as_counts(values: Iterable[int]) -> Counts:
    """Seven numbers, one per animal in ``ANIMALS`` order, as ``Counts``."""
    rabbit, sheep, pig, cow, horse, small_dog, big_dog = values
    return (rabbit, sheep, pig, cow, horse, small_dog, big_dog)


#: the notation's plurals (``2 pigs``, ``2 sheep``): typed moves accept them beside the singular
_PLURAL = {"sheep": "sheep", "small_dog": "small dogs", "big_dog": "big dogs"}
#: every way the notation names an animal, to its index
ANIMAL_WORDS: dict[str, int] = {}
for _i, _a in enumerate(ANIMALS):
    for _n in (_a, _a.replace("_", " "), _a.replace("_", ""), _PLURAL.get(_a, _a + "s")):
        ANIMAL_WORDS[_n] = _i
        ANIMAL_WORDS[_n.replace(" ", "_")] = _i
        ANIMAL_WORDS[_n.replace(" ", "")] = _i


def worth(counts: Sequence[int]) -> int:
    return sum(n * v for n, v in zip(counts, VALUE, strict=True))


def herd_data(counts: Sequence[int]) -> dict[str, int]:
    """Counts as an event's data: ``{"pig": 2, "rabbit": 6}`` (none left out, largest first)."""
    return {ANIMALS[i]: counts[i] for i in BY_VALUE if counts[i]}


def herd_counts(data: Mapping[str, int]) -> Counts:
    """An event's animals back as counts (unknown names are left out)."""
    return as_counts(int(data.get(a, 0)) for a in ANIMALS)


def bundle_notation(counts: Sequence[int]) -> str:
    return " ".join(f"{counts[i]} {ANIMALS[i]}" for i in BY_VALUE if counts[i])


BY_VALUE = (HORSE, COW, BIG_DOG, PIG, SHEEP, SMALL_DOG, RABBIT)


def add_counts(a: Sequence[int], b: Sequence[int], sign: int = 1) -> Counts:
    return as_counts(x + sign * y for x, y in zip(a, b, strict=True))


def single(index: int, count: int) -> Counts:
    counts = [0] * 7
    counts[index] = count
    return as_counts(counts)


@dataclass(frozen=True)
class FarmOptions(Options):
    strict_trades: bool = option(False, STRICT_TRADES_HELP)
    start_with_rabbit: bool = option(False, START_WITH_RABBIT_HELP, design=True)


# Actions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll:
    pass


@dataclass(frozen=True)
class Trade:
    """An exchange with the stock; ``anyway`` acknowledges that the stock is short."""

    give: Counts
    get: Counts
    anyway: bool = False


@dataclass(frozen=True)
class Offer:
    give: Counts
    get: Counts
    to: int


@dataclass(frozen=True)
class Accept:
    pass


@dataclass(frozen=True)
class Decline:
    pass


@dataclass(frozen=True)
class Withdraw:
    """The proposer takes back an open offer; the turn goes on as before it."""


FarmAction = Roll | Trade | Offer | Accept | Decline | Withdraw


@dataclass(frozen=True)
class PendingOffer:
    by: int
    to: int
    give: Counts
    get: Counts


@dataclass(frozen=True)
class FarmState:
    names: tuple[str, ...]
    herds: tuple[Counts, ...]
    stock: Counts
    options: FarmOptions
    turn: int = 0
    traded: bool = False
    offer: PendingOffer | None = None
    last_roll: tuple[str, str] | None = None
    last_roller: int | None = None
    winners: tuple[int, ...] = ()
    rolls: int = 0
    #: seats that left the game (a forfeit): their turns are skipped and nobody trades with them
    out: tuple[int, ...] = ()

    def herd(self, seat: int) -> Counts:
        return self.herds[seat]


def has_all(herd: Sequence[int]) -> bool:
    return all(herd[i] >= 1 for i in NEEDED)
