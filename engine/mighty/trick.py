"""Mighty's tricks with card objects, over the rules core (:mod:`engine.mighty.core`):
the record of a completed trick, and the legal cards and the winner of a trick for
callers holding :class:`~engine.cards.Card` lists (M11–M14)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.bits import BIT_OF_CARD, CARD_OF_BIT, NO_TRUMP, SUIT_MASK
from engine.cards import Card, Suit
from engine.mighty.core import follow, winner
from engine.mighty.core.masks import JOKER_MASK
from engine.mighty.rules import Trump


class PlayedTrick(NamedTuple):
    """A completed trick: ``led`` is the suit the others had to follow (a led joker's
    named suit in tricks 2–9, M12; after a powerless joker lead, the second card's),
    ``demanded`` whether the leader demanded the joker with the joker-caller (M13)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    led: Suit | None
    demanded: bool


def first_in_hand_order(legal: int, held: int, led: int, demanded: bool) -> int:
    """Of the ``legal`` follows from ``held``, the cards listed first: the led suit's,
    before the Mighty and the joker (none when the demanded joker must answer, M13)."""
    if led < 0 or (demanded and held & JOKER_MASK):
        return 0
    return legal & SUIT_MASK[led]


def _bits(cards: Sequence[Card]) -> list[int]:
    return [BIT_OF_CARD[c.index] for c in cards]


def _mask(bits: Sequence[int]) -> int:
    m = 0
    for b in bits:
        m |= 1 << b
    return m


def _trump(trump: Trump) -> int:
    return NO_TRUMP if trump is None else int(trump)


def lead_options(hand: Sequence[Card], trick_no: int, trump: Trump) -> list[Card]:
    """Cards that may lead (M11, :func:`engine.mighty.core.follow.lead_mask`), in the
    order held."""
    legal = follow.lead_mask(_mask(_bits(hand)), trick_no, _trump(trump))
    return [c for c in hand if legal >> BIT_OF_CARD[c.index] & 1]


def follow_cards(
    hand: Sequence[Card], led: Suit | None, mighty: Card, demanded: bool
) -> list[Card]:
    """Cards that may follow (M11, M13, :func:`engine.mighty.core.follow.follow_mask`):
    the led suit's first, then the Mighty and the joker, each in the order held."""
    bits = _bits(hand)
    held = _mask(bits)
    lead = -1 if led is None else int(led)
    legal = follow.follow_mask(held, lead, BIT_OF_CARD[mighty.index], demanded)
    first = first_in_hand_order(legal, held, lead, demanded)
    rest = legal & ~first
    return [CARD_OF_BIT[b] for b in bits if first >> b & 1] + [
        CARD_OF_BIT[b] for b in bits if rest >> b & 1
    ]


def trick_winner(
    cards: Sequence[Card], led: Suit | None, trump: Trump, mighty: Card, joker_power: bool
) -> int:
    """Position (in play order) of the card that wins (M14,
    :func:`engine.mighty.core.winner.trick_winner`)."""
    return winner.trick_winner(
        _bits(cards), -1 if led is None else int(led), _trump(trump),
        BIT_OF_CARD[mighty.index], joker_power,
    )
