"""What every group of queries is given: the one backend, and the store's way of writing.

``Store`` holds one object per group (``store.matches``, ``store.outbox``, ``store.boards``...),
each built from the same backend and the same ``write``, so a statement is written once and
every group runs it the same way (a locked database is tried again a few times).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from bot.store.backend import Backend, Tx

T = TypeVar("T")


class Writer(Protocol):
    """``await write(body)``: ``body`` run in one transaction, tried again while the database
    is locked; what ``body`` returned."""

    def __call__(self, body: Callable[[Tx], Awaitable[T]], /) -> Awaitable[T]: ...


class Queries:
    """One group of the store's queries over its backend."""

    def __init__(self, backend: Backend, write: Writer) -> None:
        self.backend = backend
        self.write = write
