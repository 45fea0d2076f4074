"""``python -m words``: the catalogues' tool, over Babel.

- ``extract``: every domain's texts from the code into ``words/locale/<domain>.pot``;
- ``update``: each locale's ``.po`` brought up to its template (new texts empty, gone ones
  dropped);
- ``init LOCALE``: a new language's ``.po`` files from the templates;
- ``check``: every catalogue complete and sound (``words.check``), exit 1 if not.

Run ``extract`` then ``update`` after changing texts; translate the new entries; ``check``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from words.catalogue import DOMAINS, ENGLISH, LOCALE_DIR, shipped

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m words", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="write every domain's template from the code")
    up = sub.add_parser("update", help="bring each locale's catalogues up to the templates")
    up.add_argument("locales", nargs="*", help="locales to update (default: every shipped one)")
    init = sub.add_parser("init", help="start a new language from the templates")
    init.add_argument("locale", help="the language's Discord locale tag, e.g. de or pt-BR")
    sub.add_parser("check", help="report untranslated, fuzzy or unsound entries")
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract()
    elif args.command == "update":
        update(args.locales or [loc for loc in shipped() if loc != ENGLISH])
    elif args.command == "init":
        update([args.locale])
    else:
        from words.check import problems

        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
