"""``python -m bot forget-server GUILD_ID``: remove everything kept about one server.

For a server that removed the bot (or asked for its data to go): its matches with their
seats, moves and boards, its results, ratings and settings. Asks before it deletes unless
``--yes`` is given; the bot may keep running meanwhile.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.config import ROOT, ConfigError, load_settings
from bot.store import DatabaseUrl, OpenError, StorageError, open_store, parse_database_url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot forget-server",
        description="Remove every match, result, rating and setting of one server.",
    )
    parser.add_argument("guild_id", type=int, help="the server's id (Discord: Copy Server ID)")
    parser.add_argument("--yes", action="store_true", help="do not ask before deleting")
    parser.add_argument(
        "--database", metavar="URL", help="the database (default: DATABASE_URL, else DATABASE_PATH)"
    )
    args = parser.parse_args(argv)
    if args.guild_id <= 0:
        parser.error("the server id is a positive number")
    try:
        url = (
            parse_database_url(args.database, root=ROOT)
            if args.database
            else (load_settings().database)
        )
    except (ConfigError, OpenError) as err:
        print(f"forget-server: {err}", file=sys.stderr)
        return 2
    return asyncio.run(_forget(url, args.guild_id, args.yes))


async def _forget(url: DatabaseUrl | str | Path, guild_id: int, yes: bool) -> int:
    try:
        store = await open_store(url)
    except OpenError as err:
        print(f"forget-server: {err}", file=sys.stderr)
        return 2
    try:
        count = await store.matches.count_in_guild(guild_id)
        print(f"Server {guild_id}: {count} match(es) stored, with their results and ratings.")
        if not yes and not _confirmed():
            print("Nothing was deleted.")
            return 1
        removed = await store.people.forget_guild(guild_id)
        print(f"Removed {removed} match(es) and every result, rating and setting of {guild_id}.")
        return 0
    except StorageError as err:
        print(f"forget-server: {err}", file=sys.stderr)
        return 1
    finally:
        await store.close()


def _confirmed() -> bool:
    if not sys.stdin.isatty():
        print("Run it again with --yes to delete (no terminal to ask on).")
        return False
    return input("Delete all of it? Type yes: ").strip().lower() == "yes"
