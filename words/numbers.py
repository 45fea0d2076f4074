"""Numbers written the way the active locale writes them (decimal mark, grouping, minus
sign), from Babel's CLDR data: ``1.5`` in English is ``1,5`` in Polish.

Only a language's three symbols are read from Babel, once; then Babel's data of that language
is let go (``words.cldr``). A board's texts write their numbers in every drawing process, and
each would otherwise carry that data for three symbols.
"""

from __future__ import annotations

import functools
from decimal import ROUND_HALF_EVEN, Decimal

from babel import Locale
from babel.numbers import get_decimal_symbol, get_group_symbol, get_minus_sign_symbol

from words import cldr
from words.catalogue import ENGLISH, PSEUDO, current

#: the sign of a negative number written ``signed`` (the minus sign, not a hyphen)
SIGNED_MINUS = "−"


def _cldr_name() -> str:
    locale = current()
    return ENGLISH if locale == PSEUDO else locale.replace("-", "_")


@functools.cache
def symbols(locale: str) -> tuple[str, str, str]:
    """``locale``'s (CLDR name) decimal mark, group separator and minus sign."""
    parsed = Locale.parse(locale)
    found = (get_decimal_symbol(parsed), get_group_symbol(parsed), get_minus_sign_symbol(parsed))
    cldr.forget()
    return found


def decimal(value: float, places: int = 1, *, signed: bool = False, trim: bool = False) -> str:
    """``value`` to ``places`` decimals in the active locale; ``signed``: with ``+`` or ``−``
    always; ``trim``: without trailing zeros (``1.50`` -> ``1.5``, ``2.0`` -> ``2``).
    Rounded half to even, grouped by thousands (as Babel's ``format_decimal`` writes it)."""
    point, group, minus = symbols(_cldr_name())
    value = round(value, places)
    if not signed:
        value += 0.0  # "0.0", never "-0.0"; signed, a small loss still reads "−0.0"
    number = Decimal(repr(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)
    text = f"{abs(number):,.{places}f}"
    if trim and places:
        text = text.rstrip("0").rstrip(".")
    whole, _, fraction = text.partition(".")
    text = whole.replace(",", group) + (point + fraction if fraction else "")
    if signed:
        return (SIGNED_MINUS if number.is_signed() else "+") + text
    return (minus if number.is_signed() else "") + text
