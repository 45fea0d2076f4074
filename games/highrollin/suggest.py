"""The suggested way to stack the rest of a roll: a pure function of the position.

Every order of the dice in hand and every tower each may go on is weighed (identical dice are
one choice), and the best sequence wins, judged in this order:

1. the most dice stacked;
2. the highest expected tower score: the four tops' total when the sequence stacks every die of a
   five-dice turn, times the chance that nothing topples on the way (``towers=wobbly``);
3. the least risk of a topple;
4. the highest total of the four tops left;
5. the first such sequence, dice in hand order (by colour, then face), towers from 1 to 4.

``docs/rules/highrollin.md`` says the same to players ("Stack the rest").
"""

from __future__ import annotations

import functools

from games.highrollin.model import (
    TURN_DICE,
    Die,
    HighRollinState,
    Place,
    fits,
    topple_chance,
)

State = HighRollinState
#: one step of a sequence: the die and the tower (0-based) it goes on
Step = tuple[Die, int]
#: (dice stacked, expected tower score, chance nothing topples, tops' total), compared as a tuple
Value = tuple[int, float, float, int]


#: the last plan made, as (state, plan): the menu, a computer player and the move itself ask
#: for the same position's plan, and a state never changes
_last_plan: dict[str, tuple[State, tuple[Step, ...]]] = {}


def plan(state: State) -> tuple[Step, ...]:
    """The suggested sequence for the dice in hand as the towers stand (empty: nothing fits)."""
    if not state.hand or state.penalty is not None or state.winners:
        return ()
    last = _last_plan.get("plan")
    if last is not None and last[0] is state:
        return last[1]
    tops = tuple(t[-1] for t in state.towers)
    heights = tuple(len(t) for t in state.towers)
    wobbly = state.options.towers == "wobbly"
    scoring = state.began == TURN_DICE
    coded = _best(_code(tops), heights, _code(state.hand), wobbly, scoring)[1]
    steps = tuple((Die(d >> 3, d & 7), t) for d, t in coded)
    if type(state) is HighRollinState:
        _last_plan["plan"] = (state, steps)
    return steps


def first(state: State) -> Place | None:
    """The suggestion's first placement, as a move (None when nothing fits)."""
    steps = plan(state)
    if not steps:
        return None
    die, tower = steps[0]
    return Place(state.hand.index(die), tower)


def each_die(state: State) -> list[Place]:
    """For each distinct die the suggestion leaves in hand that fits now, its best placement
    (the sequence it starts judged as ``plan`` judges), in hand order: the way to stack a
    different set of dice than suggested."""
    planned = [d for d, __ in plan(state)]
    tops = tuple(t[-1] for t in state.towers)
    heights = tuple(len(t) for t in state.towers)
    wobbly = state.options.towers == "wobbly"
    scoring = state.began == TURN_DICE
    out = []
    for i, die in enumerate(state.hand):
        if die in planned or state.hand.index(die) != i:
            continue
        rest = state.hand[:i] + state.hand[i + 1 :]
        best: tuple[Value, int] | None = None
        for t, top in enumerate(tops):
            if fits(die, top):
                value = _step(tops, heights, die, t, rest, wobbly, scoring)
                if best is None or _key(value) > _key(best[0]):
                    best = (value, t)
        if best is not None:
            out.append(Place(i, best[1]))
    return out


def outlook(state: State) -> tuple[int, float]:
    """What the suggestion stacks: how many dice, and the chance that nothing topples."""
    steps = plan(state)
    towers = [len(t) for t in state.towers]
    wobbly = state.options.towers == "wobbly"
    safe = 1.0
    for __, tower in steps:
        towers[tower] += 1
        safe *= 1 - (topple_chance(towers[tower]) if wobbly else 0.0)
    return len(steps), safe


def _key(value: Value) -> tuple[int, float, float, int]:
    n, expected, safe, total = value
    # rounded so that float noise never decides between two sequences
    return (n, round(expected, 9), round(safe, 9), total)


def _step(
    tops: tuple[Die, ...],
    heights: tuple[int, ...],
    die: Die,
    tower: int,
    rest: tuple[Die, ...],
    wobbly: bool,
    scoring: bool,
) -> Value:
    """The value of stacking ``die`` on ``tower`` and then the best continuation."""
    height = heights[tower] + 1
    stands = 1 - (topple_chance(height) if wobbly else 0.0)
    after_tops = (*tops[:tower], die, *tops[tower + 1 :])
    after_heights = (*heights[:tower], height, *heights[tower + 1 :])
    (n, expected, safe, left), __ = _best(
        _code(after_tops), after_heights, _code(rest), wobbly, scoring
    )
    return (n + 1, expected * stands, safe * stands, left)


def _code(dice: tuple[Die, ...]) -> tuple[int, ...]:
    """Dice as numbers (colour * 8 + face), which the search compares and hashes faster."""
    return tuple(d.colour * 8 + d.face for d in dice)


#: the chance a tower stands when a die makes it each height (``towers=wobbly``)
_STANDS = tuple(1 - topple_chance(h) for h in range(64))


@functools.lru_cache(maxsize=4096)
def _best(
    tops: tuple[int, ...],
    heights: tuple[int, ...],
    hand: tuple[int, ...],
    wobbly: bool,
    scoring: bool,
) -> tuple[Value, tuple[tuple[int, int], ...]]:
    """The best continuation from these towers with these dice in hand (dice as ``_code``
    numbers), and its value: each fitting die (identical dice once) on each tower it fits,
    then the best continuation (``_step``, written out here for speed), the best by
    ``_key``."""
    total = sum(d & 7 for d in tops)
    if not hand:
        return (0, float(total) if scoring else 0.0, 1.0, total), ()
    best: tuple[Value, tuple[tuple[int, int], ...]] | None = None
    best_key: tuple[int, float, float, int] | None = None
    tried: set[int] = set()
    for i, die in enumerate(hand):
        if die in tried:
            continue
        tried.add(die)
        colour, face = die >> 3, die & 7
        rest = hand[:i] + hand[i + 1 :]
        for t, top in enumerate(tops):
            top_face = top & 7
            if colour == top >> 3 or not (face == top_face or face == 1 or top_face == 1):
                continue
            height = heights[t] + 1
            stands = _STANDS[height] if height < len(_STANDS) else 1 - topple_chance(height)
            stands = stands if wobbly else 1.0
            (n, expected, safe, left), steps = _best(
                (*tops[:t], die, *tops[t + 1 :]),
                (*heights[:t], height, *heights[t + 1 :]),
                rest,
                wobbly,
                scoring,
            )
            if best_key is not None and n + 1 < best_key[0]:
                continue  # fewer dice stacked: worse whatever the rest
            value = (n + 1, expected * stands, safe * stands, left)
            key = _key(value)
            if best_key is None or key > best_key:
                best, best_key = (value, ((die, t), *steps)), key
    if best is None:
        # nothing fits: the dice stay in hand (the tops' total counts no score)
        return (0, 0.0, 1.0, total), ()
    return best
