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
