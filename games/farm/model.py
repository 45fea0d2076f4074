"""Super Farmer's values: animals and their worth, the dice, options, actions and the state.

Herds and the stock are 7-tuples of counts in ``ANIMALS`` order; animals are conserved (stock +
every herd is constant).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.base import (
    Options,
    option,
)

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

_PLURAL = {"sheep": "sheep", "small_dog": "small dogs", "big_dog": "big dogs"}
ANIMAL_WORDS: dict[str, int] = {}
for _i, _a in enumerate(ANIMALS):
    for _n in (_a, _a.replace("_", " "), _a.replace("_", ""), _PLURAL.get(_a, _a + "s")):
        ANIMAL_WORDS[_n] = _i
        ANIMAL_WORDS[_n.replace(" ", "_")] = _i
        ANIMAL_WORDS[_n.replace(" ", "")] = _i


def animal_name(index: int, count: int = 1) -> str:
    name = ANIMALS[index]
    if count == 1:
        return name.replace("_", " ")
    return _PLURAL.get(name, name + "s")


def worth(counts: Sequence[int]) -> int:
    return sum(n * v for n, v in zip(counts, VALUE, strict=True))


def show(counts: Sequence[int]) -> str:
    """'2 pigs, 1 sheep and 6 rabbits' (largest animals first)."""
    parts = [f"{counts[i]} {animal_name(i, counts[i])}" for i in BY_VALUE if counts[i]]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def bundle_notation(counts: Sequence[int]) -> str:
    return " ".join(f"{counts[i]} {ANIMALS[i]}" for i in BY_VALUE if counts[i])


BY_VALUE = (HORSE, COW, BIG_DOG, PIG, SHEEP, SMALL_DOG, RABBIT)


def add_counts(a: Sequence[int], b: Sequence[int], sign: int = 1) -> Counts:
    return tuple(x + sign * y for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def single(index: int, count: int) -> Counts:
    counts = [0] * 7
    counts[index] = count
    return tuple(counts)  # type: ignore[return-value]


@dataclass(frozen=True)
class FarmOptions(Options):
    strict_trades: bool = option(
        False, "one side of every trade must be a single animal (the published game)"
    )
    start_with_rabbit: bool = option(
        False,
        "every pen starts with one rabbit from the stock (later board editions)",
        design=True,
    )


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
