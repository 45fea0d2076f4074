"""Super Farmer trade advice: ready-made mixed trades for the menu, and how useful a trade is.

Pure functions over herds; the ruleset decides legality. A mixed trade exchanges one animal for
a bundle of several kinds (or the reverse) of equal worth, as the rules allow
("2 pigs, 1 sheep and 6 rabbits for 1 cow"); the menu offers the few that help most.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.farm.model import (
    BIG_DOG,
    COW,
    HORSE,
    NEEDED,
    PIG,
    RABBIT,
    SHEEP,
    SMALL_DOG,
    VALUE,
    Counts,
    add_counts,
    as_counts,
    has_all,
    single,
)

#: ranks: a trade that wins outright first, then by needed animals gained less those lost
WIN_RANK = 100
GAIN_RANK = 10
DOG_RANK = 2
#: at most this many mixed trades in the menu
MAX_MIXED = 3

#: the animals paid or received as change in a mixed trade (dogs are never part of a bundle)
_BUNDLE = (COW, PIG, SHEEP, RABBIT)


def _greedy(total: int, kinds: Sequence[int], spare: Sequence[int]) -> Counts | None:
    """Exactly ``total`` rabbits' worth from ``spare`` animals of ``kinds``, largest first.

    Each worth divides the next larger one (1, 6, 12, 36), so largest-first finds an exact
    bundle whenever one exists."""
    counts = [0] * 7
    rest = total
    for kind in sorted(kinds, key=lambda k: -VALUE[k]):
        take = min(spare[kind], rest // VALUE[kind])
        counts[kind] = take
        rest -= take * VALUE[kind]
    return as_counts(counts) if rest == 0 else None


def _kinds(counts: Sequence[int]) -> int:
    return sum(1 for n in counts if n)


def mixed_trades(herd: Counts, stock: Counts) -> list[tuple[Counts, Counts]]:
    """(give, get) bundles with the stock worth trading now, most useful first.

    - Buy a missing animal with a mix of smaller ones, keeping one of each kind you own (only
      when the mix needs two kinds or more: a one-kind price is already in the menu).
    - Sell one spare animal (you own two or more) for one of each smaller missing animal plus
      change, when that gets you two missing kinds or more at once.
    """
    missing = [k for k in NEEDED if not herd[k]]
    spare = [max(0, n - 1) if k in NEEDED else 0 for k, n in enumerate(herd)]
    found: list[tuple[Counts, Counts]] = []
    for target in missing:
        if not stock[target]:
            continue
        pay = _greedy(VALUE[target], [k for k in _BUNDLE if VALUE[k] < VALUE[target]], spare)
        if pay is not None and _kinds(pay) >= 2:
            found.append((pay, single(target, 1)))
    for source in (HORSE, COW, PIG, SHEEP):
        wanted = [k for k in missing if VALUE[k] < VALUE[source]]
        if herd[source] < 2 or len(wanted) < 2:
            continue
        get = [0] * 7
        for k in wanted:
            get[k] = 1
        rest = VALUE[source] - sum(VALUE[k] for k in wanted)
        if rest < 0:
            continue
        change = _greedy(rest, sorted({*wanted, RABBIT}), [99] * 7)
        if change is None:
            continue
        bundle = add_counts(get, change)
        if all(n <= s for n, s in zip(bundle, stock, strict=True)):
            found.append((single(source, 1), bundle))
    found.sort(key=lambda t: -rank(herd, *t)[0])
    return found[:MAX_MIXED]


#: what each dog guards: the small dog the rabbits (from the fox), the big dog the rest (wolf)
GUARDED = {SMALL_DOG: (RABBIT,), BIG_DOG: (RABBIT, SHEEP, PIG, COW)}


@dataclass(frozen=True)
class Advice:
    """Why a trade helps, as data (``games.farm.talk_menu`` words it): it ``wins``; the needed
    animals it ``gains`` and the last ones it ``loses``; the first ``dogs`` it brings that
    guard something of the herd after it (``guards``: the herd's counts then)."""

    wins: bool = False
    gains: tuple[int, ...] = ()
    loses: tuple[int, ...] = ()
    dogs: tuple[int, ...] = ()
    guards: Counts = (0, 0, 0, 0, 0, 0, 0)

    @property
    def matters(self) -> str | None:
        """Which of the trades that matter this is: ``win`` (completes the farm), ``set`` (a
        missing animal, nothing given up), ``guard`` (a first dog with something to guard,
        nothing given up); None for any other."""
        if self.wins:
            return "win"
        if self.loses:
            return None
        if self.gains:
            return "set"
        return "guard" if self.dogs else None


def rank(herd: Counts, give: Sequence[int], get: Sequence[int]) -> tuple[int, Advice]:
    """How useful trading ``give`` for ``get`` is to the owner of ``herd``, and why: it wins;
    it gets missing animals (and whether it gives up the last of one); a first dog with
    something to guard."""
    after = add_counts(add_counts(herd, give, -1), get)
    if has_all(after):
        return WIN_RANK, Advice(wins=True)
    gained = tuple(k for k in NEEDED if after[k] and not herd[k])
    lost = tuple(k for k in NEEDED if herd[k] and not after[k])
    dogs = tuple(
        d
        for d in (SMALL_DOG, BIG_DOG)
        if after[d] and not herd[d] and any(after[k] for k in GUARDED[d])
    )
    score = GAIN_RANK * (len(gained) - len(lost)) + DOG_RANK * len(dogs)
    return score, Advice(gains=gained, loses=lost, dogs=dogs, guards=after)
