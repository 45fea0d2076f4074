"""The last answer about a frozen state, kept: ``last_answer``.

One move asks a game for the same menu several times (is it forced, which to pick, is the
pick allowed, how is each choice shown), always about the same state object; a frozen state
never changes, so its last answer can be handed out again without working it out.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
Answer = Callable[[Any, int], list[T]]


def last_answer(kind: type) -> Callable[[Answer[T]], Answer[T]]:
    """Keep the last answer of ``fn(state, seat)`` about a state of exactly ``kind`` (the
    frozen one) and give it again while the same state object and seat ask; anything else (a
    mutable copy while a move resolves) is worked out each time. A copy of the list is handed
    out, so a caller may change its own."""

    def keep(fn: Answer[T]) -> Answer[T]:
        kept: dict[str, tuple[object, int, tuple[T, ...]]] = {}

        @functools.wraps(fn)
        def answer(state: Any, seat: int) -> list[T]:
            if type(state) is not kind:
                return fn(state, seat)
            last = kept.get("last")
            if last is not None and last[0] is state and last[1] == seat:
                return list(last[2])
            out = fn(state, seat)
            kept["last"] = (state, seat, tuple(out))
            return out

        return answer

    return keep
