"""The catalogues' Babel steps: extract the marked texts into templates, bring the ``.po``
files up to them (``python -m words`` runs them; ``words.check`` extracts afresh to compare)."""

from __future__ import annotations

from pathlib import Path

from words.catalogue import DOMAINS, LOCALE_DIR

ROOT = LOCALE_DIR.parent.parent
#: the keywords texts are marked with (gettext's defaults, and N_ for texts worded later)
KEYWORDS = ["_", "ngettext:1,2", "N_", "pgettext:1c,2", "npgettext:1c,2,3"]


def _babel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *args])


def extract() -> None:
    for name in DOMAINS:
        extract_one(name, LOCALE_DIR / f"{name}.pot")


def extract_one(name: str, out: Path) -> None:
    """One domain's texts, from its folders and files, into the template ``out``."""
    paths = [str(ROOT / s) for s in DOMAINS[name] if (ROOT / s).exists()]
    keywords = [f"--keyword={k}" for k in KEYWORDS]
    _babel(
        "extract",
        "--no-default-keywords",
        *keywords,
        "--no-location",
        "--sort-output",
        "--add-comments=TRANSLATORS:",
        "--project=Ranch Hand",
        "--charset=UTF-8",
        "--no-wrap",
        "-o",
        str(out),
        *paths,
    )


def update(locales: list[str]) -> None:
    for name in DOMAINS:
        for locale in locales:
            po = LOCALE_DIR / locale / "LC_MESSAGES" / f"{name}.po"
            pot = LOCALE_DIR / f"{name}.pot"
            if not po.exists():
                _babel(
                    "init",
                    "-i",
                    str(pot),
                    "-d",
                    str(LOCALE_DIR),
                    "-D",
                    name,
                    "-l",
                    locale,
                    "--no-wrap",
                )
                continue
            _babel(
                "update",
                "-i",
                str(pot),
                "-d",
                str(LOCALE_DIR),
                "-D",
                name,
                "-l",
                locale,
                "--ignore-obsolete",
                "--no-wrap",
            )
