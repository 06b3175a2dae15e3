"""Mighty deals (M2): ten cards to each of the five seats and three to the kitty, either
from a seed (deal number i, counting redeals) or given explicitly (replays)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import CARDS, Card, deck53, shuffled
from engine.mighty.rules import HAND_SIZE, KITTY_SIZE, PLAYERS

DECK = tuple(deck53())


@dataclass(frozen=True, slots=True)
class Deal:
    """The five hands (by seat) and the kitty of one deal."""

    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]


def seeded_deal(seed: int | str, number: int, dealer: int) -> Deal:
    """Deal number ``number`` (counting redeals) of a match seeded with ``seed``, so no
    generator state is stored: one card at a time clockwise from the dealer's left, the
    last three to the kitty (M2)."""
    deck = shuffled(DECK, random.Random(f"{seed}:{number}"))
    dealt = PLAYERS * HAND_SIZE
    hands: list[tuple[Card, ...]] = [()] * PLAYERS
    for offset in range(PLAYERS):
        hands[(dealer + 1 + offset) % PLAYERS] = tuple(deck[offset:dealt:PLAYERS])
    return Deal(tuple(hands), tuple(deck[dealt:]))


def seeded_first_dealer(seed: int | str) -> int:
    """The first dealer drawn at random from the seed (M2)."""
    return random.Random(f"{seed}:first_dealer").randrange(PLAYERS)


def deal_error(hands: Sequence[Sequence[Card]], kitty: Sequence[Card]) -> str | None:
    """Why these hands and kitty are not a deal of the 53 cards (M2), or None."""
    if len(hands) != PLAYERS:
        return f"a deal has {PLAYERS} hands"
    if any(len(h) != HAND_SIZE for h in hands):
        return f"every hand has {HAND_SIZE} cards"
    if len(kitty) != KITTY_SIZE:
        return f"the kitty has {KITTY_SIZE} cards"
    seen = [c for h in hands for c in h] + list(kitty)
    if len({c.index for c in seen}) != len(CARDS):
        dupes = sorted({str(c) for c in seen if seen.count(c) > 1})
        return "a deal holds each of the 53 cards once; repeated: " + " ".join(dupes)
    return None
