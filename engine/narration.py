"""Pieces of the ``simulate`` log that both games write the same way."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Suit


def trump_text(label: str) -> str:
    """``♠`` for ``spades`` ..., ``no-trump`` for ``notrump``."""
    return "no-trump" if label == "notrump" else Suit.from_label(label).symbol


def trick_line(number: int, leader: int, cards: Sequence[str], players: int, winner: int) -> str:
    """``trick 2: seat 1 5♠, seat 2 2♠, seat 3 3♠, seat 0 A♠ -> seat 0``: each card with
    the seat that played it, in play order from the leader."""
    plays = ", ".join(f"seat {(leader + i) % players} {c}" for i, c in enumerate(cards))
    return f"  trick {number}: {plays} -> seat {winner}"
