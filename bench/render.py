"""Time and size of every picture kind (``bot.render.pictures``), drawn from realistic views:
the states of random games of Kachuful with 4 and 7 players and of Mighty, the final
standings of finished games, and rating histories.

Usage: ``python bench/render.py [--games 3] [--every 6] [--charts 20] [--seed 1]
[--language hi]`` (the pictures' words in that language; English by default).
Runs on one core, with the picture cache off, after a warm-up (card faces and
lettering are kept between pictures, as in the bot). Prints, per kind, the median and
95th percentile of the CPU time per picture and the median and largest PNG, against
the targets: p95 at most 15 ms for the table and the hand, 60 ms for a chart; at most
120 KB a picture.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.i18n import language_of
from bot.render.pictures import (
    Picture,
    Words,
    hand_picture,
    rating_chart,
    score_chart,
    table_picture,
    words_for,
)
from engine.game import Game, Play
from engine.kachuful.game import KachufulGame
from engine.mighty import Discard, MightyGame

NAMES = ("Ann", "Bartholomew", "Chidi", "Dana", "Eun-ji", "Farid", "Gus")
TARGET_MS = {"table": 15.0, "hand": 15.0, "scores": 60.0, "rating": 60.0}
TARGET_BYTES = 120 * 1024
WARM_UP = 20


@dataclass
class Sample:
    """The inputs of one picture: a function of no arguments drawing it."""

    kind: str
    draw: Callable[[], Picture]


@dataclass
class Result:
    times: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)


def legal_cards(game: Game, seat: int) -> list[str]:
    if isinstance(game, MightyGame):
        actions = game.listed_actions(seat)
        return [str(c) for a in actions if isinstance(a, Discard) for c in a.cards] + [
            str(a.card) for a in actions if isinstance(a, Play)]
    return [str(a.card) for a in game.legal_actions(seat) if isinstance(a, Play)]


def states(game: Game, rng: random.Random, deck: str, every: int, words: Words) -> list[Sample]:
    """A table and a hand picture (of the seat to act) of every ``every``-th state of a
    random game, and the score chart of its end."""
    names = list(NAMES[: game.players])
    out: list[Sample] = []

    def add(public: dict[str, Any], seen: dict[str, Any], legal: list[str]) -> None:
        out.append(Sample("table", lambda: table_picture(public, names, deck=deck, words=words,
                                                         cache=None)))
        out.append(Sample("hand", lambda: hand_picture(seen, names, legal, deck=deck,
                                                       words=words, cache=None)))

    step = 0
    while (seat := game.to_act) is not None:
        if step % every == 0:
            add(game.view(None), game.view(seat), legal_cards(game, seat))
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        step += 1
    final = game.view(None)
    out.append(Sample("scores", lambda: score_chart(final, names, words=words, cache=None)))
    return out


def rating_sample(rng: random.Random, words: Words) -> Sample:
    """The rating chart of a random history of 1 to 300 games."""
    mu, sigma = 25.0, 25 / 3
    history: list[tuple[float, float]] = []
    for _ in range(rng.randrange(1, 300)):
        mu += rng.uniform(-1.5, 1.8)
        sigma = max(0.8, sigma * 0.97)
        history.append((mu, sigma))
    return Sample("rating", lambda: rating_chart("Ann", "kachuful", history, words=words,
                                                 cache=None))


def new_games(seed: int) -> list[Game]:
    return [KachufulGame({"players": 4}, seed=seed), KachufulGame({"players": 7}, seed=seed),
            MightyGame({"hands": 10}, seed=seed)]


def collect(games: int, every: int, charts: int, seed: int, words: Words) -> list[Sample]:
    rng = random.Random(seed)
    samples: list[Sample] = []
    for i in range(games):
        deck = "four_color" if i % 2 else "classic"
        for game in new_games(seed + i):
            samples += states(game, rng, deck, every, words)
    for i in range(games, charts):
        for game in new_games(seed + i):
            samples += [s for s in states(game, rng, "classic", 10**9, words)
                        if s.kind == "scores"]
    samples += [rating_sample(rng, words) for _ in range(3 * charts)]
    return samples


def one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
        return f"core {core}"
    return "one process"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3,
                        help="random games of each kind (default 3)")
    parser.add_argument("--every", type=int, default=6,
                        help="draw every n-th state of those games (default 6)")
    parser.add_argument("--charts", type=int, default=20,
                        help="finished games of each kind for the score chart (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--language", default="en",
                        help="the pictures' language: en, pt-BR, ko or hi (default en)")
    args = parser.parse_args()
    where = one_core()
    lang = language_of(args.language)
    samples = collect(args.games, args.every, max(args.charts, args.games), args.seed,
                      words_for(lang))
    for sample in samples[:WARM_UP]:
        sample.draw()
    results: dict[str, Result] = {}
    for sample in samples:
        start = time.process_time()
        picture = sample.draw()
        elapsed = (time.process_time() - start) * 1000
        result = results.setdefault(sample.kind, Result())
        result.times.append(elapsed)
        result.sizes.append(len(picture.data))
    print(f"bot.render.pictures on {where}, cache off, {len(samples)} pictures: every "
          f"{args.every}th state of {args.games} games each of Kachuful 4p, Kachuful 7p and "
          f"Mighty; final standings of {max(args.charts, args.games)} games of each; "
          f"words in {lang.code}")
    print(f"{'kind':<8} {'count':>6} {'median ms':>10} {'p95 ms':>8} {'target':>8} "
          f"{'median KB':>10} {'max KB':>7}  met")
    ok = True
    for kind, result in results.items():
        p95 = percentile(result.times, 0.95)
        met = p95 <= TARGET_MS[kind] and max(result.sizes) <= TARGET_BYTES
        ok &= met
        median_kb = statistics.median(result.sizes) / 1024
        print(f"{kind:<8} {len(result.times):>6} {statistics.median(result.times):>10.2f} "
              f"{p95:>8.2f} {TARGET_MS[kind]:>8.0f} {median_kb:>10.1f} "
              f"{max(result.sizes) / 1024:>7.1f}  {'yes' if met else 'NO'}")
    print("all targets met" if ok else "some targets missed")


if __name__ == "__main__":
    main()
