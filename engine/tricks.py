"""The trick-taking core shared by both games (K9, M11, M14).

Plain functions over plain data: a hand is a list of :class:`~engine.cards.Card`, a
trick is the cards in play order. Mighty's exceptions (the Mighty, the joker) wrap
these functions rather than copy them.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, Suit


def follow_options(hand: Sequence[Card], led: Suit | None) -> list[Card]:
    """The cards of ``hand`` that may be played when ``led`` was led (K9, M11).

    Follow the led suit when you can, otherwise play anything; no duty to trump.
    ``led`` is None for the first card of a trick (anything goes).
    """
    if led is not None:
        same = [c for c in hand if c.suit is led]
        if same:
            return same
    return list(hand)


def must_follow(hand: Sequence[Card], led: Suit | None, card: Card) -> bool:
    """True when playing ``card`` breaks the follow-suit rule (K9, M11)."""
    if led is None or card.suit is led:
        return False
    return any(c.suit is led for c in hand)


def winning_position(cards: Sequence[Card], led: Suit | None, trump: Suit | None) -> int:
    """Position (in play order) of the card that wins: the highest trump, else the highest
    card of the led suit (K9, M14). Cards of neither never win; ``led`` None means no
    card has set a suit, and then the first card wins."""
    best = 0
    best_key = -1
    for pos, c in enumerate(cards):
        if trump is not None and c.suit is trump:
            key = 100 + c.rank
        elif c.suit is led and led is not None:
            key = c.rank
        else:
            continue
        if key > best_key:
            best, best_key = pos, key
    return best
