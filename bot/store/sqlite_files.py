"""The SQLite files watched for changes made under the bot (by an admin or a script).

In WAL mode SQLite maps the WAL index (the ``-shm`` file) into memory. If something else
shrinks that file while the bot has it open (truncated, or overwritten by a copy), the next
read or write through the mapping touches memory that no longer exists and the kernel ends the
process with SIGBUS at once: no exception, no log line. Making the files read-only does not
stop an open connection (its file descriptors stay writable), so the bot would go on writing
to files an admin meant to freeze.

``FileWatch.check`` is called before every trip to the database: the files must still be the
ones opened (same inodes), the ``-shm`` no smaller than seen, and (looked at once a second)
the files writable. When one is not, the database is left alone from then on: the fault is
logged once, and every read or write is a ``StorageError`` players are told about ("not
saved"), instead of a silent crash. A truncated ``-shm`` is given its size back (``mend``),
so that closing the connection, which reads it, is safe too. (A file replaced by another
keeps the old one alive under the mapping: that alone never crashes.)
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

from bot.store.backend import StorageError
from words import domain

log = logging.getLogger(__name__)
N_ = domain("bot").functions()[2]

#: seconds between checks that the files are still writable
ACCESS_EVERY = 1.0
#: what a player is told (worded where shown: ``_(str(err))``)
CHANGED = N_(
    "The bot's database files were changed on the server while it ran, so nothing could be "
    "saved; a server admin must restore them and restart the bot."
)


def _inode(path: Path) -> tuple[int, int, int] | None:
    """(device, inode, size), None if the file is not there."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_size


class FileWatch:
    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.shm = Path(f"{path}-shm")
        self.wal = Path(f"{path}-wal")
        self.db = _inode(self.path)
        self.index = _inode(self.shm)
        self.broken: str | None = None
        self._access_at = 0.0

    def check(self) -> None:
        """Raise ``StorageError`` if the files were changed under the bot (logged once)."""
        if self.broken is None:
            reason = self._problem()
            if reason is None:
                return
            self.broken = reason
            self.mend()
            log.error(
                "SQLite database %s: %s; it is left alone now (every move is refused as not "
                "saved). Restore the files and restart the bot.",
                self.path,
                reason,
            )
        raise StorageError(CHANGED, kind="io")

    def mend(self) -> bool:
        """Give a truncated WAL index back the size mapped into this process (zeros, which
        SQLite reads as an index to rebuild from the WAL), so no later access, closing the
        connection included, touches memory that is gone; whether the mapping is safe."""
        index = _inode(self.shm)
        if self.index is None or index is None or index[:2] != self.index[:2]:
            return index is None or self.index is None or index[:2] != self.index[:2]
        if index[2] >= self.index[2]:
            return True
        try:
            os.truncate(self.shm, self.index[2])
        except OSError as err:
            log.error("SQLite database %s: its WAL index cannot be mended: %s", self.path, err)
            return False
        return True

    def _problem(self) -> str | None:
        db = _inode(self.path)
        if self.db is None or db is None or db[:2] != self.db[:2]:
            return "the database file was removed or replaced"
        index = _inode(self.shm)
        if self.index is not None:
            if index is None or index[:2] != self.index[:2]:
                return "its WAL index (-shm) was removed or replaced"
            if index[2] < self.index[2]:
                return "its WAL index (-shm) was truncated"
            self.index = index
        elif index is not None:
            self.index = index
        now = time.monotonic()
        if now - self._access_at >= ACCESS_EVERY:
            self._access_at = now
            for part in (self.path, self.wal, self.shm):
                if part.exists() and not os.access(part, os.W_OK):
                    return f"{part.name} was made read-only"
        return None
