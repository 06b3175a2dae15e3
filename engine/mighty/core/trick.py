"""The trick in progress (M11–M14): its cards as bits, the suit to follow, the joker
demand, and the winning card kept as the trick grows."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from engine.bits import JOKER_BIT
from engine.mighty.core.masks import POINT_MASK, caller_bit, mighty_bit
from engine.mighty.core.winner import KEYS, POWER
from engine.slots import Reduced, by_slots


class Trumps(Protocol):
    """The trump: a suit number or ``NO_TRUMP`` (its Mighty follows, M10)."""

    trump: int


@dataclass(slots=True)
class Trick:
    """The trick in progress: its number and leader, the cards played, the led suit (-1
    while unset: a powerless joker lead leaves it to the second card, M12), whether the
    joker was demanded (M13, set before the lead is played), the winning card's key and
    position so far, and the point cards in it."""

    number: int
    leader: int
    cards: list[int] = field(default_factory=list)
    led: int = -1
    demanded: bool = False
    best_key: int = -2
    best_pos: int = 0
    points: int = 0

    def __reduce__(self) -> Reduced:
        return by_slots(self, (self.number, self.leader))

    def copy(self) -> Trick:
        return Trick(self.number, self.leader, list(self.cards), self.led, self.demanded,
                     self.best_key, self.best_pos, self.points)

    def next(self, leader: int) -> None:
        """Turn into the next trick, led by ``leader`` (the winner, M11)."""
        self.number += 1
        self.leader = leader
        self.cards = []
        self.led = -1
        self.demanded = False
        self.best_key = -2
        self.best_pos = 0
        self.points = 0


def play_card(table: Trumps, trick: Trick, card: int, named: int = -1) -> None:
    """Add ``card`` to the trick (``named``: the suit a powered joker lead names, M12)."""
    cards = trick.cards
    power = POWER[2 * trick.number + trick.demanded]
    led = trick.led
    if not cards:
        led = trick.led = (named if power else -1) if card == JOKER_BIT else card & 3
    elif led < 0 and card != JOKER_BIT:
        led = trick.led = card & 3
    key = KEYS[10 * table.trump + 2 * led + power + 12][card]
    if key > trick.best_key:
        trick.best_key = key
        trick.best_pos = len(cards)
    trick.points += (POINT_MASK >> card) & 1
    cards.append(card)


class TrumpCards:
    """The trump and its special cards as bits (M10): what the rules of a hand being
    played need to know of its contract."""

    __slots__ = ("caller", "mighty", "specials", "trump")

    def __init__(self, trump: int) -> None:
        self.trump = trump
        self.mighty = mighty_bit(trump)
        self.caller = caller_bit(trump)
        self.specials = 1 << JOKER_BIT | 1 << self.mighty
        """The Mighty and the joker: the cards free of the duty to follow (M11)."""

    def __reduce__(self) -> Reduced:
        return by_slots(self, (self.trump,))
