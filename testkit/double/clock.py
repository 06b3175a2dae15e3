"""Injectable clock: the double's notion of "now" (epoch seconds), which a test can move forward."""

from __future__ import annotations

import datetime
import time

DISCORD_EPOCH_MS = 1_420_070_400_000


class Clock:
    """Wall clock plus an offset; `advance` ages tokens, deadlines and messages without sleeping."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds

    def iso(self, at: float | None = None) -> str:
        """ISO-8601 timestamp as Discord writes it."""
        moment = self.now() if at is None else at
        return datetime.datetime.fromtimestamp(moment, datetime.UTC).isoformat()


class Snowflakes:
    """Snowflake ids whose embedded timestamp follows the clock; always increasing."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._last = 0

    def next(self) -> int:
        ms = int(self._clock.now() * 1000) - DISCORD_EPOCH_MS
        candidate = ms << 22
        self._last = max(candidate, self._last + 1)
        return self._last

    def next_in_shard(self, shard: int, count: int) -> int:
        """The next id whose shard among ``count`` is ``shard`` (its timestamp moved up
        by at most ``count - 1`` ms)."""
        candidate = self.next()
        ms = candidate >> 22
        step = (shard - ms) % count
        if step:
            self._last = (ms + step) << 22
        return self._last
