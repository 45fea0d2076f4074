"""SQLite through aiosqlite: the default, a single file, nothing to install.

One connection serves every coroutine, in WAL mode; writes take turns (``BEGIN IMMEDIATE``
under an asyncio lock) so no statement lands inside another coroutine's transaction. Another
process holding the write lock is waited for (``busy_timeout``) and reported as "busy".

A second connection, read-only and never waiting for a lock, serves ``fetchall_now``: a
point read (a click's match) done in the event loop's own thread, a few tens of microseconds
instead of a trip to the connection's thread and back. In WAL mode it reads the last commit
whatever the writer does; if it cannot read at once, the caller reads the usual way.
"""

from __future__ import annotations

import asyncio
import contextlib
import faulthandler
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.backend import Backend, Conflict, Later, Lost, OpenError, Row, StorageError, Tx
from bot.store.sqlite_files import FileWatch
from words import domain

#: what a player is told (worded where shown: ``_(str(err))``)
N_ = domain("bot").functions()[2]

#: a held-back statement: SQL, parameters, and what to do with its result (nothing, the
#: number of rows it must change, or where its rows go)
Held = tuple[str, tuple[object, ...], int | Later | None]

#: how long one statement waits for another process's write lock
BUSY_TIMEOUT_MS = 4000


def storage_error(err: BaseException) -> BaseException:
    """What a sqlite3 error means for players and admins (other errors pass through)."""
    text = str(err).lower()
    if isinstance(err, sqlite3.IntegrityError) and "unique" in text:
        return Conflict(str(err))
    if isinstance(err, ValueError) and ("closed" in text or "no active connection" in text):
        return StorageError(N_("The bot is restarting; try again in a moment."), kind="closed")
    if not isinstance(err, sqlite3.Error):
        return err
    if "locked" in text or "busy" in text:
        return StorageError(
            N_("The database is busy right now; nothing was saved. Try again in a moment."),
            kind="busy",
        )
    if "full" in text:
        return StorageError(
            N_(
                "The bot's disk is full, so nothing could be saved; a server admin must free space."
            ),
            kind="full",
        )
    if "readonly" in text or "read-only" in text:
        return StorageError(
            N_(
                "The bot's database is read-only, so nothing could be saved; a server admin must "
                "fix its permissions."
            ),
            kind="io",
        )
    return StorageError(
        N_("The bot's database failed to save this (a disk or file error); nothing was changed."),
        kind="io",
    )


def _run_batch(
    conn: sqlite3.Connection,
    batch: list[Held],
    last: tuple[str, tuple[object, ...]] | None,
    rows: bool,
) -> Any:
    """In the connection's thread: the deferred statements (a guard's count checked, a later
    statement's rows kept), then ``last`` (its rows, or the count it changed)."""
    for sql, params, then in batch:
        cur = conn.execute(sql, params)
        try:
            if isinstance(then, Later):
                then.fill(cur.fetchall())
            elif then is not None and cur.rowcount != then:
                raise Lost(sql)
        finally:
            cur.close()
    if last is None:
        return None
    cur = conn.execute(*last)
    try:
        return cur.fetchall() if rows else cur.rowcount
    finally:
        cur.close()


def _reader(path: Path | str) -> sqlite3.Connection:
    """A read-only connection that never waits for a lock (``timeout=0``), for the event
    loop's thread; each statement reads the last commit (autocommit, WAL)."""
    reader = sqlite3.connect(str(path), timeout=0, isolation_level=None)
    reader.row_factory = sqlite3.Row
    reader.execute("PRAGMA query_only = ON")
    return reader


