"""``python -m bot migrate-db --to postgresql://...``: move the bot's database to another one.

The source is the configured database (``DATABASE_URL``, else ``DATABASE_PATH``) or
``--from URL``. Every table is copied, matches in progress included, with their ids; the
target must be empty. Stop the bot first (a move made during the copy would be left behind),
then start it with ``DATABASE_URL`` set to the target.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.config import ROOT, ConfigError, load_settings
from bot.store import DatabaseUrl, OpenError, StorageError, open_store, parse_database_url
from bot.store.copy import CopyError, copy_store


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot migrate-db",
        description="Copy every table of the bot's database into another, empty database.",
    )
    parser.add_argument(
        "--to",
        required=True,
        metavar="URL",
        help="the empty target: postgresql://... (or sqlite:///...)",
    )
    parser.add_argument(
        "--from",
        dest="source",
        metavar="URL",
        help="the database to copy (default: DATABASE_URL, else DATABASE_PATH)",
    )
    args = parser.parse_args(argv)
    try:
        if args.source:
            source = parse_database_url(args.source, root=ROOT)
        else:
            source = load_settings().database
        target = parse_database_url(args.to, root=ROOT)
    except (ConfigError, OpenError) as err:
        print(f"migrate-db: {err}", file=sys.stderr)
        return 2
    if source.shown == target.shown:
        print("migrate-db: the source and the target are the same database.", file=sys.stderr)
        return 2
    if source.path is not None and not source.path.is_file():
        print(f"migrate-db: there is no database at {source.shown}.", file=sys.stderr)
        return 2
    try:
        return asyncio.run(move(source, target))
    except (OpenError, CopyError) as err:
        print(f"migrate-db: {err}", file=sys.stderr)
        return 2
    except StorageError as err:
        print(
            f"migrate-db: the copy failed and the target was left unchanged: {err}", file=sys.stderr
        )
        return 1


async def move(source: DatabaseUrl, target: DatabaseUrl) -> int:
    print(f"Copying {source.shown} to {target.shown}")
    old = await open_store(source)
    try:
        new = await open_store(target)
        try:
            copied = await copy_store(
                old, new, lambda table, n: print(f"  {table:<15} {n:>8} rows", flush=True)
            )
        finally:
            await new.close()
    finally:
        await old.close()
    print(
        f"Done: {sum(copied.values())} rows in {len(copied)} tables; every table's row count "
        "matches the source. Start the bot with DATABASE_URL set to the new database."
    )
    return 0
