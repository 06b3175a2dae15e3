"""Single-core random-playout speed of every registered game, through the public
interface (``legal_actions`` + ``apply``), with the default settings of each game.

Usage: ``python bench/engine.py [--seconds 3] [game ...]``. Prints full games per
second, card plays per second (legal-move generation included) and peak memory of one
game. Rates are per second of this process's CPU time, so other load on the machine
disturbs them less.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.game import Game, Play
from engine.replay import GameSpec, registry


def playout(game: Game, rng: random.Random) -> int:
    """Play ``game`` to the end with uniformly random legal actions; return the number
    of cards played."""
    plays = 0
    while (seat := game.to_act) is not None:
        action = rng.choice(game.legal_actions(seat))
        game.apply(seat, action)
        if type(action) is Play:
            plays += 1
    return plays


def measure(spec: GameSpec, seconds: float) -> None:
    rng = random.Random(1)
    seed = 0
    games = plays = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        plays += playout(spec.new_game(spec.default_players, seed, {}), rng)
        games += 1
        seed += 1
        elapsed = time.process_time() - start
    tracemalloc.start()
    playout(spec.new_game(spec.default_players, seed, {}), rng)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"{spec.name} ({spec.default_players} players, default settings): "
        f"{games / elapsed:,.0f} games/s, {plays / elapsed:,.0f} card plays/s "
        f"({plays / games:.0f} plays/game, {games} games in {elapsed:.1f} s of CPU); "
        f"peak memory of one game {peak / 1024:,.0f} KiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game (default 3)")
    parser.add_argument("games", nargs="*", help="games to measure (default: all)")
    args = parser.parse_args()
    specs = registry()
    for name in args.games or sorted(specs):
        measure(specs[name], args.seconds)


if __name__ == "__main__":
    main()
