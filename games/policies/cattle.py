"""Cattle Baron computer players.

Easy does the obvious with each roll: grabs the best dice of its brand, raids the best die,
puts a 6 out to pasture for a stud of the richest colour, rustles a richer stock or else
swisses its best colour, and switches its stud with a low die of its stock. It reckons with
the THREE!s announced for later this round: each of them will rustle the richest stock, so it
does not fatten its stock for them, and swisses or rustles ahead of them.

Strong plays every sensible choice on to the end of the game many times and keeps the one that
wins most often. The choices: the best grab of one and of two, every rustle and swiss, every
switch with its stock, per colour the best raid and the lowest and highest cow as a new stud,
and the pass. For each, the rest of the round is played as the easy players at the table will
play it (their rolls are known), then playouts in a fast model of the game
(``games.policies.cattle_sim``) roll on to the empty herd, every player playing as easy does.
Playout ``i`` of every choice rolls the same dice, so the choices are compared on equal luck,
and sequential halving spends the playouts on the choices still in contention. The budget is
a count (playouts times cows left in the herd), not a time, so a decision replays exactly and
takes about as long at any table.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from games.cattle.model import Die, Grab, Pass, Pasture, Raid, Rustle, Swiss, Switch, total
from games.policies.base import Policy, best_of, derive
from games.policies.cattle_sim import Dice, Table, playout, share, table
from games.rng import Rng, SeededRng


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
    """Plays every sensible choice on to the end of the game many times and keeps the one
    that wins most often (see the module docstring)."""

    level = "strong"
    #: look-ahead per decision, in cows left in the herd times playouts (a playout costs
    #: about one step per cow left, plus a round's rolls per player)
    BUDGET = 24000
    #: playouts per candidate at most, and at least in the first round of elimination
    MOST = 400
    LEAST = 8

    def pick(self, state: Any, seat: int, actions: list[Any], rng: Rng) -> Any:
        candidates = self.candidates(state, seat, actions)
        if len(candidates) == 1:
            return candidates[0]
        look = random.Random(derive(rng, "cattle").randint(0, 2**31 - 1))
        tie = SeededRng(look.getrandbits(31))
        starts = [self.rest_of_round(state, seat, a, tie) for a in candidates]
        cost = len(state.herd) + 2 * len(state.names)
        budget = min(self.MOST * len(candidates), self.BUDGET // cost)
        dice: list[Dice] = []
        alive = list(range(len(candidates)))
        wins, played = [0.0] * len(candidates), [0] * len(candidates)
        stages = max(1, math.ceil(math.log2(len(candidates))))
        # sequential halving: every stage plays the survivors on, the worse half drops out
        for stage in range(stages):
            more = max(self.LEAST, budget // (len(alive) * stages))
            upto = played[alive[0]] + more
            while len(dice) < upto:
                dice.append(Dice(look.getrandbits(32)))
            for i in alive:
                wins[i] += self.play_on(starts[i], seat, dice[played[i] : upto])
                played[i] = upto
            alive.sort(key=lambda i: (-wins[i], i))
            if stage < stages - 1:
                alive = alive[: (len(alive) + 1) // 2]
        return candidates[alive[0]]

    def candidates(self, state: Any, seat: int, actions: list[Any]) -> list[Any]:
        """The choices worth playing on: the best grab of one and of two; every rustle and
        swiss; every switch with the stock; per colour the best raid, and the lowest and the
        highest cow as a new stud (from pasture or a switch with the herd); and the pass."""
        keep: dict[Any, Any] = {}
        for a in actions:
            match a:
                case Grab(dice):
                    k: tuple[str, int | str] = ("grab", len(dice))
                    if k not in keep or total(dice) > total(keep[k].dice):
                        keep[k] = a
                case Raid(die):
                    k = ("raid", die.colour)
                    if k not in keep or die.face > keep[k].die.face:
                        keep[k] = a
                case Pasture(die) | Switch("herd", die):
                    low, high = (type(a), "low", die.colour), (type(a), "high", die.colour)
                    if low not in keep or die.face < keep[low].die.face:
                        keep[low] = a
                    if high not in keep or die.face > keep[high].die.face:
                        keep[high] = a
                case _:
                    keep[a] = a
        return list(dict.fromkeys(keep.values()))

    def rest_of_round(self, state: Any, seat: int, action: Any, tie: Rng) -> Any:
        """``action``, then the rest of this round as the easy players will play it (their
        rolls are known). Either the model at the start of the next round, or, when the herd
        ran out, each seat's haul before its last stud roll and whether it still rolls."""
        rules = self.rules
        while True:
            state = rules.apply(state, seat, action, rng=NO_ROLLS).state
            if state.finished or state.pos == 0:
                break
            seat = state.order[state.pos]
            menu = rules.legal_actions(state, seat)
            action = menu[0] if len(menu) == 1 else menu[Easy.pick(self, state, seat, menu, tie)]
        if not state.finished:
            return table(state)
        rolled = state.final_rolls or (None,) * len(state.names)
        return [
            (-1, False) if s in state.out else (state.score(s) - (r or 0), r is not None)
            for s, r in enumerate(rolled)
        ]

    @staticmethod
    def play_on(start: Any, seat: int, dice: list[Dice]) -> float:
        """The seat's wins over the playouts from ``start``, one per dice sequence."""
        won = 0.0
        if isinstance(start, Table):
            for d in dice:
                won += share(playout(start.copy(), d), seat)
            return won
        for d in dice:
            faces = d.more(len(start))
            won += share([h + faces[s] if rolls else h for s, (h, rolls) in enumerate(start)], seat)
        return won


class _NoRolls:
    """Chance for the rules while playing out the known rest of a round: the next round's
    rolls and the last stud rolls it draws are thrown away (playouts roll their own)."""

    def roll(self, faces: Any) -> Any:
        return 1 if isinstance(faces, int) else faces[0]

    def randint(self, lo: int, hi: int) -> int:
        return lo

    def choice(self, seq: Any) -> Any:
        return seq[0]

    def shuffle(self, seq: Any) -> list[Any]:
        return list(seq)

    def random(self) -> float:
        return 0.0


NO_ROLLS = _NoRolls()
