"""Mighty's hint reasons (docs/playing.md "Hints"; M4–M16), declared on its descriptor:
the auction, the kitty's discards, the contract and friend call, the lead request and the
card play. A reason about a no-trump bid or contract has its own sentence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from engine.ai.reasons import HintReasons, Params, beats, suit_of
from engine.cards import ACE, JOKER, JOKER_RANK, TEN, Card, Suit, parse_card
from engine.game import Action, Play
from engine.i18n import N_
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

SENTENCES: Final[dict[str, str]] = {
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
NO_TRUMP: Final = "NT"
"""The ``trump`` parameter of a no-trump bid or contract (its reason has its own
sentence, which does not show it)."""


class MightyReasons(HintReasons):
    """Why the ``normal`` AI bids, passes, discards, calls, answers or plays as it does."""

    sentences = SENTENCES
    plain: ClassVar[Mapping[str, frozenset[str]]] = {
        "auction_bid": frozenset({"points"}), "contract": frozenset({"points"}),
    }

    def reason(self, view: Mapping[str, Any], action: Action) -> tuple[str, Params]:
        match action:
            case MightyBid(points, trump):
                return "auction_bid", {"points": points, "trump": _suit_label(trump),
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
                return _friend(view, target)
            case AskLead() | NameLead():
                return "lead_request", {}
            case Play(card):
                return _play(view, card)
        raise ValueError(f"no hint reason for {action!r}")

    def template(self, code: str, params: Params) -> str:
        if code in NO_TRUMP_SENTENCES and params.get("trump", NO_TRUMP) == NO_TRUMP:
            return NO_TRUMP_SENTENCES[code]
        return SENTENCES[code]


REASONS: Final = MightyReasons()
"""Mighty's hint reasons (``GameDescriptor.hints``)."""


def _friend(view: Mapping[str, Any], target: object) -> tuple[str, Params]:
    points, trump = _contract(view)
    contract = str(points) if trump is None else f"{points} {trump.symbol}"
    said: dict[str, str | int] = {"contract": contract, "trump": _suit_label(trump)}
    if isinstance(target, Card):
        return "friend_card", {"card": str(target), **said}
    return ("friend_first" if target == "first" else "friend_none"), said


def _contract(view: Mapping[str, Any]) -> tuple[int, Suit | None]:
    """The contract standing: its points and trump (the declarer may still change it:
    M7)."""
    points, trump = view.get("contract") or view.get("bid") or (0, "notrump")
    return points, suit_of(trump)


def _play(view: Mapping[str, Any], card: Card) -> tuple[str, Params]:
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
    if points and beaten and beats(card, cards, suit_of(view.get("trump"))):
        return "win_trick", {"card": name, "points": points}
    return "follow", {"card": name}


def _held(view: Mapping[str, Any], suit: Suit | None) -> int:
    """How many cards of ``suit`` the seat holds (no-trump: its aces)."""
    cards = [parse_card(n) for n in view.get("hand") or ()]
    if suit is None:
        return sum(c.rank == ACE for c in cards)
    return sum(c.suit == suit for c in cards)


def _is_point(card: Card) -> bool:
    return TEN <= card.rank <= ACE


def _suit_label(trump: Suit | None) -> str:
    return NO_TRUMP if trump is None else trump.symbol
