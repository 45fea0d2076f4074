"""The catalogues are sound: every shipped language complete for each finished domain, the
placeholders of each translation the same as its English, Polish counting right, and the
templates in step with the code."""

from __future__ import annotations

from pathlib import Path

import pytest

import words
from words import check
from words.catalogue import DOMAINS

#: domains whose translations are still being written (every shipped one is complete)
PENDING: set[str] = set()


def _of(domain: str, lines: list[str]) -> list[str]:
    return [line for line in lines if line.split(":", 1)[0].endswith(f"/{domain}.po")]


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_finished_catalogue_is_complete_and_sound(domain: str) -> None:
    if domain in PENDING:
        pytest.skip(f"the {domain} catalogue is still being translated")
    found = _of(domain, check.problems())
    assert not found, "\n".join(found)


def test_the_check_reports_an_unsound_translation() -> None:
    """A translation that drops a placeholder, one left fuzzy and one left empty are each
    reported."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="pl")
    catalog.add("{name} rolled.", "{imie} rzucił.")
    catalog.add("Leave", "Wyjdź", flags=["fuzzy"])
    catalog.add("Join", "")
    said = "\n".join(line for m in catalog if m.id for line in check._entry(m))
    assert "placeholders differ" in said and "fuzzy: 'Leave'" in said
    assert "untranslated: 'Join'" in said


POLISH_DAYS = {
    0: "0 dni",
    1: "1 dzień",
    2: "2 dni",
    4: "4 dni",
    5: "5 dni",
    12: "12 dni",
    21: "21 dni",
    22: "22 dni",
    25: "25 dni",
    102: "102 dni",
    112: "112 dni",
}
POLISH_FRAMES = {
    0: "0 klatek",
    1: "1 klatka",
    2: "2 klatki",
    4: "4 klatki",
    5: "5 klatek",
    12: "12 klatek",
    21: "21 klatek",
    22: "22 klatki",
    25: "25 klatek",
    102: "102 klatki",
    112: "112 klatek",
}


@pytest.mark.parametrize("n", sorted(POLISH_FRAMES))
def test_polish_picks_the_right_plural_form(n: int) -> None:
    """Through the real catalogue: the header's rule chooses among the three forms."""
    ngettext = words.domain("bot").ngettext
    with words.use("pl"):
        frames = ngettext("{count} frame", "{count} frames", n).format(count=n)
        days = ngettext("{count} day", "{count} days", n).format(count=n)
    assert frames == POLISH_FRAMES[n]
    assert days == POLISH_DAYS[n]


def test_the_polish_plural_header_is_the_three_form_rule() -> None:
    path = words.catalogue.LOCALE_DIR / "pl" / "LC_MESSAGES" / "bot.po"
    assert list(check.plural_problems("pl", path)) == []


def test_english_stays_the_source_and_the_fallback() -> None:
    ngettext = words.domain("bot").ngettext
    assert ngettext("{count} day", "{count} days", 1).format(count=1) == "1 day"
    assert ngettext("{count} day", "{count} days", 2).format(count=2) == "2 days"
    with words.use("pl"):
        # a text no catalogue has comes out in English
        assert words.domain("bot").gettext("A sentence nobody marked.") == (
            "A sentence nobody marked."
        )


def test_the_templates_match_the_code(tmp_path: Path) -> None:
    """``python -m words extract`` would change no template: every marked text is in the
    catalogue and nothing gone is left in it."""
    stale = check.stale_templates(tmp_path)
    assert not stale, "run python -m words extract && python -m words update: " + "; ".join(stale)
