"""Mighty's exceptions to the shared trick core (M11–M14): the Mighty, the joker, the
joker call and the trump-lead ban of trick 1. They wrap :mod:`engine.tricks`.

Cards are flyweights and are found by identity (``is``): a list membership test
(``in``) would compare through ``Card``'s rich comparison, ten times slower.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.cards import JOKER, Card, Suit
from engine.mighty.rules import TRICKS, Trump
from engine.tricks import follow_options, winning_position


class PlayedTrick(NamedTuple):
    """A completed trick: ``led`` is the suit the others had to follow (a led joker's
    named suit in tricks 2–9, M12; after a powerless joker lead, the second card's),
    ``demanded`` whether the leader demanded the joker with the joker-caller (M13)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    led: Suit | None
    demanded: bool


def joker_has_power(trick_no: int, demanded: bool) -> bool:
    """The joker has power in tricks 2–9 (M12), unless it was demanded (M13)."""
    return 1 < trick_no < TRICKS and not demanded


def lead_options(hand: Sequence[Card], trick_no: int, trump: Trump) -> list[Card]:
    """Cards that may lead: anything, except that in trick 1 the declarer may not lead a
    trump unless holding only trumps (M11). The Mighty and the joker are no trumps."""
    if trick_no == 1 and trump is not None:
        others = [c for c in hand if c.suit is not trump]
        if others:
            return others
    return list(hand)


def follow_cards(
    hand: Sequence[Card], led: Suit | None, mighty: Card, demanded: bool
) -> list[Card]:
    """Cards that may follow (M11, M13). A demanded joker must be played, or the Mighty
    instead. Otherwise follow ``led`` if you can (the Mighty counts as its own suit), and
    the Mighty and the joker may be played at any time. ``led`` is None after a
    powerless joker lead: the second card sets the suit, so anything goes."""
    if demanded:
        forced = [c for c in hand if c is JOKER or c is mighty]
        if any(c is JOKER for c in forced):
            return forced
    if led is None:
        return list(hand)
    options = follow_options(hand, led)
    if options[0].suit is not led:
        return options
    extra = [c for c in hand if c is JOKER or (c is mighty and c.suit is not led)]
    return options + extra if extra else options


def trick_winner(
    cards: Sequence[Card], led: Suit | None, trump: Trump, mighty: Card, joker_power: bool
) -> int:
    """Position (in play order) of the card that wins (M14): the Mighty; else a joker
    with power; else the highest trump; else the highest card of the led suit."""
    joker = -1
    for pos, c in enumerate(cards):
        if c is mighty:
            return pos
        if c is JOKER:
            joker = pos
    if joker_power and joker >= 0:
        return joker
    return winning_position(cards, led, trump)
