"""The event loop's lag: a task that asks to wake up every :data:`INTERVAL` seconds and
records how late it woke (``cardnight_event_loop_lag_seconds``): the time the loop
spent on other work that no await let go of."""

from __future__ import annotations

import asyncio
from typing import Final

from bot.ops import metrics

INTERVAL: Final = 0.5


async def sample_loop_lag(interval: float = INTERVAL) -> None:
    """Record the loop's lag every ``interval`` seconds, until cancelled."""
    loop = asyncio.get_running_loop()
    while True:
        due = loop.time() + interval
        await asyncio.sleep(interval)
        metrics.loop_lagged(max(0.0, loop.time() - due))
