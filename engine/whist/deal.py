"""Whist deals (W2, W3): all 52 cards, thirteen to each seat one at a time from the
dealer's left, the dealer's last card turned for trump; from a seed (deal ``i`` shuffled
by ``random.Random(f"{seed}:{i}")``, so no generator state is kept) or given explicitly
(replays: ``{"hands": [[...] x4], "turned": card}``).

Setup and document errors are for the table's code and the command line, in English.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from engine.cards import Card, CardParseError, deck52, parse_card, shuffled
from engine.game import IllegalAction
from engine.whist.rules import HAND_SIZE, PLAYERS, left_of

DECK: Final = tuple(deck52())


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one deal: ``hands[seat]`` in the order dealt, and the card turned
    for trump, the dealer's last (W3)."""

    hands: tuple[tuple[Card, ...], ...]
    turned: Card

    def encode(self) -> dict[str, Any]:
        """The replay notation ``{"hands": [[...], ...], "turned": "9♥"}``."""
        return {"hands": [[str(c) for c in h] for h in self.hands], "turned": str(self.turned)}


def seeded_first_dealer(seed: int | str) -> int:
    """The first dealer, drawn at random from the seed (W2)."""
    return random.Random(f"{seed}:first_dealer").randrange(PLAYERS)


def seeded_deal(seed: int | str, number: int, dealer: int) -> Deal:
    """Deal ``number`` (from 0) of a game seeded with ``seed``: one card at a time from
    the dealer's left, so the 52nd card, the turned one, is the dealer's (W2, W3)."""
    deck = shuffled(DECK, random.Random(f"{seed}:{number}"))
    hands = [tuple(deck[(seat - left_of(dealer)) % PLAYERS :: PLAYERS]) for seat in range(PLAYERS)]
    return Deal(tuple(hands), deck[-1])


def read_deal(raw: Any, number: int) -> Deal:
    """Entry ``number`` (from 1) of a replay document's ``deals``; ``bad_input`` for
    what is not four lists of cards and a turned card (:func:`check_deal` does the rest)."""
    if (
        not isinstance(raw, Mapping)
        or set(raw) != {"hands", "turned"}
        or not isinstance(raw["hands"], list)
        or not all(isinstance(h, list) for h in raw["hands"])
    ):
        raise IllegalAction(
            "bad_input", f'deal {number}: expected {{"hands": [[card, ...] x4], "turned": card}}'
        )
    hands = tuple(tuple(_card(c, number) for c in h) for h in raw["hands"])
    return Deal(hands, _card(raw["turned"], number))


def check_deal(deal: Deal, number: int, dealer: int) -> None:
    """Refuse (``bad_input``) a deal that is not four hands of thirteen different cards
    of the 52, or whose turned card is not the dealer's (W2, W3)."""
    reason = _deal_error(deal, dealer)
    if reason is not None:
        raise IllegalAction("bad_input", f"deal {number}: {reason}")


def _deal_error(deal: Deal, dealer: int) -> str | None:
    if len(deal.hands) != PLAYERS:
        return f"'hands' must list {PLAYERS} hands, one per seat"
    for seat, cards in enumerate(deal.hands):
        if len(cards) != HAND_SIZE:
            return f"seat {seat} holds {len(cards)} cards, not {HAND_SIZE}"
    dealt = [c for h in deal.hands for c in h]
    if any(c.is_joker for c in dealt):
        return "Whist has no joker"
    if len(set(dealt)) != len(DECK):
        twice = sorted({str(c) for c in dealt if dealt.count(c) > 1})
        return "a deal holds each of the 52 cards once; repeated: " + " ".join(twice)
    if deal.turned not in deal.hands[dealer]:
        return f"the turned card {deal.turned} must be in the dealer's hand (seat {dealer})"
    return None


def _card(text: Any, number: int) -> Card:
    try:
        return parse_card(text)
    except CardParseError as exc:
        raise IllegalAction("bad_input", f"deal {number}: {exc}") from None
