"""Caches of drawn pieces with a byte budget, least recently used first out, counted.

Every cache under ``render/`` that can grow with what it is asked (pieces by text, by deal, by
player) is a ``Cache``: each entry's size in bytes is estimated when it is stored (an image's
pixels, a string's characters, a tuple's items), and all of them together share one budget,
``RENDER_CACHE_MB`` megabytes (``BUDGET``), per process. Past the budget the least recently used
entries of any cache go first, so a worker that drew a game it no longer sees gives that memory
back as other games' pieces take its place. Each cache counts its hits and misses; ``stats()``
gives them, with the bytes and entries held, for the metrics page.

Pieces that are built once and never grow (fonts, palettes, a few frames per table size) stay
in their own caches and are not counted.
"""

from __future__ import annotations

import functools
import os
import sys
import threading
from collections import OrderedDict, namedtuple
from collections.abc import Callable
from typing import Any, TypeVar

from PIL import Image

T = TypeVar("T")

#: the default budget, in MB, for all of a process's caches together
DEFAULT_MB = 16.0


def _budget_from_env() -> int:
    raw = os.environ.get("RENDER_CACHE_MB", "").strip()
    try:
        mb = float(raw) if raw else DEFAULT_MB
    except ValueError:
        mb = DEFAULT_MB
    return max(0, int(mb * 1024 * 1024))


#: bytes all caches may hold together
BUDGET = _budget_from_env()
#: bytes an entry costs besides its value (its key, the dictionary slot, the link)
OVERHEAD = 200

_lock = threading.RLock()
#: every entry of every cache, least recently used first: (cache, key)
_order: OrderedDict[tuple[Cache, Any], None] = OrderedDict()
_held = 0
#: hits, misses and evictions of every cache together
_counts = [0, 0, 0]
_caches: dict[str, Cache] = {}
CacheInfo = namedtuple("CacheInfo", ["hits", "misses", "maxsize", "currsize"])


def size_of(value: Any) -> int:
    """About how many bytes ``value`` holds (an image's pixels; containers' items)."""
    if isinstance(value, Image.Image):
        return value.width * value.height * len(value.getbands()) + 400
    if isinstance(value, (bytes, bytearray, str)):
        return sys.getsizeof(value)
    if isinstance(value, (tuple, list)):
        return sys.getsizeof(value) + sum(size_of(v) for v in value)
    if isinstance(value, dict):
        return sys.getsizeof(value) + sum(size_of(k) + size_of(v) for k, v in value.items())
    sized = getattr(value, "nbytes", None)
    if isinstance(sized, int):
        return sized
    return sys.getsizeof(value)


def set_budget(mb: float) -> None:
    """Change the budget (in MB) and evict down to it at once."""
    global BUDGET
    with _lock:
        BUDGET = max(0, int(mb * 1024 * 1024))
        _evict()


def _evict() -> None:
    while _held > BUDGET and _order:
        (cache, key), _ = _order.popitem(last=False)
        cache._drop(key)


class Cache:
    """One cache's entries within the shared budget (and at most ``limit`` of them, if set),
    with its counts. ``evicted(key, value)``, if given, is told of each entry that leaves
    for want of room (not of those replaced or cleared)."""

    def __init__(
        self,
        name: str,
        limit: int | None = None,
        evicted: Callable[[Any, Any], None] | None = None,
    ) -> None:
        self.name = name
        self.limit = limit
        self.evicted = evicted
        self._items: OrderedDict[Any, tuple[Any, int]] = OrderedDict()
        self.hits = 0
        self.misses = 0
        self.evictions = 0
        self.bytes = 0

    @property
    def entries(self) -> int:
        return len(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Any) -> bool:
        return key in self._items

    def get(self, key: Any) -> tuple[bool, Any]:
        """(True, value) and the entry is the most recently used; or (False, None)."""
        with _lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                _counts[1] += 1
                return False, None
            self._items.move_to_end(key)
            _order.move_to_end((self, key))
            self.hits += 1
            _counts[0] += 1
            return True, found[0]

    def items(self) -> list[tuple[Any, Any]]:
        """Each (key, value) held, least recently used first."""
        with _lock:
            return [(key, value) for key, (value, _) in self._items.items()]

    def peek(self, key: Any) -> Any:
        """The value for ``key`` or None, counting nothing and using nothing."""
        found = self._items.get(key)
        return None if found is None else found[0]

    def put(self, key: Any, value: Any) -> None:
        global _held
        size = size_of(value) + OVERHEAD
        with _lock:
            self.pop(key)
            if size > BUDGET:
                return  # bigger than the whole budget: handed out, not kept
            self._items[key] = (value, size)
            _order[(self, key)] = None
            _held += size
            self.bytes += size
            while self.limit is not None and len(self._items) > self.limit:
                self._drop(next(iter(self._items)))
            _evict()

    def pop(self, key: Any) -> Any:
        """Remove ``key``'s entry (no eviction counted); its value or None."""
        global _held
        with _lock:
            old = self._items.pop(key, None)
            if old is None:
                return None
            _order.pop((self, key), None)
            _held -= old[1]
            self.bytes -= old[1]
            return old[0]

    def _drop(self, key: Any) -> None:
        global _held
        value, size = self._items.pop(key)
        _order.pop((self, key), None)
        _held -= size
        self.bytes -= size
        self.evictions += 1
        _counts[2] += 1
        if self.evicted is not None:
            self.evicted(key, value)

    def info(self) -> CacheInfo:
        """Counts as ``functools.lru_cache`` gives them (no fixed size: ``maxsize`` None)."""
        return CacheInfo(self.hits, self.misses, self.limit, len(self._items))

    def clear(self) -> None:
        with _lock:
            for key in list(self._items):
                self.pop(key)


