"""The Whist AI players (W4): legal at every level, and the heuristic's choices."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.budget import Budget
from engine.ai.decide import decide, policy_for
from engine.ai.levels import LEVELS
from engine.ai.seats import seated
from engine.cards import parse_card
from engine.game import Action, Play
from engine.replay import play_out
from engine.whist import WhistGame
from engine.whist.ai import decide_whist
from tests.engine.moves import play, play_out_checked

from .util import EXAMPLE, one_deal


def chosen(game: WhistGame, level: str, seed: int = 0) -> str:
    seat = game.to_act
    assert seat is not None
    action = decide_whist(level, game.view(seat), game.legal_actions(seat), random.Random(seed),
                          Budget(seconds=None))
    assert isinstance(action, Play)
    return str(action.card)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([*LEVELS, "simple"]))
def test_every_level_plays_legal_cards_to_the_end(seed: int, level: str) -> None:
    play_out_checked(WhistGame({"deals": 2}, seed=seed), policy_for("whist", level, None),
                     random.Random(seed))


def test_W4_a_cheap_win_unless_the_partner_is_winning() -> None:
    game = one_deal(*EXAMPLE, turned="4♣")
    assert chosen(game, "normal") == "3♠"  # no side ace: low from the longest side suit
    play(game, "K♥")
    assert chosen(game, "normal") == "2♣"  # out of hearts: the smallest trump takes it
    play(game, "2♣")
    assert chosen(game, "normal") == "4♥"  # cannot win: the lowest heart
    play(game, "A♥")
    assert chosen(game, "normal") == "3♥"  # the partner's trump stands: the lowest heart


def test_W4_side_aces_lead_and_hard_remembers_what_is_left() -> None:
    game = one_deal(*EXAMPLE, turned="4♣")
    play(game, "K♥", "2♣", "A♥", "7♥")
    assert chosen(game, "normal") == "A♠"
    play(game, "6♦", "8♦", "A♦", "2♦")
    assert game.to_act == 0
    assert chosen(game, "normal") == "2♠"
    assert chosen(game, "hard") == "Q♥"  # the A♥ and K♥ are gone: nothing beats it


def test_easy_strays_from_normal_now_and_then() -> None:
    game = one_deal(*EXAMPLE, turned="4♣")
    picks = {chosen(game, "easy", seed) for seed in range(40)}
    assert "3♠" in picks and len(picks) > 1
    legal = {str(a.card) for a in game.legal_actions(1) if isinstance(a, Play)}
    assert picks <= legal


def test_normal_partners_beat_random_ones() -> None:
    for seed in range(3):
        game = WhistGame({"deals": 10}, seed=seed)
        play_out(game, seated("whist", ["normal", "random", "normal", "random"]),
                 random.Random(seed), lambda events: None)
        assert game.totals[0] > game.totals[1]


@pytest.mark.parametrize("level", LEVELS)
def test_decide_finds_the_whist_player(level: str) -> None:
    game = one_deal(*EXAMPLE, turned="4♣")
    legal: list[Action] = game.legal_actions(1)
    assert decide("whist", level, game.view(1), legal, 5, None) in legal
    only = [Play.of(parse_card("3♠"))]
    assert decide("whist", level, game.view(1), only, 5, None) is only[0]
