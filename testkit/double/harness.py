"""Running discord.py clients against the double, and the concurrent load driver."""

from __future__ import annotations

import asyncio
import contextlib
import statistics
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

import discord

from .results import InteractionResult
from .server import Double

#: What `fast_ready` sets discord.py's post-GUILD_CREATE wait to (it defaults to 2 s).
FAST_GUILD_READY_TIMEOUT = 0.01


ClientT = TypeVar("ClientT", bound=discord.Client)


class RunBot(Protocol):
    """The `run_bot` fixture: connect a client to the double, wait for on_ready, return it."""

    async def __call__(self, client: ClientT, /) -> ClientT: ...


@dataclass
class RunningBot:
    client: discord.Client
    task: asyncio.Task[None]


async def start_bot(
    double: Double, client: discord.Client, *, fast_ready: bool = True, timeout: float = 10.0
) -> RunningBot:
    """Log `client` in against the double, connect it and wait for `on_ready`.

    `fast_ready` shortens discord.py's wait after the last GUILD_CREATE (state
    `guild_ready_timeout`, 2 s by default) so `on_ready` fires at once.
    """
    if fast_ready:
        client._connection.guild_ready_timeout = FAST_GUILD_READY_TIMEOUT
    await client.login(double.token)
    task = asyncio.create_task(client.connect(reconnect=True))
    ready = asyncio.create_task(client.wait_until_ready())
    done, _ = await asyncio.wait(
        {task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
    )
    if ready not in done:
        ready.cancel()
        if task in done:
            task.result()
        raise TimeoutError("the bot did not become ready")
    await _wait_for_guilds(double, client, timeout)
    return RunningBot(client, task)


async def _wait_for_guilds(double: Double, client: discord.Client, timeout: float) -> None:
    """With a short ready timeout, `on_ready` may beat a GUILD_CREATE: wait for the cache."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        guilds = [client.get_guild(guild.id) for guild in double.guilds]
        if all(guild is not None and not guild.unavailable for guild in guilds):
            return
        if loop.time() > deadline:
            raise TimeoutError("the bot never received its guilds")
        await asyncio.sleep(0.005)


async def stop_bot(running: RunningBot) -> None:
    """Close the client (gateway close 1000: the double ends its session)."""
    await running.client.close()
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.wait_for(running.task, 5.0)


@contextlib.asynccontextmanager
async def bot_running(
    double: Double, client: discord.Client, *, fast_ready: bool = True
) -> AsyncIterator[discord.Client]:
    running = await start_bot(double, client, fast_ready=fast_ready)
    try:
        yield client
    finally:
        await stop_bot(running)


async def fire(
    double: Double,
    make_interaction: Callable[[int], Awaitable[InteractionResult]],
    n: int = 200,
    concurrency: int = 200,
) -> list[float]:
    """Run `make_interaction(i)` for i < n with at most `concurrency` in flight; return the
    dispatch → initial-response latencies (seconds). Use `settle=False` in the actions."""
    gate = asyncio.Semaphore(concurrency)

    async def one(index: int) -> InteractionResult:
        async with gate:
            return await make_interaction(index)

    results = await asyncio.gather(*(one(i) for i in range(n)))
    missing = [r for r in results if r.latency is None]
    if missing:
        raise AssertionError(f"{len(missing)} of {n} interactions got no response")
    return [r.latency for r in results if r.latency is not None]


def percentiles(latencies: list[float]) -> dict[str, float]:
    """p50/p95/p99/max in milliseconds."""
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    return {
        "p50": cuts[49] * 1000,
        "p95": cuts[94] * 1000,
        "p99": cuts[98] * 1000,
        "max": max(latencies) * 1000,
    }


def format_percentiles(label: str, latencies: list[float]) -> str:
    p = percentiles(latencies)
    return (
        f"{label}: n={len(latencies)} p50={p['p50']:.1f} ms p95={p['p95']:.1f} ms "
        f"p99={p['p99']:.1f} ms max={p['max']:.1f} ms"
    )
