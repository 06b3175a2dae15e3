"""What ``/healthz`` asks the storage, on a real SQLite file and a real PostgreSQL
server: whether it answers, and whether this process still holds its shards' leases
(PostgreSQL; taken again when their connection drops) or the file's lock (SQLite)."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.shards import Shards
from bot.storage import PostgresStorage, SqliteStorage, StartRefused, Storage
from bot.storage.postgres import LEASE_KEY, take_leases
from tests.backends import StorageAt

SHARDS = Shards(2, (0, 1))
LOOKS = 500
"""Looks given to see the dropped leases taken again."""


async def _held(at: StorageAt) -> Storage:
    """The database ``at``, opened as a bot process opens it."""
    if at.url is not None:
        return await PostgresStorage.open(at.url, SHARDS)
    return await SqliteStorage.open(at.path, exclusive=True)


async def test_ping_and_leases_follow_the_storage(storage_at: StorageAt) -> None:
    storage = await _held(storage_at)
    assert await storage.ping() and storage.leases_held()
    await storage.close()
    assert not await storage.ping()
    assert not storage.leases_held()


async def test_a_storage_that_took_no_lease_has_none_to_lose(storage_at: StorageAt) -> None:
    storage = await storage_at.open()
    try:
        assert await storage.ping() and storage.leases_held()
    finally:
        await storage.close()


async def test_a_dropped_lease_connection_is_taken_again(postgres_url: str) -> None:
    storage = await PostgresStorage.open(postgres_url, SHARDS)
    admin = await asyncpg.connect(postgres_url)
    try:
        killed = await admin.fetch(
            "SELECT pg_terminate_backend(pid), pid FROM pg_locks "
            "WHERE locktype = 'advisory' AND classid = $1::bigint::oid", LEASE_KEY)
        assert len(killed) == len(SHARDS.ids)
        holders: set[int] = set()
        for _ in range(LOOKS):
            holders = {row["pid"] for row in await admin.fetch(
                "SELECT pid FROM pg_locks WHERE locktype = 'advisory' "
                "AND classid = $1::bigint::oid AND granted", LEASE_KEY)}
            if storage.leases_held() and holders and \
                    not holders & {row["pid"] for row in killed}:
                break
            await asyncio.sleep(0.01)
        assert len(holders) == 1 and storage.leases_held()  # on a new connection
        with pytest.raises(StartRefused):  # so another process is still refused
            await take_leases(postgres_url, SHARDS)
        assert await storage.ping()
    finally:
        await admin.close()
        await storage.close()
