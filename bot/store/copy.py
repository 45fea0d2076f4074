"""Copy every table of one store into another, empty one (SQLite to PostgreSQL, or back).

Rows keep their ids (match ids are in every button's custom id, so old boards keep working);
tables are copied parents first, each in key order, all in one transaction of the target: a
failure leaves the target as empty as it was. Identity sequences are moved past the copied
ids, and the row counts of both sides are compared at the end.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.store.backend import StorageError
from bot.store.store import BEYOND_KEY, Store

#: every table, parents before children, with the key that orders its rows
TABLES: tuple[tuple[str, str], ...] = (
    ("matches", "id"),
    ("seats", "match_id, seat"),
    ("actions", "match_id, ply"),
    ("board_messages", "message_id"),
    ("clock_events", "match_id, ply, kind, n"),
    ("outbox", "match_id, ply"),
    ("results", "match_id"),
    ("analyses", "match_id"),
    ("ratings", "guild_id, game, user_id"),
    ("seasons", "id"),
    ("season_ratings", "season_id, game, user_id"),
    ("digest_sends", "user_id, day"),
    ("guild_settings", "guild_id"),
    ("user_settings", "user_id"),
    ("standing_orders", "user_id, game, name"),
    ("meta", "key"),
    ("tournaments", "id"),
    ("tournament_players", "tournament_id, user_id"),
    ("tournament_tables", "tournament_id, round, number"),
    ("tournament_posts", "tournament_id, round, kind"),
)
#: tables whose id the database assigns (its sequence must move past the copied rows)
IDENTITIES = (("matches", "id"), ("tournaments", "id"), ("seasons", "id"))
#: rows each store writes for itself as it migrates (which migrations it has run), neither
#: copied nor counted: both sides were migrated by the same bot
OWN_ROWS = {"meta": f"key <> '{BEYOND_KEY}'"}


def _rows(table: str) -> str:
    return f"{table} WHERE {OWN_ROWS[table]}" if table in OWN_ROWS else table


BATCH = 500


class CopyError(Exception):
    """The copy cannot be made (or did not add up): one line for the operator."""


async def counts(store: Store) -> dict[str, int]:
    result = {}
    for table, _ in TABLES:
        row = await store.fetchone(f"SELECT COUNT(*) AS n FROM {_rows(table)}")
        result[table] = int(row["n"]) if row else 0
    return result


async def _schema(store: Store) -> tuple[int, str | None]:
    return await store.version(), await store.settings.get_meta("migrations")


async def copy_store(
    source: Store, target: Store, progress: Callable[[str, int], None] | None = None
) -> dict[str, int]:
    """Copy ``source`` into the empty ``target``; returns the rows copied per table. Raises
    ``CopyError`` if the target holds data or the counts differ afterwards."""
    if await _schema(source) != await _schema(target):
        raise CopyError(
            f"The schemas differ (source {await source.version()}, target "
            f"{await target.version()}); open both with this version of Ranch Hand first."
        )
    held = {t: n for t, n in (await counts(target)).items() if n}
    if held:
        listed = ", ".join(f"{t}: {n}" for t, n in held.items())
        raise CopyError(
            f"The target database ({target.where}) is not empty ({listed}); migrate-db only "
            "copies into an empty database."
        )
    expected = await counts(source)
    async with target.backend.transaction() as tx:
        for table, key in TABLES:
            copied = 0
            while copied < expected[table]:
                rows = await source.fetchall(
                    f"SELECT * FROM {_rows(table)} ORDER BY {key} LIMIT ? OFFSET ?",
                    (BATCH, copied),
                )
                if not rows:
                    break
                columns = list(dict(rows[0]).keys())
                marks = ", ".join("?" for _ in columns)
                await tx.executemany(
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                    [tuple(dict(r)[c] for c in columns) for r in rows],
                )
                copied += len(rows)
            if progress is not None:
                progress(table, copied)
        if target.dialect == "postgresql":
            for table, column in IDENTITIES:
                await tx.fetchone(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                    f"COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)"
                )
    found = await counts(target)
    if found != expected:
        differ = ", ".join(
            f"{t}: {expected[t]} -> {found[t]}" for t in expected if expected[t] != found[t]
        )
        raise CopyError(f"The copy does not add up ({differ}).")
    return found


__all__ = ["TABLES", "CopyError", "StorageError", "copy_store", "counts"]
