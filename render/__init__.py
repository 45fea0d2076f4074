"""Board pictures: pure functions from a game state to PNG bytes.

``draw(key, state, seat=..., last=..., previous=..., events=..., locale=...)`` dispatches to
the module the game's registry entry names (``games.registry.Entry.renderer``), which provides
``draw(state, *, seat=None, last=None, previous=None, events=()) -> bytes``, its texts worded by
the game's narrator in the active locale (``draw`` sets it). ``seat`` is the
viewer (or None for everyone), ``last`` the action that produced the state and ``previous`` the
state before it (None at the start): together they draw the "last move" strip and mark what
changed.

``warm()`` imports the renderers and builds their caches up front (each module may define a
module-level ``warm()``), so a render worker's first picture costs about what any other does.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import words
from games import registry
from games.base import Event
from render import common

Renderer = Callable[..., bytes]

_loaded: dict[str, Renderer] = {}


def module_of(key: str) -> str:
    """The module that draws game ``key``: its registry entry's ``renderer``."""
    try:
        return registry.entry(key).renderer
    except KeyError:
        raise KeyError(f"no renderer for game {key!r}") from None


def renderer(key: str) -> Renderer:
    if key not in _loaded:
        _loaded[key] = importlib.import_module(module_of(key)).draw
    return _loaded[key]


def warm(keys: Iterable[str] | None = None) -> None:
    """Import each renderer (every registered game's by default) and call its ``warm()``, if
    any."""
    common.warm()
    for key in registry.game_keys() if keys is None else keys:
        renderer(key)
        build = getattr(importlib.import_module(module_of(key)), "warm", None)
        if callable(build):
            build()


def _forget(key: str) -> None:
    _loaded.pop(key, None)


registry.on_change(_forget)


def draw(
    key: str,
    state: Any,
    *,
    seat: int | None = None,
    last: Any = None,
    previous: Any = None,
    events: Sequence[Event] = (),
    locale: str = words.ENGLISH,
) -> bytes:
    """The board's picture, its texts worded in ``locale``; ``events`` are what the last move
    did (its strip tells them through the game's narrator)."""
    with words.use(locale):
        return renderer(key)(state, seat=seat, last=last, previous=previous, events=events)
