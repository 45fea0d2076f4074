"""Board pictures: pure functions from a game state to PNG bytes.

``draw(key, state, seat=..., last=..., previous=..., events=..., locale=...)`` dispatches through
``MODULES``; each game module provides
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
from games.base import Event
from render import common

Renderer = Callable[..., bytes]

#: game key -> module under render/ that draws it
MODULES = {
    "farm": "render.farm",
    "cattle": "render.cattle",
    "horseplay": "render.horseplay",
    "highrollin": "render.highrollin",
    "cowboy": "render.cowboy",
}

_loaded: dict[str, Renderer] = {}


def renderer(key: str) -> Renderer:
    if key not in _loaded:
        if key not in MODULES:
            raise KeyError(f"no renderer for game {key!r}")
        _loaded[key] = importlib.import_module(MODULES[key]).draw
    return _loaded[key]


def warm(keys: Iterable[str] | None = None) -> None:
    """Import each renderer (all of ``MODULES`` by default) and call its ``warm()``, if any."""
    common.warm()
    for key in MODULES if keys is None else keys:
        renderer(key)
        build = getattr(importlib.import_module(MODULES[key]), "warm", None)
        if callable(build):
            build()


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
