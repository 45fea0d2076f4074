"""``python -m bot backup FILE``: a consistent copy of the SQLite database, safe while the bot
runs.

It uses SQLite's online backup API, which copies the database as one committed state even
while the bot writes to it (WAL mode), so the copy holds every move committed before it
started and none half-written. Copying the ``.sqlite3`` file with ``cp`` instead can miss what
is still in the ``-wal`` file. The copy is written beside ``FILE`` first and moved into place
when complete. For PostgreSQL, use ``pg_dump``.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from pathlib import Path

from bot.config import ConfigError, load_settings

#: pages copied per step; the bot's writes go on between steps
PAGES = 1024


def backup(source: Path, target: Path) -> int:
    """Copy ``source`` to ``target`` (replaced only once the copy is whole); the number of
    moves the copy holds."""
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst, pages=PAGES)
            dst.execute("PRAGMA journal_mode=DELETE")
            ok = dst.execute("PRAGMA integrity_check").fetchone()[0]
            if ok != "ok":
                raise sqlite3.DatabaseError(f"the copy failed its integrity check: {ok}")
            moves = dst.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        finally:
            dst.close()
    finally:
        src.close()
    os.replace(partial, target)
    return int(moves)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot backup",
        description="Copy the SQLite database consistently, also while the bot runs.",
    )
    parser.add_argument("file", type=Path, help="where to write the copy (replaced if present)")
    parser.add_argument(
        "--database",
        type=Path,
        help="the SQLite file to copy (default: the bot's, from DATABASE_PATH or DATABASE_URL)",
    )
    args = parser.parse_args(argv)
    try:
        source = args.database or _configured()
    except ConfigError as err:
        print(f"Configuration error: {err}", file=sys.stderr)
        return 2
    if not source.is_file():
        print(f"No database at {source}.", file=sys.stderr)
        return 2
    target = args.file.expanduser().resolve()
    if target == source.resolve():
        print("The copy must go to another file than the database itself.", file=sys.stderr)
        return 2
    try:
        moves = backup(source, target)
    except (sqlite3.Error, OSError) as err:
        print(f"Backup failed: {err}", file=sys.stderr)
        return 1
    print(f"Copied {source} to {target} ({moves} moves).")
    return 0


def _configured() -> Path:
    database = load_settings().database
    if database.dialect != "sqlite" or database.path is None:
        raise ConfigError("backup copies SQLite databases; for PostgreSQL use pg_dump.")
    return Path(database.path)
