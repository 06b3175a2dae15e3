"""The Kachuful AI player: one decision from a seat's view and legal actions, by the
bid and play functions of a level (:data:`engine.ai.levels.TABLE`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.budget import Budget
from engine.ai.kachuful.info import KInfo, info_from_view
from engine.ai.lean import BIT_OF_CARD, CARD_OF_BIT
from engine.game import Action, Play
from engine.kachuful.actions import Bid


@dataclass(frozen=True, slots=True)
class KachufulLevel:
    """What one level plays: the bid among the legal amounts (K7, K8) and the card
    among the legal ones, as a bit mask (K9, K10)."""

    bid: Callable[[KInfo, Sequence[int], random.Random, Budget], int]
    play: Callable[[KInfo, int, random.Random, Budget], int]


def choose(
    level: KachufulLevel,
    view: Mapping[str, Any],
    legal: Sequence[Action],
    rng: random.Random,
    budget: Budget,
) -> Action:
    """Choose among ``legal`` for the seat of ``view`` (bids are never blind)."""
    plays = [a for a in legal if type(a) is Play]
    if plays:
        if len(plays) == 1:
            return plays[0]
        mask = 0
        for p in plays:
            mask |= 1 << BIT_OF_CARD[p.card.index]
        return Play.of(CARD_OF_BIT[level.play(info_from_view(view), mask, rng, budget)])
    amounts = sorted({a.amount for a in legal if type(a) is Bid and not a.blind})
    if not amounts:
        return legal[0]
    return Bid.of(level.bid(info_from_view(view), amounts, rng, budget))
