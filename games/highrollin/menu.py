"""High Rollin' menus: a few good rolls instead of every colour mix, ranked placements.

A roll is judged by the chance that at least one of its dice fits a tower (no fit is a
penalty): each colour fits some faces of six, never a tower topped by its own colour. The menu
offers the suggested roll (the least risk of a penalty) and a few mixes leaning on each colour
the pile holds, plus one that keeps the pile even; any other mix can be typed.
"""

from __future__ import annotations

from games.base import Choice
from games.highrollin.model import (
    COLOURS,
    TURN_DICE,
    Action,
    Again,
    Counts,
    HighRollinState,
    Lift,
    Place,
    Roll,
    Stop,
    percent,
    placements,
    plural,
    roll_choices,
    topple_chance,
)

State = HighRollinState
SQUARES = ("🟥", "🟦", "🟩", "🟨")


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
    return tuple(counts)  # type: ignore[return-value]


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
    return tuple(counts)  # type: ignore[return-value]


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


def show_mix(counts: Counts) -> str:
    """'2 red + 3 blue'."""
    return " + ".join(f"{n} {COLOURS[c]}" for c, n in enumerate(counts) if n)


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
            return max(actions, key=lambda a: place_rank(state, a))  # type: ignore[arg-type]
        case "decide":
            return Stop()
    return actions[0]


def describe(state: State, seat: int, action: Action) -> Choice:
    match action:
        case Roll(counts):
            if len(roll_choices(state.piles[seat])) == 1:
                label = f"Roll your {plural(sum(counts), 'die')}: {show_mix(counts)}"
                return Choice(label, primary=True, emoji="🎲")
            chance = fit_chance(state, counts)
            rank = round(1000 * chance)
            odds = f"{percent(round(chance, 2))} that a die fits"
            if counts == suggested(state, seat):
                return Choice(
                    f"Suggested: {show_mix(counts)}",
                    note=f"least risk of a penalty ({odds}); any other mix can be typed",
                    primary=True,
                    emoji="🎲",
                    rank=rank + 1,
                )
            if counts == even(state.piles[seat], sum(counts)):
                note = f"keeps your pile even ({odds})"
            else:
                note = odds
            return Choice(show_mix(counts), note=note, rank=rank)
        case Place(die, tower):
            d = state.hand[die]
            top = state.towers[tower][-1]
            height = len(state.towers[tower]) + 1
            note = f"on {top}, making it {height} high"
            chance = topple_chance(height) if state.options.towers == "wobbly" else 0
            if chance:
                note += f" ({percent(chance)} chance it topples)"
            label = f"{COLOURS[d.colour].capitalize()} {d.face} → tower {tower + 1}"
            return Choice(label, note=note, emoji=SQUARES[d.colour], rank=place_rank(state, action))
        case Again():
            fit = fit_chance(state, _hand_counts(state))
            return Choice(
                f"Roll the {plural(len(state.hand), 'die')} again",
                note=f"{percent(round(fit, 2))} that a die fits; no fit is a penalty",
                primary=True,
                emoji="🎲",
            )
        case Stop():
            return Choice("Stop (no score; dice back to your pile)", emoji="✋")
        case Lift(tower):
            assert state.penalty is not None
            k = min(state.penalty, len(state.towers[tower]) - 1)
            return Choice(f"Lift {plural(k, 'die')} off tower {tower + 1}", emoji="🫳")
    raise TypeError(action)


def _hand_counts(state: State) -> Counts:
    counts = [0, 0, 0, 0]
    for d in state.hand:
        counts[d.colour] += 1
    return tuple(counts)  # type: ignore[return-value]


def lone_placement(state: State) -> Place | None:
    """The placement when exactly one rolled die fits exactly one tower."""
    moves = placements(state)
    return moves[0] if len(moves) == 1 else None

