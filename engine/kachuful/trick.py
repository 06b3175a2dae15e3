"""Following and trick winners on bit masks (K9, KV3): the one copy of these rules,
used by the game (:mod:`engine.kachuful.core`) and by the AI's playouts.

Cards are the bits of :mod:`engine.cards` (``bit = (rank - 2) * 4 + suit``), so a
card's suit is ``bit & 3`` and, within a suit, a higher bit is a higher card. A trump
is a suit number, or -1 for no trump (``TRUMP_MASK[-1]`` and ``BEATS[-1]`` are the
no-trump entries).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.cards import SUIT_MASK

ALL_CARDS: Final = (1 << 52) - 1
ABOVE: Final = tuple(SUIT_MASK[b & 3] & ~((2 << b) - 1) for b in range(52))
"""Cards of the same suit that outrank each card."""
TRUMP_MASK: Final = (*SUIT_MASK, 0)
"""``TRUMP_MASK[trump]`` for trump in 0..3 or -1 (no trump, the last entry)."""
BEATS: Final = tuple(
    tuple(ABOVE[b] | (0 if (b & 3) == trump else TRUMP_MASK[trump]) for b in range(52))
    for trump in (0, 1, 2, 3, -1)
)
"""``BEATS[trump][best]``: the cards that take a trick from ``best``, the card winning
it so far (always of the led suit or a trump): a higher card of its suit, or any trump
when it is not one (K9)."""


def legal_mask(hand: int, led: int) -> int:
    """Cards of ``hand`` that may be played when suit ``led`` was led (-1: leading):
    follow suit if you can, else anything (K9)."""
    if led >= 0:
        follow = hand & SUIT_MASK[led]
        if follow:
            return follow
    return hand


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """Position in play order of the card winning the trick so far (K9)."""
    beats = BEATS[trump]
    pos = 0
    best = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if beats[best] >> c & 1:
            best, pos = c, i
    return pos
