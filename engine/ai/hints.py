"""Hints: the move the ``normal`` AI player would make for a seat, with one short reason
(README "Hints"), decided from that seat's view alone.

Pure: :func:`hint` reads only ``game.view(seat)`` and ``game.legal_actions(seat)`` and
uses only the public :class:`~engine.ai.decide.LevelPolicy` API, with a random source
seeded from the view itself, so the same view always gives the same hint and cards
the seat cannot see change nothing. The reason is a code with parameters and its
sentence, an English template marked with :func:`~engine.i18n.N_` (the bot translates
and words it): ``("surest_winner", {"card": "A♥", "need": 1})``. A card the seat may
not see (its own in the forehead hand, KV8) is never named.
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
from engine.i18n import N_
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

SENTENCES: Final[dict[str, str]] = {
    "look": N_("Look at your cards first: with them in view you can judge your bid."),
    "bid": N_("Bid {bid}: you hold {trumps} and {high}."),
    "blind_bid": N_("Bid {bid} blind, before looking: an exact blind bid scores double."),
    "forehead_bid": N_("Bid {bid}: you cannot see your own card, so judge by the cards the "
                       "others show."),
    "forehead_play": N_("Play your hidden card: it is the only card you hold."),
    "surest_winner": N_("Play {card}: you still need {need}, and {card} is your surest "
                        "winner."),
    "cannot_win": N_("Play {card}: you still need {need}, and {card} saves your stronger "
                     "cards for later tricks."),
    "duck": N_("Play {card}: you already have the {bid} you bid, so avoid taking another."),
    "auction_bid": N_("Bid {points} {trump}: your hand is strongest there ({count} of its "
                      "cards)."),
    "auction_pass": N_("Pass: your longest suit has only {longest} cards, too few to "
                       "declare."),
    "deal_miss": N_("Claim a deal miss: your hand is worth so little that it may be "
                    "redealt."),
    "discard": N_("Discard {cards}: they are the cards least useful for your contract."),
    "contract": N_("Change the contract to {points} {trump}: with the kitty your hand is "
                   "stronger there."),
    "friend_card": N_("Keep the contract at {contract} and call {card} as your friend: "
                      "whoever holds it helps you win tricks."),
    "friend_first": N_("Keep the contract at {contract} and call the winner of the first "
                       "trick as your friend."),
    "friend_none": N_("Keep the contract at {contract} and play alone: your hand is strong "
                      "enough without a friend."),
    "lead_request": N_("Answer the lead request as shown: it is the normal AI's choice "
                       "here."),
    "mighty": N_("Play {card}, the mighty: it takes this trick whatever is played."),
    "joker": N_("Play {card}, the joker: it takes this trick unless the mighty falls."),
    "win_trick": N_("Play {card}: it takes this trick and its {points}."),
    "lead": N_("Lead {card}: the normal AI would open this trick with it."),
    "follow": N_("Play {card}: it keeps your stronger cards for later tricks."),
}
"""The sentence of each reason code (``{trump}`` a suit symbol: a no-trump reason has
its own sentence in :data:`NO_TRUMP_SENTENCES`)."""
NO_TRUMP_SENTENCES: Final[dict[str, str]] = {
    "auction_bid": N_("Bid {points} no trump: your hand is strongest there ({count} aces)."),
    "contract": N_("Change the contract to {points} no trump: with the kitty your hand is "
                   "stronger there."),
    "friend_card": N_("Keep the contract at {contract} no trump and call {card} as your "
                      "friend: whoever holds it helps you win tricks."),
    "friend_first": N_("Keep the contract at {contract} no trump and call the winner of the "
                       "first trick as your friend."),
    "friend_none": N_("Keep the contract at {contract} no trump and play alone: your hand "
                      "is strong enough without a friend."),
}
"""The sentences of reasons about a no-trump bid or contract (``{contract}`` its points)."""

Params = Mapping[str, str | int]


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested ``action`` and why: a code of :data:`REASONS` with its ``params``
    and its sentence (``template``, English, marked for translation)."""

    action: Action
    reason: str
    params: Params = field(default_factory=dict)
    no_trump: bool = False

    @property
    def template(self) -> str:
        """The reason's sentence, a :meth:`str.format` template over ``params``."""
        return NO_TRUMP_SENTENCES[self.reason] if self.no_trump else SENTENCES[self.reason]


def hint(game: str, view: Mapping[str, Any], legal: Sequence[Action]) -> Hint:
    """The ``normal`` AI's choice among ``legal`` for the seat whose ``view`` this is,
    with its reason. ``ValueError`` for an unknown game or an empty ``legal``."""
    seed = json.dumps(view, sort_keys=True, ensure_ascii=False, default=str)
    action = LevelPolicy(game, HINT_LEVEL, seconds=None).choose(view, legal, random.Random(seed))
    reason, params = _reason(view, action)
    no_trump = reason in NO_TRUMP_SENTENCES and params.get("trump", NO_TRUMP) == NO_TRUMP
    return Hint(action, reason, params, no_trump)


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
            points, trump = _contract(view)
            contract = str(points) if trump is None else f"{points} {trump.symbol}"
            said: dict[str, str | int] = {"contract": contract, "trump": _suit_label(trump)}
            if isinstance(target, Card):
                return "friend_card", {"card": str(target), **said}
            return ("friend_first" if target == "first" else "friend_none"), said
        case AskLead() | NameLead():
            return "lead_request", {}
        case Play(card):
            return _play(view, card)
    raise ValueError(f"no hint reason for {action!r}")


def _contract(view: Mapping[str, Any]) -> tuple[int, Suit | None]:
    """The contract standing: its points and trump (the declarer may still change it:
    M7)."""
    points, trump = view.get("contract") or view.get("bid") or (0, "notrump")
    return points, _suit(trump)


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


NO_TRUMP: Final = "NT"
"""The ``trump`` parameter of a no-trump bid or contract (its reason has its own
sentence, which does not show it)."""


def _suit_label(trump: Suit | None) -> str:
    return NO_TRUMP if trump is None else trump.symbol
