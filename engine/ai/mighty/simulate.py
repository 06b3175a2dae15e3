"""Lean Mighty simulator for search (M10–M16): the team-aware greedy playout policy
over the rules core (:mod:`engine.mighty.core`: bit-mask hands, legal plays, trick
winners, the side's points), which the game runs on too.

A trick state is the core's :class:`~engine.mighty.core.trick.Trick`; the fixed facts of
a hand being played out (trump, declarer, contract, friend) are a :class:`Table`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.bits import JOKER_BIT, NO_TRUMP, SUIT_MASK, high_bit, low_bit
from engine.cards import Suit
from engine.mighty.core.follow import can_demand, follow_mask, lead_mask
from engine.mighty.core.masks import (
    ACE_DIAMONDS,
    ACE_SPADES,
    ALL_CARDS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JOKER_MASK,
    POINT_MASK,
    SPADES,
    THREE_CLUBS,
    THREE_SPADES,
    caller_bit,
    mighty_bit,
    points_of,
)
from engine.mighty.core.score import side_points
from engine.mighty.core.trick import Trick, play_card
from engine.mighty.core.winner import JOKER_KEY, MIGHTY_KEY, card_key, joker_power, trick_winner
from engine.mighty.rules import PLAYERS, SOLO_NONE, SOLO_OPEN, TRICKS, settle

__all__ = [
    "ACE_DIAMONDS",
    "ACE_SPADES",
    "ALL_CARDS",
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "JOKER_BIT",
    "JOKER_KEY",
    "JOKER_MASK",
    "MIGHTY_KEY",
    "PLAYERS",
    "POINT_MASK",
    "SPADES",
    "THREE_CLUBS",
    "THREE_SPADES",
    "Table",
    "Trick",
    "caller_bit",
    "card_key",
    "follow_mask",
    "greedy_choice",
    "joker_power",
    "lead_mask",
    "mighty_bit",
    "play_card",
    "playout",
    "points_of",
    "trick_winner",
]


@dataclass(slots=True)
class Table:
    """The fixed facts of a hand being played out: trump, the special cards, the
    declarer, the contract and the friend of one world (M8, M10, M16). Point cards
    buried in the discards need no count: P is 20 minus the defenders' points (M15)."""

    trump: int
    declarer: int
    contract: int
    friend: int | None
    """The friend seat in this world (None: solo so far); decided by trick 1 when
    ``first_call``."""
    first_call: bool
    open_solo: bool
    mighty: int = field(init=False)
    caller: int = field(init=False)

    def __post_init__(self) -> None:
        self.mighty = mighty_bit(self.trump)
        self.caller = caller_bit(self.trump)

    def points(self, captured: Sequence[int], friend: int | None) -> int:
        """P: 20 minus the defenders' point cards (M15)."""
        return side_points(captured, self.declarer, friend)

    def scores(
        self, captured: Sequence[int], friend: int | None, contract: int | None = None
    ) -> tuple[int, ...]:
        """The hand's settlement (M16) from the point cards captured per seat, at the
        table's contract or at ``contract``."""
        solo = SOLO_OPEN if self.open_solo and friend is None else SOLO_NONE
        trump = None if self.trump == NO_TRUMP else Suit(self.trump)
        number = self.contract if contract is None else contract
        points = self.points(captured, friend)
        return settle(self.declarer, friend, number, trump, points, solo).scores


def _team_of(table: Table, seat: int, friend: int | None) -> int:
    return 1 if seat == table.declarer or seat == friend else 0


def greedy_choice(
    table: Table,
    trick: Trick,
    hand: int,
    seat: int,
    friend: int | None,
    live: int,
    joker_foe: bool,
) -> tuple[int, int, bool]:
    """The playout policy: ``(card, named suit or -1, demand)`` for ``seat`` holding
    ``hand``, with ``friend`` as the friend it assumes.

    ``live`` is every card not yet played; ``joker_foe`` whether an opponent may hold
    the joker. The leader cashes sure winners, pulls trumps for the declarer's side,
    demands the joker from an opponent, uses the joker before it loses its power; a
    follower gives points to a partner who is winning (never overtaking it), takes
    points from an opponent with the cheapest winning card, and otherwise sheds a low
    card."""
    trump = table.trump
    mighty = table.mighty
    n = trick.number
    if not trick.cards:
        return _lead(table, hand, seat, friend, live, n, joker_foe)
    legal = follow_mask(hand, trick.led, mighty, trick.demanded)
    if legal & JOKER_MASK and trick.demanded:
        return JOKER_BIT, -1, False
    power = joker_power(n, trick.demanded)
    led = trick.led
    best_key = trick.best_key
    best_pos = trick.best_pos
    winner = (trick.leader + best_pos) % PLAYERS
    mine = _team_of(table, seat, friend)
    partner_wins = _team_of(table, winner, friend) == mine
    pts = trick.points
    plain = legal & ~((1 << mighty) | JOKER_MASK)
    if partner_wins:
        under = _not_above(plain, led, trump, mighty, power, best_key)
        last = len(trick.cards) == PLAYERS - 1
        if last or _secure(trick.cards[best_pos], best_key, trump, live & ~hand):
            give = under & POINT_MASK
            if give:
                return low_bit(give), -1, False
        return _shed(under or plain or legal, trump), -1, False
    cheapest = -1
    rest = plain
    while rest:
        low = rest & -rest
        c = low.bit_length() - 1
        if card_key(c, led if led >= 0 else c & 3, trump, mighty, power) > best_key:
            cheapest = c
            break
        rest ^= low
    if cheapest >= 0 and (pts or (1 << cheapest) & POINT_MASK or n >= 8):
        return cheapest, -1, False
    if pts >= 2 or (pts and n >= 7):
        if legal & JOKER_MASK and power and best_key < JOKER_KEY:
            return JOKER_BIT, -1, False
        if legal & (1 << mighty):
            return mighty, -1, False
    if legal & JOKER_MASK and not power and not plain & ~POINT_MASK:
        return JOKER_BIT, -1, False
    return _shed(plain or legal, trump), -1, False


