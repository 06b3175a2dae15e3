"""The record of one deal of a Mighty match: what the replay output and the results
report about it (M4–M9, M15, M16). Hidden facts (a secret solo, a friend not yet
revealed) only enter the record once they are public."""

from __future__ import annotations

from typing import Any

from engine.cards import NAMES, Card, Suit, trump_label
from engine.mighty.actions import FriendTarget
from engine.mighty.deals import Deal
from engine.mighty.rules import Settlement, Trump, joker_caller, mighty_card


def contract_json(contract: tuple[int, Trump] | None) -> list[Any] | None:
    """``[15, "diamonds"]`` or null."""
    return None if contract is None else [contract[0], trump_label(contract[1])]


def friend_call_json(call: FriendTarget | None) -> str | None:
    """``"A♠"``, ``"first"``, ``"none"`` or null."""
    if call is None or isinstance(call, str):
        return call
    return NAMES[call.index]


class HandRecord:
    """One deal: a hand of the match, or a redeal (``redeal`` set, no score)."""

    __slots__ = (
        "bid",
        "buried",
        "claimant",
        "contract",
        "deal",
        "dealer",
        "declarer",
        "first_speaker",
        "friend",
        "friend_call",
        "lead_suit",
        "redeal",
        "settlement",
        "shown",
        "solo",
        "trick_winners",
    )

    def __init__(self, deal: Deal, dealer: int, first_speaker: int) -> None:
        self.deal = deal
        self.dealer = dealer
        self.first_speaker = first_speaker
        self.redeal: str | None = None
        self.claimant: int | None = None
        self.shown: tuple[Card, ...] | None = None
        self.declarer: int | None = None
        self.bid: tuple[int, Trump] | None = None
        self.contract: tuple[int, Trump] | None = None
        self.friend_call: FriendTarget | None = None
        self.friend: int | None = None
        self.lead_suit: Suit | None = None
        self.solo: str | None = None
        self.trick_winners: list[int] = []
        self.buried: int | None = None
        self.settlement: Settlement | None = None

    def summary(self) -> dict[str, Any]:
        """The replay output of this deal (see the Mighty replay format)."""
        if self.redeal is not None:
            out: dict[str, Any] = {
                "dealer": self.dealer,
                "redeal": self.redeal,
                "claimant": self.claimant,
            }
            if self.shown is not None:
                out["shown_hand"] = [NAMES[c.index] for c in self.shown]
            return out
        trump = None if self.contract is None else self.contract[1]
        known = self.contract is not None
        s = self.settlement
        return {
            "dealer": self.dealer,
            "first_speaker": self.first_speaker,
            "declarer": self.declarer,
            "initial_contract": contract_json(self.bid),
            "contract": contract_json(self.contract),
            "mighty": NAMES[mighty_card(trump).index] if known else None,
            "joker_caller": NAMES[joker_caller(trump).index] if known else None,
            "friend_call": friend_call_json(self.friend_call),
            "friend": self.friend,
            "solo": self.solo,
            "lead_suit": None if self.lead_suit is None else self.lead_suit.label,
            "trick_winners": list(self.trick_winners),
            "buried_points": self.buried if s is not None else None,
            "points": None if s is None else s.points,
            "success": None if s is None else s.success,
            "base_S": None if s is None else s.base,
            "doublings": None if s is None else list(s.doublings),
            "multiplier": None if s is None else s.multiplier,
            "S": None if s is None else s.value,
            "scores": None if s is None else list(s.scores),
        }
