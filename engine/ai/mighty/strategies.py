"""The Mighty AI levels' decisions over one seat's information set (M4–M16), put
together per level in :data:`engine.ai.levels.TABLE`.

``easy`` bids its longest suit whenever the hand looks roughly good enough (so it
overbids), discards its lowest cards, calls the strongest card it lacks and plays its
highest card when it can win the trick, else its lowest, now and then any card.
``normal`` bids from the expected points of its hand (trump length, top trumps, the
Mighty, the joker, aces), discards to make voids, calls the strongest card it lacks and
plays the greedy policy: take points from opponents cheaply, give points to a winning
partner, use the Mighty and the joker on rich tricks, demand the joker with the
joker-caller. ``hard`` samples the hidden cards consistently with what the seat has
seen (and weighs them against the auction and the cards played) and chooses every
decision (bid, discard, contract, friend call, card) by the mean score of greedy
playouts, the cards' playouts with each seat knowing only what it has seen (M8).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from engine.ai.budget import Budget, rounds
from engine.ai.lean import JOKER_BIT, NO_TRUMP, SUIT_MASK, bits
from engine.ai.mighty.heuristics import (
    TRUMP_OPTIONS,
    discard,
    discard_candidates,
    expected_points,
    friend_call,
    friend_candidates,
)
from engine.ai.mighty.info import KITTY, MInfo
from engine.ai.mighty.simulate import (
    JOKER_MASK,
    PLAYERS,
    Table,
    Trick,
    card_key,
    greedy_choice,
    joker_power,
    mighty_bit,
    play_card,
    playout,
)
from engine.ai.sampling import sample_world
from engine.cards import Suit
from engine.mighty.rules import MIN_BID, SOLO_NONE, settle

BID_ROOM: Final = 0.5
"""``normal`` bids up to its expected points plus this much."""
PASS: Final = "pass"
DEAL_MISS: Final = "dealmiss"
Call = tuple[int, int]
"""A bid or contract: (points, trump)."""
Move = tuple[int, int, bool]
"""A play: (card bit, named suit or -1, joker demand)."""
FriendChoice = int | str
World = tuple[list[int], int, float]


# --- shared pieces ------------------------------------------------------------------


def _cheapest_call(options: Sequence[Call], trump: int) -> Call | None:
    same = [c for c in options if c[1] == trump]
    return min(same) if same else None


def _declarer_score(points: int, contract: Call, friend: bool) -> int:
    """The declarer's own score for P = ``points`` (M16)."""
    number, trump = contract
    suit = None if trump == NO_TRUMP else Suit(trump)
    return settle(0, 1 if friend else None, number, suit, points, SOLO_NONE).scores[0]


def _declare_world(hands: list[int], kitty: int, seat: int, trump: int) -> tuple[int, bool]:
    """Play one world as declarer with ``trump``: take the kitty, discard, call the friend
    by heuristic and play out. Returns P and whether there was a friend."""
    full = hands[seat] | kitty
    dropped = discard(full, trump)
    hs = list(hands)
    hs[seat] = full & ~dropped
    call = friend_call(hs[seat], dropped, trump)
    return _play_declared(hs, seat, trump, MIN_BID, dropped, call)


def _play_declared(
    hands: list[int], seat: int, trump: int, contract: int, dropped: int, call: FriendChoice
) -> tuple[int, bool]:
    friend = None
    if isinstance(call, int):
        friend = next((s for s in range(PLAYERS) if s != seat and hands[s] >> call & 1), None)
    table = Table(trump, seat, contract, friend, call == "first", call == "none")
    captured = [0] * PLAYERS
    final = playout(table, hands, Trick(1, seat, []), captured, friend)
    return table.points(captured, final), final is not None


def _called(call: FriendChoice | None) -> int:
    """The called card's bit for a playout as the seats see it, -1 for no card (M8)."""
    return call if isinstance(call, int) else -1


def _worlds(info: MInfo, rng: random.Random, budget: Budget) -> Iterator[World]:
    """Worlds consistent with the information set, with their auction weight, until the
    budget runs out: (hands by seat, the kitty or discard pile, weight)."""
    unknown, capacity, allowed = info.hidden()
    for _ in rounds(budget):
        parts = sample_world(unknown, capacity, allowed, rng)
        hands = parts[:PLAYERS]
        hands[info.seat] = info.hand
        yield hands, parts[KITTY], info.weight(hands) * info.plausibility(hands, parts[KITTY])


PRUNE_EVERY: Final = 30
"""Worlds between two looks at which candidates are still worth simulating."""
PRUNE_SE: Final = 3.0
"""A candidate is dropped once its paired deficit to the leader exceeds this many
standard errors."""


