"""Two servers on two shards, each shard run by a bot process of its own over one
PostgreSQL, with a short Kachuful game on each server (docs/service.md, docs/operations.md):
what tests/bot/test_shards.py, tests/ops/test_rolling_restart.py and
tests/ops/test_handover.py play. Real processes (``python -m bot``), the Discord double."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bot.storage import PostgresStorage
from testkit.double import Double, FakeUser
from testkit.double.world import Channel, Guild
from testkit.driver import KACHUFUL, Driver, table_message
from testkit.process import BotProcess, bot_command

PATIENCE = 120.0
"""Seconds a step of a test may wait on a busy machine (the 3 s rule still holds)."""
OVERLAP = 3
"""The moves a game makes past the other's restart point before it waits for that
restart to end."""


def shard_process(double: Double, url: str, shard: int, log: Path,
                  level: str = "INFO") -> BotProcess:
    """A process running ``shard`` of 2 over the database at ``url``."""
    env = {"DISCORD_TOKEN": double.token, "DATABASE_URL": url, "SHARD_COUNT": "2",
           "SHARD_IDS": str(shard), "AI_DELAY": "0", "LOG_LEVEL": level}
    return BotProcess(bot_command(double), env=env, log=log)


async def open_game(double: Double, channel: Channel, players: list[FakeUser]) -> Driver:
    """A short 4-member Kachuful game (hands of 3, 2, 1 cards), dealt."""
    host = players[0]
    opened = await double.slash(host, channel, "kachuful", "start", start_size=3,
                                schedule="descending")
    assert "open" in opened.content, opened
    for member in players[1:]:
        joined = await double.slash(member, channel, "kachuful", "join")
        assert "joined" in joined.content, joined
    dealt = await double.slash(host, channel, "kachuful", "deal")
    assert dealt.content.startswith("Dealt"), dealt
    return Driver(double, players, KACHUFUL, channel=channel, rng=random.Random(3),
                  follow="panels", open_by="command", settle=False)


async def until(check: Callable[[], bool], what: str) -> None:
    """Wait (at most :data:`PATIENCE`) until ``check()`` holds."""
    for _ in range(int(PATIENCE / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"never: {what}")


@dataclass
class TwoShards:
    """A server on each shard with a channel and four members, the processes started
    for the shards (``running``: the one now running each), and their logs in
    ``folder``."""

    double: Double
    url: str
    folder: Path
    guilds: list[Guild]
    channels: list[Channel]
    players: list[list[FakeUser]]
    running: list[BotProcess] = field(default_factory=list)
    started: list[BotProcess] = field(default_factory=list)

    def process(self, shard: int, log: str, level: str = "INFO") -> BotProcess:
        """A new process for ``shard`` logging to ``log`` in the folder, stopped at the
        end."""
        process = shard_process(self.double, self.url, shard, self.folder / log, level)
        self.started.append(process)
        return process

    async def open_games(self) -> list[Driver]:
        """Both servers' games, dealt."""
        return await asyncio.gather(*(open_game(self.double, channel, players) for
                                      channel, players in zip(self.channels, self.players,
                                                              strict=True)))

    async def games_over(self) -> None:
        """Wait until both tables show the final standings (drawn with their chart)."""
        for channel in self.channels:
            for _ in range(400):
                final = table_message(self.double, channel)
                if "game over" in final.embeds[0]["title"]:
                    break
                await asyncio.sleep(0.05)
            assert "game over" in final.embeds[0]["title"], final.embeds

    async def recorded_once(self) -> None:
        """Each server's game is recorded once, as a reader of its own sees it."""
        storage = await PostgresStorage.open(self.url)
        try:
            for guild in self.guilds:
                assert (await storage.leaderboard(guild.id, "kachuful")).games_recorded == 1
        finally:
            await storage.close()


@asynccontextmanager
async def two_shards(double: Double, url: str, folder: Path) -> AsyncIterator[TwoShards]:
    """The servers and members, with a process started for each shard (``shard0.log``,
    ``shard1.log``); every process started is stopped at the end."""
    guilds = [double.add_guild(f"shard {i}", shard=(i, 2)) for i in (0, 1)]
    shards = TwoShards(double, url, folder, guilds,
                       [double.add_channel("cards", guild) for guild in guilds],
                       [[double.add_user(f"p{i}{j}", guild=guild) for j in range(4)]
                        for i, guild in enumerate(guilds)])
    shards.running = [shards.process(i, f"shard{i}.log") for i in (0, 1)]
    try:
        await asyncio.gather(*(p.start() for p in shards.running))
        yield shards
    finally:
        await asyncio.gather(*(p.stop() for p in shards.started))


class Lanes:
    """Both games played at once, move by move, each move under its game's lock, so
    that a restart of a shard (:meth:`between_moves`) comes between two of its game's
    moves; meanwhile the other game goes on to :data:`OVERLAP` moves past the restart
    point, then waits for the restart to end."""

    def __init__(self, drivers: list[Driver], restart_at: tuple[int, int]) -> None:
        self.drivers = drivers
        self.restart_at = restart_at
        self.progress = [0, 0]
        """The moves each game has made."""
        self.between = [asyncio.Lock(), asyncio.Lock()]
        self.restarted = [asyncio.Event(), asyncio.Event()]

    async def play(self, lane: int) -> None:
        """Play the lane's game to its end."""
        other = 1 - lane
        while True:
            async with self.between[lane]:
                if await self.drivers[lane].step() is None:
                    return
            self.progress[lane] += 1
            if (self.between[other].locked()
                    and self.progress[lane] >= self.restart_at[other] + OVERLAP):
                await self.restarted[other].wait()

    @asynccontextmanager
    async def between_moves(self, shard: int) -> AsyncIterator[None]:
        """Once the shard's game reaches its restart point, hold it between two moves."""
        await until(lambda: self.progress[shard] >= self.restart_at[shard],
                    "the restart point")
        async with self.between[shard]:
            yield
        self.restarted[shard].set()

    async def run(self, restart: Callable[[int], Awaitable[None]]) -> None:
        """Play both games to their ends, restarting shard 0, then shard 1, with
        ``restart``."""

        async def restarts() -> None:
            for shard in (0, 1):
                await restart(shard)

        await asyncio.gather(self.play(0), self.play(1), restarts())
