"""Cattle Baron computer players.

Easy does the obvious with each roll: grabs the best dice of its brand, raids the best die,
puts a 6 out to pasture for a stud of the richest colour, rustles a richer stock or else
swisses its best colour, and switches its stud with a low die of its stock.
Strong plays the same rolls but chooses its brand: a new stud (after a 6, or a switch) of the
colour whose cows left in the herd are worth most and that fewer rivals grab; a switch with its
stock only when that does not cost it a better brand; and it raids, among equal faces, a cow of
a rival's brand rather than its own (which it can still grab later). It also reckons with the
THREE!s announced for later this round: each of them will rustle the richest stock, so it does
not fatten its stock for them, and swisses or rustles ahead of them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.cattle.model import Die, Grab, Pass, Pasture, Raid, Rustle, Swiss, Switch, total
from games.policies.base import Policy, best_of
from games.rng import Rng


def brand_worth(herd: tuple[Die, ...]) -> Counter[str]:
    """Sum of faces per colour in the herd: what grabbing that brand can still bring."""
    worth: Counter[str] = Counter()
    for d in herd:
        worth[d.colour] += d.face
    return worth


class Easy(Policy):
    key = "cattle"
    level = "easy"

    def pick(self, state: Any, seat: int, actions: list[Any], rng: Rng) -> Any:
        mine = total(state.stocks[seat])
        worth = brand_worth(state.herd)

        def score(a: Any) -> float:
            match a:
                case Grab(dice):
                    return 10.0 + total(dice)
                case Raid(die):
                    return 10.0 + die.face
                case Pasture(die):
                    return 10.0 + worth[die.colour] / 10.0 - die.face / 100.0
                case Rustle(target):
                    gain = total(state.stocks[target]) - mine
                    return 10.0 + gain if gain > 0 else -1.0
                case Swiss(colour):
                    moved = sum(d.face for d in state.stocks[seat] if d.colour == colour)
                    return 5.0 + moved / 100.0
                case Switch("stock", die):
                    stud = state.studs[seat]
                    return 10.0 + stud.face - die.face if die.face < stud.face else -1.0
                case Pass():
                    return 0.0
            return -5.0

        return self.best_counting_threes(state, seat, actions, score, rng)

    def best_counting_threes(
        self, state: Any, seat: int, actions: Any, score: Any, rng: Any
    ) -> Any:
        """The best-scoring action, counting what the THREE!s announced for later in the
        round will do to this seat's lead."""
        threes = [s for s in state.order[state.pos + 1 :] if state.rolls[s] == 3]
        if not threes:
            return best_of(actions, score, rng)
        return best_of(actions, lambda a: score(a) + self.rustled(state, seat, a, threes), rng)

    @staticmethod
    def rustled(state: Any, seat: int, action: Any, threes: list[int]) -> float:
        """What the THREE!s still to act this round do to this seat's lead: each rustles the
        richest regular stock when it is richer than its own (it was announced at the roll)."""
        stocks = [total(p) for p in state.stocks]
        match action:
            case Grab(dice):
                stocks[seat] += total(dice)
            case Raid(die):
                stocks[seat] += die.face
            case Pasture():
                stocks[seat] += state.studs[seat].face
            case Rustle(target):
                stocks[seat], stocks[target] = stocks[target], stocks[seat]
            case Swiss(colour):
                stocks[seat] -= sum(d.face for d in state.stocks[seat] if d.colour == colour)
            case Switch("stock", die):
                stocks[seat] += state.studs[seat].face - die.face
        active = state.active()

        def lead(values: list[int]) -> int:
            return values[seat] - max(values[o] for o in active if o != seat)

        before = lead(stocks)
        for rustler in threes:
            target = max((o for o in active if o != rustler), key=lambda o: stocks[o])
            if stocks[target] > stocks[rustler]:
                stocks[target], stocks[rustler] = stocks[rustler], stocks[target]
        return float(lead(stocks) - before)


class Strong(Easy):
    level = "strong"
    #: weight of a brand's cows left in the herd when choosing a stud's colour
    BRAND = 1.0

    def pick(self, state: Any, seat: int, actions: list[Any], rng: Rng) -> Any:
        mine = total(state.stocks[seat])
        herd = state.herd
        worth = brand_worth(herd)
        brands = Counter(state.brand(s) for s in state.active() if s != seat)
        stud = state.studs[seat]

        def brand_value(colour: str) -> float:
            """What a stud of ``colour`` can still grab, shared with others of that brand."""
            return self.BRAND * worth[colour] / (1 + brands[colour])

        def score(a: Any) -> float:
            match a:
                case Grab(dice):
                    return 10.0 + total(dice)
                case Raid(die):
                    # the best face; among equals, one of a colour somebody else grabs
                    return (
                        10.0
                        + die.face
                        + 0.1 * brands[die.colour]
                        - 0.1 * (die.colour == stud.colour)
                    )
                case Pasture(die):
                    return 10.0 + brand_value(die.colour) / 10.0 - die.face / 100.0
                case Rustle(target):
                    gain = total(state.stocks[target]) - mine
                    return 10.0 + gain if gain > 0 else -1.0
                case Swiss(colour):
                    moved = sum(d.face for d in state.stocks[seat] if d.colour == colour)
                    return 5.0 + moved / 100.0
                case Switch("stock", die):
                    if die.face >= stud.face:
                        return -1.0
                    change = brand_value(die.colour) - brand_value(stud.colour)
                    return 10.0 + stud.face - die.face + change / 10.0
                case Switch("herd", die):
                    change = brand_value(die.colour) - brand_value(stud.colour)
                    return 10.0 + change / 10.0 - 2.0 if change > 20 else -1.0
                case Pass():
                    return 0.0
            return -5.0

        return self.best_counting_threes(state, seat, actions, score, rng)
