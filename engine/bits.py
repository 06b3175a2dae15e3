"""The small-integer card encoding of the rules cores and the AI's search.

Cards are numbered rank-major, ``bit = (rank - 2) * 4 + suit`` (the joker is 52), so a
hand is one int whose lowest set bit is its lowest-ranked card and whose highest set
bit is its highest-ranked card, whatever the suits. A trump is a suit number or
``NO_TRUMP``.
"""

from __future__ import annotations

from typing import Final

from engine.cards import CARDS, NAMES, Suit

NO_TRUMP: Final = -1
JOKER_BIT: Final = 52
SUIT_MASK: Final = tuple(sum(1 << (r * 4 + s) for r in range(13)) for s in range(4))
"""Bits of each suit (index by suit number)."""
BIT_OF_CARD: Final = tuple(
    JOKER_BIT if c.suit is None else (c.rank - 2) * 4 + int(c.suit) for c in CARDS
)
"""Lean bit of each engine card, by ``Card.index``."""
CARD_OF_BIT: Final = tuple(CARDS[BIT_OF_CARD.index(b)] for b in range(53))
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
