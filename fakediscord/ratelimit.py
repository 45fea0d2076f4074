"""Per-route and global rate limits with Discord's headers and 429 bodies.

discord.py paces itself from ``X-RateLimit-*`` headers (it sleeps pre-emptively when
``Remaining`` hits 0), so the buckets here shape the bot's timing the way Discord does; real
429s carry ``Via`` and a JSON ``retry_after`` so the client retries instead of giving up.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass

# (limit, period seconds). Values follow what Discord reports for these routes; "default" is
# the per-route bucket of every other route and "global" the per-bot limit across all
# authenticated routes.
DEFAULT_LIMITS: dict[str, tuple[int, float]] = {
    "global": (50, 1.0),
    "default": (50, 1.0),
    "POST /channels/{channel_id}/messages": (5, 5.0),
    "PATCH /channels/{channel_id}/messages/{message_id}": (5, 5.0),
    "DELETE /channels/{channel_id}/messages/{message_id}": (5, 1.0),
    "POST /webhooks/{webhook_id}/{webhook_token}": (5, 2.0),
    "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original": (5, 2.0),
    "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": (5, 2.0),
    "POST /users/@me/channels": (5, 1.0),
    "PUT /applications/{application_id}/commands": (10, 20.0),
    "PUT /applications/{application_id}/guilds/{guild_id}/commands": (10, 20.0),
}

_MAJOR = ("channel_id", "guild_id", "webhook_id", "webhook_token", "interaction_id")


@dataclass
class _Window:
    limit: int
    period: float
    count: int = 0
    reset_at: float = 0.0


@dataclass
class Decision:
    """Headers to add, and ``retry_after`` when the request must be refused with a 429."""

    headers: dict[str, str]
    retry_after: float | None = None
    scope: str = "user"
    is_global: bool = False


class RateLimiter:
    def __init__(self, overrides: Mapping[str, tuple[int, float]] | None = None) -> None:
        """``overrides`` maps "global", "default" or "METHOD /template" to (limit, period).

        Passing "default" replaces every built-in per-route bucket that the overrides do not
        name, so ``{"default": (1000, 1.0)}`` makes all routes generous at once.
        """
        overrides = dict(overrides or {})
        if "*" in overrides:
            overrides.setdefault("default", overrides.pop("*"))
        if "default" in overrides:
            self.limits = {"global": DEFAULT_LIMITS["global"]}
        else:
            self.limits = dict(DEFAULT_LIMITS)
        for key, value in overrides.items():
            limit, period = value
            self.limits[key] = (int(limit), float(period))
        self._windows: dict[str, _Window] = {}
        self.rate_limited = 0

    def _window(self, key: str, limit: int, period: float, now: float) -> _Window:
        window = self._windows.get(key)
        if window is None or now >= window.reset_at:
            window = _Window(limit=limit, period=period, count=0, reset_at=now + period)
            self._windows[key] = window
        return window

    def check_global(self, token: str) -> Decision | None:
        limit, period = self.limits["global"]
        now = time.monotonic()
        window = self._window(f"global:{token}", limit, period, now)
        if window.count >= limit:
            self.rate_limited += 1
            retry = window.reset_at - now
            return Decision(
                headers={"X-RateLimit-Global": "true"},
                retry_after=retry,
                scope="global",
                is_global=True,
            )
        window.count += 1
        return None

    def check_route(self, method: str, template: str, params: Mapping[str, str]) -> Decision:
        route = f"{method} {template}"
        limit, period = self.limits.get(route, self.limits["default"])
        major = ":".join(params.get(k, "") for k in _MAJOR)
        now = time.monotonic()
        window = self._window(f"{route}|{major}", limit, period, now)
        bucket = hashlib.sha1(route.encode()).hexdigest()[:16]
        if window.count >= limit:
            self.rate_limited += 1
            retry = window.reset_at - now
            return Decision(
                headers=self._headers(window, bucket, now, remaining=0), retry_after=retry
            )
        window.count += 1
        return Decision(
            headers=self._headers(window, bucket, now, remaining=window.limit - window.count)
        )

    @staticmethod
    def _headers(window: _Window, bucket: str, now: float, *, remaining: int) -> dict[str, str]:
        reset_after = max(0.0, window.reset_at - now)
        return {
            "X-RateLimit-Limit": str(window.limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket,
        }


def too_many_requests(decision: Decision) -> tuple[dict[str, str], dict[str, object]]:
    """Headers and JSON body of a 429 discord.py will retry (it needs ``Via`` and JSON)."""
    retry = max(decision.retry_after or 0.0, 0.001)
    headers = dict(decision.headers)
    headers.update(
        {
            "Via": "1.1 google",
            "Retry-After": str(math.ceil(retry)),
            "X-RateLimit-Scope": decision.scope,
        }
    )
    body: dict[str, object] = {
        "message": "You are being rate limited.",
        "retry_after": round(retry, 3),
        "global": decision.is_global,
    }
    if decision.is_global:
        body["code"] = 0
    return headers, body


class InvalidRequests:
    """Discord's Cloudflare rule: 10,000 answers of 401, 403 or 429 (shared-scope 429s
    excepted) from one IP within 10 minutes get it banned for a while.

    The fake counts them in a sliding window and reports the moment the limit is crossed,
    so a bot that keeps retrying a forbidden request is caught long before Discord bans it.
    """

    WINDOW = 600.0

    def __init__(self, limit: int = 10_000) -> None:
        self.limit = limit
        self.times: deque[float] = deque()
        self.reported = False

    def note(self, status: int, scope: str | None) -> bool:
        """Count one answer; True exactly when this one crosses the limit."""
        if status not in (401, 403, 429) or (status == 429 and scope == "shared"):
            return False
        now = time.monotonic()
        self.times.append(now)
        while self.times and self.times[0] < now - self.WINDOW:
            self.times.popleft()
        if len(self.times) > self.limit and not self.reported:
            self.reported = True
            return True
        if len(self.times) <= self.limit:
            self.reported = False
        return False
