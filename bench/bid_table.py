"""Fit ``engine/ai/kachuful/bid_table.json``, the table ``hard`` bids from in short
Kachuful hands (:mod:`engine.ai.kachuful.bid_table`), on self-play.

Every hand: 4 players, turned trump, the hook, classic scoring, one to three cards,
``hard`` in every seat without a clock (its tree search for bids and cards, so the
run depends on ``--seed`` alone). For each seat it records the features of its hand
and of the auction when it bid, and the tricks it then took; each level of the table
counts the tricks by its leading features.

Run: ``nice -n 19 .venv/bin/python -m bench.bid_table [--hands 3000] [--seed 25]
[--jobs 2]`` (hands per size); ``--out -`` prints the table instead of writing it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai.decide import LevelPolicy
from engine.ai.kachuful.bid_table import LEVELS, MAX_SIZE, PLAYERS, features, key
from engine.ai.kachuful.info import info_from_view
from engine.kachuful.game import KachufulGame

OUT = Path(__file__).resolve().parents[1] / "engine" / "ai" / "kachuful" / "bid_table.json"


def self_play(args: tuple[int, int]) -> list[tuple[tuple[int, ...], int]]:
    """One hand of ``size`` cards from deal seed ``seed``: (features, tricks) per seat."""
    seed, size = args
    config = {"players": PLAYERS, "start_size": size, "schedule": "descending",
              "trump": "turned"}
    game = KachufulGame(config, seed=seed, max_hands=1)
    policy = LevelPolicy("kachuful", "hard", None)
    rng = random.Random(seed)
    seen: dict[int, tuple[int, ...]] = {}
    while (seat := game.to_act) is not None:
        view = game.view(seat)
        if game.phase == "bidding":
            seen[seat] = features(info_from_view(view))
        game.apply(seat, policy.choose(view, game.legal_actions(seat), rng))
    won = game.current.tricks_won
    return [(seen[s], won[s]) for s in range(PLAYERS)]


def fit(hands: int, seed: int, jobs: int) -> dict[str, object]:
    """The table of ``hands`` self-play hands of each size from ``seed``."""
    tasks = [(seed * 1_000_000 + size * 100_000 + h, size)
             for size in range(1, MAX_SIZE + 1) for h in range(hands)]
    with ProcessPoolExecutor(jobs) as pool:
        rows = [r for chunk in pool.map(self_play, tasks, chunksize=20) for r in chunk]
    cells: dict[str, list[int]] = {}
    for values, tricks in rows:
        for depth in LEVELS:
            counts = cells.setdefault(key(values[:depth]), [0] * (values[0] + 1))
            counts[tricks] += 1
    return {"seed": seed, "hands_per_size": hands, "sizes": [1, MAX_SIZE],
            "levels": list(LEVELS), "cells": dict(sorted(cells.items()))}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=3000, help="self-play hands per size")
    p.add_argument("--seed", type=int, default=25)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--out", default=str(OUT), help="where to write the table ('-': print)")
    args = p.parse_args()
    text = json.dumps(fit(args.hands, args.seed, args.jobs), separators=(",", ":")) + "\n"
    if args.out == "-":
        print(text, end="")
    else:
        Path(args.out).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
