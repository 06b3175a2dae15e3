"""The real bot against the Discord double with ``METRICS_PORT`` set: ``/metrics``
counts exactly the REST calls (and 429s) the double served, ``/healthz`` follows the
gateway and the storage."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.ops.serve import serving
from bot.ops.server import LEASES_LOST, NOT_CONNECTED, STORAGE_DOWN
from testkit.double import Double
from testkit.double.harness import RunBot
from testkit.driver import table_id, table_message
from tests.bot.harness import Driver, make_bot, members, open_table
from tests.ops.helpers import as_counted, free_port, get, ops_settings, rest_counts, samples

EVENT_WAIT = 10.0


async def test_rest_counts_match_the_calls_the_double_served(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    bot = make_bot(double, tmp_path / "bot.sqlite3")
    async with serving(bot, ops_settings(free_port())) as server:
        assert server is not None
        await run_bot(bot)
        users = members(double, 3)
        await open_table(double, users)
        double.rate_limits.inject("PATCH /channels/{channel_id}/messages/{message_id}")
        driver = Driver(double, users)
        for _ in range(4):
            assert await driver.step()
        hand = await double.click(users[2], table_message(double), f"t:{table_id(double)}:hand")
        assert hand.ephemeral
        await double.settle()

        status, text = await get(server.port, "/metrics")
        assert status == 200
        counted = rest_counts(text)
        assert counted == as_counted(double.calls)
        assert counted["POST /interactions/{id}/{token}/callback"] >= 8
        assert counted["PATCH /channels/{id}/messages/{id}"] >= 1
        limited = {dict(labels)["route"]: int(value)
                   for labels, value in samples(text, "cardnight_rate_limited_total").items()}
        assert limited == as_counted(double.rate_limits.hits) == {
            "PATCH /channels/{id}/messages/{id}": 1}
        assert samples(text, "cardnight_shard_lease") == {(("shard", "0"),): 1}


async def test_healthz_follows_the_gateway_and_the_storage(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    bot = make_bot(double, tmp_path / "bot.sqlite3")
    async with serving(bot, ops_settings(free_port())) as server:
        assert server is not None
        status, text = await get(server.port, "/healthz")
        assert status == 503 and text.splitlines() == [NOT_CONNECTED, STORAGE_DOWN, LEASES_LOST]

        await run_bot(bot)
        assert await get(server.port, "/healthz") == (200, "ok\n")

        disconnected = asyncio.ensure_future(bot.wait_for("shard_disconnect"))
        resumed = asyncio.ensure_future(bot.wait_for("shard_resumed"))
        async with double.gateway.outage():
            await asyncio.wait_for(disconnected, EVENT_WAIT)
            assert await get(server.port, "/healthz") == (503, NOT_CONNECTED + "\n")
        await asyncio.wait_for(resumed, EVENT_WAIT)
        assert await get(server.port, "/healthz") == (200, "ok\n")

        await bot.storage.close()
        status, text = await get(server.port, "/healthz")
        assert status == 503 and text.splitlines() == [STORAGE_DOWN, LEASES_LOST]
