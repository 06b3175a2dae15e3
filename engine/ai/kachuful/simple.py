"""A simple Kachuful AI player: bids from its high cards and trumps, then plays to
make exactly its bid (K7–K10). Legal and not silly; it never bids blind."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import BIT_OF_CARD, Card, Suit, parse_card
from engine.game import Action, Play
from engine.kachuful.actions import Bid
from engine.kachuful.trick import trick_winner

_TRUMP_VALUE = {14: 1.0, 13: 0.9, 12: 0.75, 11: 0.6}
_SIDE_VALUE = {14: 0.8, 13: 0.45, 12: 0.15}


class KachufulSimple:
    """See the module docstring."""

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        trump = None if view["trump"] == "notrump" else Suit.from_label(view["trump"])
        if isinstance(legal[0], Bid):
            return self._bid(view, [a for a in legal if isinstance(a, Bid) and not a.blind], trump)
        plays = [a for a in legal if isinstance(a, Play)]
        seat = view["seat"]
        need = (view["bids"][seat] or 0) - view["tricks_won"][seat]
        return self._play(view, plays, trump, need > 0)

    def _bid(self, view: Mapping[str, Any], bids: list[Bid], trump: Suit | None) -> Bid:
        hand = [parse_card(c) for c in view["hand"] or ()]
        crowd = 4 / view["players"]
        estimate = 0.0
        for c in hand:
            if c.suit is trump:
                estimate += _TRUMP_VALUE.get(c.rank, 0.35)
            else:
                suit_len = sum(1 for o in hand if o.suit is c.suit)
                estimate += _SIDE_VALUE.get(c.rank, 0.0) * crowd * (0.6 if suit_len > 4 else 1.0)
        return min(bids, key=lambda b: (abs(b.amount - estimate), b.amount))

    def _play(
        self, view: Mapping[str, Any], plays: list[Play], trump: Suit | None, want: bool
    ) -> Play:
        trick = [parse_card(t["card"]) for t in view["trick"]]

        def strength(c: Card) -> tuple[int, int]:
            return (1 if c.suit is trump else 0, c.rank)

        if not trick:
            ordered = sorted(plays, key=lambda p: strength(p.card))
            return ordered[-1] if want else ordered[0]
        winning = [p for p in plays if _wins(trick, p.card, trump)]
        losing = [p for p in plays if p not in winning]
        if want and winning:
            return min(winning, key=lambda p: strength(p.card))
        if want or not losing:
            return min(plays, key=lambda p: strength(p.card))
        return max(losing, key=lambda p: strength(p.card))


def _wins(trick: list[Card], card: Card, trump: Suit | None) -> bool:
    """Whether ``card`` would take the trick as it stands (K9)."""
    cards = [BIT_OF_CARD[c.index] for c in (*trick, card)]
    return trick_winner(cards, -1 if trump is None else int(trump)) == len(trick)

