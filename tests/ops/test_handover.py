"""A rolling restart in which members click while no process reads their shard
(docs/service.md "Handover"): each of two shard processes is replaced by one started
beforehand (``LEASE_WAIT``) that resumes its gateway session, so that what members did
in between is replayed and answered within Discord's 3 seconds, none "failed", none
applied twice, and each replacement counts what its handover met
(``cardnight_handover_interactions_total``). Real processes, a real PostgreSQL server,
the Discord double."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import pytest

from testkit.double import Double, InteractionResult
from testkit.double.world import Guild
from testkit.driver import table_id_of, table_message
from testkit.process import BotProcess
from tests.ops.helpers import free_port, handover_counts
from tests.ops.two_shards import PATIENCE, Lanes, TwoShards, two_shards, until

RESTART_AT = (6, 12)
"""The moves of each shard's game after which its process is replaced (0, then 1)."""


def replacement(shards: TwoShards, shard: int, port: int) -> BotProcess:
    """A process for ``shard`` that waits for its lease, serving metrics on ``port``."""
    process = shards.process(shard, f"shard{shard}-b.log")
    process.env.update({"LEASE_WAIT": "120", "METRICS_PORT": str(port),
                        "METRICS_HOST": "127.0.0.1"})
    return process


def replayed_interactions(double: Double, guild: Guild) -> int:
    """How many of the guild's interactions a RESUME replayed."""
    return sum(1 for event in double.gateway.replayed if event.get("t") == "INTERACTION_CREATE"
               and event["d"].get("guild_id") == str(guild.id))


def unread(double: Double, guild: Guild) -> bool:
    """Whether the guild's shard has a session no socket reads (it buffers)."""
    session = double.gateway.session_for(guild.id)
    return session is not None and session.connection is None


@pytest.mark.timeout(400)
async def test_clicks_while_no_process_reads_the_shard_are_answered_once(
    double: Double, postgres_url: str, tmp_path: Path,
) -> None:
    double.response_wait = PATIENCE  # answers may come late to the test, never to Discord
    ports = [free_port(), free_port()]
    in_the_gap: list[InteractionResult] = []
    async with two_shards(double, postgres_url, tmp_path) as shards:
        drivers = await shards.open_games()
        lanes = Lanes(drivers, RESTART_AT)

        async def replace(shard: int) -> None:
            async with lanes.between_moves(shard):
                again = replacement(shards, shard, ports[shard])
                again.launch()
                await until(lambda: "waiting for it" in again.output(),
                            "the replacement waits")
                old = shards.running[shard]
                assert old.proc is not None
                old.proc.send_signal(signal.SIGTERM)
                await until(lambda: unread(double, shards.guilds[shard]), "the shard unread")
                # Clicked while no process reads the shard: a move and a table button.
                table = table_message(double, shards.channels[shard])
                table_id = table_id_of(table)
                assert table_id is not None
                hand = asyncio.create_task(double.click(
                    shards.players[shard][1], table, f"t:{table_id}:hand", settle=False))
                moved = await drivers[shard].step()
                assert moved is not None
                in_the_gap.extend([moved, await hand])
                assert await old.wait(PATIENCE) == 0
                await until(lambda: "ready as" in again.output(), "the replacement ready")
                shards.running[shard] = again
                lanes.progress[shard] += 1

        await lanes.run(replace)
        await shards.games_over()
        assert double.unanswered() == []
        assert all(r.answered and not r.refusals for r in in_the_gap), in_the_gap
        for shard, guild in enumerate(shards.guilds):
            log = (tmp_path / f"shard{shard}-b.log").read_text()
            assert "resuming shard" in log and "moved to a fresh session" in log, log
            counts = await handover_counts(ports[shard])
            # What the gap's clicks met: replayed once each, none dropped as met twice,
            # none answered "restarting" (the replacement was ready well within 10 s).
            assert counts.get("replayed", 0) == replayed_interactions(double, guild) >= 2, \
                counts
            assert counts.get("duplicate", 0) == counts.get("restarting", 0) == 0, counts
        await shards.recorded_once()
