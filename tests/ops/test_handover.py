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

from bot.storage import PostgresStorage
from testkit.double import Double, InteractionResult
from testkit.double.world import Guild
from testkit.driver import table_id_of, table_message
from testkit.process import BotProcess
from tests.bot.test_shards import open_game, shard_process
from tests.ops.helpers import free_port, handover_counts

RESTART_AT = (6, 12)
"""The moves of each shard's game after which its process is replaced (0, then 1)."""
PATIENCE = 120.0
"""Seconds a step of the test may wait on a busy machine (the 3 s rule still holds)."""


def replacement(double: Double, url: str, shard: int, log: Path, port: int) -> BotProcess:
    """A process for ``shard`` that waits for its lease, serving metrics on ``port``."""
    process = shard_process(double, url, shard, log)
    process.env.update({"LEASE_WAIT": "120", "METRICS_PORT": str(port),
                        "METRICS_HOST": "127.0.0.1"})
    return process


def replayed_interactions(double: Double, guild: Guild) -> int:
    """How many of the guild's interactions a RESUME replayed."""
    return sum(1 for event in double.gateway.replayed if event.get("t") == "INTERACTION_CREATE"
               and event["d"].get("guild_id") == str(guild.id))


async def until(check: object, what: str) -> None:
    """Wait (at most :data:`PATIENCE`) until ``check()`` holds."""
    assert callable(check)
    for _ in range(int(PATIENCE / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"never: {what}")


def unread(double: Double, guild: Guild) -> bool:
    """Whether the guild's shard has a session no socket reads (it buffers)."""
    session = double.gateway.session_for(guild.id)
    return session is not None and session.connection is None


@pytest.mark.timeout(400)
async def test_clicks_while_no_process_reads_the_shard_are_answered_once(
    double: Double, postgres_url: str, tmp_path: Path,
) -> None:
    double.response_wait = PATIENCE  # answers may come late to the test, never to Discord
    guilds = [double.add_guild(f"shard {i}", shard=(i, 2)) for i in (0, 1)]
    channels = [double.add_channel("cards", guild) for guild in guilds]
    players = [[double.add_user(f"p{i}{j}", guild=guild) for j in range(4)]
               for i, guild in enumerate(guilds)]
    running = [shard_process(double, postgres_url, i, tmp_path / f"shard{i}.log")
               for i in (0, 1)]
    started = list(running)
    ports = [free_port(), free_port()]
    in_the_gap: list[InteractionResult] = []
    try:
        await asyncio.gather(*(p.start() for p in running))
        drivers = await asyncio.gather(*(open_game(double, c, p)
                                         for c, p in zip(channels, players, strict=True)))
        progress = [0, 0]
        between = [asyncio.Lock(), asyncio.Lock()]
        replaced = [asyncio.Event(), asyncio.Event()]

        async def play(lane: int) -> None:
            other = 1 - lane
            while True:
                async with between[lane]:
                    if await drivers[lane].step() is None:
                        return
                progress[lane] += 1
                if between[other].locked() and progress[lane] >= RESTART_AT[other] + 3:
                    await replaced[other].wait()  # a few moves while the other restarts

        async def replace(shard: int) -> None:
            await until(lambda: progress[shard] >= RESTART_AT[shard], "the restart point")
            again = replacement(double, postgres_url, shard, tmp_path / f"shard{shard}-b.log",
                                ports[shard])
            started.append(again)
            async with between[shard]:
                again.launch()
                await until(lambda: "waiting for it" in again.output(),
                            "the replacement waits")
                old = running[shard]
                assert old.proc is not None
                old.proc.send_signal(signal.SIGTERM)
                await until(lambda: unread(double, guilds[shard]), "the shard unread")
                # Clicked while no process reads the shard: a move and a table button.
                table = table_message(double, channels[shard])
                table_id = table_id_of(table)
                assert table_id is not None
                hand = asyncio.create_task(double.click(
                    players[shard][1], table, f"t:{table_id}:hand", settle=False))
                moved = await drivers[shard].step()
                assert moved is not None
                in_the_gap.extend([moved, await hand])
                assert await old.wait(PATIENCE) == 0
                await until(lambda: "ready as" in again.output(), "the replacement ready")
                running[shard] = again
            progress[shard] += 1
            replaced[shard].set()

        async def replacements() -> None:
            for shard in (0, 1):
                await replace(shard)

        await asyncio.gather(play(0), play(1), replacements())
        for channel in channels:
            for _ in range(400):  # the final standings come with their chart, drawn first
                final = table_message(double, channel)
                if "game over" in final.embeds[0]["title"]:
                    break
                await asyncio.sleep(0.05)
            assert "game over" in final.embeds[0]["title"], final.embeds
        assert double.unanswered() == []
        assert all(r.answered and not r.refusals for r in in_the_gap), in_the_gap
        for shard, guild in enumerate(guilds):
            log = (tmp_path / f"shard{shard}-b.log").read_text()
            assert "resuming shard" in log and "moved to a fresh session" in log, log
            counts = await handover_counts(ports[shard])
            # What the gap's clicks met: replayed once each, none dropped as met twice,
            # none answered "restarting" (the replacement was ready well within 10 s).
            assert counts.get("replayed", 0) == replayed_interactions(double, guild) >= 2, \
                counts
            assert counts.get("duplicate", 0) == counts.get("restarting", 0) == 0, counts
        storage = await PostgresStorage.open(postgres_url)  # a reader of its own
        try:
            for guild in guilds:
                assert (await storage.leaderboard(guild.id, "kachuful")).games_recorded == 1
        finally:
            await storage.close()
    finally:
        await asyncio.gather(*(p.stop() for p in started))
