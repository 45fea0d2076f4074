"""Babel's CLDR data, let go once what is needed of it is read.

Babel keeps all it read of a language (its formats, calendars, names of every language and
country: some 2-3 MB each, and its root's) for as long as the process lives. The bot reads a
few things of each language once (its own name, its decimal mark, group separator and minus
sign) and keeps those; ``forget`` hands the rest back.
"""

from __future__ import annotations

from babel import localedata


def forget() -> None:
    """Let go of the locale data Babel keeps, where this Babel can (``clear_caches``)."""
    clear = getattr(localedata, "clear_caches", None)
    if clear is not None:
        clear()
