"""``hard``'s bid in short Kachuful hands (one to three cards, 4 players, a trump suit;
K7, K8) from a table learned offline: how many tricks ``hard`` went on to take, over
self-play hands, by a few features of the hand and the auction (:func:`features`).

The table ships as ``bid_table.json`` beside this module, written by
``bench/bid_table.py`` (its seed and hand counts are in the file, docs/ai.md). Each
level of it drops the last feature of the one before; a cell's trick counts are
smoothed towards the coarser level's distribution, so rare cells lean on common ones.
The bid is the legal amount of best expected score under the scoring in force.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib.resources import files
from typing import Final

from engine.ai.kachuful.estimate import sure_tricks
from engine.ai.kachuful.info import KInfo
from engine.ai.lean import NO_TRUMP, SUIT_MASK
from engine.kachuful.scoring import hand_score

MAX_SIZE: Final = 3
"""The table covers hands of one to this many cards."""
PLAYERS: Final = 4
SMOOTHING: Final = 4.0
"""Weight, in hands, of the coarser level's distribution in a cell's."""
TOP_RANKS: Final = (4, 8, 10, 11, 12)
"""Upper ranks (2 is 0, the ace 12) of the top-trump buckets 1..5: 2–6, 7–10, J–Q, K, A;
bucket 0: no trump."""
_ACES: Final = 0xF << 48
_KINGS: Final = 0xF << 44


def features(info: KInfo) -> tuple[int, ...]:
    """Hand size; the bucket of the top trump's live rank (the turned card above it
    counts as gone); trumps held; side aces; side kings; place in the bidding from the
    dealer's left; the sum of the bids so far (at most the hand size). Coarser levels
    of the table drop these from the end."""
    hand = info.hand
    trumps = hand & SUIT_MASK[info.trump]
    bucket = 0
    if trumps:
        top = trumps.bit_length() - 1
        above = SUIT_MASK[info.trump] & ~((1 << (top + 1)) - 1) & ~info.out
        rank = 12 - above.bit_count()
        bucket = 1 + sum(1 for r in TOP_RANKS if rank > r)
    side = hand & ~trumps
    position = (info.seat - info.dealer - 1) % info.players
    bid = min(info.size, sum(b for b in info.bids if b is not None))
    return (info.size, bucket, trumps.bit_count(), (side & _ACES).bit_count(),
            (side & _KINGS).bit_count(), position, bid)


LEVELS: Final = (7, 6, 5, 3, 1)
"""How many leading features each level of the table keys on, finest first."""


def key(values: Sequence[int]) -> str:
    """A cell's key in the JSON table."""
    return ",".join(map(str, values))


@cache
def _table() -> dict[str, list[int]]:
    text = files("engine.ai.kachuful").joinpath("bid_table.json").read_text(encoding="utf-8")
    cells: dict[str, list[int]] = json.loads(text)["cells"]
    return cells


def applies(info: KInfo) -> bool:
    """Whether the table speaks for this seat: a short hand it can see, 4 players, a
    trump suit."""
    return (info.size <= MAX_SIZE and info.players == PLAYERS and info.trump != NO_TRUMP
            and bool(info.hand))


def tricks_distribution(info: KInfo) -> list[float]:
    """P(tricks = t) for t = 0..size, from the coarsest level to the finest."""
    values = features(info)
    size = info.size
    cells = _table()
    dist = [1.0 / (size + 1)] * (size + 1)
    for depth in reversed(LEVELS):
        counts = cells.get(key(values[:depth]))
        if not counts:
            continue
        total = sum(counts)
        dist = [(c + SMOOTHING * p) / (total + SMOOTHING) for c, p in zip(counts, dist,
                                                                          strict=True)]
    return dist


def table_bid(info: KInfo, legal: Sequence[int]) -> int:
    """The legal bid, not below the sure tricks (all of them if none is), of best
    expected score under the table's distribution of tricks."""
    dist = tricks_distribution(info)
    floor = sure_tricks(info.hand, info.trump, info.out)
    options = [b for b in legal if b >= floor] or list(legal)

    def value(b: int) -> float:
        return sum(p * hand_score(info.scoring, b, t, False) for t, p in enumerate(dist))

    return max(options, key=lambda b: (value(b), -b))