def _pick(count: int, worlds: Iterator[World], score: Callable[[World, int], float]) -> int:
    """The candidate (index below ``count``) with the best weighted mean ``score`` over
    the worlds, every candidate scored in the same worlds. Every :data:`PRUNE_EVERY`
    worlds the candidates clearly behind the leader stop being simulated, so the clock
    goes to the close ones; the search ends when one is left."""
    alive = list(range(count))
    runs: list[list[float]] = [[] for _ in range(count)]
    for n, world in enumerate(worlds, 1):
        weight = world[2]
        for i in alive:
            runs[i].append(weight * score(world, i))
        if n % PRUNE_EVERY == 0:
            alive = _survivors(alive, runs)
            if len(alive) == 1:
                break
    return max(alive, key=lambda i: sum(runs[i]))


def _survivors(alive: list[int], runs: list[list[float]]) -> list[int]:
    """The candidates not clearly behind the leader in their paired differences."""
    lead = max(alive, key=lambda i: sum(runs[i]))
    top = runs[lead]
    n = len(top)
    keep = []
    for i in alive:
        diffs = [a - b for a, b in zip(top, runs[i], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if i == lead or mean <= PRUNE_SE * math.sqrt(var / n):
            keep.append(i)
    return keep


# --- auction (M4, M5) ---------------------------------------------------------------


def easy_auction(
    info: MInfo, options: Sequence[Call], can_miss: bool, rng: random.Random
) -> str | Call:
    """Bid its longest suit whenever the hand looks roughly good enough (it overbids)."""
    if can_miss:
        return DEAL_MISS
    trump = max(range(4), key=lambda t: ((info.hand & SUIT_MASK[t]).bit_count(), rng.random()))
    call = _cheapest_call(options, trump)
    if call is not None and expected_points(info.hand, trump) + 1.5 >= call[0]:
        return call
    return PASS


def normal_auction(info: MInfo, options: Sequence[Call], can_miss: bool) -> str | Call:
    """Bid the cheapest legal call in the trump with the most room between its expected
    points and that call; pass when none has room."""
    if can_miss:
        return DEAL_MISS
    best: Call | None = None
    room = -1.0
    for trump in TRUMP_OPTIONS:
        call = _cheapest_call(options, trump)
        if call is None:
            continue
        r = expected_points(info.hand, trump) + BID_ROOM - call[0]
        if r > room:
            best, room = call, r
    return best if best is not None and room >= 0 else PASS


def hard_auction(
    info: MInfo, options: Sequence[Call], can_miss: bool, rng: random.Random, budget: Budget
) -> str | Call:
    """Simulate the deal as declarer in the most promising trumps; bid the cheapest call
    whose mean declarer score is positive in the best of them, else pass."""
    if can_miss:
        return DEAL_MISS
    trumps = sorted(TRUMP_OPTIONS, key=lambda t: -expected_points(info.hand, t))[:3]
    cheapest = {t: _cheapest_call(options, t) for t in trumps}
    trumps = [t for t in trumps if cheapest[t] is not None]
    if not trumps:
        return PASS
    samples: dict[int, list[tuple[int, bool, float]]] = {t: [] for t in trumps}
    for hands, kitty, weight in _worlds(info, rng, budget):
        for t in trumps:
            samples[t].append((*_declare_world(hands, kitty, info.seat, t), weight))
    best: str | Call = PASS
    value = 0.5
    for t in trumps:
        call = cheapest[t]
        assert call is not None
        ev = _mean_score(samples[t], call)
        if ev > value:
            best, value = call, ev
    return best


def _mean_score(runs: Sequence[tuple[int, bool, float]], contract: Call) -> float:
    """Weighted mean declarer score at ``contract`` over simulated (P, friend, weight)."""
    total = sum(w for _, _, w in runs)
    if total <= 0:
        return 0.0
    return sum(w * _declarer_score(p, contract, f) for p, f, w in runs) / total


# --- discard (M6) -------------------------------------------------------------------


def easy_discard(info: MInfo) -> int:
    """The three lowest non-trump cards (the specials kept)."""
    trump = info.trump
    keep = (1 << mighty_bit(trump)) | JOKER_MASK | (SUIT_MASK[trump] if trump != NO_TRUMP else 0)
    pool = bits(info.hand & ~keep) or bits(info.hand)
    pool = pool if len(pool) >= 3 else bits(info.hand)
    return (1 << pool[0]) | (1 << pool[1]) | (1 << pool[2])


def normal_discard(info: MInfo) -> int:
    return discard(info.hand, info.trump)


def hard_discard(info: MInfo, rng: random.Random, budget: Budget) -> int:
    """Compare a few good discards over sampled deals (friend called by heuristic)."""
    trump = info.trump
    contract = info.contract
    assert contract is not None
    candidates = discard_candidates(info.hand, trump, 8)

    def score(world: World, i: int) -> float:
        dropped = candidates[i]
        hs = list(world[0])
        hs[info.seat] = info.hand & ~dropped
        call = friend_call(hs[info.seat], dropped, trump)
        p, f = _play_declared(hs, info.seat, trump, contract[0], dropped, call)
        return _declarer_score(p, contract, f)

    return candidates[_pick(len(candidates), _worlds(info, rng, budget), score)]


# --- contract (M7) and friend call (M8) ---------------------------------------------


def keep_contract(info: MInfo, options: Sequence[Call]) -> None:
    """The bid stays the contract (M7)."""
    return None


def normal_friend(info: MInfo) -> FriendChoice:
    return friend_call(info.hand, info.discards, info.trump)


def hard_contract(
    info: MInfo, options: Sequence[Call], rng: random.Random, budget: Budget
) -> Call | None:
    """A contract change whose mean declarer score beats keeping the bid, or None."""
    assert info.contract is not None
    kept = info.contract
    trumps = sorted({kept[1], *(c[1] for c in options)})
    samples: dict[int, list[tuple[int, bool, float]]] = {t: [] for t in trumps}
    for hands, _, weight in _worlds(info, rng, Budget(budget.seconds, max(8, budget.worlds // 3))):
        for t in trumps:
            call = friend_call(info.hand, info.discards, t)
            run = _play_declared(list(hands), info.seat, t, kept[0], info.discards, call)
            samples[t].append((*run, weight))

    def ev(c: Call) -> float:
        return _mean_score(samples[c[1]], c)

    best = max(options, key=ev, default=None)
    if best is not None and ev(best) > ev(kept) + 0.5:
        return best
    return None


def hard_friend(info: MInfo, rng: random.Random, budget: Budget) -> FriendChoice:
    """Compare the strongest missing cards and "first" over sampled deals."""
    contract = info.contract
    assert contract is not None
    candidates = friend_candidates(info.hand, info.discards, info.trump)

    def score(world: World, i: int) -> float:
        p, f = _play_declared(
            list(world[0]), info.seat, info.trump, contract[0], info.discards, candidates[i]
        )
        return _declarer_score(p, contract, f)

    return candidates[_pick(len(candidates), _worlds(info, rng, budget), score)]


# --- play (M11–M14) -----------------------------------------------------------------


def normal_play(info: MInfo, legal: Sequence[Move]) -> Move:
    friend = info.friend  # unknown: played as if the declarer were alone
    table = info.table(friend)
    live = info.live()
    foe = bool(live & JOKER_MASK) and not info.hand & JOKER_MASK
    choice = greedy_choice(table, info.trick, info.hand, info.seat, friend, live, foe)
    return choice if choice in legal else legal[0]


def easy_play(info: MInfo, legal: Sequence[Move], rng: random.Random) -> Move:
    """Any legal card now and then; otherwise its highest card when it can still win the
    trick and its lowest when it cannot, blind to partners and points."""
    if rng.random() < 0.3:
        return rng.choice(list(legal))
    plain = [m for m in legal if m[0] != JOKER_BIT or m[1] < 0]
    pool = plain or list(legal)
    t = info.trick
    if not t.cards:
        return max(pool, key=lambda m: m[0] >> 2)
    table = info.table(None)
    power = joker_power(t.number, t.demanded)
    best = max(card_key(c, t.led, table.trump, table.mighty, power) for c in t.cards)

    def key(m: Move) -> int:
        led = t.led if t.led >= 0 else m[0] & 3
        return card_key(m[0], led, table.trump, table.mighty, power)

    winners = [m for m in pool if key(m) > best]
    if winners:
        return max(winners, key=key)
    return min(pool, key=lambda m: m[0] >> 2)


def hard_play(info: MInfo, legal: Sequence[Move], rng: random.Random, budget: Budget) -> Move:
    """Mean score of each legal play over sampled worlds played out greedily."""
    if len(legal) == 1:
        return legal[0]
    candidates = _distinct_moves(info, legal)
    if len(candidates) == 1:
        return candidates[0]
    seat = info.seat
    called = _called(info.friend_call)

    def score(world: World, i: int) -> float:
        hands = world[0]
        friend = info.world_friend(hands)
        table = info.table(friend)
        card, named, demand = candidates[i]
        hs = list(hands)
        hs[seat] ^= 1 << card
        trick = info.trick.copy()
        if not trick.cards:
            trick.leader = seat
            trick.demanded = demand
        play_card(table, trick, card, named)
        captured = list(info.captured)
        final = playout(table, hs, trick, captured, friend, called)
        return table.scores(captured, final)[seat]

    return candidates[_pick(len(candidates), _worlds(info, rng, budget), score)]


def _distinct_moves(info: MInfo, legal: Sequence[Move]) -> list[Move]:
    """Legal plays, with a led joker naming only the trump or the seat's longest suit."""
    out = [m for m in legal if m[0] != JOKER_BIT or m[1] < 0]
    named = sorted({m[1] for m in legal if m[0] == JOKER_BIT and m[1] >= 0})
    if named:
        rest = info.hand & ~JOKER_MASK
        longest = max(named, key=lambda s: ((rest & SUIT_MASK[s]).bit_count(), s))
        keep = {longest, info.trump} & set(named)
        out += [(JOKER_BIT, s, False) for s in sorted(keep)]
    return out
