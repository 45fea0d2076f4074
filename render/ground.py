"""A board's ground kept small: a full-colour picture held deflated, tile by tile.

A ground (everything on a board that never changes at a table: paper, frames, the board
itself) is as big as the picture, and Pillow holds a full-colour pixel in four bytes: Super
Farmer's five grounds and Horseplay's three come to about 23 MB, which every drawing process
would hold. A picture is not drawn from those pixels: ``render.layers`` starts from the
ground's palette indices (kept beside it, a byte a pixel) and needs the full colours only
under a piece with soft edges, a few small patches a picture, most of them found in its
cache of patches. So the full colours are kept deflated in tiles (mostly flat paper: 2-3 % of
their size), and ``crop`` inflates only the tiles a patch covers: the same pixels as
``Image.crop`` gives. Inflated tiles are kept within the caches' byte budget
(``render.cache``), so the few places where pieces come and go are inflated once, not for every
patch.
"""

from __future__ import annotations

import itertools
import zlib

from PIL import Image

from render import cache

#: a tile's size: small enough that a patch inflates little more than it covers
TILE_W, TILE_H = 64, 32

#: (ground's serial, row, column) -> the inflated tile
_inflated = cache.register("render.ground.tiles")
#: each ground's own number: a ground let go never lends its tiles to a new one
_serials = itertools.count()


class Ground:
    """An opaque full-colour ``image``, kept deflated in tiles; ``crop`` and ``image`` give
    its pixels back, exactly."""

    mode = "RGB"

    def __init__(self, image: Image.Image) -> None:
        if image.mode != "RGB":
            raise ValueError(f"a ground is a full-colour (RGB) picture, not {image.mode}")
        self.size = image.size
        self.serial = next(_serials)
        width, height = image.size
        self._tiles = [
            [
                zlib.compress(image.crop((x, y, x + TILE_W, y + TILE_H)).tobytes(), 1)
                for x in range(0, width, TILE_W)
            ]
            for y in range(0, height, TILE_H)
        ]

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]

    def crop(self, box: tuple[int, int, int, int], *, keep: bool = True) -> Image.Image:
        """The pixels in ``box`` (left, top, right, bottom) as a new picture; as with
        ``Image.crop``, what lies outside the ground is black. ``keep``: the tiles inflated
        for it are kept (within the budget) for the next crop there."""
        left, top, right, bottom = box
        out = Image.new("RGB", (right - left, bottom - top))
        width, height = self.size
        for row in range(max(top, 0) // TILE_H, (min(bottom, height) - 1) // TILE_H + 1):
            for col in range(max(left, 0) // TILE_W, (min(right, width) - 1) // TILE_W + 1):
                tile = self._tile(row, col) if keep else self._inflate(row, col)
                out.paste(tile, (col * TILE_W - left, row * TILE_H - top))
        return out

    def _tile(self, row: int, col: int) -> Image.Image:
        key = (self.serial, row, col)
        found, tile = _inflated.get(key)
        if not found:
            tile = self._inflate(row, col)
            _inflated.put(key, tile)
        return tile

    def _inflate(self, row: int, col: int) -> Image.Image:
        data = zlib.decompress(self._tiles[row][col])
        return Image.frombytes("RGB", (TILE_W, TILE_H), data)

    def image(self) -> Image.Image:
        """The whole ground as a picture of its own (its tiles are not kept for crops)."""
        return self.crop((0, 0, *self.size), keep=False)

    @property
    def packed_bytes(self) -> int:
        """The bytes its tiles hold."""
        return sum(len(tile) for row in self._tiles for tile in row)
