"""A picture assembled from cached pieces straight in its fixed palette.

Drawing a board in full colour and reducing it to the palette at the end costs a pass over
every pixel for the reduction, and pastes of three or four bytes a pixel. ``Layers`` takes the
same pieces in the same order (``paste`` as on a Pillow image) but keeps the picture as
palette indices: an opaque piece is reduced once and pasted as it is; a piece with soft edges
is blended in full colour over exactly what lies under it (the ground and the pieces pasted
there before it), and that small patch is reduced. Nearest-colour reduction without dithering
works pixel by pixel, so the result is the very picture the full-colour way gives. A piece's
own reduced forms (and a ground's) are kept on it; patches are cached by the pieces and places
involved, so a board mostly pastes ready patches.

Pieces are matched by identity: they must come from caches that keep them (``build_once``,
``lru_cache``) and never change once made. A cached patch remembers the pieces it was made
from by weak reference: it never keeps a piece alive, and it is dropped once any of them is
(the pieces' own caches decide how long they live, so one-off pieces such as a move's arrow do
not pile up here); a piece that was dropped and whose id was reused is never mistaken for it.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

from PIL import Image

from render import cache, png
from render.ground import Ground

#: a piece or a ground, which keep their own reduced forms
Shape = TypeVar("Shape", Image.Image, Ground)

#: blended patches kept at most (a few KB each; within the caches' byte budget)
KEPT = 8192

#: key -> (weak references to its pieces, patch), within the caches' byte budget
_cache = cache.register("render.layers.patches", limit=KEPT)
_lock = threading.Lock()
#: keys of patches one of whose pieces is gone (dropped at the next ``_keep``)
_dead: list[tuple[Any, ...]] = []


def _cached(key: tuple[Any, ...], refs: tuple[Image.Image | Ground, ...]) -> Any:
    with _lock:
        found, hit = _cache.get(key)
        if not found:
            return None
        held = hit[0]
        if len(held) != len(refs):
            return None
        for ref, piece in zip(held, refs, strict=True):
            if ref() is not piece:
                return None
        return hit[1]


def _keep(key: tuple[Any, ...], refs: tuple[Image.Image | Ground, ...], patch: Any) -> None:
    def gone(_: object, key: tuple[Any, ...] = key, dead: list[Any] = _dead) -> None:
        # only noted: this may run anywhere, even inside the lock (or as the interpreter
        # leaves, when this module's names are gone: hence the list held here)
        dead.append(key)

    with _lock:
        while _dead:
            _cache.pop(_dead.pop())
        _cache.put(key, (tuple(weakref.ref(r, gone) for r in refs), patch))


def reduce(image: Image.Image, palette: Image.Image) -> Image.Image:
    """A full-colour ``image`` as indices of ``palette``: each pixel its nearest colour, with
    no dithering, so a pixel's index depends on that pixel alone."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


#: the attribute a piece keeps its own forms in (``_form``)
_FORMS = "_layers_forms"


def _form(
    piece: Shape,
    palette: Image.Image,
    kind: str,
    make: Callable[[Shape, Image.Image], Any],
) -> Any:
    """What ``make`` makes of ``piece`` in ``palette``, made once and kept on the piece itself
    (it lives exactly as long as the piece, and looking it up is an attribute away, where
    most pieces of a board are met again on every board)."""
    held = getattr(piece, _FORMS, None)
    if held is None or held[0] is not palette:
        held = (palette, dict[str, Any]())
        setattr(piece, _FORMS, held)
    forms: dict[str, Image.Image] = held[1]
    if kind not in forms:
        forms[kind] = make(piece, palette)
    return forms[kind]


def reduced(image: Image.Image, palette: Image.Image) -> Image.Image:
    """An opaque full-colour ``image`` as indices of ``palette`` (kept on the image)."""
    return _form(image, palette, "reduced", reduce)


