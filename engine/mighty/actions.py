"""Mighty's actions (M4–M9); a card is played with the shared :class:`engine.game.Play`
(its ``suit`` names the suit of a powered joker lead, M12; ``call_joker`` demands the
joker with the joker-caller, M13). Cheap actions are interned: use the ``of``
constructors and the constants on the hot path."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final, Literal

from engine.cards import CARDS, JOKER, Card, Suit, card
from engine.game import Action, Play
from engine.mighty.rules import KITTY_SIZE, MAX_BID, MIN_BID, Trump

TRUMPS: Final[tuple[Trump, ...]] = (*Suit, None)
"""Every trump in bid order within a number: the four suits, then no-trump (M4)."""

FIRST: Final = "first"
NONE: Final = "none"
FriendTarget = Card | Literal["first", "none"]


@dataclass(frozen=True, slots=True)
class MightyBid(Action):
    """Bid ``points`` (13–20) with ``trump`` (a suit, or None for no-trump) (M4)."""

    points: int
    trump: Trump

    @staticmethod
    def of(points: int, trump: Trump) -> MightyBid:
        return _BIDS.get((points, trump)) or MightyBid(points, trump)


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass: final for this auction (M4)."""


@dataclass(frozen=True, slots=True)
class DealMiss(Action):
    """Show a weak hand and claim a redeal (M5)."""


class Discard(tuple[Card, ...], Action):
    """The declarer's three discards after taking the kitty (M6): ``Discard((c1, c2,
    c3))``, an immutable tuple of the cards. (A tuple rather than a dataclass: the 286
    discards of a hand are listed on the hot path, and a tuple is built in C.)"""

    __slots__ = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        """The discarded cards."""
        return tuple(self)

    def __repr__(self) -> str:
        return f"Discard({tuple(self)!r})"

    def __eq__(self, other: object) -> bool:
        """The same three cards in any order are the same discard."""
        return isinstance(other, Discard) and frozenset(self) == frozenset(other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(frozenset(self))


@dataclass(frozen=True, slots=True)
class Contract(Action):
    """The final contract, changed after the discard (M7)."""

    points: int
    trump: Trump

    @staticmethod
    def of(points: int, trump: Trump) -> Contract:
        return _CONTRACTS.get((points, trump)) or Contract(points, trump)


@dataclass(frozen=True, slots=True)
class FriendCall(Action):
    """The friend call (M8): a card, ``"first"`` (the winner of trick 1) or ``"none"``."""

    target: FriendTarget

    @staticmethod
    def of(target: FriendTarget) -> FriendCall:
        if isinstance(target, Card):
            return FRIEND_CALLS[target.index]
        return FRIEND_CALLS[53] if target == FIRST else FRIEND_CALLS[54]


@dataclass(frozen=True, slots=True)
class AskLead(Action):
    """At 20 no-trump, the declarer asks the friend to name the suit of the first lead
    (M9)."""


@dataclass(frozen=True, slots=True)
class NameLead(Action):
    """The friend's private answer to :class:`AskLead`: the suit the declarer must lead
    in trick 1 (M9)."""

    suit: Suit

    @staticmethod
    def of(suit: Suit) -> NameLead:
        return NAME_LEADS[suit]


PASS: Final = Pass()
ASK_LEAD: Final = AskLead()
NAME_LEADS: Final = {s: NameLead(s) for s in Suit}
"""The friend's four answers to the declarer's request (M9)."""
DEAL_MISS: Final = DealMiss()
BIDS: Final = tuple(MightyBid(n, t) for n in range(MIN_BID, MAX_BID + 1) for t in TRUMPS)
"""Every bid, weakest first: ``BIDS[5 * (n - 13) + k]`` is number n with ``TRUMPS[k]``."""
CONTRACTS: Final = tuple(Contract(n, t) for n in range(MIN_BID, MAX_BID + 1) for t in TRUMPS)
FRIEND_CALLS: Final = (*(FriendCall(c) for c in CARDS), FriendCall(FIRST), FriendCall(NONE))
"""The 55 friend calls: one per card (by index), then "first", then "none"."""
_BIDS: Final = {(b.points, b.trump): b for b in BIDS}
_CONTRACTS: Final = {(c.points, c.trump): c for c in CONTRACTS}

JOKER_LEADS: Final = {s: Play(JOKER, suit=s) for s in Suit}
"""A powered joker lead naming each suit (M12)."""
JOKER_DEMANDS: Final = {
    c: Play(c, call_joker=True) for c in (card(3, Suit.CLUBS), card(3, Suit.SPADES))
}
"""The joker-caller led with a demand (M13): 3♣ and 3♠."""


def discards_of(hand: Sequence[Card]) -> list[Action]:
    """Every :class:`Discard` of three cards of ``hand`` (M6)."""
    return list(map(Discard, combinations(hand, KITTY_SIZE)))


def bid_index(points: int, trump: Trump) -> int:
    """Position of a bid in :data:`BIDS`."""
    return 5 * (points - MIN_BID) + (4 if trump is None else int(trump))
