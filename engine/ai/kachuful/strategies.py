"""The Kachuful AI levels' bids and plays over the information set of one seat
(K7–K10), put together per level in :data:`engine.ai.levels.TABLE`.

``easy`` bids its aces and high trumps and plays high when it wants tricks, low
otherwise, with some randomness. ``normal`` bids what scores best over a few deals of
the unseen cards played out by :func:`greedy_card`, and plays that policy: win while
short of the bid (or past it when every trick scores), duck and shed high cards once it
is made. ``hard`` samples the hidden cards consistently with what the seat has seen
(cards played, voids shown, bids weighed against the hands sampled) and picks the bid
or card with the best mean score over greedy playouts of the rest of the hand.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from engine.ai.budget import Budget, rounds
from engine.ai.kachuful.estimate import expected_tricks, round_bid, sure_tricks
from engine.ai.kachuful.info import KInfo
from engine.ai.kachuful.simulate import (
    ABOVE,
    ALL_CARDS,
    TRUMP_MASK,
    greedy_card,
    playout,
    trick_winner,
    wants,
)
from engine.ai.lean import bits, high_bit, low_bit
from engine.ai.sampling import sample_world
from engine.kachuful.scoring import hand_score

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


# --- normal -------------------------------------------------------------------------

def normal_bid(info: KInfo, legal: Sequence[int], rng: random.Random, budget: Budget) -> int:
    """The bid near the expected tricks that scores best over a few deals of the unseen
    cards (``budget``) played out greedily (what the others bid is not read into their
    hands), never below the sure tricks (K7, K8)."""
    floor = sure_tricks(info.hand, info.trump, info.out)
    near = [b for b in _bid_candidates(info, legal) if b >= floor] or list(legal)
    if len(near) == 1:
        return near[0]
    best = _search(info, near, _BidEval(info), rng, budget, weigh=False)
    return near[best]


def normal_play(info: KInfo, legal: int) -> int:
    """Win while short of the bid (or past it under per-trick scoring); once it is made,
    duck and shed high cards (K10, KV5)."""
    if not info.trick:
        led = best = -1
    else:
        led = info.trick[0] & 3
        best = info.trick[trick_winner(info.trick, info.trump)]
    bid = info.bids[info.seat]
    want = bid is not None and wants(info.won[info.seat], bid, info.greedy)
    last = len(info.trick) == info.players - 1
    live = ALL_CARDS & ~(info.hand | info.gone())
    card = greedy_card(info.hand, led, best, info.trump, want, last, live)
    return card if (1 << card) & legal else low_bit(legal)


# --- hard ---------------------------------------------------------------------------




def _score_table(info: KInfo) -> list[list[int]]:
    return [
        [hand_score(info.scoring, bid, t, info.blind) for t in range(info.size + 1)]
        for bid in range(info.size + 1)
    ]


def _bid_weight(info: KInfo, hands: Sequence[int]) -> float:
    """How well the sampled hands explain the bids already made (a soft likelihood)."""
    w = 0.0
    for s in range(info.players):
        bid = info.bids[s]
        if s == info.seat or bid is None:
            continue
        full = hands[s] | info.played[s]
        est = expected_tricks(full, info.trump, info.players, info.size, info.out)
        w -= (bid - est) ** 2 / 2.0
    return math.exp(w)


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


def _search(
    info: KInfo,
    candidates: Sequence[int],
    evaluate: Callable[[list[int], int], float],
    rng: random.Random,
    budget: Budget,
    weigh: bool = True,
) -> int:
    """Index of the candidate with the best mean score over sampled worlds, each weighed
    by how well it explains the bids (``weigh``) or not."""
    unknown, capacity, allowed = info.hidden()
    totals = [0.0] * len(candidates)
    for _ in rounds(budget):
        parts = sample_world(unknown, capacity, allowed, rng)
        hands = [parts[s] | info.shown[s] for s in range(info.players)]
        if info.hand:
            hands[info.seat] = info.hand
        w = _bid_weight(info, hands) if weigh else 1.0
        if w < 1e-9:
            continue
        for i, cand in enumerate(candidates):
            totals[i] += w * evaluate(hands, cand)
    return max(range(len(candidates)), key=lambda i: totals[i])


class _PlayEval:
    """The seat's score after one world is played out from a candidate card."""

    def __init__(self, info: KInfo) -> None:
        self.info = info
        self.scores = _score_table(info)
        bids = info.bids
        self.targets = [b if b is not None else 0 for b in bids]
        self.gone = info.gone()

    def __call__(self, hands: list[int], candidate: int) -> float:
        info = self.info
        hs = list(hands)
        hs[info.seat] &= ~(1 << candidate)
        won = list(info.won)
        playout(hs, info.leader, [*info.trick, candidate], info.trump, won, self.targets,
                info.greedy, self.gone)
        bid = self.targets[info.seat]
        return self.scores[bid][won[info.seat]]


class _BidEval:
    """The seat's score after one world is bid (by estimate) and played from a candidate
    bid."""

    def __init__(self, info: KInfo) -> None:
        self.info = info
        self.scores = _score_table(info)

    def __call__(self, hands: list[int], candidate: int) -> float:
        info = self.info
        n = info.players
        targets = [b if b is not None else 0 for b in info.bids]
        targets[info.seat] = candidate
        total = sum(targets)
        first = (info.dealer + 1) % n
        for k in range(n):
            s = (first + k) % n
            if info.bids[s] is not None or s == info.seat:
                continue
            est = expected_tricks(hands[s], info.trump, n, info.size, info.out)
            forbidden = info.size - total if info.hook and s == info.dealer else None
            targets[s] = round_bid(est, info.size, forbidden)
            total += targets[s]
        won = [0] * n
        playout(list(hands), first, [], info.trump, won, targets, info.greedy, info.out)
        return self.scores[candidate][won[info.seat]]


def _bid_candidates(info: KInfo, legal: Sequence[int]) -> list[int]:
    """The legal bids within 2.5 tricks of the estimate (all of them if none is)."""
    if info.hand:
        est = expected_tricks(info.hand, info.trump, info.players, info.size, info.out)
    else:
        est = info.size / info.players
    return [b for b in legal if abs(b - est) <= 2.5] or list(legal)


def hard_bid(info: KInfo, legal: Sequence[int], rng: random.Random, budget: Budget) -> int:
    """Search the bids near the estimate over sampled deals weighed by the bids seen
    (K7, K8)."""
    near = _bid_candidates(info, legal)
    if len(near) == 1:
        return near[0]
    best = _search(info, near, _BidEval(info), rng, budget)
    return near[best]


def hard_play(info: KInfo, legal: int, rng: random.Random, budget: Budget) -> int:
    """Search the legal cards over sampled deals (K9, K10)."""
    options = _distinct_cards(info, legal)
    if len(options) == 1:
        return options[0]
    best = _search(info, options, _PlayEval(info), rng, budget)
    return options[best]