def _solid(piece: Image.Image, palette: Image.Image) -> tuple[Image.Image, Image.Image] | None:
    """A piece whose alpha is only 0 or 255 (a shape drawn without anti-aliasing): its colours
    in ``palette``'s indices and its alpha as a "1" mask (kept on the piece); None for soft
    edges."""
    return _form(piece, palette, "solid", _split)


def _split(piece: Image.Image, palette: Image.Image) -> tuple[Image.Image, Image.Image] | None:
    alpha = piece.getchannel("A")
    if any(alpha.histogram()[1:255]):
        return None
    return reduce(piece, palette), alpha.convert("1", dither=Image.Dither.NONE)


def _rows(ground: Ground, palette: Image.Image) -> Image.Image:
    """The reduced ground in the layout its PNG deflates (``png.rows``; kept on the ground)."""
    return _form(ground, palette, "rows", lambda g, p: png.rows(reduce(g.image(), p)))


class Layers:
    """A picture on ``ground`` (``render.ground``) kept in ``palette``'s indices; ``size``:
    the picture is the ground's top left part of that size (a ground may serve pictures of
    several heights). It is kept one column wider, from its second column on, as its PNG's
    rows are (``png.rows``)."""

    def __init__(
        self, ground: Ground, palette: Image.Image, size: tuple[int, int] | None = None
    ) -> None:
        self.ground = ground
        self.palette = palette
        whole = _rows(ground, palette)
        self._rows = whole.copy() if size is None else whole.crop((0, 0, size[0] + 1, size[1]))
        #: (piece, left, top, right, bottom, pasted with its alpha) of each piece so far
        self._placed: list[tuple[Image.Image, int, int, int, int, bool]] = []

    @property
    def image(self) -> Image.Image:
        """The picture (a copy)."""
        return png.picture(self._rows)

    def png(self) -> bytes:
        """The picture's PNG (``png.encode`` of ``image``, without the copy)."""
        return png.encode_rows(self._rows)

    def paste(
        self, piece: Image.Image, box: tuple[int, int], mask: Image.Image | None = None
    ) -> None:
        """Like ``Image.paste(piece, box, mask)`` on the full-colour picture, where ``mask`` is
        None (an opaque piece) or the piece itself (its alpha)."""
        x, y = box
        width, height = piece.size
        area = (x, y, x + width, y + height)
        # straight to the picture's core, one column on (its first column is the rows' filter
        # bytes; whatever a piece left of the picture puts there, ``png()`` clears): both are
        # palette images in the same palette, and the picture is a copy of its own (Pillow's
        # ``paste`` would only check that)
        core = self._rows.im
        at = (x + 1, y, x + 1 + width, y + height)
        if mask is None:
            core.paste(reduced(piece, self.palette).im, at)
        elif mask is not piece:
            raise ValueError("a piece's own alpha is the only mask")
        elif (solid := _solid(piece, self.palette)) is not None:
            core.paste(solid[0].im, at, solid[1].im)
        else:
            core.paste(self._blended(piece, x, y).im, at)
        self._placed.append((piece, *area, mask is not None))

    def _blended(self, piece: Image.Image, x: int, y: int) -> Image.Image:
        width, height = piece.size
        right, bottom = x + width, y + height
        under = [
            (p, px, py, masked)
            for p, px, py, pr, pb, masked in self._placed
            if px < right and x < pr and py < bottom and y < pb
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
        refs: tuple[Image.Image | Ground, ...] = (
            self.ground,
            self.palette,
            piece,
            *(p for p, _, _, _ in under),
        )
        patch = _cached(key, refs)
        if patch is None:
            patch = self.ground.crop((x, y, right, bottom))
            for p, px, py, masked in under:
                patch.paste(p, (px - x, py - y), p if masked else None)
            patch.paste(piece, (0, 0), piece)
            patch = reduce(patch, self.palette)
            _keep(key, refs, patch)
        return patch
