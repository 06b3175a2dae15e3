"""A game copied through pickle (as worker processes receive it) plays on exactly as
the original: its phase is compared by value, not by the identity of a string."""

from __future__ import annotations

import pickle
import random

import pytest

from engine.game import Game
from engine.kachuful.game import KachufulGame
from engine.mighty import MightyGame


def _games() -> list[Game]:
    return [KachufulGame({"players": 4}, seed=3), MightyGame({}, seed=3)]


@pytest.mark.parametrize("index", [0, 1])
@pytest.mark.parametrize("moves", [0, 9, 30])
def test_pickled_copy_plays_on_like_the_original(index: int, moves: int) -> None:
    game = _games()[index]
    rng = random.Random(moves)
    for _ in range(moves):
        seat = game.to_act
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    copy = pickle.loads(pickle.dumps(game))
    while not game.is_over:
        seat = game.to_act
        assert seat is not None and copy.to_act == seat
        legal = game.legal_actions(seat)
        assert copy.legal_actions(seat) == legal
        action = rng.choice(legal)
        assert copy.apply(seat, action) == game.apply(seat, action)
    assert copy.view(None) == game.view(None)
