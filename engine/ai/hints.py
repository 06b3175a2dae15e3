"""Hints: the move the ``normal`` AI player would make for a seat, with one short reason
(README "Hints"), decided from that seat's view alone.

Pure: :func:`hint` reads only ``game.view(seat)`` and ``game.legal_actions(seat)`` and
uses only the public :class:`~engine.ai.decide.LevelPolicy` API, with a random source
seeded from the view itself, so the same view always gives the same hint and cards
the seat cannot see change nothing. The reason is a code with parameters (the bot
words it): ``("surest_winner", {"card": "A♥", "need": 1})``. A card the seat may not
see (its own in the forehead hand, KV8) is never named.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from engine.ai.decide import LevelPolicy
from engine.cards import ACE, JOKER, JOKER_RANK, KING, TEN, Card, Suit, parse_card
from engine.game import Action, Play
from engine.kachuful.actions import Bid, Look
from engine.mighty.actions import (
    AskLead,
    Contract,
    DealMiss,
    Discard,
    FriendCall,
    MightyBid,
    NameLead,
    Pass,
)

HINT_LEVEL: Final = "normal"
"""The AI level whose move a hint shows."""

REASONS: Final = (
    "look", "bid", "blind_bid", "forehead_bid", "forehead_play", "surest_winner", "cannot_win",
    "duck",
    "auction_bid", "auction_pass", "deal_miss", "discard", "contract", "friend_card",
    "friend_first", "friend_none", "lead_request", "mighty", "joker", "win_trick", "lead",
    "follow",
)
"""Every reason code :func:`hint` gives."""

Params = Mapping[str, str | int]


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested ``action`` and why: a code of :data:`REASONS` with its ``params``."""

    action: Action
    reason: str
    params: Params = field(default_factory=dict)


def hint(game: str, view: Mapping[str, Any], legal: Sequence[Action]) -> Hint:
    """The ``normal`` AI's choice among ``legal`` for the seat whose ``view`` this is,
    with its reason. ``ValueError`` for an unknown game or an empty ``legal``."""
    seed = json.dumps(view, sort_keys=True, ensure_ascii=False, default=str)
    action = LevelPolicy(game, HINT_LEVEL, seconds=None).choose(view, legal, random.Random(seed))
    reason, params = _reason(view, action)
    return Hint(action, reason, params)


def _reason(view: Mapping[str, Any], action: Action) -> tuple[str, Params]:
    match action:
        case Look():
            return "look", {}
        case Bid(amount, blind):
            return _bid(view, amount, blind)
        case MightyBid(points, trump):
            suit = _suit_label(trump)
            return "auction_bid", {"points": points, "trump": suit,
                                   "count": _held(view, trump)}
        case Pass():
            return "auction_pass", {"longest": max(_held(view, s) for s in Suit)}
        case DealMiss():
            return "deal_miss", {}
        case Discard():
            cards = action.cards
            return "discard", {"cards": " ".join(map(str, cards)),
                               "points": sum(_is_point(c) for c in cards)}
        case Contract(points, trump):
            return "contract", {"points": points, "trump": _suit_label(trump)}
        case FriendCall(target):
            contract = _contract(view)
            if isinstance(target, Card):
                return "friend_card", {"card": str(target), "contract": contract}
            return ("friend_first" if target == "first" else "friend_none"), \
                {"contract": contract}
        case AskLead() | NameLead():
            return "lead_request", {}
        case Play(card):
            return _play(view, card)
    raise ValueError(f"no hint reason for {action!r}")


def _contract(view: Mapping[str, Any]) -> str:
    """The contract standing, as ``"15 ♠"`` (the declarer may still change it: M7)."""
    points, trump = view.get("contract") or view.get("bid") or (0, "notrump")
    return f"{points} {_suit_label(_suit(trump))}"


def _bid(view: Mapping[str, Any], amount: int, blind: bool) -> tuple[str, Params]:
    if blind:
        return "blind_bid", {"bid": amount}
    hand = view.get("hand")
    if hand is None:  # the forehead hand: one's own card is unseen
        return "forehead_bid", {"bid": amount}
    cards = [parse_card(n) for n in hand]
    return "bid", {"bid": amount, "trumps": len(view.get("hand_trumps") or ()),
                   "high": sum(c.rank in (ACE, KING) for c in cards)}


def _play(view: Mapping[str, Any], card: Card) -> tuple[str, Params]:
    name = str(card)
    if view.get("game") == "mighty":
        return _mighty_play(view, card)
    if view.get("forehead"):  # the seat may not see its own card (KV8): never name it
        return "forehead_play", {}
    seat = view["seat"]
    need = view["bids"][seat] - view["tricks_won"][seat]
    if need <= 0:
        return "duck", {"card": name, "bid": view["bids"][seat]}
    trump = _suit(view.get("trump"))
    if _beats(card, [parse_card(p["card"]) for p in view.get("trick") or ()], trump):
        return "surest_winner", {"card": name, "need": need}
    return "cannot_win", {"card": name, "need": need}


def _mighty_play(view: Mapping[str, Any], card: Card) -> tuple[str, Params]:
    name = str(card)
    if name == view.get("mighty"):
        return "mighty", {"card": name}
    if card.rank == JOKER_RANK:
        return "joker", {"card": name}
    trick = view.get("trick") or ()
    if not trick:
        return "lead", {"card": name}
    cards = [parse_card(p["card"]) for p in trick]
    points = sum(map(_is_point, cards))
    beaten = JOKER not in cards and view.get("mighty") not in (p["card"] for p in trick)
    if points and beaten and _beats(card, cards, _suit(view.get("trump"))):
        return "win_trick", {"card": name, "points": points}
    return "follow", {"card": name}


def _beats(card: Card, trick: Sequence[Card], trump: Suit | None) -> bool:
    """Whether ``card`` would now take a plain trick (led suit, trumps above it):
    leading, a card takes the trick when no one follows above it (an ace, or a trump
    ace), so a lead is judged by its rank."""
    if not trick:
        return card.rank == ACE
    led = trick[0].suit
    best = trick[0]
    for c in trick[1:]:
        if _over(c, best, led, trump):
            best = c
    return _over(card, best, led, trump)


def _over(card: Card, best: Card, led: Suit | None, trump: Suit | None) -> bool:
    if card.suit == best.suit:
        return card.rank > best.rank
    return (trump is not None and card.suit == trump and best.suit != trump) \
        or (best.suit not in (led, trump) and card.suit == led)


def _held(view: Mapping[str, Any], suit: Suit | None) -> int:
    """How many cards of ``suit`` the seat holds (no-trump: its aces)."""
    cards = [parse_card(n) for n in view.get("hand") or ()]
    if suit is None:
        return sum(c.rank == ACE for c in cards)
    return sum(c.suit == suit for c in cards)


def _is_point(card: Card) -> bool:
    return TEN <= card.rank <= ACE


def _suit(label: object) -> Suit | None:
    return Suit.from_label(label) if isinstance(label, str) and label != "notrump" else None


def _suit_label(trump: Suit | None) -> str:
    return "no trump" if trump is None else trump.symbol