class _SqliteTx(Tx):
    """Statements on the one connection. Inside a transaction, statements whose result nobody
    waits for (``BEGIN``, ``put``, ``guard``, ``later``) are held back and sent with the next
    one that has a result, or with ``COMMIT``: a move's transaction is one trip to the
    database thread. An error in a held-back statement, or a guard that changed another
    number of rows (``Lost``), surfaces at that trip before ``COMMIT`` runs, still inside the
    transaction, which then rolls back as usual."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        #: held-back statements, while a transaction is open (else None: sent at once)
        self.pending: list[Held] | None = None
        #: the files, checked before each trip (None: an in-memory database)
        self.watch: FileWatch | None = None

    async def _trip(self, last: tuple[str, tuple[object, ...]] | None, rows: bool) -> Any:
        batch, self.pending = self.pending, ([] if self.pending is not None else None)
        if self.watch is not None:
            self.watch.check()
        try:
            if batch:
                # one hop to aiosqlite's thread for the whole batch (its own executor hook)
                raw = self.conn._conn
                return await self.conn._execute(_run_batch, raw, batch, last, rows)
            if last is None:
                return None
            if rows:
                return list(await self.conn.execute_fetchall(*last))
            async with self.conn.execute(*last) as cur:
                return cur.rowcount
        except (sqlite3.Error, ValueError) as err:
            raise storage_error(err) from err

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        return int(await self._trip((sql, tuple(params)), rows=False))

    async def put(self, sql: str, params: Sequence[object] = ()) -> None:
        if self.pending is not None:
            self.pending.append((sql, tuple(params), None))
            return
        # no count wanted: one trip to the connection's thread instead of two
        await self._trip((sql, tuple(params)), rows=True)

    async def control(self, sql: str) -> None:
        """A statement with no rows and no count (COMMIT), with any held-back ones."""
        await self._trip((sql, ()), rows=True)

    async def guard(self, sql: str, params: Sequence[object] = (), changes: int = 1) -> None:
        if self.pending is None:
            await super().guard(sql, params, changes)
            return
        # checked in the database thread when it travels (``Lost`` then, before any COMMIT)
        self.pending.append((sql, tuple(params), changes))

    async def later(self, sql: str, params: Sequence[object] = ()) -> Later:
        if self.pending is None:
            return await super().later(sql, params)
        later = Later()
        self.pending.append((sql, tuple(params), later))
        return later

    def begin(self) -> None:
        """Open a transaction: ``BEGIN IMMEDIATE`` travels with the first statement."""
        self.pending = [("BEGIN IMMEDIATE", (), None)]

    async def commit(self) -> None:
        try:
            await self.control("COMMIT")
        finally:
            self.pending = None

    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        if self.pending is not None:
            self.pending.extend((sql, tuple(r), None) for r in rows)
            return
        if self.watch is not None:
            self.watch.check()
        try:
            await self.conn.executemany(sql, [tuple(r) for r in rows])
        except (sqlite3.Error, ValueError) as err:
            raise storage_error(err) from err

    async def fetchone(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        # one trip to the connection's thread (execute, fetch and close there)
        return list(await self._trip((sql, tuple(params)), rows=True))


class SqliteBackend(Backend):
    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: Path | str) -> None:
        self.conn = conn
        self.path = path
        self.where = f"SQLite file {path}"
        self.write_lock = asyncio.Lock()
        self._tx = _SqliteTx(conn)
        #: statements outside a transaction (never held back)
        self._plain = _SqliteTx(conn)
        #: the read-only connection of ``fetchall_now`` (none for an in-memory database,
        #: which a second connection would not see)
        self.reader: sqlite3.Connection | None = None

    @classmethod
    async def open(cls, path: Path | str) -> SqliteBackend:
        """Open (creating) the file; a path that cannot hold a database is an ``OpenError``."""
        memory = str(path) == ":memory:"
        if not memory:
            target = Path(path)
            if target.is_dir():
                raise OpenError(f"DATABASE_PATH {target} is a directory; give a file path.")
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise OpenError(
                    f"Cannot create the folder for the database {target}: {err.strerror}."
                ) from err
        try:
            conn = await aiosqlite.connect(str(path), isolation_level=None)
        except sqlite3.Error as err:
            raise OpenError(f"Cannot open the database {path}: {err}.") from err
        conn.row_factory = aiosqlite.Row
        backend = cls(conn, path)
        try:
            # Reading the header first tells a corrupt file from a healthy one.
            await conn.execute("PRAGMA schema_version")
            await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute("PRAGMA synchronous = NORMAL")
            if not memory:
                await conn.execute("BEGIN IMMEDIATE")
                await conn.execute("ROLLBACK")
                backend.reader = _reader(path)
                backend.watch(FileWatch(path))
        except sqlite3.Error as err:
            await conn.close()
            text = str(err).lower()
            if "not a database" in text or "malformed" in text:
                raise OpenError(
                    f"The database {path} is damaged or not a Ranch Hand database "
                    "(restore a backup or move it away)."
                ) from err
            if "readonly" in text or "read-only" in text or "unable to open" in text:
                raise OpenError(
                    f"The database {path} cannot be written (read-only file or folder); "
                    "fix its permissions."
                ) from err
            if "locked" in text or "busy" in text:
                raise OpenError(
                    f"The database {path} is locked by another process; stop it first."
                ) from err
            raise OpenError(f"Cannot use the database {path}: {err}.") from err
        return backend

    def watch(self, files: FileWatch) -> None:
        """Check ``files`` before every statement (``bot.store.sqlite_files``)."""
        self._tx.watch = self._plain.watch = files
        # the WAL index is mapped memory: should the process still die of it, a fatal signal
        # leaves its traceback on stderr
        with contextlib.suppress(ValueError, OSError, RuntimeError, AttributeError):
            if not faulthandler.is_enabled():
                faulthandler.enable()

    async def close(self) -> None:
        # Wait for the transaction in flight (if any), then close.
        async with self.write_lock:
            reader, self.reader = self.reader, None
            files = self._plain.watch
            if files is not None and files.broken is not None and not files.mend():
                return  # closing would touch memory that is gone (a checkpoint): leave it
            if reader is not None:
                reader.close()
            await self.conn.close()

    def fetchall_now(self, sql: str, params: Iterable[object] = ()) -> list[Row] | None:
        reader = self.reader
        if reader is None:
            return None
        try:
            if self._plain.watch is not None:
                self._plain.watch.check()
        except StorageError:
            return None  # the usual way reports it
        try:
            return reader.execute(sql, tuple(params)).fetchall()
        except sqlite3.Error:
            # busy (another process recovering the file, a truncating checkpoint) or worse:
            # the caller reads through the main connection, which waits its turn or reports
            # the fault
            return None

    async def fetchone(self, sql: str, params: Iterable[object] = ()) -> Row | None:
        return await self._plain.fetchone(sql, tuple(params))

    async def fetchall(self, sql: str, params: Iterable[object] = ()) -> list[Row]:
        return await self._plain.fetchall(sql, tuple(params))

    async def execute(self, sql: str, params: Iterable[object] = ()) -> int:
        async with self.write_lock:
            return await self._plain.execute(sql, tuple(params))

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self.write_lock:
            self._tx.begin()
            try:
                yield self._tx
                await self._tx.commit()
            except BaseException:
                self._tx.pending = None
                # (if BEGIN never left, there is nothing to roll back: that error is ignored)
                with contextlib.suppress(sqlite3.Error, ValueError):
                    await self.conn.execute("ROLLBACK")
                raise

    async def version(self, tx: Tx | None = None) -> int:
        row = await (tx or self._plain).fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0  # type: ignore[index]

    async def set_version(self, tx: Tx, version: int) -> None:
        await tx.execute(f"PRAGMA user_version = {int(version)}")

    async def migration_lock(self, tx: Tx) -> None:
        """``BEGIN IMMEDIATE`` already holds the only write lock."""
