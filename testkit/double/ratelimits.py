"""Per-route rate limit buckets (off unless configured) and injected 429s.

Routes are named like "PATCH /channels/{channel_id}/messages/{message_id}"; buckets are
counted per top-level resource (the channel, guild or webhook), as Discord does.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import Counter
from dataclasses import dataclass, field

#: Headers shown on routes without a configured limit: large enough that discord.py never waits.
UNLIMITED = 10_000


@dataclass
class _Rule:
    limit: int
    window: float
    scope: str


@dataclass
class _Window:
    start: float
    count: int = 0


@dataclass
class Limited:
    """Outcome of one check: the headers to send, and `retry_after` when it is a 429."""

    headers: dict[str, str]
    retry_after: float | None = None
    scope: str = "user"


@dataclass
class RateLimits:
    rules: dict[str, _Rule] = field(default_factory=dict)
    injected: dict[str, list[tuple[float, str]]] = field(default_factory=dict)
    windows: dict[tuple[str, str], _Window] = field(default_factory=dict)
    hits: Counter[str] = field(default_factory=Counter)

    def configure(self, route: str, limit: int, window: float, scope: str = "user") -> None:
        """Really count `route`: at most `limit` requests per `window` seconds per resource."""
        self.rules[route] = _Rule(limit, window, scope)

    def inject(
        self, route: str, retry_after: float = 0.05, times: int = 1, scope: str = "user"
    ) -> None:
        """Answer the next `times` requests to `route` with a 429 asking to wait `retry_after`."""
        self.injected.setdefault(route, []).extend([(retry_after, scope)] * times)

    def check(self, route: str, major: str) -> Limited:
        bucket = hashlib.sha1(route.encode()).hexdigest()[:16]
        queued = self.injected.get(route)
        if queued:
            retry_after, scope = queued.pop(0)
            self.hits[route] += 1
            return Limited(self._headers(bucket, 1, 0, retry_after), retry_after, scope)
        rule = self.rules.get(route)
        if rule is None:
            return Limited(self._headers(bucket, UNLIMITED, UNLIMITED, 1.0))
        now = time.monotonic()
        window = self.windows.get((route, major))
        if window is None or now - window.start >= rule.window:
            window = self.windows[(route, major)] = _Window(now)
        reset_after = rule.window - (now - window.start)
        if window.count >= rule.limit:
            self.hits[route] += 1
            return Limited(
                self._headers(bucket, rule.limit, 0, reset_after), reset_after, rule.scope
            )
        window.count += 1
        return Limited(self._headers(bucket, rule.limit, rule.limit - window.count, reset_after))

    @staticmethod
    def _headers(bucket: str, limit: int, remaining: int, reset_after: float) -> dict[str, str]:
        reset_after = max(reset_after, 0.001)
        return {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket,
        }

    @staticmethod
    def too_many_headers(limited: Limited) -> dict[str, str]:
        assert limited.retry_after is not None
        return {
            **limited.headers,
            "Retry-After": str(math.ceil(limited.retry_after)),
            "X-RateLimit-Scope": limited.scope,
            "Via": "1.1 google",
        }