def kept(fn: Callable[..., T]) -> Callable[..., T]:
    """Cache ``fn`` by its (hashable, positional or keyword) arguments within the budget. A
    value is built once even when several threads ask for it at the same moment."""
    name = f"{fn.__module__}.{fn.__qualname__}"
    cache = _caches[name] = Cache(name)
    building = threading.RLock()

    @functools.wraps(fn)
    def cached(*args: Any, **kwargs: Any) -> T:
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        hit, value = cache.get(key)
        if hit:
            return value
        with building:
            found = cache.peek(key)
            if found is not None or key in cache:
                return found
            value = fn(*args, **kwargs)
            cache.put(key, value)
            return value

    cached.cache_clear = cache.clear  # type: ignore[attr-defined]
    cached.cache_info = cache.info  # type: ignore[attr-defined]
    cached.cache = cache  # type: ignore[attr-defined]
    return cached


def clear_all() -> None:
    """Empty every cache (the counts stay)."""
    with _lock:
        for cache in _caches.values():
            cache.clear()


def register(
    name: str, limit: int | None = None, evicted: Callable[[Any, Any], None] | None = None
) -> Cache:
    """A ``Cache`` for a store that is not one function (``get``/``put`` by key); a second
    one of the same name is told apart by a number."""
    unique, n = name, 1
    while unique in _caches:
        n += 1
        unique = f"{name}#{n}"
    cache = _caches[unique] = Cache(unique, limit, evicted)
    return cache


def held() -> int:
    """Bytes all caches hold now."""
    return _held


def total_mb() -> float:
    return _held / (1024 * 1024)


def totals() -> tuple[int, int, int, int, int]:
    """(budget, bytes held, hits, misses, evictions) of every cache of this process."""
    hits, misses, evictions = _counts
    return (BUDGET, _held, hits, misses, evictions)


def stats() -> dict[str, Any]:
    """Budget, bytes held, and per cache: hits, misses, evictions, bytes, entries."""
    with _lock:
        return {
            "budget": BUDGET,
            "bytes": _held,
            "caches": {
                c.name: {
                    "hits": c.hits,
                    "misses": c.misses,
                    "evictions": c.evictions,
                    "bytes": c.bytes,
                    "entries": len(c),
                }
                for c in _caches.values()
            },
        }


def report() -> list[str]:
    """Lines for a person: each cache, the largest first, then the function caches by count."""
    lines = []
    for name, c in sorted(stats()["caches"].items(), key=lambda kv: -kv[1]["bytes"]):
        lines.append(
            f"{name}: {c['bytes'] / 1024:.0f} KB in {c['entries']} entries, "
            f"{c['hits']} hits, {c['misses']} misses, {c['evictions']} evicted"
        )
    for mod_name, module in list(sys.modules.items()):
        if not mod_name.startswith("render") or module is None:
            continue
        for attr, obj in list(vars(module).items()):
            info = getattr(obj, "cache_info", None)
            if callable(info) and getattr(obj, "__module__", None) == mod_name:
                lines.append(f"{mod_name}.{attr} (by count): {info()}")
    return lines
