"""Dealing (K4, K5, KV4): the first-dealer draw, seeded deals and explicit deals.

A seeded game deals with ``random.Random(seed)``: hand ``i`` of the schedule (counting
from 0 over the whole schedule, whatever hand the game starts at) gets the ``i + 1``-th
shuffle of the deck. The draw for the first dealer uses ``random.Random(f"{seed}:draw")``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import Any

from engine.cards import Card, CardParseError, deck52, parse_card
from engine.game import IllegalAction
from engine.i18n import N_

DECK = tuple(deck52())
_POSITIONS = range(len(DECK))


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one hand: ``hands[seat]`` in the order dealt, and the card turned
    for trump (KV4; None when every card is dealt or trump is not turned)."""

    hands: tuple[tuple[Card, ...], ...]
    turned: Card | None = None

    def encode(self, with_turned: bool) -> dict[str, Any]:
        """The replay notation ``{"hands": [[...], ...], "turned": "9♥"}``."""
        out: dict[str, Any] = {"hands": [[str(c) for c in h] for h in self.hands]}
        if with_turned and self.turned is not None:
            out["turned"] = str(self.turned)
        return out


class SeededDecks:
    """The shuffled decks of a seeded game, in schedule order: ``deck(i)`` is the
    ``i + 1``-th shuffle of ``random.Random(seed)``. Asked in increasing order (as a
    game deals) each deck costs one shuffle; going back starts over from the seed."""

    __slots__ = ("_rng", "_shuffles", "seed")

    def __init__(self, seed: int | str) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._shuffles = 0

    def deck(self, index: int) -> list[Card]:
        if index < self._shuffles:
            self._rng = random.Random(self.seed)
            self._shuffles = 0
        while True:
            # Sorting by one random key per card: a uniform shuffle, quicker than
            # ``Random.shuffle``.
            keys = list(map(random.Random.random, repeat(self._rng, len(DECK))))
            self._shuffles += 1
            if self._shuffles > index:
                return list(map(DECK.__getitem__, sorted(_POSITIONS, key=keys.__getitem__)))


def deal_from(deck: Sequence[Card], players: int, size: int, dealer: int) -> Deal:
    """Deal ``size`` cards one at a time clockwise from the dealer's left (K5); the next
    undealt card is the turned card (KV4)."""
    dealt = size * players
    hands: list[tuple[Card, ...]] = [()] * players
    for offset in range(players):
        hands[(dealer + 1 + offset) % players] = tuple(deck[offset:dealt:players])
    return Deal(tuple(hands), deck[dealt] if dealt < len(deck) else None)


def draw_first_dealer(rng: random.Random, players: int) -> tuple[int, list[list[tuple[int, Card]]]]:
    """K4: everyone draws a card; the highest rank deals first; a tie for highest is
    redrawn among the tied players only (from the rest of the same shuffled deck).
    Returns the dealer and every round of the draw as ``(seat, card)`` pairs.

    The cards come off the end of ``Random.shuffle(deck)``, which fixes the last
    positions first: each card drawn is shuffled into place when drawn, with the same
    random numbers as a whole shuffle."""
    deck = list(DECK)
    below = rng._randbelow  # type: ignore[attr-defined]  # what Random.shuffle draws with
    top = len(deck)

    def pop() -> Card:
        nonlocal top
        top -= 1
        if top < 0:
            raise IndexError("pop from empty list")
        if top:
            j = below(top + 1)
            deck[top], deck[j] = deck[j], deck[top]
        return deck[top]

    drawing = list(range(players))
    rounds: list[list[tuple[int, Card]]] = []
    while True:
        draws = [(seat, pop()) for seat in drawing]
        rounds.append(draws)
        top_rank = max(c.rank for _, c in draws)
        drawing = [seat for seat, c in draws if c.rank == top_rank]
        if len(drawing) == 1:
            return drawing[0], rounds


def read_deal(raw: Any, number: int) -> Deal:
    """Read entry ``number`` (from 1) of a replay file's ``deals``:
    ``{"hands": [[card, ...], ...], "turned": card}``; refuse (``bad_input``) what is
    not cards. :func:`check_deal` then checks it against the table."""
    if not isinstance(raw, Mapping) or "hands" not in raw or not set(raw) <= {"hands", "turned"}:
        raise IllegalAction("bad_input", N_('deal {number}: expected {{"hands": [[card, ...], '
                                            '...]}}'), number=number)
    hands_raw = raw["hands"]
    if not isinstance(hands_raw, list) or not all(isinstance(h, list) for h in hands_raw):
        raise IllegalAction("bad_input", N_("deal {number}: 'hands' must list each seat's cards"),
                            number=number)
    hands = tuple(tuple(_card(c, number) for c in h) for h in hands_raw)
    turned = raw.get("turned")
    return Deal(hands, None if turned is None else _card(turned, number))


def check_deal(deal: Deal, number: int, players: int, size: int, turned_trump: bool) -> None:
    """Refuse (``bad_input``) a deal that is not ``players`` hands of ``size`` distinct
    cards, or whose turned card (KV4) is missing, dealt, or not wanted."""
    hands = deal.hands
    if len(hands) == players and all(len(h) == size for h in hands):
        dealt = set().union(*hands)
        turned = deal.turned
        if len(dealt) == players * size and (
            turned_trump and turned not in dealt
            if turned is not None
            else not turned_trump or size * players == len(DECK)
        ):
            return
    if len(deal.hands) != players:
        raise IllegalAction(
            "bad_input", N_("deal {number}: 'hands' must list {players} hands, one per seat"),
            number=number, players=players,
        )
    seen: set[Card] = set()
    for seat, cards in enumerate(deal.hands):
        if len(cards) != size:
            raise IllegalAction(
                "bad_input",
                N_("deal {number}: seat {seat} holds {held} cards but the hand size is {size}"),
                number=number, seat=seat, held=len(cards), size=size,
            )
        _distinct(cards, seen, number)
    if deal.turned is not None:
        if not turned_trump:
            raise IllegalAction(
                "bad_input", N_("deal {number}: 'turned' is only used with trump 'turned'"),
                number=number)
        _distinct((deal.turned,), seen, number)
    elif turned_trump and size * players < len(DECK):
        raise IllegalAction(
            "bad_input", N_("deal {number}: name the 'turned' card (trump is turned)"),
            number=number)


def _card(text: Any, number: int) -> Card:
    try:
        c = parse_card(text)
    except CardParseError as exc:
        raise IllegalAction("bad_input", N_("deal {number}: {problem}"), number=number,
                            problem=str(exc)) from None
    if c.suit is None:
        raise IllegalAction("bad_input", N_("deal {number}: Kachuful has no joker"),
                            number=number)
    return c


def _distinct(cards: Sequence[Card], seen: set[Card], number: int) -> None:
    for c in cards:
        if c in seen:
            raise IllegalAction("bad_input", N_("deal {number}: {card} appears twice"),
                                number=number, card=str(c))
        seen.add(c)
