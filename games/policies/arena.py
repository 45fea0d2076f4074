"""Whole games between computer players, for benchmarks and tests.

``play`` seats one policy per seat and plays a game to its end from a seed: chance for moves
comes from ``SeededRng(seed, ply)`` like a real match, and each decision gets an rng of its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import games
from games.rng import SeededRng

MAX_PLIES = 20000


@dataclass
class Result:
    winners: tuple[int, ...]
    plies: int
    #: seconds per decision (more than one legal action), per seat: wall clock, and the CPU
    #: time of the deciding thread (what the decision costs, whatever else the machine runs)
    times: dict[int, list[float]] = field(default_factory=dict)
    finished: bool = True
    cpu: dict[int, list[float]] = field(default_factory=dict)


def play(
    key: str,
    seats: Sequence[Any],
    seed: int | str,
    *,
    options: Mapping[str, Any] | None = None,
    max_plies: int = MAX_PLIES,
    watch: Callable[[Any, int, list[Any], Any], None] | None = None,
) -> Result:
    """Play one game; ``seats[i]`` is the policy of seat i. ``watch(state, seat, actions,
    chosen)`` sees every decision."""
    rules = games.get(key)
    names = [f"p{i}" for i in range(len(seats))]
    state = rules.new_game(names, options, rng=SeededRng(seed, 0))
    times: dict[int, list[float]] = {i: [] for i in range(len(seats))}
    cpu: dict[int, list[float]] = {i: [] for i in range(len(seats))}
    for ply in range(1, max_plies + 1):
        outcome = rules.outcome(state)
        if outcome is not None:
            return Result(outcome.winners, ply - 1, times, cpu=cpu)
        seat = rules.to_act(state)[0]
        actions = rules.legal_actions(state, seat)
        forced = rules.forced_action(state, seat)
        if forced is not None:
            chosen = forced
        else:
            start, start_cpu = time.perf_counter(), time.thread_time()
            chosen = seats[seat].choose(
                state, seat, rng=SeededRng(f"{seed}:policy", ply), actions=actions
            )
            if len(actions) > 1:
                times[seat].append(time.perf_counter() - start)
                cpu[seat].append(time.thread_time() - start_cpu)
        if watch is not None:
            watch(state, seat, actions, chosen)
        state = rules.apply(state, seat, chosen, rng=SeededRng(seed, ply)).state
    return Result((), max_plies, times, finished=False, cpu=cpu)
