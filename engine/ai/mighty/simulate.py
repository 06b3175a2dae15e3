"""Lean Mighty simulator for search (M10–M16): bit-mask hands, the trick rules and a
team-aware greedy playout policy.

Cards use the Kachuful bit numbering (``(rank - 2) * 4 + suit``) plus ``JOKER_BIT``
52. A trick state is the cards played with their seats, the led suit (-1 while unset:
a powerless joker lead leaves it to the second card, M12), whether the joker was
demanded (M13) and the trick number. The module agrees with the engine on legal
moves, trick winners and scores (a differential test plays random matches through
both).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from engine.ai.lean import JOKER_BIT, NO_TRUMP, SUIT_MASK, high_bit, low_bit
from engine.cards import Suit
from engine.mighty.rules import SOLO_NONE, SOLO_OPEN, TOTAL_POINTS, settle

PLAYERS: Final = 5
TRICKS: Final = 10
JOKER_MASK: Final = 1 << JOKER_BIT
ALL_CARDS: Final = (1 << 53) - 1
POINT_MASK: Final = ((1 << 52) - 1) & ~((1 << 32) - 1)
"""A K Q J 10 of every suit (M1): ranks 10..14 are bits 32..51."""
ACE_SPADES: Final = 12 * 4 + 0
ACE_DIAMONDS: Final = 12 * 4 + 2
THREE_CLUBS: Final = 1 * 4 + 3
THREE_SPADES: Final = 1 * 4 + 0
SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
MIGHTY_KEY: Final = 1000
JOKER_KEY: Final = 900


def mighty_bit(trump: int) -> int:
    """The Mighty (M10): A♠, or A♦ when spades are trump."""
    return ACE_DIAMONDS if trump == SPADES else ACE_SPADES


def caller_bit(trump: int) -> int:
    """The joker-caller (M10): 3♣, or 3♠ when clubs are trump."""
    return THREE_SPADES if trump == CLUBS else THREE_CLUBS


def joker_power(trick_no: int, demanded: bool) -> bool:
    """The joker has power in tricks 2–9 unless demanded (M12, M13)."""
    return 1 < trick_no < TRICKS and not demanded


def lead_mask(hand: int, trick_no: int, trump: int) -> int:
    """Cards that may lead (M11): in trick 1 no trump while holding another card."""
    if trick_no == 1 and trump != NO_TRUMP:
        side = hand & ~SUIT_MASK[trump]
        if side:
            return side
    return hand


def follow_mask(hand: int, led: int, mighty: int, demanded: bool) -> int:
    """Cards that may follow (M11, M13): a demanded joker (or the Mighty instead); else
    the led suit if held, plus the Mighty and the joker; else anything."""
    if demanded and hand & JOKER_MASK:
        return JOKER_MASK | (hand & (1 << mighty))
    if led < 0:
        return hand
    same = hand & SUIT_MASK[led]
    if not same:
        return hand
    return same | (hand & ((1 << mighty) | JOKER_MASK))


def card_key(c: int, led: int, trump: int, mighty: int, power: bool) -> int:
    """Strength of a played card in its trick (M14); -1 for a card that cannot win."""
    if c == mighty:
        return MIGHTY_KEY
    if c == JOKER_BIT:
        return JOKER_KEY if power else -1
    if (c & 3) == trump:
        return 100 + c
    if (c & 3) == led:
        return c
    return -1


def trick_winner(cards: Sequence[int], led: int, trump: int, mighty: int, power: bool) -> int:
    """Position of the winning card of a complete trick (M14); ``led`` is the suit the
    trick ended with (set by a named joker, the lead, or the second card)."""
    best = -2
    pos = 0
    for i, c in enumerate(cards):
        k = card_key(c, led, trump, mighty, power)
        if k > best:
            best, pos = k, i
    return pos


def points_of(mask: int) -> int:
    """Point cards in a mask (M1)."""
    return (mask & POINT_MASK).bit_count()


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
        defenders = 0
        for s in range(PLAYERS):
            if s != self.declarer and s != friend:
                defenders += captured[s]
        return TOTAL_POINTS - defenders

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


@dataclass(slots=True)
class Trick:
    """The trick in progress: its cards, the led suit, whether the joker was demanded
    (set before the lead is played), and the winning card's key and position so far."""

    number: int
    leader: int
    cards: list[int] = field(default_factory=list)
    led: int = -1
    demanded: bool = False
    best_key: int = -2
    best_pos: int = 0
    points: int = 0

    def copy(self) -> Trick:
        return Trick(self.number, self.leader, list(self.cards), self.led, self.demanded,
                     self.best_key, self.best_pos, self.points)


def play_card(table: Table, trick: Trick, card: int, named: int = -1) -> None:
    """Add ``card`` to the trick (``named``: the suit a powered joker lead names)."""
    power = joker_power(trick.number, trick.demanded)
    if not trick.cards:
        trick.led = (named if power else -1) if card == JOKER_BIT else card & 3
    elif trick.led < 0 and card != JOKER_BIT:
        trick.led = card & 3
    key = card_key(card, trick.led, table.trump, table.mighty, power)
    if key > trick.best_key:
        trick.best_key = key
        trick.best_pos = len(trick.cards)
    trick.points += (POINT_MASK >> card) & 1
    trick.cards.append(card)


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
    if legal & JOKER_MASK and 1 < n < TRICKS and (n >= 8 or legal.bit_count() <= 3):
        named = trump if trump >= 0 and mine else _longest_suit(hand & ~JOKER_MASK)
        return JOKER_BIT, named, False
    caller = table.caller
    if n > 1 and legal & (1 << caller) and joker_foe and not hand & JOKER_MASK:
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
    if legal & JOKER_MASK and 1 < n < TRICKS and legal == JOKER_MASK | (legal & (1 << mighty)):
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
) -> int | None:
    """Play the hand to its end with :func:`greedy_choice` for every seat from the trick
    in progress; mutates ``hands``, ``trick`` and ``captured``. ``friend`` is the friend
    seat of this world, if known yet; returns the friend at the end (a first-trick
    call decides it)."""
    live = 0
    for h in hands:
        live |= h
    while True:
        while len(trick.cards) < PLAYERS:
            seat = (trick.leader + len(trick.cards)) % PLAYERS
            foe = False
            if not trick.cards and live & JOKER_MASK:
                mine = _team_of(table, seat, friend)
                foe = any(
                    hands[s] & JOKER_MASK and _team_of(table, s, friend) != mine
                    for s in range(PLAYERS)
                )
            card, named, demand = greedy_choice(table, trick, hands[seat], seat, friend, live, foe)
            if not trick.cards:
                trick.demanded = demand
            play_card(table, trick, card, named)
            hands[seat] ^= 1 << card
            live ^= 1 << card
        winner = (trick.leader + trick.best_pos) % PLAYERS
        captured[winner] += trick.points
        if trick.number == 1 and table.first_call and winner != table.declarer:
            friend = winner
        if trick.number == TRICKS:
            return friend
        trick.number += 1
        trick.leader = winner
        trick.cards = []
        trick.led = -1
        trick.demanded = False
        trick.best_key = -2
        trick.best_pos = 0
        trick.points = 0
