"""The service side of a running bot, on while ``METRICS_PORT`` is set: the metrics,
the REST trace, the loop-lag sampler and the health and metrics server."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

from bot.config import Settings
from bot.ops import metrics, rest_trace
from bot.ops.bot_health import Bot, BotHealth
from bot.ops.loop_lag import sample_loop_lag
from bot.ops.server import OpsServer
from bot.storage import writer

log = logging.getLogger(__name__)


@contextlib.asynccontextmanager
async def serving(bot: Bot, settings: Settings) -> AsyncIterator[OpsServer | None]:
    """While the block runs, with ``METRICS_PORT`` set: metrics on, ``bot``'s REST calls
    counted (enter before it logs in), the storage's commits timed, the loop's lag
    sampled, and the server (yielded) listening on ``METRICS_HOST``;
    :class:`~bot.ops.server.PortTaken` when it cannot. Without ``METRICS_PORT``:
    nothing (None)."""
    if settings.metrics_port is None:
        yield None
        return
    health = BotHealth(bot)
    registry = metrics.enable().registry
    metrics.watch_leases(health.leases)
    rest_trace.instrument(bot.http)
    writer.on_commit(metrics.storage_committed)
    server = OpsServer(health, registry, settings.metrics_host, settings.metrics_port)
    try:
        await server.start()
        log.info("serving /metrics and /healthz on %s:%d", server.host, server.port)
        sampler = asyncio.create_task(sample_loop_lag())
        try:
            yield server
        finally:
            sampler.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sampler
            await server.stop()
    finally:
        writer.on_commit(None)
        metrics.disable()
