"""Explicit chance: the only source of randomness a ruleset may use.

The bot passes ``SeededRng(match_seed, ply)`` so a match replays exactly from its seed and its
action log; tests pass ``ScriptedRng`` to decide every outcome.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Rng(Protocol):
    def roll(self, faces: int | Sequence[T]) -> Any:
        """One face of a die: ``roll(6)`` gives 1..6, ``roll(seq)`` one element of ``seq``."""

    def randint(self, lo: int, hi: int) -> int: ...

    def choice(self, seq: Sequence[T]) -> T: ...

    def shuffle(self, seq: Iterable[T]) -> list[T]:
        """A shuffled copy (the input is never changed)."""

    def random(self) -> float:
        """A float in [0, 1), for probabilities."""


def _faces(faces: int | Sequence[T]) -> Sequence[Any]:
    if isinstance(faces, int):
        if faces < 1:
            raise ValueError("a die needs at least one face")
        return range(1, faces + 1)
    if not faces:
        raise ValueError("a die needs at least one face")
    return faces


class SeededRng:
    """Deterministic chance for one ply of one match (stable across Python versions)."""

    def __init__(self, seed: int | str, ply: int = 0) -> None:
        self.seed = seed
        self.ply = ply
        self._random = random.Random(f"ranchhand:{seed}:{ply}")

    def roll(self, faces: int | Sequence[T]) -> Any:
        options = _faces(faces)
        return options[self._random.randrange(len(options))]

    def randint(self, lo: int, hi: int) -> int:
        return self._random.randint(lo, hi)

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise ValueError("choice from an empty sequence")
        return seq[self._random.randrange(len(seq))]

    def shuffle(self, seq: Iterable[T]) -> list[T]:
        items = list(seq)
        self._random.shuffle(items)
        return items

    def random(self) -> float:
        return self._random.random()


class ScriptExhausted(AssertionError):
    """A scripted test asked for more chance than it scripted."""


class ScriptMismatch(AssertionError):
    """A scripted value is not among the outcomes the game offered."""


class ScriptedRng:
    """Hands out the given outcomes in order and fails loudly on anything unexpected.

    ``roll``/``choice`` take a value that must be one of the faces offered; ``randint`` a value
    in range; ``shuffle`` a whole permutation (a list); ``random`` a float in [0, 1).
    """

    def __init__(self, values: Iterable[Any]) -> None:
        self._values = list(values)
        self._next = 0
        self.drawn: list[Any] = []

    @property
    def remaining(self) -> int:
        return len(self._values) - self._next

    def _take(self, what: str) -> Any:
        if self._next >= len(self._values):
            raise ScriptExhausted(f"script ran out: the game asked for {what}")
        value = self._values[self._next]
        self._next += 1
        self.drawn.append(value)
        return value

    def roll(self, faces: int | Sequence[T]) -> Any:
        options = _faces(faces)
        value = self._take(f"a roll of {list(options)!r}")
        if value not in options:
            raise ScriptMismatch(f"scripted {value!r} is not a face of {list(options)!r}")
        return value

    def randint(self, lo: int, hi: int) -> int:
        value = self._take(f"a number in {lo}..{hi}")
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ScriptMismatch(f"scripted {value!r} is not in {lo}..{hi}")
        return value

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise ValueError("choice from an empty sequence")
        value = self._take(f"a choice of {list(seq)!r}")
        if value not in seq:
            raise ScriptMismatch(f"scripted {value!r} is not among {list(seq)!r}")
        return value

    def shuffle(self, seq: Iterable[T]) -> list[T]:
        items = list(seq)
        value = self._take(f"a shuffle of {items!r}")
        if not isinstance(value, list | tuple) or sorted(map(repr, value)) != sorted(
            map(repr, items)
        ):
            raise ScriptMismatch(f"scripted {value!r} is not a permutation of {items!r}")
        return list(value)

    def random(self) -> float:
        value = self._take("a probability draw")
        if not isinstance(value, int | float) or not 0 <= value < 1:
            raise ScriptMismatch(f"scripted {value!r} is not in [0, 1)")
        return float(value)
