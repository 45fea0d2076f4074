"""Each game's quick start, shown by the ``rules`` command, is its rules page's quick start."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import games

RULES_PAGES = Path(__file__).resolve().parents[2] / "docs" / "rules"


def unwrap(text: str) -> str:
    """Markdown as Discord shows it: a line per paragraph or list item (the page's source is
    wrapped at 100 characters; the quick start is not)."""
    items: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("- ") or not items:
            items.append(line)
        else:
            items[-1] += " " + line
    return "\n".join(items)


def page_quick_start(page: str) -> str:
    """The block that starts with **Quick start** on a rules page, up to the blank line."""
    lines = page.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("**Quick start"))
    block = []
    for line in lines[start:]:
        if not line.strip():
            break
        block.append(line)
    return unwrap(re.sub(r"^\*\*Quick start\.?\*\*\s*", "", "\n".join(block)))


@pytest.mark.parametrize("key", games.BUILTIN)
def test_quick_start_matches_the_rules_page(key: str) -> None:
    rules = games.get(key)
    page = (RULES_PAGES / f"{key}.md").read_text(encoding="utf-8")
    assert rules.quick_start, "every game has a quick start"
    assert rules.quick_start == unwrap(rules.quick_start), "one line per paragraph or item"
    assert rules.quick_start == page_quick_start(page)
    assert f"/{key} new" in rules.quick_start, "it says how to start"
    assert len(rules.quick_start) <= 1024, "it fits one embed field"
