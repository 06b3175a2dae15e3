"""A simple Mighty AI player (M4–M14): legal and not silly. It bids from its trumps and
point cards, claims a deal-miss when it may, discards low, calls the best card it is
missing, names its longest suit when asked for the first lead (it never asks, M9), and
in play takes a trick cheaply when its side is not already winning it, otherwise
throws its lowest card."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.ai.mighty.lead import name_lead
from engine.cards import ACE, JOKER, KING, QUEEN, Card, Suit, parse_card
from engine.game import Action, Play
from engine.mighty.actions import (
    TRUMPS,
    Contract,
    DealMiss,
    Discard,
    FriendCall,
    MightyBid,
    NameLead,
    Pass,
)
from engine.mighty.core.winner import joker_power
from engine.mighty.rules import MIN_BID, Trump, joker_caller, mighty_card, parse_trump
from engine.mighty.trick import trick_winner

_BASE = 7.0
"""Points a hand is expected to bring besides what the estimate counts (kitty, friend)."""


def _cards(names: Sequence[str]) -> list[Card]:
    return [parse_card(n) for n in names]


def hand_strength(hand: Sequence[Card], trump: Trump) -> float:
    """A rough estimate of the points the declarer's side takes with ``trump``."""
    mighty = mighty_card(trump)
    value = _BASE
    for c in hand:
        if c is mighty:
            value += 2.0
        elif c is JOKER:
            value += 1.5
        elif trump is not None and c.suit is trump:
            value += 1.0 + (0.5 if c.rank >= QUEEN else 0.0)
        elif c.rank == ACE:
            value += 1.5 if trump is None else 1.0
        elif c.rank == KING and trump is None:
            value += 0.5
    if trump is not None and sum(1 for c in hand if c.suit is trump) < 4:
        value -= 3.0
    return value


def card_value(c: Card, trump: Trump) -> int:
    """How much a card is worth keeping: the Mighty and the joker most, then trumps and
    side aces, then by rank, point cards above the rest of the same rank band."""
    if c is mighty_card(trump):
        return 200
    if c is JOKER:
        return 150
    value = c.rank + (5 if c.is_point else 0)
    if trump is not None and c.suit is trump:
        value += 50
    elif c.rank == ACE:
        value += 45
    return value


class MightySimple:
    """See the module docstring."""

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        first = legal[0]
        hand = _cards(view["hand"] or ())
        if isinstance(first, (Pass, MightyBid, DealMiss)):
            return self._auction(hand, legal)
        if isinstance(first, Discard):
            return self._discard(view, hand, legal)
        if isinstance(first, (Contract, FriendCall)):
            return self._friend(view, hand, legal)
        if isinstance(first, NameLead):
            return name_lead(hand, legal)
        return self._play(view, hand, [a for a in legal if isinstance(a, Play)])

    # --- auction (M4, M5) ------------------------------------------------------------

    def _auction(self, hand: list[Card], legal: Sequence[Action]) -> Action:
        for a in legal:
            if isinstance(a, DealMiss):
                return a
        bids = [a for a in legal if isinstance(a, MightyBid)]
        best = max(TRUMPS, key=lambda t: hand_strength(hand, t))
        estimate = hand_strength(hand, best)
        fits = [b for b in bids if b.trump is best and b.points <= estimate and b.points >= MIN_BID]
        if fits:
            return min(fits, key=lambda b: b.points)
        return next(a for a in legal if isinstance(a, Pass))

    # --- kitty, contract and friend (M6–M8) -------------------------------------------

    def _discard(
        self, view: Mapping[str, Any], hand: list[Card], legal: Sequence[Action]
    ) -> Action:
        trump = _trump(view)
        low = sorted(hand, key=lambda c: card_value(c, trump))[:3]
        wanted = frozenset(low)
        for a in legal:
            if isinstance(a, Discard) and frozenset(a.cards) == wanted:
                return a
        return legal[0]

    def _friend(self, view: Mapping[str, Any], hand: list[Card], legal: Sequence[Action]) -> Action:
        trump = _trump(view)
        out = set(hand) | set(_cards(view.get("discards") or ()))
        calls = {a.target: a for a in legal if isinstance(a, FriendCall)}
        wanted: list[Card] = [mighty_card(trump), JOKER]
        if trump is not None:
            wanted += [c for c in _suit_cards(trump) if c is not mighty_card(trump)]
        wanted += [c for s in Suit for c in _suit_cards(s)[:1] if c is not mighty_card(trump)]
        for c in wanted:
            if c not in out and c in calls:
                return calls[c]
        return calls.get("first") or legal[-1]

    # --- play (M11–M14) ---------------------------------------------------------------

    def _play(self, view: Mapping[str, Any], hand: list[Card], plays: list[Play]) -> Action:
        trump = _trump(view)
        trick = _cards([t["card"] for t in view["trick"]])
        if not trick:
            return self._lead(view, hand, plays, trump)
        seats = [t["seat"] for t in view["trick"]]
        led = None if view["led"] is None else Suit.from_label(view["led"])
        power = joker_power(view["trick_number"], view["joker_demanded"])
        mighty = mighty_card(trump)
        current = seats[trick_winner(trick, led, trump, mighty, power)]
        ordered = sorted(plays, key=lambda p: card_value(p.card, trump))
        if current in _partners(view):
            return ordered[0]
        for p in ordered:
            lead = led if led is not None else p.card.suit
            if trick_winner([*trick, p.card], lead, trump, mighty, power) == len(trick):
                worth = p.card.is_point or any(c.is_point for c in trick)
                if worth or card_value(p.card, trump) < 60:
                    return p
                break
        non_points = [p for p in ordered if not p.card.is_point]
        return (non_points or ordered)[0]

    def _lead(
        self, view: Mapping[str, Any], hand: list[Card], plays: list[Play], trump: Trump
    ) -> Play:
        """Cash a side ace; hunt the joker with the joker-caller; as the declarer's side
        draw trumps from the top; else lead low. The Mighty is kept to take points."""
        mighty = mighty_card(trump)
        aces = [p for p in plays if p.card.rank == ACE and p.card is not mighty]
        if aces:
            return aces[0]
        for p in plays:
            if p.card is joker_caller(trump) and p.call_joker and JOKER not in hand:
                return p
        plain = [p for p in plays if p.card is not JOKER and not p.call_joker]
        attacking = view["seat"] == view["declarer"] or view.get("you_are_friend")
        trumps = [p for p in plain if trump is not None and p.card.suit is trump]
        if attacking and trumps and view["trick_number"] > 1:
            return max(trumps, key=lambda p: p.card.rank)
        if view["trick_number"] == 10 or not plain:
            return plays[0]
        return min(plain, key=lambda p: card_value(p.card, trump))


def _trump(view: Mapping[str, Any]) -> Trump:
    label = view["trump"] if view["trump"] is not None else None
    if label is None:
        bid = view["contract"] or view["bid"]
        label = bid[1] if bid else "notrump"
    return parse_trump(label)


def _suit_cards(suit: Suit) -> list[Card]:
    return [parse_card(f"{r}{suit.symbol}") for r in ("A", "K", "Q")]


def _partners(view: Mapping[str, Any]) -> set[int]:
    """The seats known to be on this seat's side (itself included)."""
    seat = view["seat"]
    declarer = view["declarer"]
    friend = view["friend"]
    if seat == declarer:
        return {seat} if friend is None else {seat, friend}
    if view.get("you_are_friend"):
        return {seat, declarer}
    return {s for s in range(5) if s not in (declarer, friend)}

