"""Lean Kachuful playouts for search, on the rules core's bit masks: following and
trick winners are :mod:`engine.kachuful.trick`'s (re-exported here for the
strategies), so the playouts and the game cannot disagree; this module adds the
playout policy and the playout loops, fast enough for many playouts per decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.ai.lean import SUIT_MASK
from engine.kachuful.trick import ABOVE, ALL_CARDS, BEATS, TRUMP_MASK, legal_mask, trick_winner

__all__ = ["ABOVE", "ALL_CARDS", "TRUMP_MASK", "greedy_card", "legal_mask", "playout",
           "random_playout", "trick_winner", "wants"]


def wants(won: int, target: int, greedy: bool) -> bool:
    """Whether a seat plays to win tricks: short of its bid, or past it when every trick
    scores (``greedy``: per-trick scoring, KV5)."""
    return won < target or (greedy and won > target)


def greedy_card(
    hand: int, led: int, best: int, trump: int, want: bool, last: bool, live: int = ALL_CARDS
) -> int:
    """The playout policy. ``want``: win the trick with the cheapest sure card, lead
    masters (cards that no ``live`` card of their suit outranks) from the top; else
    duck as high as possible and shed high cards. ``led``/``best`` are -1 when leading;
    ``live`` are the cards the seat does not know to be out of play."""
    tmask = TRUMP_MASK[trump]
    side = hand & ~tmask
    if led < 0:
        if want:
            m = side
            while m:
                top = m.bit_length() - 1
                if not ABOVE[top] & live:
                    return top
                m ^= 1 << top
            trumps = hand & tmask
            if trumps:
                top = trumps.bit_length() - 1
                if not ABOVE[top] & live or not side:
                    return top
            low = side or hand
            return (low & -low).bit_length() - 1
        low = side or hand
        return (low & -low).bit_length() - 1
    follow = hand & SUIT_MASK[led]
    best_is_trump = (best & 3) == trump
    if follow:
        if best_is_trump and led != trump:
            if want:
                return (follow & -follow).bit_length() - 1
            return follow.bit_length() - 1
        up = follow & ABOVE[best]
        if want:
            if up:
                if not last:
                    sure = up
                    while sure:
                        low = sure & -sure
                        c = low.bit_length() - 1
                        if not ABOVE[c] & live:
                            return c
                        sure ^= low
                    return up.bit_length() - 1
                return (up & -up).bit_length() - 1
            return (follow & -follow).bit_length() - 1
        down = follow & ~ABOVE[best]
        if down:
            return down.bit_length() - 1
        if last:
            return follow.bit_length() - 1
        return (follow & -follow).bit_length() - 1
    trumps = hand & tmask
    up = (trumps & ABOVE[best]) if best_is_trump else trumps
    if want:
        if up:
            return (up & -up).bit_length() - 1
        low = side or hand
        return (low & -low).bit_length() - 1
    if side:
        return side.bit_length() - 1
    down = trumps & ~up
    if down:
        return down.bit_length() - 1
    return (trumps & -trumps).bit_length() - 1


def playout(
    hands: list[int],
    leader: int,
    trick: list[int],
    trump: int,
    won: list[int],
    target: Sequence[int],
    greedy: bool = False,
    gone: int = 0,
) -> list[int]:
    """Play the hand to its end with :func:`greedy_card` for every seat; ``trick`` holds
    the cards already played to the current trick from ``leader``, ``gone`` the cards
    known to be out of play (played before, the turned card); ``greedy`` as in
    :func:`wants`. Mutates ``hands`` and ``won`` and returns ``won``."""
    n = len(hands)
    beats = BEATS[trump]
    for c in trick:
        gone |= 1 << c
    while True:
        k = len(trick)
        if k:
            led = trick[0] & 3
            win_pos = trick_winner(trick, trump)
            best = trick[win_pos]
        elif not hands[leader]:
            return won
        else:
            led = best = -1
            win_pos = 0
        seat = (leader + k) % n
        while k < n:
            h = hands[seat]
            w = won[seat]
            t = target[seat]
            want = w < t or (greedy and w > t)
            c = greedy_card(h, led, best, trump, want, k == n - 1, ALL_CARDS & ~(h | gone))
            hands[seat] = h ^ (1 << c)
            gone |= 1 << c
            if k == 0:
                led, best = c & 3, c
            elif beats[best] >> c & 1:
                best, win_pos = c, k
            k += 1
            seat += 1
            if seat == n:
                seat = 0
        leader = (leader + win_pos) % n
        won[leader] += 1
        trick = []


def _count(mask: int) -> int:
    """Set bits of a card mask (below bit 56), by halving sums: compiled, this is native
    arithmetic where ``int.bit_count`` is a method call."""
    mask -= (mask >> 1) & 0x55555555555555
    mask = (mask & 0x33333333333333) + ((mask >> 2) & 0x33333333333333)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F
    mask += mask >> 8
    mask += mask >> 16
    mask += mask >> 32
    return mask & 0x7F


def random_playout(hands: list[int], leader: int, trump: int, rng: random.Random) -> list[int]:
    """Play whole tricks from ``leader`` with uniformly random legal cards; return the
    tricks won per seat (the bare kernel, for speed figures and tests). One draw from
    ``rng`` seeds a 32-bit xorshift generator for the cards, so the kernel makes no call
    per card."""
    n = len(hands)
    won = [0] * n
    x = rng.getrandbits(32) | 1
    beats = BEATS[trump]
    while hands[leader]:
        seat = leader
        best = -1
        win_pos = 0
        led = -1
        for k in range(n):
            h = hands[seat]
            opts = legal_mask(h, led)
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            skip = ((x & 0xFFFF) * _count(opts)) >> 16
            while skip:
                opts &= opts - 1
                skip -= 1
            c = (opts & -opts).bit_length() - 1
            hands[seat] = h ^ (1 << c)
            if k == 0:
                led, best = c & 3, c
            elif beats[best] >> c & 1:
                best, win_pos = c, k
            seat = seat + 1 if seat + 1 < n else 0
        leader = (leader + win_pos) % n
        won[leader] += 1
    return won
