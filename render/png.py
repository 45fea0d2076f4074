"""PNG bytes of a finished board: one encoder for every game.

Boards are palette pictures (``P``, at most 256 colours, no transparency). Their PNG is the
image's rows, each behind a "no filter" byte, deflated, between a header, the palette and the
end mark. Deflating is nearly all of the work, and Pillow's wheels deflate with the system's
zlib; zlib-ng's fastest level takes a fraction of the time of zlib's level 1.
A move changes a few places of its board, so the rows are deflated in bands of ``BAND`` rows,
and a band already deflated for an earlier board is reused as it is (``deflate``). The
pictures the games put together (``render.layers``, ``render.flat``) are kept one column wider,
in exactly those rows, so their bytes are deflated as they are (``encode_rows``). Any other
image (full colour, a transparent colour) is left to Pillow.
"""

from __future__ import annotations

import io
import struct

from PIL import Image
from zlib_ng import zlib_ng

from render import cache

#: zlib-ng effort; a six-player farm's whole encoding: level 1 1.4 ms and 65 KB, 2 1.8 ms and
#: 49 KB, 3 2.5 ms and 46 KB (Pillow with the system zlib at level 1: 3.3 ms and 55 KB). With
#: the bands a move leaves as they were kept, over moves of 30 games at once (encoding and size,
#: level 2 / level 1): cowboy 4p 1.8-2.4 / 1.4-1.5 ms and 62 / 73 KB, horseplay 4p 1.6 /
#: 1.1-1.4 ms and 69 / 78 KB, cattle 8p 2.0-2.2 / 1.6-2.2 ms and 46 / 57 KB; the largest
#: boards (bench/render.py) 66 / 88 KB. Level 1: a move's picture a fraction of a millisecond
#: sooner on every core, for a sixth to a third more bytes (well under Discord's limits)
LEVEL = 1
SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: bit depth 8, colour type 3 (palette), deflate, adaptive filtering, not interlaced
_INDEXED = (8, 3, 0, 0, 0)
#: rows deflated together (see ``deflate``); over 80 moves of a game, deflating took (whole
#: picture / bands of 32 / bands of 16 rows): cowboy 4p 1.84 / 1.21 / 0.94 ms, farm 6p 1.69 /
#: 1.09 / 0.74 ms, cattle 8p 1.48 / 1.51 / 1.07 ms, the PNG 2-4 KB (5-8 %) bigger with 16
BAND = 16
#: deflated bands kept at most, within the caches' byte budget (about 70 a board, a KB each
#: with their keys), the least recently used dropped first: the bands of some 200 boards, a
#: worker's share of the live matches of a busy bot (a match's next board finds its rows
#: still deflated)
KEPT = 16384
_bands = cache.register("render.png.bands", limit=KEPT)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib_ng.crc32(data, zlib_ng.crc32(kind)))
    )


def encode(image: Image.Image, level: int = LEVEL) -> bytes:
    """The picture as PNG bytes (decoded, the same pixels exactly)."""
    if not _indexed(image):
        out = io.BytesIO()
        image.save(out, format="PNG", compress_level=1)
        return out.getvalue()
    width, height = image.size
    return _indexed_png(_raw(rows(image)), image, width, height, level)


def rows(image: Image.Image) -> Image.Image:
    """A palette picture one column wider, from its second column on, index 0 down its first,
    in the same palette: each row begins with its filter type, 0 ("none"), so its bytes are
    exactly what its PNG deflates."""
    width, height = image.size
    wider = Image.new("P", (width + 1, height), 0)
    wider.putpalette(image.getpalette() or [])
    wider.paste(image, (1, 0))
    return wider


def picture(wider: Image.Image) -> Image.Image:
    """The picture a ``rows`` layout holds (a copy)."""
    return wider.crop((1, 0, wider.width, wider.height))


def encode_rows(wider: Image.Image, level: int = LEVEL) -> bytes:
    """``encode`` of a picture kept in the ``rows`` layout as it is drawn (``render.layers``,
    ``render.flat``): its first column is set to index 0 (whatever was drawn left of the
    picture is cut off), and its bytes are deflated as they are, without first copying the
    picture into such rows."""
    width, height = wider.width - 1, wider.height
    if not _indexed(wider):
        return encode(picture(wider), level)
    wider.paste(0, (0, 0, 1, height))
    return _indexed_png(_raw(wider), wider, width, height, level)


def _raw(image: Image.Image) -> bytes:
    """A palette picture's bytes (``image.tobytes()``) taken in one piece: Pillow's own
    ``tobytes`` gathers them 64 KiB at a time and then joins the pieces, a second copy of
    every byte."""
    if image.mode != "P" or not image.width or not image.height:
        return image.tobytes()
    image.load()
    encoder = Image._getencoder("P", "raw", "P")
    try:
        encoder.setimage(image.im, (0, 0, image.width, image.height))
        _, status, data = encoder.encode(image.width * image.height)  # a byte a pixel
    finally:
        encoder.cleanup()
    return data if status == 1 else image.tobytes()  # (1: all of it, in one piece)


def _indexed(image: Image.Image) -> bool:
    """Whether ``image`` is encoded here: a palette picture with RGB colours, none see-through
    (anything else is left to Pillow)."""
    palette = image.palette
    return (
        image.mode == "P"
        and "transparency" not in image.info
        and palette is not None
        and palette.mode == "RGB"
    )


def _indexed_png(raw: bytes, image: Image.Image, width: int, height: int, level: int) -> bytes:
    """The PNG of a palette picture ``width`` x ``height`` from its rows' bytes ``raw`` (each
    row its filter byte, 0, and its indices), in ``image``'s palette."""
    colours = bytes(image.getpalette() or [])
    colours = colours.ljust(768, b"\0")  # every index a picture can hold has its colour
    header = struct.pack(">II", width, height) + bytes(_INDEXED)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", colours),
            _chunk(b"IDAT", deflate(raw, (width + 1) * BAND, level)),
            _chunk(b"IEND", b""),
        )
    )


def deflate(raw: bytes, band: int, level: int = LEVEL) -> bytes:
    """``raw`` as a zlib stream, deflated ``band`` bytes at a time: each band is its own
    run of deflate blocks ending on a byte boundary (a full flush), so a band met before, in
    this picture or an earlier one, is not deflated again. Bands are known by their length and
    two checksums of their bytes (CRC-32 and Adler-32). One compressor serves a picture's new
    bands: a full flush leaves it as it was made (the same bytes as a new one's), and making
    one costs about a sixth of deflating a band."""
    view = memoryview(raw)
    out = [b"\x78\x01"]  # deflate, 32 KiB window, the fastest level
    kept = _bands
    packer = None
    for start in range(0, len(raw), band):
        piece = view[start : start + band]
        key = (len(piece), zlib_ng.crc32(piece), zlib_ng.adler32(piece))
        hit, deflated = kept.get(key)
        if not hit:
            if packer is None:
                packer = zlib_ng.compressobj(level, zlib_ng.DEFLATED, -15)
            deflated = packer.compress(piece) + packer.flush(zlib_ng.Z_FULL_FLUSH)
            kept.put(key, deflated)
        out.append(deflated)
    out.append(b"\x03\x00")  # an empty last block: the end of the stream
    out.append(struct.pack(">I", zlib_ng.adler32(raw)))
    return b"".join(out)
