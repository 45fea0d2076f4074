"""Shared drawing helpers: fonts, a colour-blind-safe palette, caches built once, text measures."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"

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


@functools.lru_cache(maxsize=16384)
def length(f: ImageFont.FreeTypeFont, text: str) -> float:
    """``f.getlength(text)``, remembered: every picture measures the same names, numbers and
    labels again, and each measure lays the text out anew (about 0.1 ms)."""
    return f.getlength(text)


@functools.lru_cache(maxsize=16384)
def bbox(f: ImageFont.FreeTypeFont, text: str, anchor: str | None = None) -> tuple[int, ...]:
    """``f.getbbox(text, anchor=anchor)``, remembered like ``length``."""
    return tuple(int(v) for v in f.getbbox(text, anchor=anchor))


def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(length(font(size, bold), text))
