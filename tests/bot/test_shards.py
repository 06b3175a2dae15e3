"""Several bot processes over one PostgreSQL: each runs its own shards (PRODUCT
"Promises"). Real processes (``python -m bot``), a real server, the Discord double."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.client import CardBot
from bot.config import Settings
from bot.shards import Shards
from bot.tables.lobby import OTHER_SHARD
from testkit.double import Double, FakeUser
from testkit.double.harness import RunBot
from tests.ops.two_shards import two_shards

REFUSED = "shard 0 of 2 is already run by another process on this database"


async def test_one_process_runs_two_shards(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    guilds = [double.add_guild(f"shard {i}", shard=(i, 2)) for i in (0, 1)]
    channels = [double.add_channel("cards", guild) for guild in guilds]
    hosts = [double.add_user(f"host{i}", guild=guild) for i, guild in enumerate(guilds)]
    settings = Settings(_env_file=None, discord_token=double.token,  # type: ignore[call-arg]
                        database_path=tmp_path / "bot.sqlite3", shard_count=2)
    bot = CardBot(settings, ai_delay=0.0)

    async def at_once(shard_id: int, *, initial: bool = False) -> None:
        """Identify each shard at once (Discord asks for 5 s between them)."""

    bot.before_identify_hook = at_once  # type: ignore[method-assign]
    await run_bot(bot)
    assert set(double.gateway.live) == {(0, 2), (1, 2)} and bot.shard_count == 2
    for (shard, count), session in double.gateway.live.items():
        ready = session.log[0]["d"]
        assert ready["shard"] == [shard, count]
        assert {int(g["id"]) for g in ready["guilds"]} == {
            g.id for g in double.guilds if (g.id >> 22) % count == shard}
    for i, (channel, host) in enumerate(zip(channels, hosts, strict=True)):
        opened = await double.slash(host, channel, "kachuful", "start")
        assert "open" in opened.content, opened
        shown = [p["d"]["id"] for p in double.gateway.live[(i, 2)].log
                 if p["t"] == "INTERACTION_CREATE"]
        assert str(opened.id) in shown  # sent to the session of the guild's shard
        assert str(opened.id) not in [p["d"]["id"] for p in double.gateway.live[(1 - i, 2)].log
                                      if p["t"] == "INTERACTION_CREATE"]
    assert {t.rec.guild_id for t in bot.registry.tables()} == {g.id for g in guilds}


@pytest.mark.timeout(300)
async def test_no_table_opens_for_a_server_of_another_shard(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    theirs = Shards.of(double.guild.id, 2)
    bot.registry.shards = Shards(2, (1 - theirs,))  # as if the server were another's
    refused = await double.slash(users[0], double.channel, "kachuful", "start")
    assert refused.ephemeral and refused.content == OTHER_SHARD
    assert bot.registry.tables() == []
    bot.registry.shards = Shards(2, (theirs,))
    opened = await double.slash(users[0], double.channel, "kachuful", "start")
    assert "open" in opened.content


async def test_two_processes_run_their_shards_over_one_postgres(
    double: Double, postgres_url: str, tmp_path: Path,
) -> None:
    async with two_shards(double, postgres_url, tmp_path) as shards:
        first = shards.running[0]
        restarted = shards.process(0, "shard0-again.log")
        drivers = await shards.open_games()
        progress = [0, 0]
        down = asyncio.Event()
        back = asyncio.Event()

        async def play(lane: int, kill_after: int | None = None) -> None:
            while await drivers[lane].step() is not None:
                progress[lane] += 1
                if progress[lane] == kill_after:
                    first.kill()  # mid-game, between two answered moves
                    down.set()
                    await asyncio.wait_for(back.wait(), 120)
                if lane == 1 and down.is_set() and not back.is_set():
                    await asyncio.sleep(0.05)  # let the other game go on while shard 0 is down

        async def restart() -> None:
            await down.wait()
            seen = progress[1]
            while progress[1] < seen + 3:  # shard 1 never stops
                await asyncio.sleep(0.05)
            await restarted.start()
            back.set()

        await asyncio.gather(play(0, kill_after=8), play(1), restart())
        assert progress[0] > 8 and progress[1] > 8
        await shards.games_over()

        third = shards.process(0, "shard0-third.log", level="WARNING")
        third.launch()
        assert await third.wait() == 2
        lines = [line for line in third.output().splitlines() if line.strip()]
        assert lines == [REFUSED]

        for i, (channel, players) in enumerate(zip(shards.channels, shards.players,
                                                   strict=True)):
            board = await double.slash(players[0], channel, "leaderboard")
            text = board.message.current.text() if board.message else board.content
            assert all(p.mention in text for p in players), text
            assert not any(p.mention in text for p in shards.players[1 - i]), text
        await shards.recorded_once()
