"""The tree search of Kachuful's ``hard`` level: legal, reproducible, and it reads the
scoring and the hook (K7–K10, KV5)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.budget import Budget
from engine.ai.kachuful import ismcts
from engine.ai.kachuful.info import info_from_view
from engine.ai.lean import BIT_OF_CARD, bits
from engine.game import Play
from engine.kachuful.actions import Bid
from engine.kachuful.game import KachufulGame

SMALL = Budget(seconds=None, worlds=40)


def _advance(game: KachufulGame, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        seat = game.to_act
        if seat is None or game.current.number > 1:
            return
        game.apply(seat, rng.choice(game.legal_actions(seat)))


def _options(game: KachufulGame) -> tuple[list[int], bool]:
    seat = game.to_act
    assert seat is not None
    legal = game.legal_actions(seat)
    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        return sorted(BIT_OF_CARD[p.card.index] for p in plays), False
    return sorted({a.amount for a in legal if isinstance(a, Bid) and not a.blind}), True


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 30),
       scoring=st.sampled_from(["classic", "penalty", "per_trick", "judgement"]))
def test_the_choice_is_one_of_the_options_and_depends_only_on_the_seed(
    seed: int, steps: int, scoring: str
) -> None:
    game = KachufulGame({"players": 4, "start_size": 5, "scoring": scoring}, seed=seed)
    _advance(game, steps, random.Random(seed))
    seat = game.to_act
    if seat is None or game.current.number > 1:
        return
    options, bidding = _options(game)
    info = info_from_view(game.view(seat))
    first = ismcts.search(info, options, bidding, random.Random(seed), SMALL)
    assert first in options
    again = ismcts.search(info_from_view(game.view(seat)), options, bidding,
                          random.Random(seed), SMALL)
    assert again == first


def test_one_option_is_returned_without_searching() -> None:
    game = KachufulGame({"players": 4, "start_size": 3}, seed=1)
    seat = game.to_act
    assert seat is not None
    info = info_from_view(game.view(seat))
    assert ismcts.search(info, [2], True, random.Random(1), Budget(seconds=0.0, worlds=1)) == 2


def test_rewards_follow_the_scoring_in_force() -> None:
    """Scaled scores keep the order of the scoring: exact beats a miss, and under
    per-trick scoring a missed bid still prefers more tricks (KV5)."""
    game = KachufulGame({"players": 4, "start_size": 4, "scoring": "per_trick"}, seed=2)
    seat = game.to_act
    assert seat is not None
    scores = ismcts._scores(info_from_view(game.view(seat)))
    assert scores[2][2] > scores[2][4] > scores[2][3] > scores[2][0]
    assert all(0.0 <= v <= 1.0 for row in scores for v in row)


def test_the_searched_cards_are_the_legal_ones() -> None:
    game = KachufulGame({"players": 4, "start_size": 6}, seed=4)
    rng = random.Random(4)
    while game.phase == "bidding":
        seat = game.to_act
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    _advance(game, 2, rng)
    options, bidding = _options(game)
    assert not bidding
    seat = game.to_act
    assert seat is not None
    info = info_from_view(game.view(seat))
    assert set(options) <= set(bits(info.hand))
    assert ismcts.search(info, options, False, random.Random(3), SMALL) in options
