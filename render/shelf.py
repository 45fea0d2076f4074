"""Drawn pieces kept as drawn, then deflated, for when there are more of them than fit drawn in
memory.

A renderer keeps what it drew for a match (a Super Cowboy deal's range, the players' cards)
so the match's next picture need not draw it again. Kept drawn, such pieces take about a
megabyte each, so only a few dozen are kept, and a busy bot draws for more matches than that
between two moves of one: each of their pictures would draw them anew. A ``Shelf`` is the
second place they go: each piece leaves the drawn cache deflated (a range's 1 MB is about
40 KB, and taking it back costs a fraction of drawing it), and comes back byte for byte,
palette and all. ``Kept`` is the two together.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

from PIL import Image
from zlib_ng import zlib_ng

from render import cache

#: zlib-ng's fastest level: a piece is put away once and may never be taken back
LEVEL = 1


class Shelf:
    """Up to ``kept`` images by key, deflated (their pixels and palette; not their ``info``);
    the least recently used go first, and all go within the caches' byte budget."""

    def __init__(self, kept: int, name: str = "render.shelf") -> None:
        self.kept = kept
        #: key -> (mode, size, (palette mode, palette) or None, deflated pixels)
        self._items = cache.register(name, limit=kept)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def put(self, key: Hashable, image: Image.Image) -> None:
        """Keep ``image`` (a copy of its bytes: it may be changed or dropped afterwards)."""
        palette = None
        if image.mode == "P" and image.palette is not None:
            kind = image.palette.mode
            palette = (kind, bytes(image.getpalette(rawmode=kind) or []))
        packed = (image.mode, image.size, palette, zlib_ng.compress(image.tobytes(), LEVEL))
        self._items.put(key, packed)

    def get(self, key: Hashable) -> Image.Image | None:
        """The image kept for ``key`` as it was put (a new image each time), or None."""
        hit, packed = self._items.get(key)
        if not hit:
            return None
        mode, size, palette, data = packed
        image = Image.frombytes(mode, size, zlib_ng.decompress(data))
        if palette is not None:
            image.putpalette(palette[1], rawmode=palette[0])
        return image


class Kept:
    """Pieces by key: the ``drawn`` most recently used as they are, and the ``shelved`` before
    them on a ``Shelf``, all within the caches' byte budget (a drawn piece the budget pushes
    out goes to the shelf too). A piece must never change once built (it is handed out as it
    is kept), so each goes to the shelf once."""

    def __init__(self, drawn: int, shelved: int, name: str = "render.kept") -> None:
        self.drawn = drawn
        self.shelf = Shelf(shelved, f"{name}.shelved")
        self._images = cache.register(f"{name}.drawn", limit=drawn, evicted=self._shelve)
        self._lock = threading.RLock()

    def _shelve(self, key: Hashable, image: Image.Image) -> None:
        if key not in self.shelf:
            self.shelf.put(key, image)

    def get(self, key: Hashable, build: Callable[[], Image.Image]) -> Image.Image:
        """The piece for ``key``: kept, taken back from the shelf, or ``build()`` (under a lock,
        so threads asking at the same moment do not each build it)."""
        with self._lock:
            hit, found = self._images.get(key)
            if hit:
                return found
            found = self.shelf.get(key)
            if found is None:
                found = build()
            self._images.put(key, found)
            return found
