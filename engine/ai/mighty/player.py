"""The Mighty AI player: one decision from a seat's view and legal actions, by the
decision functions of a level, one per phase (:data:`engine.ai.levels.TABLE`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.ai.budget import Budget
from engine.ai.lean import BIT_OF_CARD, NO_TRUMP
from engine.ai.mighty.info import MInfo, info_from_view
from engine.ai.mighty.lead import name_lead
from engine.ai.mighty.strategies import DEAL_MISS, Call, FriendChoice, Move
from engine.cards import Card, Suit, parse_card
from engine.game import Action, Play
from engine.mighty.actions import (
    Contract,
    DealMiss,
    Discard,
    FriendCall,
    MightyBid,
    NameLead,
    Pass,
)

THINK: Final = 0.25
"""At most this many seconds of search a decision, whatever the table allows (p95
within 0.3 s on one core)."""


@dataclass(frozen=True, slots=True)
class MightyLevel:
    """What one level plays, by phase: the auction (M4, M5), the discard (M6), a change
    of contract (M7), the friend call (M8) and the cards (M11–M14)."""

    auction: Callable[[MInfo, Sequence[Call], bool, random.Random, Budget], str | Call]
    discard: Callable[[MInfo, random.Random, Budget], int]
    contract: Callable[[MInfo, Sequence[Call], random.Random, Budget], Call | None]
    friend: Callable[[MInfo, random.Random, Budget], FriendChoice]
    play: Callable[[MInfo, Sequence[Move], random.Random, Budget], Move]


def _lean(trump: Suit | None) -> int:
    return NO_TRUMP if trump is None else int(trump)


def _move(action: Play) -> Move:
    suit = -1 if action.suit is None else int(action.suit)
    return BIT_OF_CARD[action.card.index], suit, action.call_joker


def _mask(cards: Sequence[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << BIT_OF_CARD[c.index]
    return m


def choose(
    level: MightyLevel,
    view: Mapping[str, Any],
    legal: Sequence[Action],
    rng: random.Random,
    budget: Budget,
) -> Action:
    """Choose among ``legal`` for the seat of ``view``: the friend asked for the first
    lead names a suit (M9); a declarer never asks (plays only are searched)."""
    if len(legal) == 1:
        return legal[0]
    if type(legal[0]) is NameLead:
        return name_lead([parse_card(n) for n in view["hand"]], legal)
    info = info_from_view(view)
    budget = budget.capped(THINK)
    plays = [a for a in legal if type(a) is Play]
    if plays:
        moves = {_move(a): a for a in plays}
        return moves[level.play(info, list(moves), rng, budget)]
    bids = [a for a in legal if type(a) is MightyBid]
    if info.phase == "auction":
        options: dict[Call, Action] = {(b.points, _lean(b.trump)): b for b in bids}
        can_miss = any(type(a) is DealMiss for a in legal)
        choice = level.auction(info, list(options), can_miss, rng, budget)
        if choice == DEAL_MISS:
            return next(a for a in legal if type(a) is DealMiss)
        if isinstance(choice, tuple):
            return options[choice]
        return next(a for a in legal if type(a) is Pass)
    discards = [a for a in legal if type(a) is Discard]
    if discards:
        wanted = level.discard(info, rng, budget)
        return next((d for d in discards if _mask(d.cards) == wanted), discards[0])
    contracts = {(c.points, _lean(c.trump)): c for c in legal if type(c) is Contract}
    if contracts:
        if budget.seconds is not None:
            budget = Budget(budget.seconds / 2, budget.worlds)
        change = level.contract(info, list(contracts), rng, budget)
        if change is not None:
            return contracts[change]
    calls = [a for a in legal if type(a) is FriendCall]
    target = level.friend(info, rng, budget)
    for call in calls:
        t = call.target
        if isinstance(t, str) and t == target:
            return call
        if not isinstance(t, str) and BIT_OF_CARD[t.index] == target:
            return call
    return calls[0] if calls else legal[0]
