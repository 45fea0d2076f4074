"""PNG bytes of a finished board: one encoder for every game.

Boards are palette pictures (``P``, at most 256 colours, no transparency). Their PNG is the
image's rows, each behind a "no filter" byte, deflated once, between a header, the palette and
the end mark. Deflating is nearly all of the work, and Pillow's wheels deflate with the
system's zlib; zlib-ng at level 2 takes about a third of the time of zlib's level 1 and packs
smaller. Any other image (full colour, a transparent colour) is left to Pillow.
"""

from __future__ import annotations

import io
import struct

from PIL import Image
from zlib_ng import zlib_ng

#: zlib-ng effort; a six-player farm's whole encoding: level 1 1.4 ms and 65 KB, 2 1.8 ms and
#: 49 KB, 3 2.5 ms and 46 KB (Pillow with the system zlib at level 1: 3.3 ms and 55 KB)
LEVEL = 2
SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: bit depth 8, colour type 3 (palette), deflate, adaptive filtering, not interlaced
_INDEXED = (8, 3, 0, 0, 0)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib_ng.crc32(data, zlib_ng.crc32(kind)))
    )


def encode(image: Image.Image, level: int = LEVEL) -> bytes:
    """The picture as PNG bytes (decoded, the same pixels exactly)."""
    palette = image.palette
    if (
        image.mode != "P"
        or "transparency" in image.info
        or palette is None
        or palette.mode != "RGB"
    ):
        out = io.BytesIO()
        image.save(out, format="PNG", compress_level=1)
        return out.getvalue()
    width, height = image.size
    # each row begins with its filter type, 0 ("none"): the picture one column wider, index 0
    # down its first column, is exactly the bytes to deflate
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(image, (1, 0))
    colours = bytes(image.getpalette() or [])
    colours = colours.ljust(768, b"\0")  # every index a picture can hold has its colour
    header = struct.pack(">II", width, height) + bytes(_INDEXED)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", colours),
            _chunk(b"IDAT", zlib_ng.compress(rows.tobytes(), level)),
            _chunk(b"IEND", b""),
        )
    )
