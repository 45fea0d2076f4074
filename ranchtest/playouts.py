"""Whole games played out at random by seed: long match logs for replay tests and benchmarks."""

from __future__ import annotations

import random
from typing import Any

import games
from bot import replays
from games.rng import SeededRng


def long_match(key: str) -> dict[str, Any]:
    """The export of the longest of a few random playouts at the largest table (each one a
    whole game to its end)."""
    rules = games.get(key)
    best: dict[str, Any] = {}
    for seed in range(1, 6):
        names = [f"p{i}" for i in range(rules.max_players)]
        extras = rules.seat_extras(list(range(1, len(names) + 1)))
        state = rules.new_game(names, {}, rng=SeededRng(seed, 0), **extras)
        pick = random.Random(seed)
        log = []
        while rules.outcome(state) is None:
            ply = len(log) + 1
            seat = pick.choice(rules.to_act(state))
            action = pick.choice(rules.legal_actions(state, seat))
            log.append((ply, seat, rules.format_action(state, action)))
            state = rules.apply(state, seat, action, rng=SeededRng(seed, ply)).state
        if len(log) > len(best.get("actions", ())):
            best = replays.export(
                match_id=seed,
                game=key,
                options={},
                seed=seed,
                seats=[(n, None) for n in names],
                extras=extras,
                actions=log,
                final=state,
            )
        if len(log) >= 300:
            break
    return best
