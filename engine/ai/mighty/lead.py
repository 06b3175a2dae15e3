"""The friend's answer when the declarer asks for the first lead (M9). AI declarers
never ask: the search models the play only."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, Suit
from engine.game import Action
from engine.mighty.actions import NameLead


def name_lead(hand: Sequence[Card], legal: Sequence[Action]) -> Action:
    """The answer in ``legal`` (all :class:`NameLead`) naming the friend's strongest long
    suit: the most cards, then the highest ranks."""
    answers = {a.suit: a for a in legal if isinstance(a, NameLead)}

    def strength(suit: Suit) -> tuple[int, list[int]]:
        ranks = sorted((c.rank for c in hand if c.suit is suit), reverse=True)
        return len(ranks), ranks

    return answers[max(answers, key=strength)]
