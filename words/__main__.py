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

from words.catalogue import ENGLISH, shipped
from words.tool import extract, update


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
