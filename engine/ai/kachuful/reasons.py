"""Kachuful's hint reasons (docs/playing.md "Hints"; K7–K10, KV7, KV8), declared on its
descriptor. A card the seat may not see (its own in the forehead hand, KV8) is never
named."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from engine.ai.reasons import HintReasons, Params, beats, suit_of
from engine.cards import ACE, KING, Card, parse_card
from engine.game import Action, Play
from engine.i18n import N_
from engine.kachuful.actions import Bid, Look

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
}
"""The sentence of each reason code."""


class KachufulReasons(HintReasons):
    """Why the ``normal`` AI looks, bids or plays as it does."""

    sentences = SENTENCES
    plain: ClassVar[Mapping[str, frozenset[str]]] = {
        "blind_bid": frozenset({"bid"}), "forehead_bid": frozenset({"bid"}),
    }

    def reason(self, view: Mapping[str, Any], action: Action) -> tuple[str, Params]:
        match action:
            case Look():
                return "look", {}
            case Bid(amount, blind):
                return _bid(view, amount, blind)
            case Play(card):
                return _play(view, card)
        raise ValueError(f"no hint reason for {action!r}")


REASONS: Final = KachufulReasons()
"""Kachuful's hint reasons (``GameDescriptor.hints``)."""


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
    if view.get("forehead"):  # the seat may not see its own card (KV8): never name it
        return "forehead_play", {}
    name = str(card)
    seat = view["seat"]
    need = view["bids"][seat] - view["tricks_won"][seat]
    if need <= 0:
        return "duck", {"card": name, "bid": view["bids"][seat]}
    trump = suit_of(view.get("trump"))
    if beats(card, [parse_card(p["card"]) for p in view.get("trick") or ()], trump):
        return "surest_winner", {"card": name, "need": need}
    return "cannot_win", {"card": name, "need": need}
