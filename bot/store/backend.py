"""What a database engine must give the store: statements, transactions, migrations, errors.

Statements are written once, with ``?`` placeholders, in the SQL SQLite and PostgreSQL share;
each backend runs them its own way. Rows read like mappings (``row["column"]``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

Row = Mapping[str, Any]


class StorageError(Exception):
    """The database could not do what was asked; ``str(err)`` is fit for a player or an admin
    (in English, a text of the catalogue: a player is shown ``_(str(err))``, in their locale).


    ``kind`` is one of "busy" (locked by someone else: try again), "full" (the disk is full),
    "io" (the disk or the server failed), "closed" (the bot is stopping)."""

    def __init__(self, message: str, *, kind: str = "io") -> None:
        super().__init__(message)
        self.kind = kind


class OpenError(Exception):
    """The database cannot be used at all (start-up): one clear line for the operator."""


class Conflict(Exception):
    """A uniqueness rule refused a row (e.g. a second live match in one channel)."""


class Lost(Exception):
    """A guarded statement (``Tx.guard``) did not change what it had to: someone changed the
    row first. The transaction is rolled back."""

    def __init__(self, sql: str) -> None:
        super().__init__(sql.split(" WHERE", 1)[0])  # what it did, not the values it had


class Later:
    """The rows of a statement sent with the rest of its transaction (``Tx.later``): read
    ``rows`` once the transaction has committed."""

    __slots__ = ("_rows",)

    def __init__(self, rows: list[Row] | None = None) -> None:
        self._rows = rows

    def fill(self, rows: list[Row]) -> None:
        self._rows = rows

    @property
    def rows(self) -> list[Row]:
        if self._rows is None:
            raise RuntimeError("the statement has not run yet: read it after the commit")
        return self._rows


class Tx(ABC):
    """One transaction's statements."""

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        """Run a statement; the number of rows it changed."""

    @abstractmethod
    async def fetchone(self, sql: str, params: Sequence[object] = ()) -> Row | None: ...

    @abstractmethod
    async def fetchall(self, sql: str, params: Sequence[object] = ()) -> list[Row]: ...

    async def put(self, sql: str, params: Sequence[object] = ()) -> None:
        """Run a statement whose count nobody needs (backends may save a trip)."""
        await self.execute(sql, params)

    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        """One statement for each of ``rows`` (backends may send them at once)."""
        for params in rows:
            await self.execute(sql, params)

    async def guard(self, sql: str, params: Sequence[object] = (), changes: int = 1) -> None:
        """A statement that must change exactly ``changes`` rows, else the transaction fails
        with ``Lost`` and is rolled back (backends may check it with a later statement or the
        commit, never after)."""
        if await self.execute(sql, params) != changes:
            raise Lost(sql)

    async def later(self, sql: str, params: Sequence[object] = ()) -> Later:
        """A statement whose rows are wanted only once the transaction is over (backends may
        send it with the commit)."""
        return Later(await self.fetchall(sql, params))


class Backend(ABC):
    #: "sqlite" or "postgresql": which spelling of the migrations to run
    dialect: str
    #: where the data lives, safe to print (never a password)
    where: str

    @abstractmethod
    async def fetchone(self, sql: str, params: Iterable[object] = ()) -> Row | None: ...

    @abstractmethod
    async def fetchall(self, sql: str, params: Iterable[object] = ()) -> list[Row]: ...

    def fetchall_now(self, sql: str, params: Iterable[object] = ()) -> list[Row] | None:
        """A short read done at once, in the caller's thread, when the engine can do it
        without waiting on anything (SQLite: its own file, through a read-only connection);
        None when it cannot (a network trip, a busy file): then ``fetchall``."""
        return None

    @abstractmethod
    async def execute(self, sql: str, params: Iterable[object] = ()) -> int:
        """One writing statement on its own (its own transaction)."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """``async with backend.transaction() as tx``: commit at the end, roll back on error.

        Concurrent writers are serialised by the engine (SQLite: one writer at a time;
        PostgreSQL: row locks), so guarded updates (``WHERE ply = ?``) decide races."""

    @abstractmethod
    async def version(self, tx: Tx | None = None) -> int:
        """The schema version stored in the database (0: empty)."""

    @abstractmethod
    async def set_version(self, tx: Tx, version: int) -> None: ...

    @abstractmethod
    async def migration_lock(self, tx: Tx) -> None:
        """Keep other processes from migrating at the same time (until ``tx`` ends)."""

    @abstractmethod
    async def close(self) -> None: ...
