"""The health and metrics server (docs/service.md "Health"): an aiohttp server with
``GET /metrics`` (Prometheus' text format) and ``GET /healthz`` (200 ``ok`` while the
process can do its work, else 503 with one reason a line).

The checks come from a :class:`HealthSource`, so the server knows nothing of the client
(:class:`bot.ops.bot_health.BotHealth` is the bot's).
"""

from __future__ import annotations

import asyncio
from typing import Final, Protocol

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

STORAGE_TIMEOUT: Final = 2.0
"""Seconds the storage has to answer a health check."""

NOT_CONNECTED: Final = "gateway not connected"
STORAGE_DOWN: Final = "storage not answering"
LEASES_LOST: Final = "shard leases not held"


class HealthSource(Protocol):
    """What ``/healthz`` asks."""

    def gateway_connected(self) -> bool:
        """Whether every shard of this process is connected to Discord's gateway."""

    async def storage_ok(self) -> bool:
        """Whether the database answers."""

    def leases_held(self) -> bool:
        """Whether this process holds the leases of all its shards."""


class PortTaken(Exception):
    """The server cannot listen where the settings say; the message is one sentence for
    the operator."""


async def problems(source: HealthSource) -> list[str]:
    """What keeps the process from doing its work (empty: healthy)."""
    found = [] if source.gateway_connected() else [NOT_CONNECTED]
    try:
        answered = await asyncio.wait_for(source.storage_ok(), STORAGE_TIMEOUT)
    except TimeoutError:
        answered = False
    if not answered:
        found.append(STORAGE_DOWN)
    if not source.leases_held():
        found.append(LEASES_LOST)
    return found


class OpsServer:
    """``/metrics`` from ``registry`` and ``/healthz`` from ``source``, on ``host`` and
    ``port`` (0: any free port; :attr:`port` says which once started)."""

    def __init__(
        self, source: HealthSource, registry: CollectorRegistry, host: str, port: int,
    ) -> None:
        self.source = source
        self.registry = registry
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        """Listen; :class:`PortTaken` when the address is in use or not ours."""
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        # No access log: health checks every few seconds would fill the log.
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
        except OSError as exc:
            await runner.cleanup()
            raise PortTaken(
                f"cannot serve metrics on {self.host}:{self.port} ({exc.strerror or exc}): "
                "choose another METRICS_PORT or METRICS_HOST") from None
        self._runner = runner
        self.port = runner.addresses[0][1]

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _metrics(self, request: web.Request) -> web.Response:
        return web.Response(body=generate_latest(self.registry),
                            headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _healthz(self, request: web.Request) -> web.Response:
        found = await problems(self.source)
        if not found:
            return web.Response(text="ok\n")
        return web.Response(status=503, text="".join(f"{reason}\n" for reason in found))
