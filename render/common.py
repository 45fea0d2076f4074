"""Shared drawing helpers: fonts, a colour-blind-safe palette, caches built once, text measures."""

from __future__ import annotations

import functools
import importlib.resources
import math
import threading
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from PIL import Image, ImageDraw, ImageFont

from render.cache import kept

#: the DejaVu fonts, shipped inside the package (``render/fonts``), so any install has them
FONT_DIR = Path(str(importlib.resources.files("render") / "fonts"))

#: Okabe-Ito palette: distinguishable with the common colour-vision deficiencies. Always pair a
#: colour with a letter or shape as well.
PALETTE = {
    "orange": (230, 159, 0),
    "sky": (86, 180, 233),
    "green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "vermillion": (213, 94, 0),
    "purple": (204, 121, 167),
    "black": (40, 40, 40),
}
INK = (33, 33, 33)
PAPER = (250, 246, 236)
MUTED = (120, 112, 100)
HIGHLIGHT = (255, 214, 10)

T = TypeVar("T")


def build_once(fn: Callable[..., T]) -> Callable[..., T]:
    """Cache ``fn`` by its arguments, building each value once even when several threads ask
    for it at the same moment (``functools.lru_cache`` would let each of them build it).

    Hits take no lock. Builds hold one lock per cached function, so a cached function may call
    other cached functions, but never itself with a missing key.
    """
    store: dict[Any, T] = {}
    lock = threading.RLock()

    @functools.wraps(fn)
    def cached(*args: Any, **kwargs: Any) -> T:
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        try:
            return store[key]
        except KeyError:
            pass
        with lock:
            if key not in store:
                store[key] = fn(*args, **kwargs)
            return store[key]

    cached.cache_clear = store.clear  # type: ignore[attr-defined]
    return cached


@build_once
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def warm() -> None:
    """Load the fonts every renderer shares."""
    for size in (22, 24, 26, 28, 30):
        font(size)
        font(size, True)


@kept
def length(f: ImageFont.FreeTypeFont, text: str) -> float:
    """``f.getlength(text)``, remembered: every picture measures the same names, numbers and
    labels again, and each measure lays the text out anew (about 0.1 ms). A new line of plain
    words is the sum of its words' measures (see ``draw_text``)."""
    if " " in text and _plain(text):
        words = text.split(" ")
        return sum(_spaced(f, w) for w in words[:-1]) + length(f, words[-1])
    return f.getlength(text)


@kept
def _spaced(f: ImageFont.FreeTypeFont, word: str) -> float:
    """``word`` and the space after it, measured."""
    return f.getlength(word + " ")


def _plain(text: str) -> bool:
    """Whether ``text`` is laid out word by word: one line, left to right throughout (no
    right-to-left letters, which would reorder its words) and no word opening on a combining
    mark (which would belong to the space before it). The fonts kern nothing against a space,
    so such a line's words sit exactly where a layout of the whole line puts them."""
    if "\n" in text:
        return False
    for k, c in enumerate(text):
        if c.isascii():
            continue
        if unicodedata.bidirectional(c) in _REORDERING:
            return False
        if unicodedata.combining(c) and (k == 0 or text[k - 1] == " "):
            return False
    return True


_REORDERING = frozenset(
    {"R", "AL", "AN", "RLE", "RLO", "RLI", "LRE", "LRO", "LRI", "FSI", "PDF", "PDI"}
)


def draw_text(
    image: Image.Image,
    xy: tuple[float, int],
    text: str,
    f: ImageFont.FreeTypeFont,
    fill: int | tuple[int, ...],
    anchor: str = "la",
) -> None:
    """``ImageDraw.Draw(image).text(xy, text, font=f, fill=fill, anchor=anchor)``, the very
    same pixels, from words drawn once: a picture's new lines (what the last move did, a count
    that changed) are mostly words it has drawn before, and laying out and rasterising a whole
    line costs about 0.6 ms. Each word is kept for each place within a pixel where it can
    start (FreeType places glyphs to 1/64 px). Lines anchored at their left on a line of the
    font (ascender, middle, baseline) are drawn so; others are left to Pillow."""
    x, y = xy
    if " " not in text or x < 0 or y != int(y) or anchor not in _BY_WORDS or not _plain(text):
        ImageDraw.Draw(image).text(xy, text, font=f, fill=fill, anchor=anchor)
        return
    at = float(x)
    words = text.split(" ")
    for k, word in enumerate(words):
        if word:
            left = math.floor(at)
            mask, dx, dy = _word(f, word, at - left, anchor)
            image.paste(fill, (left - dx, int(y) - dy), mask)
        if k < len(words) - 1:
            at += _spaced(f, word)


#: anchors whose words sit where the whole line's do (horizontally at the left, vertically on
#: a line of the font rather than of the text's own ink)
_BY_WORDS = frozenset({"la", "lm", "ls"})


@kept
def _word(
    f: ImageFont.FreeTypeFont, word: str, start: float, anchor: str
) -> tuple[Image.Image, int, int]:
    """The coverage of ``word``'s glyphs laid out from ``start`` (a fraction of a pixel) at
    ``anchor``, and where the anchor point lies in it: FreeType's own bitmap of the word, as
    ``ImageDraw.text`` lays it out and draws it (one layout of the word, where its bounding
    box, its measure and a draw took up to three)."""
    bitmap, (left, top) = f.getmask2(word, "L", anchor=anchor, start=(start, 0.0))
    width, height = bitmap.size
    mask = Image.new("L", (max(1, width), max(1, height)), 0)
    if width and height:
        # ``ImageDraw.text`` draws this bitmap with ink 255 over nothing: the same values
        mask.im.paste(bitmap, (0, 0, width, height))
    return mask, -left, -top


@kept
def bbox(f: ImageFont.FreeTypeFont, text: str, anchor: str | None = None) -> tuple[int, ...]:
    """``f.getbbox(text, anchor=anchor)``, remembered like ``length``."""
    return tuple(int(v) for v in f.getbbox(text, anchor=anchor))


def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(length(font(size, bold), text))
