"""Pure rules engines for the Ranch Hand games, reachable through one registry
(``games.registry``: one entry per game; the shipped ones are ``games.builtin``)."""

from __future__ import annotations

from typing import Any

import games.talk  # noqa: F401  (words the rules' own errors)
from games import registry
from games.base import (
    Choice,
    Event,
    GameError,
    GameOver,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    InvalidState,
    NotYourTurn,
    Options,
    Outcome,
    Ruleset,
    Step,
)
from games.registry import RULESETS


def get(key: str) -> Ruleset[Any, Any]:
    """The rules of the registered game ``key``."""
    try:
        return RULESETS[key]
    except KeyError:
        raise KeyError(f"unknown game {key!r}; known: {', '.join(sorted(RULESETS))}") from None


def _load_builtin() -> tuple[str, ...]:
    from games import builtin

    for entry in builtin.ENTRIES:
        registry.register(entry)
    return tuple(entry.key for entry in builtin.ENTRIES)


#: the keys of the games the bot ships (``games.builtin``), in their order
BUILTIN = _load_builtin()

__all__ = [
    "BUILTIN",
    "RULESETS",
    "Choice",
    "Event",
    "GameError",
    "GameOver",
    "IllegalAction",
    "InvalidAction",
    "InvalidOptions",
    "InvalidState",
    "NotYourTurn",
    "Options",
    "Outcome",
    "Ruleset",
    "Step",
    "get",
    "registry",
]
