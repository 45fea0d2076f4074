"""Faults a test injects into REST replies: server errors, 429s, slow answers, lost answers.

``fake.faults.add(...)`` matches requests by method and a regular expression on the path
(without ``/api/v10``); the first matching fault with uses left answers instead of the route
(or, for a pure delay, before it). A 429 carries what Discord sends (``Via``,
``Retry-After``, ``X-RateLimit-Scope``, a JSON ``retry_after`` and ``global``) so discord.py
waits and retries; a 5xx carries Discord's JSON error body. ``after=True`` does the request's
work first and then loses its answer (a 5xx, or with ``reset=True`` the connection dropped
without a reply): the message is posted, edited or the interaction answered, and the client
cannot know. ``reset=True`` alone drops the connection before anything is done.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

_REASONS = {
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
    429: "Too Many Requests",
}


@dataclass(eq=False)
class Fault:
    """One injected fault; ``times=None`` means every matching request, for good."""

    method: str | None
    path: re.Pattern[str]
    status: int | None
    times: int | None
    retry_after: float
    is_global: bool
    delay: float
    #: the request is served first, then its answer is lost
    after: bool = False
    #: the connection is dropped instead of answering
    reset: bool = False
    hits: int = 0
    served: list[str] = field(default_factory=list)

    @property
    def exhausted(self) -> bool:
        return self.times is not None and self.hits >= self.times

    def matches(self, method: str, path: str) -> bool:
        if self.exhausted:
            return False
        if self.method is not None and self.method != method:
            return False
        return self.path.search(path) is not None

    def reply(self) -> tuple[int, dict[str, str], dict[str, Any]]:
        """Status, headers and JSON body of the faulty answer (status must be set)."""
        assert self.status is not None
        if self.status == 429:
            retry = max(self.retry_after, 0.001)
            headers = {
                "Via": "1.1 google",
                "Retry-After": str(math.ceil(retry)),
                "X-RateLimit-Scope": "global" if self.is_global else "user",
            }
            if self.is_global:
                headers["X-RateLimit-Global"] = "true"
            else:
                headers.update(
                    {
                        "X-RateLimit-Limit": "5",
                        "X-RateLimit-Remaining": "0",
                        "X-RateLimit-Reset-After": f"{retry:.3f}",
                        "X-RateLimit-Bucket": "injected",
                    }
                )
            body: dict[str, Any] = {
                "message": "You are being rate limited.",
                "retry_after": round(retry, 3),
                "global": self.is_global,
            }
            if self.is_global:
                body["code"] = 0
            return 429, headers, body
        reason = _REASONS.get(self.status, "Error")
        return self.status, {}, {"message": f"{self.status}: {reason}", "code": 0}


class Faults:
    """The faults of one fake; consulted by the REST server on every request."""

    def __init__(self) -> None:
        self.active: list[Fault] = []

    def add(
        self,
        *,
        method: str | None = None,
        path_regex: str = ".*",
        status: int | None = None,
        times: int | None = 1,
        retry_after: float = 0.05,
        is_global: bool = False,
        delay: float = 0.0,
        after: bool = False,
        reset: bool = False,
    ) -> Fault:
        """Answer matching requests with ``status`` (5xx or 429) and/or after ``delay`` s.

        ``times`` is how many requests it affects (None: all, until removed). With no
        ``status`` (and no ``reset``) the request is only delayed and then served normally.
        ``after``: the request is served, then its answer lost (``status``, or ``reset``: the
        connection dropped); ``reset`` alone drops the connection before serving it.
        """
        if status is not None and not (status == 429 or 500 <= status <= 599):
            raise ValueError("inject 429 or a 5xx status; other refusals are the rules' job")
        if status is not None and reset:
            raise ValueError("a dropped connection has no status")
        if after and status is None and not reset:
            raise ValueError("a lost answer is a status or a reset")
        if status is None and delay <= 0 and not reset:
            raise ValueError("a fault needs a status, a delay, a reset or several")
        if times is not None and times < 1:
            raise ValueError("times must be at least 1 (or None for always)")
        fault = Fault(
            method=method.upper() if method else None,
            path=re.compile(path_regex),
            status=status,
            times=times,
            retry_after=float(retry_after),
            is_global=is_global,
            delay=float(delay),
            after=after,
            reset=reset,
        )
        self.active.append(fault)
        return fault

    def remove(self, fault: Fault) -> None:
        if fault in self.active:
            self.active.remove(fault)

    def clear(self) -> None:
        self.active.clear()

    def take(self, method: str, path: str) -> Fault | None:
        """The fault that answers this request (counted as used), if any."""
        for fault in self.active:
            if fault.matches(method, path):
                fault.hits += 1
                fault.served.append(f"{method} {path}")
                return fault
        return None
