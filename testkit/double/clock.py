"""Injectable clock: the double's notion of "now" (epoch seconds), which a test can move forward."""

from __future__ import annotations

import datetime
import time

DISCORD_EPOCH_MS = 1_420_070_400_000


class Clock:
    """Wall clock plus an offset; `advance` ages tokens, deadlines and messages without sleeping.

    Only the double's Discord-side times follow it (timestamps, snowflakes, interaction
    deadlines and token lifetimes). discord.py paces heartbeats and rate limits by its own
    monotonic clock, and the double's gateway, rate limits and waits use real time, so a test
    may advance the clock while a bot runs.
    """

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        """Move "now" forward (never back: snowflakes and deadlines only grow)."""
        if seconds < 0:
            raise ValueError(f"the clock only moves forward, not by {seconds} s")
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
