"""The Kachuful AI levels' bids and plays over the information set of one seat
(K7–K10), put together per level in :data:`engine.ai.levels.TABLE`.

``easy`` bids its aces and high trumps and plays high when it wants tricks, low
otherwise, with some randomness. ``normal`` and ``hard`` search: a tree over the bids
and cards of every seat, through deals of the hidden cards consistent with what the
seat has seen (cards played, voids shown, the bids weighed against the hands sampled),
each hand finished by the greedy playout policy (:mod:`engine.ai.kachuful.ismcts`);
they differ in how many deals their budget allows, and ``hard`` bids hands of one to
three cards from a table learned on self-play (:mod:`engine.ai.kachuful.bid_table`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.ai.budget import Budget
from engine.ai.kachuful import bid_table, ismcts
from engine.ai.kachuful.estimate import expected_tricks, sure_tricks
from engine.ai.kachuful.info import KInfo
from engine.ai.lean import bits, high_bit, low_bit
from engine.kachuful.trick import ABOVE, TRUMP_MASK

# --- easy ---------------------------------------------------------------------------


def easy_bid(info: KInfo, legal: Sequence[int], rng: random.Random) -> int:
    """Aces and trump honours, nudged at random."""
    tmask = TRUMP_MASK[info.trump]
    count = sum(1 for b in bits(info.hand) if b >= 48 or (b >= 40 and (1 << b) & tmask))
    count += rng.choice((-1, 0, 0, 1))
    return min(legal, key=lambda b: (abs(b - count), b))


def easy_play(info: KInfo, legal: int, rng: random.Random) -> int:
    """High when short of the bid, low otherwise; now and then any legal card."""
    if rng.random() < 0.25:
        return rng.choice(bits(legal))
    bid = info.bids[info.seat]
    if bid is not None and info.won[info.seat] < bid:
        return high_bit(legal)
    return low_bit(legal)


# --- normal and hard -------------------------------------------------------------


def _bid_candidates(info: KInfo, legal: Sequence[int]) -> list[int]:
    """The legal bids within 2.5 tricks of the estimate and not below the sure tricks
    (all of them if none is)."""
    if info.hand:
        est = expected_tricks(info.hand, info.trump, info.players, info.size, info.out)
    else:
        est = info.size / info.players
    floor = sure_tricks(info.hand, info.trump, info.out)
    return [b for b in legal if abs(b - est) <= 2.5 and b >= floor] or list(legal)


def _distinct_cards(info: KInfo, legal: int) -> list[int]:
    """Legal cards up to equivalence: cards of one suit with no unknown card between
    them win and lose alike, so only the lowest of each run is searched."""
    gone = info.hand
    for s in range(info.players):
        gone |= info.played[s]
    out: list[int] = []
    for c in bits(legal):
        lower = [o for o in out if (o & 3) == (c & 3)]
        if lower:
            prev = lower[-1]
            gap = ABOVE[prev] & ~ABOVE[c] & ~(1 << c)
            if not gap & ~gone:
                continue
        out.append(c)
    return out


def search_bid(info: KInfo, legal: Sequence[int], rng: random.Random, budget: Budget) -> int:
    """Search the bids near the estimate (K7, K8) within ``budget``."""
    return ismcts.search(info, _bid_candidates(info, legal), True, rng, budget)


def hard_bid(info: KInfo, legal: Sequence[int], rng: random.Random, budget: Budget) -> int:
    """In short hands the bid of best expected score under the table learned from
    self-play (:mod:`engine.ai.kachuful.bid_table`), elsewhere :func:`search_bid`."""
    if bid_table.applies(info):
        return bid_table.table_bid(info, legal)
    return search_bid(info, legal, rng, budget)


def search_play(info: KInfo, legal: int, rng: random.Random, budget: Budget) -> int:
    """Search the legal cards up to equivalence (K9, K10) within ``budget``."""
    return ismcts.search(info, _distinct_cards(info, legal), False, rng, budget)
