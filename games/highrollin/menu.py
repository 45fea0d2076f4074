"""High Rollin' menus: a few good rolls instead of every colour mix, ranked placements; the
legal moves and their notation.

Stacking offers "Stack the rest" (the suggestion of ``games.highrollin.suggest``) and each die
the suggestion leaves in hand on its best tower (to stack a different set); any other placement
can be typed.

A roll is judged by the chance that at least one of its dice fits a tower (no fit is a
penalty): each colour fits some faces of six, never a tower topped by its own colour. The menu
offers the suggested roll (the least risk of a penalty) and a few mixes leaning on each colour
the pile holds, plus one that keeps the pile even; any other mix can be typed.
"""

from __future__ import annotations

from games.highrollin import suggest
from games.highrollin.model import (
    COLOURS,
    TURN_DICE,
    Action,
    Again,
    Counts,
    HighRollinState,
    Lift,
    Place,
    Rest,
    Roll,
    Stop,
    as_counts,
    placements,
    roll_choices,
    topple_chance,
)
from games.memo import last_answer

State = HighRollinState


def fit_faces(state: State, colour: int) -> int:
    """How many faces of six a die of ``colour`` could show and still fit some tower."""
    faces: set[int] = set()
    for tower in state.towers:
        top = tower[-1]
        if top.colour == colour:
            continue
        if top.face == 1:
            return 6
        faces |= {top.face, 1}
    return len(faces)


def fit_chance(state: State, counts: Counts) -> float:
    """The chance that at least one die of the mix fits a tower as the towers stand."""
    miss = 1.0
    for colour, n in enumerate(counts):
        miss *= (1 - fit_faces(state, colour) / 6) ** n
    return 1 - miss


def _fill(pile: Counts, size: int, first: list[int]) -> Counts:
    """Take dice colour by colour in the order ``first`` until ``size`` are chosen."""
    counts = [0, 0, 0, 0]
    left = size
    for colour in first:
        take = min(pile[colour], left)
        counts[colour] += take
        left -= take
    return as_counts(counts)


def suggested(state: State, seat: int) -> Counts:
    """The mix with the least risk of a penalty: the colours that fit most faces first."""
    pile = state.piles[seat]
    size = min(TURN_DICE, sum(pile))
    odds = [fit_faces(state, c) for c in range(4)]
    return _fill(pile, size, sorted(range(4), key=lambda c: (-odds[c], -pile[c], c)))


def even(pile: Counts, size: int) -> Counts:
    """One die at a time from the colour held most: the pile stays even."""
    counts = [0, 0, 0, 0]
    for _ in range(size):
        c = max(range(4), key=lambda c: (pile[c] - counts[c], -c))
        counts[c] += 1
    return as_counts(counts)


def roll_menu(state: State, seat: int) -> list[Roll]:
    """The suggested roll first, then mixes leaning on each colour held, then an even one."""
    pile = state.piles[seat]
    choices = roll_choices(pile)
    if len(choices) == 1:
        return [Roll(choices[0])]
    size = min(TURN_DICE, sum(pile))
    odds = [fit_faces(state, c) for c in range(4)]
    best = sorted(range(4), key=lambda c: (-odds[c], -pile[c], c))
    mixes = [suggested(state, seat)]
    for colour in range(4):
        if pile[colour]:
            mixes.append(_fill(pile, size, [colour, *(c for c in best if c != colour)]))
    mixes.append(even(pile, size))
    return [Roll(m) for m in dict.fromkeys(mixes)]


def place_rank(state: State, action: Place) -> int:
    """A high face on top (the tops score) where the tower is least likely to topple."""
    height = len(state.towers[action.tower]) + 1
    chance = topple_chance(height) if state.options.towers == "wobbly" else 0.0
    return 10 * state.hand[action.die].face - round(100 * chance)


def best_action(state: State, seat: int, actions: list[Action]) -> Action:
    """The clock's move: the suggested roll, the best-ranked placement, stop, or the first."""
    match state.phase:
        case "roll":
            return Roll(suggested(state, seat))
        case "place":
            return actions[0]  # the lone placement, or stacking the rest as suggested
        case "decide":
            return Stop()
    return actions[0]


def hand_counts(state: State) -> Counts:
    counts = [0, 0, 0, 0]
    for d in state.hand:
        counts[d.colour] += 1
    return as_counts(counts)


def lone_placement(state: State) -> Place | None:
    """The placement when exactly one rolled die fits exactly one tower."""
    moves = placements(state)
    return moves[0] if len(moves) == 1 else None


@last_answer(HighRollinState)
def legal_actions(state: State, seat: int) -> list[Action]:
    """The menu of ``seat``'s moves now, in order ([] when it may not act)."""
    return _menu(state, seat)


def _menu(state: State, seat: int) -> list[Action]:
    if state.winners or seat != state.turn:
        return []
    match state.phase:
        case "lift":
            return [Lift(t) for t in state.tallest()]
        case "roll":
            return list(roll_menu(state, seat))
        case "place":
            return place_menu(state)
    return [Again(), Stop()]


def place_menu(state: State) -> list[Action]:
    """A lone placement; else "Stack the rest", then (unless it stacks every die in hand)
    each die it leaves in hand on its best tower."""
    lone = lone_placement(state)
    if lone is not None:
        return [lone]
    menu: list[Action] = [Rest()]
    if suggest.outlook(state)[0] < len(state.hand):
        menu.extend(suggest.each_die(state))
    return menu


def notation(action: Action) -> str:
    """``action`` in the move notation (the action log's format)."""
    match action:
        case Roll(counts):
            return "roll " + " ".join(COLOURS[c] for c in range(4) for _ in range(counts[c]))
        case Place(die, tower):
            return f"place {die + 1} on {tower + 1}"
        case Rest():
            return "stack rest"
        case Again():
            return "again"
        case Stop():
            return "stop"
        case Lift(tower):
            return f"lift {tower + 1}"
    raise TypeError(action)
