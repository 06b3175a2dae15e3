"""AI players decide from their seat's view only, always legally, at every level."""

from __future__ import annotations

import random

import pytest

from engine.ai.decide import LevelPolicy, decide, policy_for
from engine.ai.levels import LEVELS
from engine.cards import parse_card
from engine.game import Game
from engine.kachuful.game import KachufulGame
from engine.mighty.game import MightyGame
from tests.ai.hidden import hidden_swaps, holdings


@pytest.mark.parametrize("name", ["kachuful", "mighty"])
def test_decisions_depend_only_on_the_seats_view(name: str) -> None:
    """Permuting the cards hidden from a seat never changes its decision (fixed seed)."""
    checked = 0
    for trial, game, seat, other in hidden_swaps(name, random.Random(11)):
        assert holdings(other) != holdings(game)
        assert other.view(seat) == game.view(seat)
        for level in LEVELS:
            ours = decide(name, level, game.view(seat), game.legal_actions(seat), trial, None)
            theirs = decide(name, level, other.view(seat), other.legal_actions(seat), trial, None)
            assert ours == theirs
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize(
    ("game", "levels"),
    [
        (KachufulGame({"players": 4, "start_size": 5}, seed=3), ["easy", "normal", "hard", "hard"]),
        (
            KachufulGame({"players": 3, "start_size": 4, "trump": "turned", "forehead": True,
                          "blind_bids": True, "scoring": "penalty"}, seed=4),
            ["hard", "easy", "normal"],
        ),
        (MightyGame({"hands": 2}, seed=5), ["hard", "normal", "easy", "hard", "normal"]),
    ],
)
def test_mixed_levels_play_legal_games_to_the_end(game: Game, levels: list[str]) -> None:
    """A small tournament for legality only (apply refuses any illegal action)."""
    policies = [LevelPolicy(game.name, lv, None, worlds=12) for lv in levels]
    rng = random.Random(0)
    while (seat := game.to_act) is not None:
        legal = game.legal_actions(seat)
        action = policies[seat].choose(game.view(seat), legal, rng)
        assert action in legal
        game.apply(seat, action)
    assert game.results().over


def test_levels_are_policies_through_policy_for() -> None:
    for name in ("kachuful", "mighty"):
        for level in LEVELS:
            assert isinstance(policy_for(name, level), LevelPolicy)


def test_decide_refuses_unknown_game_level_or_empty_legal() -> None:
    game = KachufulGame({"players": 3}, seed=1)
    seat = game.to_act
    assert seat is not None
    view, legal = game.view(seat), game.legal_actions(seat)
    with pytest.raises(ValueError, match="unknown game"):
        decide("poker", "normal", view, legal, 1)
    with pytest.raises(ValueError, match="unknown AI level"):
        decide("kachuful", "expert", view, legal, 1)
    with pytest.raises(ValueError, match="no legal action"):
        decide("kachuful", "normal", view, [], 1)


def test_hard_takes_the_only_sensible_last_trick() -> None:
    """One card left: every level plays it at once."""
    game = KachufulGame({"players": 3, "start_size": 1, "schedule": "descending"}, seed=2)
    while game.phase == "bidding":
        seat = game.to_act
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])
    seat = game.to_act
    assert seat is not None
    card = game.cards_of(seat)[0]
    for level in LEVELS:
        action = decide("kachuful", level, game.view(seat), game.legal_actions(seat), 0)
        assert getattr(action, "card", None) is parse_card(str(card))
