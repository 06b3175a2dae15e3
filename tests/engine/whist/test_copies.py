"""A Whist game copied through pickle (as worker processes receive it) plays on exactly
as the original."""

from __future__ import annotations

import pickle
import random

import pytest

from engine.whist import WhistGame


@pytest.mark.parametrize("moves", [0, 30, 60])
def test_a_pickled_copy_plays_on_like_the_original(moves: int) -> None:
    game = WhistGame(seed=3)
    rng = random.Random(moves)
    for _ in range(moves):
        seat = game.to_act
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    copy = pickle.loads(pickle.dumps(game))
    while (seat := game.to_act) is not None:
        legal = game.legal_actions(seat)
        assert copy.legal_actions(seat) == legal
        action = rng.choice(legal)
        assert copy.apply(seat, action) == game.apply(seat, action)
    assert copy.view(None) == game.view(None)
