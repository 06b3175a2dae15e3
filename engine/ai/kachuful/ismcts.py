"""Information-set Monte Carlo tree search for Kachuful's ``hard`` level (K7–K10).

One tree over the actions of every seat from the searching seat's information set
(single-observer ISMCTS): each iteration deals the hidden cards anew, walks the tree
with UCB among the actions legal in that deal (counting each action's availability),
adds one node, and finishes the hand with the greedy playout policy
(:func:`~engine.ai.kachuful.simulate.playout`), every seat playing to its bid. Deals
are drawn from a pool sampled once per decision, weighed by how well each explains the
bids already made; seats still to bid in a rollout bid their estimate (avoiding the
hook, K8). Each seat's reward is its own score in the scoring in force (K10, KV5),
scaled to 0..1, so that every seat in the tree plays for itself.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from engine.ai.budget import Budget, rounds
from engine.ai.kachuful.estimate import expected_tricks, round_bid
from engine.ai.kachuful.info import KInfo
from engine.ai.kachuful.simulate import playout
from engine.ai.lean import bits
from engine.ai.sampling import sample_world
from engine.kachuful.scoring import hand_score
from engine.kachuful.trick import legal_mask, trick_winner

EXPLORE: Final = 0.7
"""The UCB exploration constant, for rewards scaled to 0..1."""
ITERATIONS_PER_WORLD: Final = 4
"""Iterations per world of the budget: the tree's walks are cheaper than the sampling
searches' full playouts of every candidate."""
THINK: Final = 0.25
"""At most this many seconds a decision, whatever the table allows (p95 within 0.3 s on
one core, ``bench/ai.py``)."""
POOL: Final = 160
"""Deals sampled per decision; the iterations draw from them by weight."""
BID_SPREAD: Final = 1
"""In the tree, the other seats bid within this many tricks of their estimate."""


class _Node:
    """The statistics of the action that leads to this node, for the seat that took it."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


def _bid_key(amount: int) -> int:
    """Bids and cards share a node's children: bids are negative keys (the function is its
    own inverse: the key of a key is the amount)."""
    return -1 - amount


class _Deals:
    """The pool of sampled deals with their weights and the estimated bid of each seat."""

    def __init__(self, info: KInfo, rng: random.Random, size: int) -> None:
        unknown, capacity, allowed = info.hidden()
        n = info.players
        self.hands: list[list[int]] = []
        self.estimates: list[list[int]] = []
        weights: list[float] = []
        for _ in range(size):
            parts = sample_world(unknown, capacity, allowed, rng)
            hands = [parts[s] | info.shown[s] for s in range(n)]
            if info.hand:
                hands[info.seat] = info.hand
            est = [expected_tricks(hands[s] | info.played[s], info.trump, n, info.size, info.out)
                   for s in range(n)]
            miss = 0.0
            for s in range(n):
                bid = info.bids[s]
                if s != info.seat and bid is not None:
                    miss += (bid - est[s]) ** 2 / 2.0
            self.hands.append(hands)
            self.estimates.append([min(info.size, max(0, int(e + 0.5))) for e in est])
            weights.append(math.exp(-miss))
        self.weights = weights if sum(weights) > 1e-12 else [1.0] * size


def _scores(info: KInfo) -> list[list[float]]:
    """Each (bid, tricks) score of the scoring in force, scaled to 0..1."""
    raw = [[hand_score(info.scoring, b, t, False) for t in range(info.size + 1)]
           for b in range(info.size + 1)]
    low = min(min(row) for row in raw)
    span = max(max(row) for row in raw) - low or 1
    return [[(v - low) / span for v in row] for row in raw]


def search(info: KInfo, options: Sequence[int], bidding: bool, rng: random.Random,
           budget: Budget) -> int:
    """The most visited of ``options`` (bid amounts while ``bidding``, else cards) at the
    root of a search from ``info``."""
    if len(options) == 1:
        return options[0]
    n = info.players
    size = info.size
    first = (info.dealer + 1) % n
    scores = _scores(info)
    pool = _Deals(info, rng, min(POOL, budget.worlds))
    picks = rng.choices(range(len(pool.hands)), weights=pool.weights,
                        k=budget.worlds * ITERATIONS_PER_WORLD)
    root = _Node()
    root_keys = [_bid_key(b) for b in options] if bidding else list(options)
    gone0 = info.gone()
    log = math.log
    sqrt = math.sqrt
    clock = None if budget.seconds is None else min(budget.seconds, THINK)
    for done in rounds(Budget(clock, len(picks))):
        w = picks[done]
        hands = list(pool.hands[w])
        bids = list(info.bids)
        won = list(info.won)
        leader = info.leader
        trick = list(info.trick)
        gone = gone0
        seat = info.seat
        in_bids = bidding
        node = root
        path: list[tuple[_Node, int]] = []
        while True:
            if node is root:
                keys = root_keys
            elif in_bids:
                guess = pool.estimates[w][seat]
                low, high = max(0, guess - BID_SPREAD), min(size, guess + BID_SPREAD)
                hook = -1
                if seat == info.dealer and info.hook:
                    hook = size - sum(b for b in bids if b is not None)
                keys = [_bid_key(b) for b in range(low, high + 1) if b != hook]
                if not keys:
                    keys = [_bid_key(low - 1 if low else high + 1)]
            else:
                if not hands[seat]:
                    break
                keys = bits(legal_mask(hands[seat], trick[0] & 3 if trick else -1))
            children = node.children
            fresh = [k for k in keys if k not in children]
            if fresh:
                key = fresh[0] if len(fresh) == 1 else rng.choice(fresh)
                child = children[key] = _Node()
                for k in keys:
                    if k != key and k in children:
                        children[k].avail += 1
            else:
                best = -1.0
                key = keys[0]
                for k in keys:
                    c = children[k]
                    c.avail += 1
                    value = c.total / c.visits + EXPLORE * sqrt(log(c.avail) / c.visits)
                    if value > best:
                        best, key = value, k
                child = children[key]
            path.append((child, seat))
            if key < 0:
                bids[seat] = _bid_key(key)
                if seat == info.dealer:
                    in_bids = False
                    seat = leader = first
                else:
                    seat = (seat + 1) % n
            else:
                hands[seat] ^= 1 << key
                gone |= 1 << key
                trick.append(key)
                if len(trick) == n:
                    leader = (leader + trick_winner(trick, info.trump)) % n
                    won[leader] += 1
                    trick = []
                    seat = leader
                else:
                    seat = (seat + 1) % n
            node = child
            if fresh:
                break
        if in_bids:
            estimate = pool.estimates[w]
            while True:
                forbidden = None
                if seat == info.dealer and info.hook:
                    forbidden = size - sum(b for b in bids if b is not None)
                bids[seat] = round_bid(float(estimate[seat]), size, forbidden)
                if seat == info.dealer:
                    break
                seat = (seat + 1) % n
            leader = first
        targets = [b if b is not None else 0 for b in bids]
        playout(hands, leader, trick, info.trump, won, targets, info.greedy, gone)
        for child, s in path:
            child.visits += 1
            child.total += scores[targets[s]][won[s]]
    keys = [k for k in root_keys if k in root.children]
    key = max(keys, key=lambda k: root.children[k].visits)
    return _bid_key(key) if bidding else key
