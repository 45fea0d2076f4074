"""The match service as the table's parts reach it.

A table's parts (its menus, its boards' strips, the end of its matches, a casual table, the
handling of gone channels) are made with the table, and reach its match service through a
callable rather than holding it: a process that swaps the service (a test standing in for a
restart, a reconnect to the store) is seen by every part at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.matches import MatchService


class UsesService:
    """A part of the table that reaches the match service as ``self.service``."""

    def __init__(self, service: Callable[[], MatchService]) -> None:
        self._service = service

    @property
    def service(self) -> MatchService:
        """The table's match service now."""
        return self._service()
