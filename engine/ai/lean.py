"""The lean card encoding of the simulators: :mod:`engine.bits`, which the rules cores
share."""

from engine.bits import (
    BIT_OF_CARD,
    BIT_OF_NAME,
    CARD_OF_BIT,
    JOKER_BIT,
    NO_TRUMP,
    SUIT_MASK,
    bits,
    high_bit,
    low_bit,
    trump_of,
)

__all__ = [
    "BIT_OF_CARD",
    "BIT_OF_NAME",
    "CARD_OF_BIT",
    "JOKER_BIT",
    "NO_TRUMP",
    "SUIT_MASK",
    "bits",
    "high_bit",
    "low_bit",
    "trump_of",
]
