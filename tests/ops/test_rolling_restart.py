"""A rolling restart over PostgreSQL: each of two shard processes is stopped with
SIGTERM in the middle of a game on each shard and a new one started for its shard,
while the members of both games keep playing (docs/operations.md). Real processes, a
real server, the Discord double."""

from __future__ import annotations

from pathlib import Path

import pytest

from testkit.double import Double
from tests.ops.two_shards import Lanes, two_shards

RESTART_AT = (6, 12)
"""The moves of each shard's game after which its process restarts (0, then 1)."""


@pytest.mark.timeout(300)
async def test_each_process_restarts_in_turn_without_losing_a_move(
    double: Double, postgres_url: str, tmp_path: Path,
) -> None:
    async with two_shards(double, postgres_url, tmp_path) as shards:
        lanes = Lanes(await shards.open_games(), RESTART_AT)

        async def restart(shard: int) -> None:
            async with lanes.between_moves(shard):
                old = shards.running[shard]
                await old.stop()
                assert old.proc is not None
                assert old.proc.returncode == 0
                again = shards.process(shard, f"shard{shard}-again.log")
                await again.start()  # the lease is free at once: no refusal, no waiting
                assert "restored 1 open table(s)" in again.output()
                shards.running[shard] = again

        await lanes.run(restart)
        assert lanes.progress[0] > RESTART_AT[0] and lanes.progress[1] > RESTART_AT[1]
        await shards.games_over()
        assert double.unanswered() == []
        for log in ("shard0.log", "shard1.log"):
            assert "received SIGTERM, shutting down" in (tmp_path / log).read_text()
        await shards.recorded_once()
