"""Event-loop lag while AI players decide in worker threads.

Plays whole games with every seat at ``hard`` through :class:`bot.tables.ai_players.AiPlayers`
(no pacing) while a heartbeat task sleeps 1 ms at a time, and prints the heartbeat's
worst and p99 oversleep (how long the loop was kept from running) and the decision
times, per game.

Run: ``.venv/bin/python -m bench.ai_loop_lag [--games 2] [--seconds 0.5]``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from bot.games.adapter import GameAdapter
from bot.games.kachuful import KACHUFUL
from bot.games.mighty import MIGHTY
from bot.tables.ai_players import AiPlayers, Snapshot

SETTINGS: dict[str, dict[str, object]] = {
    "kachuful": {"start_size": 7, "schedule": "descending"},
    "mighty": {"hands": 1},
}
PLAYERS = {"kachuful": 4, "mighty": 5}


async def _heartbeat(lags: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.001)
        lags.append(time.perf_counter() - before - 0.001)


async def _play(adapter: GameAdapter, seed: int, ai: AiPlayers) -> tuple[list[float], list[float]]:
    game = adapter.new_game(SETTINGS[adapter.name], PLAYERS[adapter.name], seed)
    lags: list[float] = []
    thinking: list[float] = []
    stop = asyncio.Event()
    beat = asyncio.create_task(_heartbeat(lags, stop))
    count = 0
    while not game.is_over and game.to_act is not None:
        seat = game.to_act
        snap = Snapshot(seat, "hard", (count, count), game.view(seat),
                        list(game.legal_actions(seat)), f"{seed}:{count}")
        started = time.perf_counter()
        action = await ai.move(adapter.name, snap, paced=False)
        thinking.append(time.perf_counter() - started)
        game.apply(seat, action)
        count += 1
    stop.set()
    await beat
    return lags, thinking


def _ms(values: list[float], q: float) -> str:
    ordered = sorted(values)
    return f"{1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.1f} ms"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=0.5)
    args = parser.parse_args()
    ai = AiPlayers(delay=0.0, budget=args.seconds)
    for adapter in (KACHUFUL, MIGHTY):
        for seed in range(args.games):
            lags, thinking = await _play(adapter, seed, ai)
            print(f"{adapter.name} game {seed}: {len(thinking)} hard decisions, "
                  f"thinking median {1000 * statistics.median(thinking):.0f} ms, "
                  f"max {1000 * max(thinking):.0f} ms; loop lag p99 {_ms(lags, 0.99)}, "
                  f"max {_ms(lags, 1.0)}")


if __name__ == "__main__":
    asyncio.run(main())
