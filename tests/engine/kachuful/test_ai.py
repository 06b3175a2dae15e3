"""The simple AI player: legal, and not silly (K7–K9)."""

from __future__ import annotations

import random

import pytest

from engine.ai.decide import policy_for
from engine.ai.policy import RandomPolicy
from engine.game import Play
from engine.kachuful import Bid, KachufulGame
from engine.replay import play_out

from .util import one_hand


@pytest.mark.parametrize("players", [3, 5, 7])
def test_simple_ai_plays_legal_games(players: int) -> None:
    options = {"players": players, "trump": "turned", "forehead": True, "blind_bids": True}
    game = KachufulGame(options, seed=players)
    play_out(game, policy_for("kachuful", "simple"), random.Random(1), lambda events: None)
    assert game.is_over


def test_simple_ai_bids_from_strength_and_plays_to_its_bid() -> None:
    ai = policy_for("kachuful")
    strong = one_hand("A♣ K♣ Q♣", "2♥ 3♥ 4♥", "5♥ 6♥ 7♥", "2♦ 3♦ 4♦", dealer=3)  # clubs trump
    assert ai.choose(strong.view(0), strong.legal_actions(0), random.Random(0)) == Bid.of(3)
    weak = one_hand("2♥ 3♦ 4♠", "A♥ A♦ A♠", "5♥ 6♥ 7♥", "8♦ 3♣ 4♣", dealer=3)
    assert ai.choose(weak.view(0), weak.legal_actions(0), random.Random(0)) == Bid.of(0)
    # Wanting no more tricks, it ducks under the card to beat.
    game = one_hand("9♥ 2♥ 3♦", "K♥ 4♠ 5♠", "A♥ 6♠ 7♠", "10♥ 8♠ 9♠", dealer=3)
    for seat, amount in ((0, 0), (1, 1), (2, 1), (3, 0)):
        game.apply(seat, Bid.of(amount))
    lead = ai.choose(game.view(0), game.legal_actions(0), random.Random(0))
    assert isinstance(lead, Play) and str(lead.card) == "2♥"


def test_policy_levels() -> None:
    assert isinstance(policy_for("kachuful", "random"), RandomPolicy)
    with pytest.raises(LookupError):
        policy_for("kachuful", "genius")


def test_simple_ai_beats_random_players() -> None:
    simple, anything = policy_for("kachuful"), RandomPolicy()
    totals = [0] * 4
    for seed in range(4):
        game = KachufulGame({"players": 4}, seed=seed)
        rng = random.Random(seed)
        while (seat := game.to_act) is not None:
            policy = simple if seat == 0 else anything
            game.apply(seat, policy.choose(game.view(seat), game.legal_actions(seat), rng))
        totals = [t + s for t, s in zip(totals, game.results().totals, strict=True)]
    assert totals[0] > 2 * max(totals[1:])
