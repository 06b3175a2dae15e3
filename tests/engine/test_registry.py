"""Each game is registered once, and everything finds it through its descriptor."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.ai.decide import LevelPolicy, policy_for
from engine.ai.levels import LEVELS
from engine.ai.policy import RandomPolicy
from engine.descriptor import GameDescriptor
from engine.game import IllegalAction
from engine.registry import GAMES, game_named
from engine.replay import game_for


def test_every_game_once_by_its_engine_name() -> None:
    names = [g.name for g in GAMES]
    assert names == ["kachuful", "mighty", "whist"]
    for info in GAMES:
        assert game_named(info.name) is info and info.game.name == info.name
        assert info.title and info.title.lower() == info.name


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.name)
def test_a_descriptor_plays_and_restores_its_game(info: GameDescriptor[Any]) -> None:
    game = info.spec.new_game(info.default_players, 3, {})
    assert isinstance(game, info.game) and game.players == info.default_players
    rng = random.Random(3)
    for _ in range(30):
        seat = game.to_act
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    text = game.to_json()
    assert info.from_json(text).to_json() == text
    doc = game.record(expand_deals=True)
    assert info.load(doc).record(expand_deals=True) == doc


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.name)
def test_every_level_comes_from_the_descriptor(info: GameDescriptor[Any]) -> None:
    name = info.name
    for level in LEVELS:
        policy = policy_for(name, level, None)
        assert isinstance(policy, LevelPolicy) and policy.budget.seconds is None
    assert isinstance(policy_for(name, "random"), RandomPolicy)
    for level, make in info.policies.items():
        assert type(policy_for(name, level)) is make
    with pytest.raises(LookupError, match="no 'genius' AI player"):
        policy_for(name, "genius")


def test_unknown_games_are_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="expected one of kachuful, mighty, whist"):
        game_named("chess")
    with pytest.raises(ValueError, match="unknown game"):
        LevelPolicy("chess", "normal")
    with pytest.raises(IllegalAction, match="'game' must be one of: kachuful, mighty, whist"):
        game_for(None)
