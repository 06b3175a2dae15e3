"""The gateway session a stopping process leaves for the next one (docs/service.md
"Handover"), on both backends: saved by the lease holder only, taken once."""

from __future__ import annotations

import asyncio

import pytest

from bot.shards import Shards
from bot.storage import GatewaySession, LeaseNotHeld, PostgresStorage
from tests.backends import StorageAt

SESSION = GatewaySession(1, 2, "abc123", 41, "wss://gateway.example/?v=10")


async def test_a_saved_session_is_taken_once(storage_at: StorageAt) -> None:
    storage = await storage_at.open()
    try:
        await storage.save_gateway_session(GatewaySession(1, 2, "old", 3, "wss://old"))
        await storage.save_gateway_session(SESSION)  # the last saved wins
        await storage.save_gateway_session(GatewaySession(0, 2, "zero", 9, "wss://zero"))
    finally:
        await storage.close()
    storage = await storage_at.open()  # as after a restart
    try:
        assert await storage.take_gateway_session(1, 2) == SESSION
        assert await storage.take_gateway_session(1, 2) is None
        assert await storage.take_gateway_session(0, 4) is None  # saved for 2 shards
        assert await storage.take_gateway_session(0, 2) is None  # and dropped
    finally:
        await storage.close()


async def test_only_the_lease_holder_saves_a_session(postgres_url: str) -> None:
    holder = await PostgresStorage.open(postgres_url, Shards(2, (1,)))
    other = await PostgresStorage.open(postgres_url, Shards(2, (0,)))
    try:
        await holder.save_gateway_session(SESSION)
        with pytest.raises(LeaseNotHeld):
            await other.save_gateway_session(SESSION)  # shard 1 is not its own
        assert holder._leases is not None
        await holder._leases.close()  # the lease is gone
        with pytest.raises(LeaseNotHeld):
            await holder.save_gateway_session(SESSION)
        assert await other.take_gateway_session(1, 2) == SESSION
    finally:
        await other.close()
        await holder.close()


async def test_a_replacement_waits_for_the_lease(postgres_url: str) -> None:
    first = await PostgresStorage.open(postgres_url, Shards(1, (0,)))

    waiting = asyncio.create_task(
        PostgresStorage.open(postgres_url, Shards(1, (0,)), lease_wait=30))
    await asyncio.sleep(0.5)
    assert not waiting.done()
    await first.close()
    second = await asyncio.wait_for(waiting, 10)
    assert second.leases_held()
    await second.close()
