"""The small-integer card encoding of the rules cores and the AI's search: the bit
numbering of :mod:`engine.cards` (rank-major, ``bit = (rank - 2) * 4 + suit``, the joker
52, so a hand's lowest set bit is its lowest-ranked card whatever the suits) and helpers
over masks. A trump is a suit number or ``NO_TRUMP``.
"""

from __future__ import annotations

from typing import Final

from engine.cards import BIT_OF_CARD, CARD_OF_BIT, JOKER_BIT, NAMES, SUIT_MASK, Suit

__all__ = ["BIT_OF_CARD", "BIT_OF_NAME", "CARD_OF_BIT", "JOKER_BIT", "NO_TRUMP", "SUIT_MASK",
           "bits", "high_bit", "low_bit", "trump_of"]

NO_TRUMP: Final = -1
BIT_OF_NAME: Final = {NAMES[i]: BIT_OF_CARD[i] for i in range(53)}
"""Lean bit of each card as a view writes it (``"A♠"``, ``"JK"``)."""


def bits(mask: int) -> list[int]:
    """The set bits of a mask, low to high."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def low_bit(mask: int) -> int:
    """The lowest set bit of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def high_bit(mask: int) -> int:
    """The highest set bit of a non-empty mask."""
    return mask.bit_length() - 1


def trump_of(label: str | None) -> int:
    """The lean trump of a view's label (``"spades"`` … ``"notrump"``; None: not set)."""
    if label is None or label == "notrump":
        return NO_TRUMP
    return int(Suit.from_label(label))
