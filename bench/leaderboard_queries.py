"""Figures for the leaderboard storage: recording games and the two queries.

``python -m bench.leaderboard_queries [games] [members]`` records that many five-seat
Kachuful games (one AI seat in four) among that many members of one server, in a
temporary SQLite file, then times ``leaderboard`` and ``player_stats``.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

from bot.render.leaderboard import leaderboard_embed
from bot.storage.db import connect
from bot.storage.results import FinishedGame, PlayerResult, record_game
from bot.storage.standings import leaderboard, player_stats


def _game(rng: random.Random, members: int, at: float) -> FinishedGame:
    seats: list[int | None] = list(rng.sample(range(1, members + 1), 5))
    if rng.random() < 0.25:
        seats[rng.randrange(5)] = None
    scores = [rng.randrange(0, 80) for _ in seats]
    best = max(scores)
    players = [PlayerResult(seat=i, user_id=u, name=f"p{i}", score=s, won=s == best)
               for i, (u, s) in enumerate(zip(seats, scores, strict=True))]
    return FinishedGame(guild_id=1, game="kachuful", status="finished", players=players,
                        hands_played=13, ended_at=at)


async def main(games: int, members: int) -> None:
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        conn = await connect(Path(tmp) / "bench.sqlite3")
        start = time.perf_counter()
        for i in range(games):
            await record_game(conn, _game(rng, members, 1.7e9 + i))
            await conn.commit()
        spent = time.perf_counter() - start
        print(f"record_game + commit: {games} games in {spent:.2f} s "
              f"({spent / games * 1e3:.2f} ms each)")

        async def board() -> None:
            leaderboard_embed(await leaderboard(conn, 1, "kachuful"))

        async def stats() -> None:
            await player_stats(conn, 1, "kachuful", 1)

        for label, run in (("leaderboard + embed", board), ("player_stats", stats)):
            times = []
            for _ in range(21):
                t = time.perf_counter()
                await run()
                times.append(time.perf_counter() - t)
            times.sort()
            print(f"{label}: median {times[10] * 1e3:.2f} ms, max {times[-1] * 1e3:.2f} ms "
                  f"({members} members, {games} games)")
        await conn.close()


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    asyncio.run(main(*(args + [5000, 200][len(args):])))
