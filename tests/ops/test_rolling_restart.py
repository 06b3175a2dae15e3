"""A rolling restart over PostgreSQL: each of two shard processes is stopped with
SIGTERM in the middle of a game on each shard and a new one started for its shard,
while the members of both games keep playing (docs/operations.md). Real processes, a
real server, the Discord double."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.storage import PostgresStorage
from testkit.double import Double
from testkit.driver import table_message
from tests.bot.test_shards import open_game, shard_process

RESTART_AT = (6, 12)
"""The moves of each shard's game after which its process restarts (0, then 1)."""


@pytest.mark.timeout(300)
async def test_each_process_restarts_in_turn_without_losing_a_move(
    double: Double, postgres_url: str, tmp_path: Path,
) -> None:
    guilds = [double.add_guild(f"shard {i}", shard=(i, 2)) for i in (0, 1)]
    channels = [double.add_channel("cards", guild) for guild in guilds]
    players = [[double.add_user(f"p{i}{j}", guild=guild) for j in range(4)]
               for i, guild in enumerate(guilds)]
    running = [shard_process(double, postgres_url, i, tmp_path / f"shard{i}.log")
               for i in (0, 1)]
    started = list(running)
    try:
        await asyncio.gather(*(p.start() for p in running))
        drivers = await asyncio.gather(*(open_game(double, c, p)
                                         for c, p in zip(channels, players, strict=True)))
        progress = [0, 0]
        # Held by a game for each move; a restart takes it between two moves.
        between = [asyncio.Lock(), asyncio.Lock()]
        restarted = [asyncio.Event(), asyncio.Event()]

        async def play(lane: int) -> None:
            other = 1 - lane
            while True:
                async with between[lane]:
                    if await drivers[lane].step() is None:
                        return
                progress[lane] += 1
                if between[other].locked() and progress[lane] >= RESTART_AT[other] + 3:
                    await restarted[other].wait()  # a few moves while the other restarts

        async def restart(shard: int) -> None:
            while progress[shard] < RESTART_AT[shard]:
                await asyncio.sleep(0.05)
            async with between[shard]:
                await running[shard].stop()
                assert running[shard].proc is not None
                assert running[shard].proc.returncode == 0
                again = shard_process(double, postgres_url, shard,
                                      tmp_path / f"shard{shard}-again.log")
                started.append(again)
                await again.start()  # the lease is free at once: no refusal, no waiting
                assert "restored 1 open table(s)" in again.output()
                running[shard] = again
            restarted[shard].set()

        async def restarts() -> None:
            for shard in (0, 1):
                await restart(shard)

        await asyncio.gather(play(0), play(1), restarts())
        assert progress[0] > RESTART_AT[0] and progress[1] > RESTART_AT[1]
        for channel in channels:
            for _ in range(200):  # the final standings come with their chart, drawn first
                final = table_message(double, channel)
                if "game over" in final.embeds[0]["title"]:
                    break
                await asyncio.sleep(0.05)
            assert "game over" in final.embeds[0]["title"], final.embeds
        assert double.unanswered() == []
        for log in ("shard0.log", "shard1.log"):
            assert "received SIGTERM, shutting down" in (tmp_path / log).read_text()
        storage = await PostgresStorage.open(postgres_url)  # a reader of its own
        try:
            for guild in guilds:
                assert (await storage.leaderboard(guild.id, "kachuful")).games_recorded == 1
        finally:
            await storage.close()
    finally:
        await asyncio.gather(*(p.stop() for p in started))
