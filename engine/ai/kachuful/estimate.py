"""Trick estimates for Kachuful bidding (K7, K8): sure and likely tricks of a hand
given trump, hand size and table size. Used by the ``normal`` bids and by ``hard`` to
guess the bids of hands it samples and to weigh worlds by the bids it has seen."""

from __future__ import annotations

import random
from functools import cache, lru_cache
from math import comb
from typing import Final

from engine.ai.kachuful.simulate import ABOVE
from engine.ai.lean import NO_TRUMP, SUIT_MASK

_NORM_HANDS: Final = 400
_SCALE: Final = 1.2
_SHIFT: Final = 0.3
"""The card-by-card sum undercounts (tricks won by length, by leads that others must
follow); hands of three or more cards scale it, as calibrated on simulated games."""


def _holds_at_least(k: int, draws: int, share: float) -> float:
    """P(an opponent holding ``draws`` cards has at least ``k`` of a suit that is
    ``share`` of the unseen cards) (binomial approximation)."""
    if k <= 0:
        return 1.0
    share = min(max(share, 0.0), 1.0)
    miss = sum(
        comb(draws, j) * share**j * (1 - share) ** (draws - j) for j in range(min(k, draws + 1))
    )
    return max(0.0, 1.0 - miss)


@lru_cache(maxsize=65536)
def _round_survives(rounds: int, size: int, suit_left: int, unseen: int, opponents: int) -> float:
    """Chance that the suit can be led ``rounds`` times before an opponent runs out of it
    (after which they may trump it)."""
    one = _holds_at_least(rounds, size, suit_left / unseen if unseen else 0.0)
    return float(one**opponents)


def expected_tricks(hand: int, trump: int, players: int, size: int, seen: int = 0) -> float:
    """Expected tricks of ``hand``: :func:`raw_tricks` scaled so that the estimates of a
    table add up to the hand size on average (every trick is won by someone)."""
    return min(float(size), raw_tricks(hand, trump, players, size, seen) * _norm(players, size))


@cache
def _norm(players: int, size: int) -> float:
    """size / players over the mean :func:`raw_tricks` of random hands (seeded, so the
    same every run)."""
    rng = random.Random(f"norm:{players}:{size}")
    total = 0.0
    deck = list(range(52))
    for _ in range(_NORM_HANDS):
        rng.shuffle(deck)
        hand = sum(1 << b for b in deck[:size])
        total += raw_tricks(hand, deck[size] & 3, players, size, 1 << deck[size])
    mean = total / _NORM_HANDS
    return size / players / mean if mean > 0 else 1.0


def raw_tricks(hand: int, trump: int, players: int, size: int, seen: int = 0) -> float:
    """Expected tricks of ``hand`` (a lean mask) in a hand of ``size`` cards: a card
    counts by the chance that no higher outstanding card of its suit is dealt against it
    (or that it is guarded well enough to outlast them) times the chance that its suit is
    not ruffed first; long trumps add ruffing tricks. ``seen`` are cards known out of
    play (the turned card)."""
    known = hand | seen
    unseen = 52 - known.bit_count()
    opponents = players - 1
    dealt_share = min(1.0, opponents * size / unseen) if unseen else 0.0
    total = 0.0
    trumps = hand & SUIT_MASK[trump] if trump != NO_TRUMP else 0
    for suit in range(4):
        mine = hand & SUIT_MASK[suit]
        if not mine:
            continue
        suit_unseen = 13 - (known & SUIT_MASK[suit]).bit_count()
        is_trump = suit == trump
        held_above = 0
        m = mine
        while m:
            top = m.bit_length() - 1
            m ^= 1 << top
            higher = (ABOVE[top] & ~known).bit_count()
            below = m.bit_count()
            clear = (1 - dealt_share) ** higher
            guarded = 0.6 * (1 - clear) if below >= higher else 0.0
            win = clear + guarded
            if not is_trump and trump != NO_TRUMP:
                rounds = held_above + higher + 1
                win *= _round_survives(rounds, size, suit_unseen, unseen, opponents)
            total += win
            held_above += 1
    if trumps:
        count = trumps.bit_count()
        average = size / 4
        short = sum(
            max(0.0, average - (hand & SUIT_MASK[s]).bit_count()) for s in range(4) if s != trump
        )
        total += 0.5 * min(float(max(0, count - 2)), short)
    if size > 2:
        total = _SCALE * total + _SHIFT
    return min(total, float(size))


def sure_tricks(hand: int, trump: int, seen: int = 0) -> int:
    """Tricks ``hand`` takes whatever the others hold: its unbroken run of top trumps."""
    if trump == NO_TRUMP:
        return 0
    live = SUIT_MASK[trump] & ~seen
    count = 0
    while live:
        top = live.bit_length() - 1
        if not hand >> top & 1:
            break
        count += 1
        live ^= 1 << top
    return count


def round_bid(estimate: float, size: int, forbidden: int | None, floor: int = 0) -> int:
    """The bid nearest the estimate, never below ``floor`` (sure tricks), avoiding the
    hook value (K8) on the side nearer the estimate."""
    estimate = max(estimate, float(floor))
    bid = min(size, max(floor, int(estimate + 0.5)))
    if bid != forbidden:
        return bid
    up, down = bid + 1, bid - 1
    if up <= size and (down < floor or up - estimate <= estimate - down):
        return up
    return down
