"""Pure rules engines for the Ranch Hand games, reachable through one registry."""

from __future__ import annotations

from typing import Any

import games.talk  # noqa: F401  (words the rules' own errors)
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

RULESETS: dict[str, Ruleset[Any, Any]] = {}


def register(ruleset: Ruleset[Any, Any]) -> Ruleset[Any, Any]:
    if ruleset.key in RULESETS:
        raise ValueError(f"duplicate game key {ruleset.key}")
    RULESETS[ruleset.key] = ruleset
    return ruleset


def get(key: str) -> Ruleset[Any, Any]:
    try:
        return RULESETS[key]
    except KeyError:
        raise KeyError(f"unknown game {key!r}; known: {', '.join(sorted(RULESETS))}") from None


#: game modules shipped with the bot; each defines ``RULES``
BUILTIN = ("farm", "cattle", "horseplay", "highrollin", "cowboy")


def _load_builtin() -> None:
    import importlib

    for name in BUILTIN:
        register(importlib.import_module(f"games.{name}").RULES)


_load_builtin()

__all__ = [
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
    "register",
]
