"""Sampling the hidden cards of an information set (shared by both games).

A world gives every hidden location (another seat's hand, the undealt pile, the
kitty) exactly as many cards as it holds, each allowed for it: a seat that showed a
void in a suit gets no card of it, a card a seat is known to lack never goes there.
Cards are lean bit numbers; a location's constraint is a mask of the bits it may take.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.ai.lean import bits

_TRIES = 12


def sample_world(
    unknown: int, capacity: Sequence[int], allowed: Sequence[int], rng: random.Random
) -> list[int]:
    """Deal the cards of mask ``unknown`` into the locations: location ``i`` receives
    ``capacity[i]`` cards, all within ``allowed[i]``. The most constrained location is
    filled first; after a few dead ends the constraints are relaxed (a world that
    breaks an inference is better than none). Returns one mask per location."""
    order = sorted(
        range(len(capacity)), key=lambda i: (allowed[i] & unknown).bit_count() - capacity[i]
    )
    for attempt in range(_TRIES + 1):
        relax = attempt == _TRIES
        pool = unknown
        out = [0] * len(capacity)
        ok = True
        for i in order:
            need = capacity[i]
            if not need:
                continue
            cand = pool if relax else pool & allowed[i]
            options = bits(cand)
            if len(options) < need:
                ok = False
                break
            picked = rng.sample(options, need)
            m = 0
            for b in picked:
                m |= 1 << b
            out[i] = m
            pool ^= m
        if ok:
            return out
    raise ValueError("hidden cards do not fit the hidden hands")  # pragma: no cover
