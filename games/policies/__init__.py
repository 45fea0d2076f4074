"""Computer opponents for every game: ``get(key, level)`` with level ``easy`` or ``strong``.

Every policy is pure and deterministic for a given rng and picks only from the rules'
``legal_actions``. Each game's players are the ``Easy`` and ``Strong`` (and, where rollouts
want a cheaper player, ``Rollout``) classes of the module its registry entry names
(``games.registry.Entry.policies``). ``fallback(key)`` is the easy policy: what a seat whose
clock ran out plays, and what a strong decision that failed or took too long falls back to.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from games import registry
from games.policies.base import LEVELS, Policy, RandomPolicy, UnknownPolicy, derive
from games.rng import Rng, SeededRng

_CACHE: dict[tuple[str, str], Policy] = {}


def module_of(key: str) -> ModuleType:
    """The module of game ``key``'s computer players (its registry entry's ``policies``)."""
    if key not in registry.ENTRIES:
        known = ", ".join(sorted(registry.ENTRIES))
        raise UnknownPolicy(f"No computer player for game {key!r}; games: {known}.")
    found: ModuleType = registry.load(registry.entry(key).policies)
    return found


def get(key: str, level: str = "easy") -> Any:
    """The computer player for game ``key`` at ``level`` ("easy" or "strong")."""
    module = module_of(key)
    if level not in LEVELS:
        raise UnknownPolicy(f"Unknown level {level!r}; levels: {', '.join(LEVELS)}.")
    found = _CACHE.get((key, level))
    if found is None:
        found = (module.Easy if level == "easy" else module.Strong)()
        _CACHE[(key, level)] = found
    return found


def _forget(key: str) -> None:
    for level in (*LEVELS, "rollout"):
        _CACHE.pop((key, level), None)


registry.on_change(_forget)


def fallback(key: str) -> Any:
    """The easy policy: a deadline skip, or a failed strong decision, plays this."""
    return get(key, "easy")


def decide(
    key: str,
    level: str,
    state: Any,
    seat: int,
    *,
    rng: Rng,
    actions: Sequence[Any] | None = None,
) -> Any:
    """``get(key, level).choose(...)``, falling back to the easy player if that one fails.

    The rng is copied first (from one draw of ``rng``), so the fallback decides from the same
    chance as the failed attempt would have.
    """
    seed = derive(rng, "decide").seed
    try:
        return get(key, level).choose(state, seat, rng=SeededRng(seed), actions=actions)
    except UnknownPolicy:
        raise
    except Exception:
        if level == "easy":
            raise
        return fallback(key).choose(state, seat, rng=SeededRng(seed), actions=actions)


def rollout(key: str) -> Any:
    """The player of the post-game analysis's rollouts: the game's ``Rollout`` policy where
    it has one (cheaper play of the easy player's kind), otherwise the easy player."""
    module = module_of(key)
    found = _CACHE.get((key, "rollout"))
    if found is None:
        found = module.Rollout() if hasattr(module, "Rollout") else get(key, "easy")
        _CACHE[(key, "rollout")] = found
    return found


def random_player(key: str) -> Any:
    """Uniformly random legal play, for benchmarks."""
    module_of(key)  # refuses a game that is not registered
    return RandomPolicy(key)


__all__ = [
    "LEVELS",
    "Policy",
    "UnknownPolicy",
    "decide",
    "derive",
    "fallback",
    "get",
    "random_player",
    "rollout",
]