def _not_above(mask: int, led: int, trump: int, mighty: int, power: bool, best_key: int) -> int:
    """The cards of ``mask`` that would not take the trick from the card winning it."""
    out = 0
    rest = mask
    while rest:
        low = rest & -rest
        c = low.bit_length() - 1
        if card_key(c, led if led >= 0 else c & 3, trump, mighty, power) <= best_key:
            out |= low
        rest ^= low
    return out


def _secure(card: int, key: int, trump: int, others: int) -> bool:
    """Whether a winning card can no longer be beaten by the cards still out."""
    if key >= JOKER_KEY:
        return True
    if trump >= 0 and key >= 100:
        return not others & SUIT_MASK[trump] & ~((2 << card) - 1)
    return False


def _shed(mask: int, trump: int) -> int:
    """The cheapest card to give away: low non-point side cards first, trumps last."""
    side = mask & ~(SUIT_MASK[trump] if trump >= 0 else 0) & ~JOKER_MASK
    for group in (side & ~POINT_MASK, side, mask & ~JOKER_MASK, mask):
        if group:
            return low_bit(group)
    return low_bit(mask)  # pragma: no cover


def _lead(
    table: Table, hand: int, seat: int, friend: int | None, live: int, n: int, joker_foe: bool
) -> tuple[int, int, bool]:
    trump = table.trump
    mighty = table.mighty
    legal = lead_mask(hand, n, trump)
    mine = _team_of(table, seat, friend)
    if legal & JOKER_MASK and joker_power(n, False) and (n >= 8 or legal.bit_count() <= 3):
        named = trump if trump >= 0 and mine else _longest_suit(hand & ~JOKER_MASK)
        return JOKER_BIT, named, False
    caller = table.caller
    if can_demand(n) and legal & (1 << caller) and joker_foe and not hand & JOKER_MASK:
        return caller, -1, True
    tmask = SUIT_MASK[trump] if trump >= 0 else 0
    others_live = live & ~hand
    if mine and trump >= 0 and legal & tmask and others_live & tmask:
        trumps = legal & tmask
        top = high_bit(trumps)
        if not others_live & tmask & ~((2 << top) - 1):
            return top, -1, False
        if (hand & tmask).bit_count() >= 3:
            return low_bit(trumps), -1, False
    rest = legal & ~JOKER_MASK
    while rest:
        c = rest.bit_length() - 1
        rest ^= 1 << c
        if c == mighty:
            if n >= 7 and points_of(others_live) >= 4:
                return c, -1, False
            continue
        suit = c & 3
        higher = others_live & SUIT_MASK[suit] & ~((2 << c) - 1) & ~(1 << mighty)
        if not higher and (suit == trump or not (others_live & tmask) or c >= 40):
            return c, -1, False
    only_specials = legal == JOKER_MASK | (legal & (1 << mighty))
    if legal & JOKER_MASK and joker_power(n, False) and only_specials:
        return JOKER_BIT, _longest_suit(hand & ~JOKER_MASK), False
    plain = legal & ~JOKER_MASK & ~(1 << mighty)
    if not plain:
        return low_bit(legal), -1, False
    side = plain & ~tmask
    pick = side or plain
    low = pick & ~POINT_MASK
    return low_bit(low or pick), -1, False


def _longest_suit(mask: int) -> int:
    return max(range(4), key=lambda s: ((mask & SUIT_MASK[s]).bit_count(), s))


def playout(
    table: Table,
    hands: list[int],
    trick: Trick,
    captured: list[int],
    friend: int | None,
    call: int | None = None,
) -> int | None:
    """Play the hand to its end with :func:`greedy_choice` for every seat from the trick
    in progress; mutates ``hands``, ``trick`` and ``captured``. ``friend`` is the friend
    seat of this world, if known yet; returns the friend at the end (a first-trick
    call decides it).

    With ``call`` (the called card's bit, -1 for none) the seats play as they see the
    table (M8): while the called card is out, only the friend knows its side, the
    others play as if the declarer were alone, and a seat fears the joker whenever
    another seat may hold it. Without it, every seat knows the world's friend and
    where the joker is."""
    live = 0
    for h in hands:
        live |= h
    seen = call is not None
    secret = call is not None and call >= 0 and friend is not None and bool(live >> call & 1)
    while True:
        while len(trick.cards) < PLAYERS:
            seat = (trick.leader + len(trick.cards)) % PLAYERS
            hand = hands[seat]
            side = None if secret and seat != friend else friend
            foe = False
            if not trick.cards and live & JOKER_MASK:
                if seen:
                    foe = not hand & JOKER_MASK
                else:
                    mine = _team_of(table, seat, friend)
                    foe = any(
                        hands[s] & JOKER_MASK and _team_of(table, s, friend) != mine
                        for s in range(PLAYERS)
                    )
            card, named, demand = greedy_choice(table, trick, hand, seat, side, live, foe)
            if not trick.cards:
                trick.demanded = demand
            play_card(table, trick, card, named)
            hands[seat] = hand ^ 1 << card
            live ^= 1 << card
            if card == call:
                secret = False
        winner = (trick.leader + trick.best_pos) % PLAYERS
        captured[winner] += trick.points
        if trick.number == 1 and table.first_call and winner != table.declarer:
            friend = winner
        if trick.number == TRICKS:
            return friend
        trick.next(winner)
