"""Bit-mask helpers shared by the lean simulators."""

from __future__ import annotations


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
