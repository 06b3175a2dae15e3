"""Mighty's cards as bits (M1, M10): the point cards, the Mighty and the joker-caller.
Bits are :mod:`engine.bits`' (rank-major, the joker 52); a trump is a suit number or
``NO_TRUMP``."""

from __future__ import annotations

from typing import Final

from engine.bits import JOKER_BIT

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
JOKER_MASK: Final = 1 << JOKER_BIT
ALL_CARDS: Final = (1 << 53) - 1
POINT_MASK: Final = ((1 << 52) - 1) & ~((1 << 32) - 1)
"""A K Q J 10 of every suit (M1): ranks 10..14 are bits 32..51."""
ACE_SPADES: Final = 12 * 4 + SPADES
ACE_DIAMONDS: Final = 12 * 4 + DIAMONDS
THREE_CLUBS: Final = 1 * 4 + CLUBS
THREE_SPADES: Final = 1 * 4 + SPADES


def mighty_bit(trump: int) -> int:
    """The Mighty (M10): A♠, or A♦ when spades are trump."""
    return ACE_DIAMONDS if trump == SPADES else ACE_SPADES


def caller_bit(trump: int) -> int:
    """The joker-caller (M10): 3♣, or 3♠ when clubs are trump."""
    return THREE_SPADES if trump == CLUBS else THREE_CLUBS


def points_of(mask: int) -> int:
    """Point cards in a mask (M1)."""
    return (mask & POINT_MASK).bit_count()

