"""Numbers in the reader's language: a Polish player reads a decimal comma, and a chance or a
rating never shows a stray "-0.0"."""

from __future__ import annotations

import words
from games.highrollin.talk.common import percent
from words.numbers import decimal


def test_a_decimal_takes_the_locale_s_mark_and_grouping() -> None:
    with words.use("en"):
        assert [decimal(1.26), decimal(1234.5), decimal(-0.01)] == ["1.3", "1,234.5", "0.0"]
    with words.use("pl"):
        assert [decimal(1.26), decimal(1234.5)] == ["1,3", "1\xa0234,5"]
    with words.use(words.PSEUDO):
        assert decimal(1.26) == "1.3", "the pseudo-locale writes numbers as English does"


def test_signed_and_trimmed_forms() -> None:
    with words.use("en"):
        assert decimal(2.5, signed=True) == "+2.5"
        assert decimal(-2.5, signed=True) == "−2.5"
        assert [decimal(37.5, trim=True), decimal(24.0, trim=True)] == ["37.5", "24"]


def test_a_high_rollin_chance_in_polish_has_a_comma() -> None:
    with words.use("en"):
        assert (percent(0.015), percent(0.24)) == ("1.5%", "24%")
    with words.use("pl"):
        assert percent(0.015).startswith("1,5")


def _babel_writes(value: float, places: int, signed: bool, trim: bool, locale: str) -> str:
    """How Babel's ``format_decimal`` writes ``decimal``'s number (its pattern)."""
    from babel.numbers import format_decimal

    low = 0 if trim else places
    pattern = "#,##0" + ("." + "0" * low + "#" * (places - low) if places else "")
    if signed:
        pattern = f"+{pattern};−{pattern}"
    value = round(value, places)
    if not signed:
        value += 0.0
    return format_decimal(value, format=pattern, locale=locale)


def test_a_decimal_is_written_as_babel_writes_it() -> None:
    """Over numbers of every size and sign, halves that round either way, whole numbers, and
    numbers that round to zero from below: the same text as Babel's own formatting, in
    English and in Polish, every number of places, signed or not, trimmed or not."""
    import random

    pick = random.Random(11)
    values = [0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.05, 0.15, 0.25, -0.04, 999.95, 1000.0, 1e6]
    values += [1234.5, -9876.5, 12345.678, 0.125, 0.375, 24.0, 37.5, 100.0, -100.0]
    values += [pick.uniform(-1e7, 1e7) for _ in range(150)]
    values += [pick.uniform(-2, 2) for _ in range(150)]
    values += [round(pick.uniform(-5000, 5000), pick.randrange(4)) for _ in range(150)]
    for locale in ("en", "pl"):
        with words.use(locale):
            for value in values:
                for places in (0, 1, 2, 3):
                    for signed in (False, True):
                        for trim in (False, True):
                            expected = _babel_writes(value, places, signed, trim, locale)
                            got = decimal(value, places, signed=signed, trim=trim)
                            assert got == expected, (value, places, signed, trim, locale)
