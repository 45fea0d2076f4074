"""Numbers written the way the active locale writes them (decimal mark, minus sign), from
Babel's CLDR data: ``1.5`` in English is ``1,5`` in Polish."""

from __future__ import annotations

from babel.numbers import format_decimal

from words.catalogue import ENGLISH, PSEUDO, current


def _cldr() -> str:
    locale = current()
    return ENGLISH if locale == PSEUDO else locale.replace("-", "_")


def decimal(value: float, places: int = 1, *, signed: bool = False, trim: bool = False) -> str:
    """``value`` to ``places`` decimals in the active locale; ``signed``: with ``+`` or ``−``
    always; ``trim``: without trailing zeros (``1.50`` -> ``1.5``, ``2.0`` -> ``2``)."""
    low = 0 if trim else places
    pattern = "#,##0" + ("." + "0" * low + "#" * (places - low) if places else "")
    if signed:
        pattern = f"+{pattern};−{pattern}"
    value = round(value, places)
    if not signed:
        value += 0.0  # "0.0", never "-0.0"; signed, a small loss still reads "−0.0"
    return format_decimal(value, format=pattern, locale=_cldr())
