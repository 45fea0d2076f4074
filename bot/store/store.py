"""The store: every query the bot makes, written once for both backends.

The match service, the turn clock and the commands call its queries and never write SQL; the
backend (SQLite or PostgreSQL) only runs statements. ``Store`` holds the backend and one object
per group of queries, each given the same backend and the same ``write`` (a write that loses a
race for a lock is tried again a few times before the player is told the database is busy):

- ``store.matches``: matches, seats, the action log and a move's commit (``matches.py``);
- ``store.outbox``: boards waiting to be posted (``outbox.py``);
- ``store.boards``: the messages that show boards, and their buttons (``boards.py``);
- ``store.clock``: the turn clock's due matches, events and pauses (``clock.py``);
- ``store.records``: results and ratings (``records.py``); ``store.seasons`` (``seasons.py``);
- ``store.analyses``: post-game reports (``analyses.py``);
- ``store.tournaments``, ``store.digests``, ``store.orders`` (standing orders),
  ``store.people`` (what is held about a person, forgetting), ``store.settings``.

Every read gives frozen rows with typed fields (``bot.store.rows``). This module holds the
store itself: migrations, writing with retries, and raw statements for the migrate-db command
and tests.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

from bot.store.analyses import AnalysisQueries
from bot.store.backend import Backend, OpenError, Row, StorageError, Tx
from bot.store.boards import BoardQueries
from bot.store.clock import ClockQueries
from bot.store.digests import DigestQueries
from bot.store.matches import (  # noqa: F401  (re-exported: what a move is stored as)
    BOARD_LEASE,
    ActionRow,
    BoardStory,
    Committed,
    MatchQueries,
    MoveRecord,
)
from bot.store.orders import OrderQueries
from bot.store.outbox import OutboxQueries
from bot.store.people import PeopleQueries
from bot.store.records import Rated, RecordQueries  # noqa: F401  (Rated: re-exported)
from bot.store.rows import SeatRow  # noqa: F401  (re-exported)
from bot.store.schema import MIGRATIONS, for_dialect
from bot.store.seasons import SeasonQueries
from bot.store.settings import SettingsQueries
from bot.store.tournaments import TournamentQueries

T = TypeVar("T")
LIVE = ("lobby", "active")
#: attempts at a write that finds the database locked (each waits for the lock first)
WRITE_ATTEMPTS = 3
#: ``meta`` key of the migrations run above the stored version (across a gap in the numbers)
BEYOND_KEY = "migrations_beyond"


class Store:
    """One backend and the groups of queries over it."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self.closing = False
        self.matches = MatchQueries(backend, self.write)
        self.outbox = OutboxQueries(backend, self.write)
        self.boards = BoardQueries(backend, self.write)
        self.clock = ClockQueries(backend, self.write)
        self.records = RecordQueries(backend, self.write)
        self.seasons = SeasonQueries(backend, self.write)
        self.analyses = AnalysisQueries(backend, self.write)
        self.tournaments = TournamentQueries(backend, self.write)
        self.digests = DigestQueries(backend, self.write)
        self.orders = OrderQueries(backend, self.write)
        self.people = PeopleQueries(backend, self.write)
        self.settings = SettingsQueries(backend, self.write)

    @property
    def dialect(self) -> str:
        return self.backend.dialect

    @property
    def where(self) -> str:
        return self.backend.where

    # Plumbing ------------------------------------------------------------------------------

    async def migrate(self) -> None:
        """Run every known migration the database has not run, lowest number first (a gap in
        the numbers is allowed; see ``bot.store.schema``). A database that ran a migration this
        bot does not know was written by a newer bot, and is refused."""
        prefix = await self.backend.version()
        applied = set(range(1, prefix + 1))
        if applied <= set(MIGRATIONS):  # a newer bot's database may not hold what we read
            applied = await self._applied()
        if applied - set(MIGRATIONS):
            raise OpenError(
                f"The database ({self.where}) was written by a newer Ranch Hand (schema "
                f"{max(applied)}, this one knows {max(MIGRATIONS)}); upgrade the bot."
            )
        for number in sorted(set(MIGRATIONS) - applied):
            async with self.backend.transaction() as tx:
                await self.backend.migration_lock(tx)
                done = await self._applied(tx)
                if number in done:
                    continue  # another process migrated meanwhile
                for statement in for_dialect(MIGRATIONS[number], self.dialect):
                    await tx.execute(statement)
                await self._set_applied(tx, done | {number})

    async def _applied(self, tx: Tx | None = None) -> set[int]:
        """The migrations this database has run: every number up to its stored version, and
        those above it run across a gap (kept in ``meta``)."""
        prefix = await self.backend.version(tx)
        applied = set(range(1, prefix + 1))
        if prefix:
            row = await (tx or self.backend).fetchone(
                "SELECT value FROM meta WHERE key = ?", (BEYOND_KEY,)
            )
            if row is not None:
                applied |= {int(n) for n in json.loads(row["value"])}
        return applied

    async def _set_applied(self, tx: Tx, applied: set[int]) -> None:
        prefix = 0
        while prefix + 1 in applied:
            prefix += 1
        beyond = sorted(n for n in applied if n > prefix)
        await self.backend.set_version(tx, prefix)
        await tx.execute("DELETE FROM meta WHERE key = ?", (BEYOND_KEY,))
        if beyond:
            await tx.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?)", (BEYOND_KEY, json.dumps(beyond))
            )

    async def version(self) -> int:
        """The highest migration this database has run (0: none)."""
        return max(await self._applied(), default=0)

    async def close(self) -> None:
        self.closing = True
        await self.backend.close()

    async def write(self, body: Callable[[Tx], Awaitable[T]]) -> T:
        """Run ``body`` in a transaction; a locked database is tried again a few times."""
        for attempt in range(WRITE_ATTEMPTS):
            try:
                async with self.backend.transaction() as tx:
                    return await body(tx)
            except StorageError as err:
                if err.kind != "busy" or attempt == WRITE_ATTEMPTS - 1:
                    raise
                await asyncio.sleep(0.25 * 2**attempt)
        raise AssertionError("unreachable")

    # Raw access for tests and the migrate-db command.
    async def fetchone(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        return await self.backend.fetchone(sql, params)

    async def fetchall(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        return await self.backend.fetchall(sql, params)

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        return await self.backend.execute(sql, params)
