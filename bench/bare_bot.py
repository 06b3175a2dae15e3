"""Latency floor: a bare discord.py bot answering every slash command at once, driven through
the Discord double with N interactions in flight; prints p50/p95/p99 (dispatch → initial
response). Run: `.venv/bin/python -m bench.bare_bot [--n 200] [--concurrency 200]`."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord
from discord import app_commands

from testkit.double import Double, FakeUser, InteractionResult, fire, format_percentiles
from testkit.double.harness import bot_running


class BareBot(discord.Client):
    """A client whose only command, /ping, answers immediately."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none())
        self.tree = app_commands.CommandTree(self)

        @self.tree.command(name="ping", description="Answer at once")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong")


async def measure_bare_bot(n: int = 200, concurrency: int = 200, warmup: int = 20) -> list[float]:
    """Latencies (seconds) of `n` /ping interactions fired `concurrency` at a time."""
    async with Double() as double:
        client = BareBot()
        async with bot_running(double, client):
            await client.tree.sync()
            players = [double.add_user(f"player{i}") for i in range(8)]

            def ping(index: int) -> asyncio.Future[InteractionResult]:
                player: FakeUser = players[index % len(players)]
                return asyncio.ensure_future(
                    double.slash(player, double.channel, "ping", settle=False)
                )

            await fire(double, ping, warmup, 1)
            latencies = await fire(double, ping, n, concurrency)
            await double.settle()
        double.assert_clean()
        return latencies


async def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=200)
    args = parser.parse_args(argv)
    logging.getLogger("discord").setLevel(logging.ERROR)
    serial = await measure_bare_bot(min(args.n, 100), 1)
    print(format_percentiles("bare bot, one at a time", serial))
    loaded = await measure_bare_bot(args.n, args.concurrency)
    print(format_percentiles(f"bare bot, {args.concurrency} in flight", loaded))


if __name__ == "__main__":
    asyncio.run(main())
