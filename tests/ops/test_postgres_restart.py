"""PostgreSQL stopped and started again under a game: the moves made while it is down
are refused with the table's translated "could not save" answer and change nothing,
the bot's connection pool reconnects and its shard leases are taken again once it is
back, and every accepted move is stored exactly once.
The real bot, a real server, the Discord double."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.i18n import _
from bot.shards import ALL
from bot.storage import PostgresStorage
from bot.tables.commit import STORAGE_FAILED
from testkit.double import Double
from testkit.double.harness import RunBot
from testkit.driver import Refused
from testkit.postgres import PostgresServer
from tests.backends import StorageAt
from tests.bot.harness import Driver, make_bot, members, open_table

BEFORE, DOWN, AFTER = 3, 2, 4
"""Moves accepted before the server stops, tried while it is down, accepted after."""


async def _refused(driver: Driver) -> str:
    """The answer to a move the bot turned down."""
    with pytest.raises(Refused) as refused:
        await driver.step()
    return refused.value.result.content


@pytest.mark.timeout(300)
async def test_a_postgres_restart_loses_no_move_and_applies_none_twice(
    double: Double, run_bot: RunBot, postgres_server: PostgresServer, postgres_url: str,
    tmp_path: Path,
) -> None:
    bot = await run_bot(make_bot(double, StorageAt("postgres", tmp_path / "unused", postgres_url)))
    users = members(double, 3)
    await open_table(double, users)
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None
    driver = Driver(double, users)
    for _step in range(BEFORE):
        assert await driver.step()
    accepted = table.seq

    assert bot.storage.leases_held()
    await asyncio.to_thread(postgres_server.halt)
    try:
        for _step in range(DOWN):
            assert await _refused(driver) == _(STORAGE_FAILED)
            assert table.seq == accepted  # nothing changed
        assert not bot.storage.leases_held()
    finally:
        await asyncio.to_thread(postgres_server.resume)
    for _try in range(200):  # the leases are taken again once the server answers
        if bot.storage.leases_held():
            break
        await asyncio.sleep(0.05)
    assert bot.storage.leases_held()

    moves = 0
    while moves < AFTER:  # a pooled connection from before the restart may fail once
        try:
            moves += await driver.step() is not None
        except Refused as exc:
            assert exc.result.content == _(STORAGE_FAILED)
            assert table.seq == accepted + moves
    assert table.seq == accepted + AFTER
    await double.settle()

    storage = await PostgresStorage.open(postgres_url)  # a reader of its own
    try:
        [stored] = await storage.open_tables(ALL)
        assert stored.last_seq == table.seq
        seqs = [entry.seq for entry in stored.actions]
        assert seqs == sorted(set(seqs))  # none logged twice
    finally:
        await storage.close()
