"""Handing the heap's free pages back to the system (``malloc_trim``, where the C library is
glibc): memory Python frees inside the C heap stays with the process otherwise, so a burst of
moves would leave the process as big as its busiest moment. (No ``asyncio`` here: the render
workers' template imports this.)"""

from __future__ import annotations

import ctypes
from collections.abc import Callable


def _trimmer() -> Callable[[int], int] | None:
    try:
        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc
        return None


_TRIM = _trimmer()


def give_back() -> None:
    """Hand the heap's free pages back to the system now (where the C library can)."""
    if _TRIM is not None:
        _TRIM(0)
