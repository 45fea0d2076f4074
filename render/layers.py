"""A picture assembled from cached pieces straight in its fixed palette.

Drawing a board in full colour and reducing it to the palette at the end costs a pass over
every pixel for the reduction, and pastes of three or four bytes a pixel. ``Layers`` takes the
same pieces in the same order (``paste`` as on a Pillow image) but keeps the picture as
palette indices: an opaque piece is reduced once and pasted as it is; a piece with soft edges
is blended in full colour over exactly what lies under it (the ground and the pieces pasted
there before it), and that small patch is reduced. Nearest-colour reduction without dithering
works pixel by pixel, so the result is the very picture the full-colour way gives; both are
cached by the pieces and places involved, so a board mostly pastes ready patches.

Pieces are matched by identity: they must come from caches that keep them (``build_once``,
``lru_cache``); a cached patch remembers the pieces it was made from, so a piece that was
dropped and whose id was reused is never mistaken for it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from PIL import Image

#: reduced pieces and blended patches kept (a few KB each)
KEPT = 8192

_cache: OrderedDict[tuple[Any, ...], tuple[tuple[Image.Image, ...], Image.Image]] = OrderedDict()
_lock = threading.Lock()


def _cached(key: tuple[Any, ...], refs: tuple[Image.Image, ...]) -> Image.Image | None:
    with _lock:
        hit = _cache.get(key)
        if hit is None or len(hit[0]) != len(refs):
            return None
        if any(a is not b for a, b in zip(hit[0], refs, strict=True)):
            return None
        _cache.move_to_end(key)
        return hit[1]


def _keep(key: tuple[Any, ...], refs: tuple[Image.Image, ...], patch: Image.Image) -> None:
    with _lock:
        _cache[key] = (refs, patch)
        if len(_cache) > KEPT:
            _cache.popitem(last=False)


def reduce(image: Image.Image, palette: Image.Image) -> Image.Image:
    """A full-colour ``image`` as indices of ``palette``: each pixel its nearest colour, with
    no dithering, so a pixel's index depends on that pixel alone."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def reduced(image: Image.Image, palette: Image.Image) -> Image.Image:
    """An opaque full-colour ``image`` as indices of ``palette`` (remembered)."""
    key = ("reduced", id(image), id(palette))
    refs = (image, palette)
    patch = _cached(key, refs)
    if patch is None:
        patch = reduce(image, palette)
        _keep(key, refs, patch)
    return patch


class Layers:
    """A picture on ``ground`` (full colour, opaque) kept in ``palette``'s indices."""

    def __init__(self, ground: Image.Image, palette: Image.Image) -> None:
        self.ground = ground
        self.palette = palette
        self.image = reduced(ground, palette).copy()
        self._placed: list[tuple[Image.Image, int, int, bool]] = []

    def paste(
        self, piece: Image.Image, box: tuple[int, int], mask: Image.Image | None = None
    ) -> None:
        """Like ``Image.paste(piece, box, mask)`` on the full-colour picture, where ``mask`` is
        None (an opaque piece) or the piece itself (its alpha)."""
        x, y = box
        if mask is None:
            patch = reduced(piece, self.palette)
        else:
            if mask is not piece:
                raise ValueError("a piece's own alpha is the only mask")
            patch = self._blended(piece, x, y)
        self.image.paste(patch, (x, y))
        self._placed.append((piece, x, y, mask is not None))

    def _blended(self, piece: Image.Image, x: int, y: int) -> Image.Image:
        right, bottom = x + piece.width, y + piece.height
        under = [
            (p, px, py, masked)
            for p, px, py, masked in self._placed
            if px < right and x < px + p.width and py < bottom and y < py + p.height
        ]
        key = (
            "blended",
            id(self.ground),
            id(self.palette),
            id(piece),
            x,
            y,
            *((id(p), px - x, py - y, masked) for p, px, py, masked in under),
        )
        refs = (self.ground, self.palette, piece, *(p for p, _, _, _ in under))
        patch = _cached(key, refs)
        if patch is None:
            patch = self.ground.crop((x, y, right, bottom))
            for p, px, py, masked in under:
                patch.paste(p, (px - x, py - y), p if masked else None)
            patch.paste(piece, (0, 0), piece)
            patch = reduce(patch, self.palette)
            _keep(key, refs, patch)
        return patch
