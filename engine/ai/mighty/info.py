"""What one Mighty seat knows (M4–M15), read once from its view into lean bits, and
the hidden-card constraints that world sampling must respect.

Inferences, over every trick of the deal: every card played; voids shown by not
following the suit asked for, the suit a led joker names included (M12; the Mighty and
the joker never show one, M11); a player who did not give up the demanded joker lacks
it (M13); the called card is taken to lie outside the declarer's hands (a genuine
call, M8); the declarer also knows the kitty and the discards (M6).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.ai.lean import BIT_OF_NAME, JOKER_BIT, NO_TRUMP, SUIT_MASK, trump_of
from engine.ai.mighty.heuristics import TRUMP_OPTIONS, expected_points
from engine.ai.mighty.simulate import (
    ALL_CARDS,
    JOKER_MASK,
    PLAYERS,
    Table,
    Trick,
    greedy_choice,
    mighty_bit,
    play_card,
)

_BID_SLACK: Final = 1.0
_PASS_CEILING: Final = 14.5
_BID_SPREAD: Final = 2.0
_MAX_PENALTY: Final = 20.0
_MISS: Final = 0.5
"""How much less likely a world becomes for each card played that the greedy policy
would not have played in it."""
KITTY: Final = PLAYERS
"""Index of the hidden pile (the kitty, or the declarer's discards) among locations."""


Played = tuple[int, int, bool, list[tuple[int, int]]]
"""A trick as played: leader, the suit asked for (-1: unset), joker demanded, and its
(seat, card) plays in order."""


def _mask(names: Any) -> int:
    m = 0
    for name in names or ():
        m |= 1 << BIT_OF_NAME[name]
    return m


@dataclass(slots=True)
class MInfo:
    """One seat's information set in the current Mighty deal."""

    seat: int
    phase: str
    hand: int
    declarer: int | None
    contract: tuple[int, int] | None
    friend_call: str | int | None
    """"first", "none", a card bit, or None before the call."""
    friend: int | None
    """The friend once known to this seat (revealed, or this seat itself)."""
    kitty: int
    discards: int
    trick: Trick
    captured: list[int]
    played: int
    played_by: list[int]
    """Cards each seat has played this deal."""
    holding: list[int]
    voids: list[int]
    """Per seat: mask of cards it cannot hold (voids, a refused joker)."""
    bids: list[tuple[int, int] | None]
    """Each seat's highest bid in this deal's auction (points, trump)."""
    passed: list[bool]
    """Seats that passed without bidding."""
    history: list[Played]
    """The tricks of the deal so far, the one in progress last."""

    @property
    def trump(self) -> int:
        return NO_TRUMP if self.contract is None else self.contract[1]

    def table(self, friend: int | None) -> Table:
        """The hand's fixed facts with ``friend`` as the friend of a world."""
        assert self.declarer is not None and self.contract is not None
        return Table(
            trump=self.trump,
            declarer=self.declarer,
            contract=self.contract[0],
            friend=friend,
            first_call=self.friend_call == "first",
            open_solo=self.friend_call == "none",
        )

    def live(self) -> int:
        """Cards not yet played nor set aside (as far as this seat knows)."""
        return ALL_CARDS & ~self.played & ~self.discards

    def hidden(self) -> tuple[int, list[int], list[int]]:
        """The unknown cards, how many each location holds (five seats then the
        kitty/discard pile) and what each may take."""
        known = self.hand | self.played | self.kitty | self.discards
        unknown = ALL_CARDS & ~known
        capacity = [0 if s == self.seat else self.holding[s] for s in range(PLAYERS)]
        pile = 0 if (self.kitty or self.discards) and self.seat == self.declarer else 3
        capacity.append(pile)
        allowed = [ALL_CARDS & ~v for v in self.voids]
        allowed.append(ALL_CARDS)
        called = self.friend_call
        if isinstance(called, int) and self.declarer is not None and self.friend is None:
            allowed[self.declarer] &= ~(1 << called)
            allowed[KITTY] &= ~(1 << called)
        return unknown, capacity, allowed

    def weight(self, hands: Sequence[int]) -> float:
        """How well a world explains the auction (M4): a bidder whose hand looks too weak
        for its bid, or a passer whose hand looks strong, makes the world less likely."""
        penalty = 0.0
        for s in range(PLAYERS):
            if s == self.seat:
                continue
            full = hands[s] | self.played_by[s]
            bid = self.bids[s]
            if bid is not None:
                gap = bid[0] - _BID_SLACK - expected_points(full, bid[1])
            elif self.passed[s]:
                gap = max(expected_points(full, t) for t in TRUMP_OPTIONS) - _PASS_CEILING
            else:
                continue
            if gap > 0:
                penalty += gap * gap / (2 * _BID_SPREAD**2)
        return math.exp(-min(penalty, _MAX_PENALTY))

    def plausibility(self, hands: Sequence[int], pile: int) -> float:
        """How well a world explains the cards the other seats played (M11–M14): each
        card the greedy policy, with that seat's knowledge at the time (its hand, the
        cards gone, the friend if shown), would not have played makes the world
        :data:`_MISS` times as likely."""
        if not self.history or self.declarer is None:
            return 1.0
        held = [hands[s] | self.played_by[s] for s in range(PLAYERS)]
        friend = self.world_friend(list(hands))
        call = self.friend_call
        secret = isinstance(call, int)
        tables = {f: self.table(f) for f in {None, friend}}
        gone = ALL_CARDS & ~(self.discards | pile)
        weight = 1.0
        played = 0
        for number, (leader, led, demanded, cards) in enumerate(self.history, 1):
            trick = Trick(number, leader, demanded=demanded)
            known = None if self.friend_call == "first" and number == 1 else friend
            for seat, card in cards:
                hand = held[seat]
                if seat != self.seat:
                    side = None if secret and seat != friend else known
                    live = ALL_CARDS & ~played & (gone if seat == self.declarer else ALL_CARDS)
                    foe = bool(live & JOKER_MASK) and not hand & JOKER_MASK
                    choice = greedy_choice(tables[side], trick, hand, seat, side, live, foe)
                    if choice[0] != card:
                        weight *= _MISS
                named = led if card == JOKER_BIT and not trick.cards else -1
                play_card(tables[None], trick, card, named)
                held[seat] = hand & ~(1 << card)
                played |= 1 << card
                if card == call:
                    secret = False
        return weight

    def world_friend(self, hands: list[int]) -> int | None:
        """The friend in a world (None: solo, or a first-trick call not yet decided)."""
        if self.friend is not None:
            return self.friend
        called = self.friend_call
        if isinstance(called, int):
            for s in range(PLAYERS):
                if s != self.declarer and hands[s] >> called & 1:
                    return s
            for t in range(PLAYERS):
                if t != self.declarer and self.played_by[t] >> called & 1:
                    return t
        return None


def info_from_view(view: Mapping[str, Any]) -> MInfo:
    """The information set of ``view["seat"]``."""
    seat = int(view["seat"])
    contract_raw = view["contract"]
    contract = None if contract_raw is None else (int(contract_raw[0]), trump_of(contract_raw[1]))
    trump = NO_TRUMP if contract is None else contract[1]
    mighty = mighty_bit(trump)
    call_raw = view["friend_call"]
    friend_call: str | int | None
    if call_raw is None or call_raw in ("first", "none"):
        friend_call = call_raw
    else:
        friend_call = BIT_OF_NAME[call_raw]
    friend = view["friend"]
    if friend is None and view.get("you_are_friend"):
        friend = seat
    voids = [0] * PLAYERS
    played_by = [0] * PLAYERS
    captured = [len(c) for c in view["captured"]]
    history: list[Played] = []
    for t in view["tricks"]:
        _learn(t["cards"], _led(t), t["joker_demanded"], mighty, voids, played_by)
        history.append(_played(t["leader"], t, t["joker_demanded"]))
    current = view["trick"]
    led = _led(view)
    demanded = bool(view["joker_demanded"])
    number = view["trick_number"] or 1
    _learn(current, led, demanded, mighty, voids, played_by)
    if current:
        history.append(_played(view["leader"], {"cards": current, "led": view["led"]}, demanded))
    bids: list[tuple[int, int] | None] = [None] * PLAYERS
    passed = [False] * PLAYERS
    for c in view["calls"]:
        s = int(c["seat"])
        if "bid" in c:
            bids[s] = (int(c["bid"][0]), trump_of(c["bid"][1]))
        elif bids[s] is None:
            passed[s] = True
    played = 0
    for m in played_by:
        played |= m
    leader = view["leader"] if view["leader"] is not None else seat
    trick = Trick(number, int(leader), demanded=demanded)
    if contract is not None:
        table = Table(trump, -1, contract[0], None, False, False)
        for e in current:
            card = BIT_OF_NAME[e["card"]]
            play_card(table, trick, card, led if card == JOKER_BIT and not trick.cards else -1)
    return MInfo(
        seat=seat,
        phase=str(view["phase"]),
        hand=_mask(view["hand"]),
        declarer=view["declarer"],
        contract=contract,
        friend_call=friend_call,
        friend=friend,
        kitty=_mask(view.get("kitty")),
        discards=_mask(view.get("discards")),
        trick=trick,
        captured=captured,
        played=played,
        played_by=played_by,
        holding=list(view["hand_sizes"]),
        voids=voids,
        bids=bids,
        passed=passed,
        history=history,
    )


def _played(leader: Any, trick: Mapping[str, Any], demanded: Any) -> Played:
    plays = [(int(e["seat"]), BIT_OF_NAME[e["card"]]) for e in trick["cards"]]
    return int(leader), _led(trick), bool(demanded), plays


def _led(trick: Mapping[str, Any]) -> int:
    """The suit a trick asked for (-1: not set yet, after a powerless joker lead)."""
    return -1 if trick["led"] is None else trump_of(trick["led"])


def _learn(
    entries: list[Mapping[str, Any]],
    led: int,
    demanded: bool,
    mighty: int,
    voids: list[int],
    played_by: list[int],
) -> None:
    """Record the plays of one trick and what they reveal (M11–M13): a follower who did
    not follow ``led`` lacks that suit, one who gave up neither the joker nor the
    Mighty to a demand lacks the joker."""
    for i, e in enumerate(entries):
        s, b = int(e["seat"]), BIT_OF_NAME[e["card"]]
        played_by[s] |= 1 << b
        if i == 0 or b in (mighty, JOKER_BIT):
            continue
        if demanded:
            voids[s] |= JOKER_MASK
        if led >= 0 and (b & 3) != led:
            voids[s] |= SUIT_MASK[led]
