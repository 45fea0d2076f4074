"""Shared set-up for the High Rollin' rules tests: mid-game states and scripted dice."""

from __future__ import annotations

from games.highrollin import RULES, Die, HighRollinState
from games.highrollin.model import (
    HighRollinOptions,
    add,
    count,
    dealt,
)
from games.rng import ScriptedRng

R, B, G, Y = range(4)


def dice(spec: str) -> tuple[Die, ...]:
    """'r5 b1 y6' -> dice (bottom first for towers)."""
    return tuple(Die("rbgy".index(w[0]), int(w[1])) for w in spec.split())


def make(
    towers: tuple[str, str, str, str],
    piles: list[tuple[int, int, int, int] | None],
    *,
    hand: str = "",
    began: int | None = None,
    scores: list[int] | None = None,
    turn: int = 0,
    names: tuple[str, ...] | None = None,
    wobble: str = "wobbly",
    match: bool = False,
    penalty: int | None = None,
) -> HighRollinState:
    """A mid-game state. A pile given as None holds every die not placed anywhere else (the
    first such pile); without one, those dice count as removed this round."""
    names = names or ("ann", "bob", "cy", "dee")[: len(piles)]
    held = dice(hand)
    tower_dice = tuple(dice(t) for t in towers)
    used = count(held)
    for t in tower_dice:
        used = add(used, count(t))
    for p in piles:
        used = add(used, p or (0, 0, 0, 0))
    removed = add(dealt(len(names)), used, -1)
    assert min(removed) >= 0, removed
    if None in piles:
        spare = piles.index(None)
        piles = [removed if i == spare else p or (0, 0, 0, 0) for i, p in enumerate(piles)]
        removed = (0, 0, 0, 0)
    n = len(names)
    state = HighRollinState(
        names=names,
        options=HighRollinOptions(towers=wobble, match=match),
        towers=tower_dice,
        piles=tuple(piles),
        scores=tuple(scores or [0] * n),
        turn=turn,
        began=len(held) if began is None else began,
        hand=tuple(sorted(held)),
        penalty=penalty,
        removed=removed,
        wins=(0,) * n,
        best=(0,) * n,
    )
    assert RULES.invariants(state) == []
    return state


def play(state: HighRollinState, action, script: list) -> tuple[HighRollinState, list[str]]:
    rng = ScriptedRng(script)
    step = RULES.apply(state, state.turn, action, rng=rng)
    assert rng.remaining == 0, "script not used up"
    assert RULES.invariants(step.state) == []
    return step.state, told(step.events, state.names)


def told(events, names) -> list[str]:
    """Events as the board's message words them, in English."""
    return [RULES.narrator.event(e, names) for e in events]


def text(events: list[str]) -> str:
    return "\n".join(events)


FULL = (4, 4, 4, 4)
REST = None  # the other player holds whatever is left
