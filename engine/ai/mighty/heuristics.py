"""Mighty judgement without search (M4–M8): hand strength for the auction, the discard,
the friend call. ``normal`` uses them directly; ``hard`` uses them to complete the
worlds it simulates and to pick the candidates it searches."""

from __future__ import annotations

from typing import Final

from engine.ai.lean import JOKER_BIT, NO_TRUMP, SUIT_MASK, bits
from engine.ai.mighty.simulate import JOKER_MASK, POINT_MASK, mighty_bit

TRUMP_OPTIONS: Final = (0, 1, 2, 3, NO_TRUMP)
ACE_BITS: Final = tuple(48 + s for s in range(4))
_SUIT_WEIGHTS: Final = (7.55, 0.81, 0.76, 1.5, 1.72, 0.82, 0.47)
_NOTRUMP_WEIGHTS: Final = (8.86, 0.0, 0.0, 2.08, 2.38, 1.31, 0.9)
"""Expected captured points ≈ w0 + w1·trumps + w2·top trumps + w3·Mighty + w4·joker +
w5·side aces + w6·side kings (fitted on simulated deals played by the greedy policy)."""


def features(hand: int, trump: int) -> tuple[int, int, int, int, int, int]:
    """Trumps, top trumps (A K Q), the Mighty, the joker, side aces, side kings."""
    mighty = mighty_bit(trump)
    tmask = SUIT_MASK[trump] if trump != NO_TRUMP else 0
    trumps = (hand & tmask).bit_count()
    tops = (hand & tmask & ~((1 << 40) - 1)).bit_count()
    side = hand & ~tmask & ~(1 << mighty)
    aces = (side & (0xF << 48)).bit_count()
    kings = (side & (0xF << 44)).bit_count()
    return trumps, tops, int(bool(hand >> mighty & 1)), int(bool(hand & JOKER_MASK)), aces, kings


def expected_points(hand: int, trump: int) -> float:
    """Points the declarer's side is expected to take with this 10-card hand and trump
    (the kitty and a friend included, on average)."""
    w = _NOTRUMP_WEIGHTS if trump == NO_TRUMP else _SUIT_WEIGHTS
    f = features(hand, trump)
    return w[0] + sum(wi * fi for wi, fi in zip(w[1:], f, strict=True))


def _keep_value(card: int, hand: int, trump: int) -> float:
    """How much the declarer wants to keep a card (M6): the specials and trumps most,
    then aces; cards of short side suits least (discarding them makes a void)."""
    if card == JOKER_BIT or card == mighty_bit(trump):
        return 1000.0
    suit = card & 3
    rank = card >> 2
    if suit == trump:
        return 200.0 + rank
    same = hand & SUIT_MASK[suit] & ~(1 << mighty_bit(trump))
    length = same.bit_count()
    value = float(rank)
    if rank == 12:
        value += 100
    elif rank == 11 and same >> (48 + suit) & 1:
        value += 40
    if length <= 2:
        value -= 15 * (3 - length)
    if (1 << card) & POINT_MASK and rank < 12:
        value -= 3
    return value


def discard(hand: int, trump: int) -> int:
    """The three cards the declarer discards from 13 (M6): the least worth keeping."""
    order = sorted(bits(hand), key=lambda c: _keep_value(c, hand, trump))
    return (1 << order[0]) | (1 << order[1]) | (1 << order[2])


def discard_candidates(hand: int, trump: int, count: int) -> list[int]:
    """Up to ``count`` good discards: the best, then swaps among the weakest cards."""
    order = sorted(bits(hand), key=lambda c: _keep_value(c, hand, trump))
    pool = order[:6]
    out: list[int] = []
    for i in range(len(pool)):
        for j in range(i + 1, len(pool)):
            for k in range(j + 1, len(pool)):
                out.append((1 << pool[i]) | (1 << pool[j]) | (1 << pool[k]))
    return out[:count]


def friend_call(hand: int, discards: int, trump: int) -> int | str:
    """The strongest card the declarer lacks (M8): the Mighty, the joker, then the top
    trumps and aces; "first" when all are held."""
    own = hand | discards
    wanted = [mighty_bit(trump), JOKER_BIT]
    if trump != NO_TRUMP:
        wanted += [48 + trump, 44 + trump, 40 + trump]
    wanted += [a for a in ACE_BITS if a != mighty_bit(trump)]
    for c in wanted:
        if not own >> c & 1:
            return c
    return "first"


def friend_candidates(hand: int, discards: int, trump: int) -> list[int | str]:
    """Calls worth comparing: the heuristic call, the next strongest missing cards, and
    "first" (M8)."""
    own = hand | discards
    wanted = [mighty_bit(trump), JOKER_BIT]
    if trump != NO_TRUMP:
        wanted += [48 + trump, 44 + trump]
    wanted += [a for a in ACE_BITS if a != mighty_bit(trump)]
    out: list[int | str] = []
    out += [c for c in wanted if not own >> c & 1][:3]
    out.append("first")
    return out

