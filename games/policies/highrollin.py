"""High Rollin' computer players.

Easy rolls the colours most likely to fit the tower tops, stacks each die where the rest of
its roll can still follow (keeping towers low), rolls again while a fit is likely, and lifts a
penalty from the tower whose loss hurts least.
Strong tries each choice many times to the end of its turn, the same dice for every choice,
playing on as easy would, and keeps the choice with the best result: points, dice left in its
pile and the dice others gain from its falls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.highrollin.model import (
    Again,
    Die,
    Lift,
    Place,
    Rest,
    Roll,
    Stop,
    fits,
    topple_chance,
)
from games.highrollin.suggest import first
from games.policies.base import Policy, best_of, derive
from games.rng import Rng, SeededRng

Towers = Sequence[Sequence[Die]]


def fit_chance(colour: int, towers: Towers) -> float:
    """Chance that a die of ``colour`` rolls a face that fits some tower top."""
    tops = [t[-1] for t in towers if t[-1].colour != colour]
    if not tops:
        return 0.0
    if any(top.face == 1 for top in tops):
        return 1.0
    faces = {1} | {top.face for top in tops}
    return len(faces) / 6


def fitting(hand: Sequence[Die], towers: Towers) -> int:
    """How many dice of ``hand`` fit some tower top as the towers stand."""
    return sum(1 for d in hand if any(fits(d, t[-1]) for t in towers))


def roll_score(counts: Sequence[int], towers: Towers) -> float:
    return sum(n * fit_chance(c, towers) for c, n in enumerate(counts))


def place_score(state: Any, action: Place) -> float:
    """Keep the rest of the roll stackable, towers low, and high faces on top."""
    die = state.hand[action.die]
    towers = [list(t) for t in state.towers]
    towers[action.tower].append(die)
    rest = state.hand[: action.die] + state.hand[action.die + 1 :]
    height = len(towers[action.tower])
    wobbly = state.options.towers == "wobbly"
    score = 10.0 * fitting(rest, towers)
    score += sum(fit_chance(d.colour, towers) for d in rest)
    if wobbly:
        score -= 30.0 * topple_chance(height)
    score -= 0.2 * height
    if not rest and state.began == 5:
        score += sum(t[-1].face for t in towers) / 10.0
    return score


def rest_score(state: Any) -> float:
    """Stacking the rest as suggested: its first placement, a little ahead of the same die
    placed alone (the suggestion weighs the whole roll)."""
    lead = first(state)
    return -100.0 if lead is None else place_score(state, lead) + 0.5


def again_chance(state: Any) -> float:
    """Chance that rolling the dice left again stacks at least one of them."""
    miss = 1.0
    for d in state.hand:
        miss *= 1.0 - fit_chance(d.colour, state.towers)
    return 1.0 - miss


class Easy(Policy):
    key = "highrollin"
    level = "easy"
    #: roll again when a fit is at least this likely
    AGAIN = 0.5

    def pick(self, state: Any, seat: int, actions: list[Any], rng: Rng) -> Any:
        towers = state.towers

        def score(a: Any) -> float:
            match a:
                case Roll(counts):
                    return roll_score(counts, towers)
                case Place():
                    return place_score(state, a)
                case Rest():
                    return rest_score(state)
                case Again():
                    return 1.0 if again_chance(state) >= self.AGAIN else -1.0
                case Stop():
                    return 0.0
                case Lift(tower):
                    return lift_score(state, tower)
            return -100.0

        return best_of(actions, score, rng)


def lift_score(state: Any, tower: int) -> float:
    """Lift as few dice as the penalty allows, then leave the lower face on top."""
    stack = state.towers[tower]
    k = min(state.penalty or 0, len(stack) - 1)
    return -k - stack[len(stack) - k - 1].face / 10.0


def evaluate(state: Any, seat: int, start_round: int, start_game: int) -> float:
    """Points ahead of the best rival, less dice still to be placed from the pile."""
    if state.winners:
        return 1000.0 if seat in state.winners else -1000.0
    mine = state.scores[seat]
    best = max((s for o, s in enumerate(state.scores) if o != seat), default=0)
    value = float(mine - best)
    if state.game == start_game and state.round == start_round:
        value -= 1.5 * sum(state.piles[seat])
    return value


class Strong(Easy):
    level = "strong"
    #: rollouts per choice, and at most this many choices are tried that way
    ROLLOUTS = 24
    CHOICES = 5

    def pick(self, state: Any, seat: int, actions: list[Any], rng: Rng) -> Any:
        easy = Easy.pick(self, state, seat, actions, rng)
        towers = state.towers

        def prior(a: Any) -> float:
            match a:
                case Roll(counts):
                    return roll_score(counts, towers)
                case Place():
                    return place_score(state, a)
                case Rest():
                    return rest_score(state)
            return 0.0

        order = sorted(range(len(actions)), key=lambda i: -prior(actions[i]))
        tried = list(dict.fromkeys([easy, *order[: self.CHOICES]]))
        if len(tried) == 1:
            return easy
        seeds = [derive(rng, "highrollin").seed for _ in range(self.ROLLOUTS)]
        best, best_value = easy, float("-inf")
        for i in tried:
            value = sum(self.rollout(state, seat, actions[i], seed) for seed in seeds)
            if value > best_value + 1e-9:
                best, best_value = i, value
        return best

    def rollout(self, state: Any, seat: int, action: Any, seed: Any) -> float:
        """Play ``action`` and then as easy would, to the end of this seat's turn."""
        rules = self.rules
        start_round, start_game = state.round, state.game
        chance = SeededRng(seed)
        pick = SeededRng(seed, 1)
        state = rules.apply(state, seat, action, rng=chance).state
        for _ in range(40):
            if state.winners or state.turn != seat or state.phase == "roll":
                break
            acts = rules.legal_actions(state, seat)
            choice = acts[Easy.pick(self, state, seat, acts, pick)] if len(acts) > 1 else acts[0]
            state = rules.apply(state, seat, choice, rng=chance).state
        return evaluate(state, seat, start_round, start_game)
