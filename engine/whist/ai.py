"""The Whist AI players (W4): one card from a seat's view and legal plays.

``normal`` leads a side-suit ace when it holds one, else low from its longest side
suit; following, it lets its partner's winning card stand, else takes the trick with
its cheapest winning card, and otherwise throws its lowest card (trumps last). ``easy``
plays the same but now and then any legal card. ``hard`` also remembers the cards
played in the deal and leads any side card that nothing left in its suit can beat.
``simple`` (:class:`WhistSimple`) is ``normal`` as a policy of its own.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.ai.budget import Budget
from engine.cards import ACE, Card, Suit, parse_card
from engine.game import Action, Play
from engine.tricks import winning_position
from engine.whist.rules import partnership

EASY_WHIM: Final = 0.25
"""How often ``easy`` plays any legal card."""


def decide_whist(
    level: str, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random, budget: Budget
) -> Action:
    """The Whist AI player of ``level`` (``GameDescriptor.decide``); no level searches,
    so the budget is not used."""
    plays = [a for a in legal if type(a) is Play]
    if len(plays) <= 1:
        return plays[0] if plays else legal[0]
    if level == "easy" and rng.random() < EASY_WHIM:
        return rng.choice(plays)
    trump = Suit.from_label(view["trump"])
    trick = [(int(p["seat"]), parse_card(p["card"])) for p in view["trick"]]
    if not trick:
        return _lead(plays, trump, _played(view) if level == "hard" else None)
    return _follow(plays, trump, trick, int(view["seat"]))


def _played(view: Mapping[str, Any]) -> set[Card]:
    """The cards of the deal's finished tricks."""
    return {parse_card(c["card"]) for t in view["tricks"] for c in t["cards"]}


def _strength(play: Play, trump: Suit) -> tuple[bool, int]:
    """Trumps above every other card, then by rank (W4)."""
    return play.card.suit is trump, play.card.rank


def _lead(plays: list[Play], trump: Suit, played: set[Card] | None) -> Play:
    """A side ace (with ``played`` known, any side card nothing left can beat), else the
    lowest card of the longest side suit, else the lowest trump."""
    side = [p for p in plays if p.card.suit is not trump]
    held = {p.card for p in plays}
    for p in sorted(side, key=lambda p: -p.card.rank):
        if p.card.rank == ACE or (played is not None and _unbeatable(p.card, held | played)):
            return p
    if not side:
        return min(plays, key=lambda p: p.card.rank)
    longest = max(Suit, key=lambda s: (sum(1 for p in side if p.card.suit is s), -s))
    return min((p for p in side if p.card.suit is longest), key=lambda p: p.card.rank)


def _unbeatable(card: Card, known: set[Card]) -> bool:
    """Whether every higher card of ``card``'s suit is among ``known`` (held or played)."""
    return all(any(k.suit is card.suit and k.rank == r for k in known)
               for r in range(card.rank + 1, ACE + 1))


def _follow(plays: list[Play], trump: Suit, trick: list[tuple[int, Card]], seat: int) -> Play:
    """Let a partner's winning card stand; else win as cheaply as possible; else throw
    the lowest card (W4)."""
    cards = [c for _, c in trick]
    led = cards[0].suit
    lowest = min(plays, key=lambda p: _strength(p, trump))
    ahead = trick[winning_position(cards, led, trump)][0]
    if partnership(ahead) == partnership(seat):
        return lowest
    winning = [p for p in plays
               if winning_position([*cards, p.card], led, trump) == len(cards)]
    return min(winning, key=lambda p: _strength(p, trump)) if winning else lowest


class WhistSimple:
    """``normal`` as a policy (:class:`engine.ai.policy.Policy`): the level ``python
    -m engine simulate`` plays by default."""

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return decide_whist("normal", view, legal, rng, Budget())
