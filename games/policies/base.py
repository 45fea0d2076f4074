"""What every computer player shares: the ``choose`` contract, derived chance, random play.

A policy is pure: given a state, a seat and an ``rng`` it returns one of the actions the rules
list for that seat, always the same one for the same rng. Strong policies look ahead with
chance drawn from rngs derived from the given one, so a decision replays exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import games
from games.base import GameError, NotYourTurn
from games.rng import Rng, SeededRng

LEVELS = ("easy", "strong")


class UnknownPolicy(GameError, ValueError):
    """No computer player for that game or level."""


def derive(rng: Rng, tag: str = "") -> SeededRng:
    """A fresh, independent rng drawn from ``rng`` (advancing it once)."""
    return SeededRng(f"policy:{tag}:{rng.randint(0, 2**31 - 1)}")


class Policy:
    """A computer player for one game at one level.

    Subclasses implement ``pick(state, seat, actions, rng)`` returning an index into
    ``actions`` or one of its elements. ``choose`` hands back the very object from the list.
    """

    key: str = ""
    level: str = ""

    def __init__(self) -> None:
        self.rules: Any = games.get(self.key)

    def choose(
        self, state: Any, seat: int, *, rng: Rng, actions: Sequence[Any] | None = None
    ) -> Any:
        """One of ``legal_actions(state, seat)``; ``actions`` may pass that list in."""
        menu = list(actions) if actions is not None else self.rules.legal_actions(state, seat)
        if not menu:
            raise NotYourTurn("rules.nothing_to_do")
        if len(menu) == 1:
            return menu[0]
        picked = self.pick(state, seat, menu, rng)
        if isinstance(picked, int) and not isinstance(picked, bool):
            return menu[picked]
        for action in menu:
            if action is picked:
                return action
        for action in menu:
            if action == picked:
                return action
        raise AssertionError(f"{type(self).__name__} picked {picked!r}, not on the menu")

    def pick(self, state: Any, seat: int, actions: list[Any], rng: Rng) -> Any:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.key} {self.level} policy>"


class RandomPolicy(Policy):
    """Uniformly random legal play: the yardstick in benchmarks."""

    level = "random"

    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__()

    def pick(self, state: Any, seat: int, actions: list[Any], rng: Rng) -> Any:
        return rng.randint(0, len(actions) - 1)


def best_index(actions: Sequence[Any], score: Callable[[Any], float]) -> int:
    """Index of the highest score; ties keep the earliest (menu order)."""
    best, best_score = 0, float("-inf")
    for i, action in enumerate(actions):
        s = score(action)
        if s > best_score:
            best, best_score = i, s
    return best


def best_of(
    actions: Sequence[Any], score: Callable[[Any], float], rng: Rng, tolerance: float = 1e-9
) -> int:
    """Index of the highest score; near-ties (within ``tolerance``) are broken by ``rng``, so
    a computer player does not play the same game every time."""
    scores = [score(a) for a in actions]
    top = max(scores)
    tied = [i for i, s in enumerate(scores) if s >= top - tolerance]
    return tied[0] if len(tied) == 1 else tied[rng.randint(0, len(tied) - 1)]
