"""The Kachuful AI player: one decision from a seat's view and legal actions."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.ai.budget import Budget
from engine.ai.kachuful.info import info_from_view
from engine.ai.kachuful.strategies import (
    easy_bid,
    easy_play,
    hard_bid,
    hard_play,
    normal_bid,
    normal_play,
)
from engine.ai.lean import BIT_OF_CARD, CARD_OF_BIT
from engine.game import Action, Play
from engine.kachuful.actions import Bid


def decide_kachuful(
    level: str, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random, budget: Budget
) -> Action:
    """Choose among ``legal`` for the seat of ``view`` (bids are never blind)."""
    plays = [a for a in legal if type(a) is Play]
    if plays:
        if len(plays) == 1:
            return plays[0]
        info = info_from_view(view)
        mask = 0
        for p in plays:
            mask |= 1 << BIT_OF_CARD[p.card.index]
        if level == "easy":
            bit = easy_play(info, mask, rng)
        elif level == "normal":
            bit = normal_play(info, mask)
        else:
            bit = hard_play(info, mask, rng, budget)
        return Play.of(CARD_OF_BIT[bit])
    amounts = sorted({a.amount for a in legal if type(a) is Bid and not a.blind})
    if not amounts:
        return legal[0]
    info = info_from_view(view)
    if level == "easy":
        amount = easy_bid(info, amounts, rng)
    elif level == "normal":
        amount = normal_bid(info, amounts, rng)
    else:
        amount = hard_bid(info, amounts, rng, budget)
    return Bid.of(amount)
