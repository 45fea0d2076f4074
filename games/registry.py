"""The games the bot hosts: one ``Entry`` per game, the source of everything keyed by a game.

An entry holds the game's rules (a ``games.base.Ruleset``) and names, by import path, the
parts that live in the layers above or cost time to import: the module under ``render/``
that draws its board (``draw``, optionally ``warm``) and the module of its computer players
(``Easy``, ``Strong``, optionally ``Rollout``), loaded when first used, so this package
imports nothing from ``render/``, ``bot/`` or ``cogs/``. It also holds the description of the
game's command group (a text marked in the bot's catalogue) and how the post-game analysis
scores an unfinished rollout (``Scoring``; None: rollouts are always played to the end).

Everything else derives from the registered entries: ``games.RULESETS`` and ``games.get``,
``render.renderer``, ``games.policies.get``, the analysis's horizons, one command group per
game (``cogs.games``) and the benchmarks' game lists. The game's words are its narrator's
(``Ruleset.narrator``), in the catalogue domain it names. The games the bot ships are the entries
of ``games.builtin``; ``register`` adds one in this process and ``unregister`` (or the
``registered`` context) takes it away again.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import words
from games.base import Ruleset


@dataclass(frozen=True)
class Scoring:
    """Where a rollout of the post-game analysis stops before the end: after ``horizon``
    plies, each seat's chance is a softmax of its score times ``scale``. ``score`` names
    (``"module:function"``) the function from a state to every seat's score."""

    horizon: int
    scale: float
    score: str

    def scores(self, state: Any) -> list[float]:
        found: list[float] = load(self.score)(state)
        return found


@dataclass(frozen=True)
class Entry:
    """One game: its rules, and where its picture, computer players and words come from."""

    rules: Ruleset[Any, Any]
    #: the module that draws the board: ``draw(state, *, seat, last, previous, events)``
    renderer: str
    #: the module of the computer players: ``Easy`` and ``Strong`` (and ``Rollout``) classes
    policies: str
    #: the command group's description, a text marked (``N_``) in the bot's catalogue
    tagline: str
    #: how the post-game analysis scores a capped rollout; None: played to the end
    scoring: Scoring | None = None

    @property
    def key(self) -> str:
        return self.rules.key


#: game key -> its entry, in the order registered
ENTRIES: dict[str, Entry] = {}
#: game key -> its rules (``games.RULESETS``), kept with ``ENTRIES``
RULESETS: dict[str, Ruleset[Any, Any]] = {}
#: called with a key whenever an entry is added or taken away (caches keyed by game)
_listeners: list[Callable[[str], None]] = []


def register(entry: Entry) -> Entry:
    """Add a game; its key must be new, and its narrator's catalogue domain one the catalogue
    has (``words.DOMAINS``: the folders its texts are taken from)."""
    key = entry.key
    if key in ENTRIES:
        raise ValueError(f"duplicate game key {key}")
    domain = entry.rules.narrator.domain
    if domain not in words.DOMAINS:
        raise ValueError(f"{key}: its narrator's domain {domain!r} is not in words.DOMAINS")
    ENTRIES[key] = entry
    RULESETS[key] = entry.rules
    _changed(key)
    return entry


def unregister(key: str) -> None:
    """Take a registered game away again (and forget what was loaded for it)."""
    if key not in ENTRIES:
        raise KeyError(f"unknown game {key!r}")
    del ENTRIES[key]
    del RULESETS[key]
    _changed(key)


@contextmanager
def registered(entry: Entry) -> Iterator[Entry]:
    """``entry`` registered for the body of a ``with``, unregistered after it."""
    register(entry)
    try:
        yield entry
    finally:
        unregister(entry.key)


def entry(key: str) -> Entry:
    try:
        return ENTRIES[key]
    except KeyError:
        raise KeyError(f"unknown game {key!r}; known: {', '.join(sorted(ENTRIES))}") from None


def game_keys() -> tuple[str, ...]:
    """The registered games' keys, in the order registered."""
    return tuple(ENTRIES)


def on_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(key)`` whenever the game ``key`` is registered or taken away."""
    _listeners.append(listener)


def _changed(key: str) -> None:
    for listener in _listeners:
        listener(key)


@functools.cache
def load(path: str) -> Any:
    """A module (``"render.farm"``) or a module's attribute (``"games.analysis.values:farm"``)."""
    module, _, attribute = path.partition(":")
    found = importlib.import_module(module)
    return getattr(found, attribute) if attribute else found
