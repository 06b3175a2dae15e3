"""Who wins a trick (M12, M14): the Mighty; else a joker with power; else the highest
trump; else the highest card of the suit to follow. :func:`card_key` says it once; the
tables derived from it serve the hot paths."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.bits import JOKER_BIT
from engine.mighty.core.masks import mighty_bit
from engine.mighty.rules import TRICKS

MIGHTY_KEY: Final = 1000
JOKER_KEY: Final = 900


def joker_power(trick_no: int, demanded: bool) -> bool:
    """The joker has power in tricks 2–9 (M12) unless it was demanded (M13)."""
    return 1 < trick_no < TRICKS and not demanded


def card_key(c: int, led: int, trump: int, mighty: int, power: bool) -> int:
    """Strength of a played card in its trick (M14); -1 for a card that cannot win."""
    if c == mighty:
        return MIGHTY_KEY
    if c == JOKER_BIT:
        return JOKER_KEY if power else -1
    if (c & 3) == trump:
        return 100 + c
    if (c & 3) == led:
        return c
    return -1


def trick_winner(cards: Sequence[int], led: int, trump: int, mighty: int, power: bool) -> int:
    """Position of the winning card of a complete trick (M14); ``led`` is the suit the
    trick ended with (set by a named joker, the lead, or the second card). With no card
    able to win (a powerless joker lead alone), the first card wins."""
    best = -2
    pos = 0
    for i, c in enumerate(cards):
        k = card_key(c, led, trump, mighty, power)
        if k > best:
            best, pos = k, i
    return pos


POWER: Final = tuple(joker_power(n >> 1, bool(n & 1)) for n in range(2 * (TRICKS + 1)))
"""``POWER[2 * trick_no + demanded]`` is :func:`joker_power`."""
KEYS: Final = tuple(
    tuple(card_key(c, led, trump, mighty_bit(trump), bool(power)) for c in range(53))
    for trump in range(-1, 4)
    for led in range(-1, 4)
    for power in (0, 1)
)
"""``KEYS[10 * (trump + 1) + 2 * (led + 1) + power][card]`` is :func:`card_key` with the
trump's Mighty."""
