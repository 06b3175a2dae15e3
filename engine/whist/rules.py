"""Whist's fixed numbers, the two partnerships and the score of a deal (W1, W2, W5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

PLAYERS: Final = 4
"""Four seats (W1)."""
HAND_SIZE: Final = 13
"""Cards per seat: the whole 52-card deck is dealt (W2)."""
BOOK: Final = 6
"""The tricks a partnership takes before it scores (W5)."""
DEFAULT_DEALS: Final = 4
MAX_DEALS: Final = 20
"""The ``deals`` option: the length of a game (W6)."""
PARTNERSHIPS: Final = ((0, 2), (1, 3))
"""The seats of each partnership, partners facing each other (W1)."""


def partnership(seat: int) -> int:
    """The partnership of ``seat``: 0 for seats 0 and 2, 1 for seats 1 and 3 (W1)."""
    return seat % 2


def left_of(seat: int) -> int:
    """The seat on the left of ``seat``: the next to deal and to play (W2, W4)."""
    return (seat + 1) % PLAYERS


def deal_points(won: Sequence[int]) -> list[int]:
    """Each partnership's points for a deal from its tricks: one per trick over the
    book of six, so only the side with seven or more scores (W5)."""
    return [max(0, tricks - BOOK) for tricks in won]


def per_seat(values: Sequence[int]) -> list[int]:
    """A value per partnership spread over the seats: each seat has its side's (W6)."""
    return [values[partnership(seat)] for seat in range(PLAYERS)]
