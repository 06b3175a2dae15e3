"""The AI levels of every game, in one table: for each level, what plays it in each game
and with which budget.

``easy`` plays simple rules with some randomness; ``normal`` Mighty's greedy policy and
Kachuful's tree search over :data:`NORMAL_DEALS` (whatever the clock); ``hard``
searches worlds sampled from the seat's information set for the budget it is given
(:class:`~engine.ai.budget.Budget`, ``LevelPolicy(game, level, seconds)``). Each game's
descriptor names its AI player here (:func:`decide_kachuful`, :func:`decide_mighty`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.ai.budget import Budget
from engine.ai.kachuful import player as kp
from engine.ai.kachuful import strategies as ks
from engine.ai.kachuful.player import KachufulLevel
from engine.ai.mighty import player as mp
from engine.ai.mighty import strategies as ms
from engine.ai.mighty.player import MightyLevel
from engine.game import Action


@dataclass(frozen=True, slots=True)
class Level:
    """One AI level: how it plays each game."""

    kachuful: KachufulLevel
    mighty: MightyLevel


NORMAL_DEALS: Final = Budget(seconds=None, worlds=80)
"""``normal`` searches Kachuful over this many sampled deals, whatever the clock."""

TABLE: Final[Mapping[str, Level]] = {
    "easy": Level(
        kachuful=KachufulLevel(
            bid=lambda i, legal, r, b: ks.easy_bid(i, legal, r),
            play=lambda i, legal, r, b: ks.easy_play(i, legal, r),
        ),
        mighty=MightyLevel(
            auction=lambda i, o, m, r, b: ms.easy_auction(i, o, m, r),
            discard=lambda i, r, b: ms.easy_discard(i),
            contract=lambda i, o, r, b: ms.keep_contract(i, o),
            friend=lambda i, r, b: ms.normal_friend(i),
            play=lambda i, legal, r, b: ms.easy_play(i, legal, r),
        ),
    ),
    "normal": Level(
        kachuful=KachufulLevel(
            bid=lambda i, legal, r, b: ks.search_bid(i, legal, r, NORMAL_DEALS),
            play=lambda i, legal, r, b: ks.search_play(i, legal, r, NORMAL_DEALS),
        ),
        mighty=MightyLevel(
            auction=lambda i, o, m, r, b: ms.normal_auction(i, o, m),
            discard=lambda i, r, b: ms.normal_discard(i),
            contract=lambda i, o, r, b: ms.keep_contract(i, o),
            friend=lambda i, r, b: ms.normal_friend(i),
            play=lambda i, legal, r, b: ms.normal_play(i, legal),
        ),
    ),
    "hard": Level(
        kachuful=KachufulLevel(bid=ks.hard_bid, play=ks.search_play),
        mighty=MightyLevel(
            auction=ms.hard_auction,
            discard=ms.hard_discard,
            contract=ms.hard_contract,
            friend=ms.hard_friend,
            play=ms.hard_play,
        ),
    ),
}
"""Every level, weakest first."""

LEVELS: Final = tuple(TABLE)
DEFAULT_LEVEL: Final = "normal"


def decide_kachuful(
    level: str, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random, budget: Budget
) -> Action:
    """The Kachuful AI player of ``level`` (``GameDescriptor.decide``)."""
    return kp.choose(TABLE[level].kachuful, view, legal, rng, budget)


def decide_mighty(
    level: str, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random, budget: Budget
) -> Action:
    """The Mighty AI player of ``level`` (``GameDescriptor.decide``)."""
    return mp.choose(TABLE[level].mighty, view, legal, rng, budget)
