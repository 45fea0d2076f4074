"""Cattle Baron positions for the rules' tests: dice by name, scripted starts, one move at a
time with its told events."""

from __future__ import annotations

from dataclasses import replace

from games.cattle import (
    RULES,
    CattleState,
    Die,
    pile,
)
from games.rng import ScriptedRng

SMALL = {"colours": 2, "dice_per_colour": 4}
THREE_COLOURS = {"colours": 3, "dice_per_colour": 4}


def d(text: str) -> Die:
    colour, face = text.split()
    return Die(colour, int(face))


def dice(text: str) -> tuple[Die, ...]:
    return pile(d(t) for t in text.split(",") if t.strip())


def start(
    players: tuple[str, ...],
    herd_rolls: list[int],
    stud_rolls: list[int],
    options: dict[str, int],
    seniority: list[int] | None = None,
) -> CattleState:
    """A new game whose herd and first-round rolls are scripted (colour by colour)."""
    rng = ScriptedRng([*herd_rolls, *stud_rolls])
    state = RULES.new_game(players, options, rng=rng, seniority=seniority)
    assert rng.remaining == 0
    return state


def arrange(state: CattleState, **piles: object) -> CattleState:
    """Move dice between herd and stocks by hand; dice must stay conserved."""
    state = replace(state, **piles)  # type: ignore[arg-type]
    assert RULES.invariants(state) == []
    return state


def act(state: CattleState, seat: int, text: str, rolls: list[int] | None = None):
    rng = ScriptedRng(rolls or [])
    step = RULES.apply(state, seat, RULES.parse_action(state, seat, text), rng=rng)
    assert rng.remaining == 0
    assert RULES.invariants(step.state) == []
    return step.state, told(state, step.events)


def told(state: CattleState, events) -> list[str]:
    """Events as the channel reads them, in English."""
    return [RULES.narrator.event(e, state.names) for e in events]


def menu(state: CattleState, seat: int) -> list[str]:
    return [RULES.format_action(state, a) for a in RULES.legal_actions(state, seat)]


# Two players, two colours of four: red 1 2 3 4 and blue 1 5 6 6; studs red 1 and blue 1.
HERD2 = [1, 2, 3, 4, 1, 5, 6, 6]


def two(alice: int, bob: int) -> CattleState:
    return start(("alice", "bob"), HERD2, [alice, bob], SMALL)
