"""Scripted positions for what players of card-game bots complain about most: bidding
badly, not taking the tricks they need, playing against their partner. Each case sets
up a position and checks the kind of decision ``normal`` and ``hard`` make there."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine.ai.decide import LevelPolicy
from engine.cards import parse_card, parse_cards
from engine.game import Action, Play
from engine.kachuful.actions import Bid
from engine.kachuful.deal import Deal
from engine.kachuful.game import KachufulGame

LEVELS = ("normal", "hard")

# --- Kachuful -------------------------------------------------------------------------


def kachuful_position(
    hands: Sequence[str], turned: str, moves: Sequence[int | str], scoring: str = "classic"
) -> KachufulGame:
    """A 4-player one-hand game (trump: the turned card's suit, KV4; seat 0 deals, seat 1
    bids and leads first) after ``moves``: bids (ints) and plays (card names) in turn."""
    size = len(hands[0].split())
    config = {
        "players": 4,
        "start_size": size,
        "schedule": "descending",
        "trump": "turned",
        "scoring": scoring,
    }
    deal = Deal(tuple(tuple(parse_cards(h)) for h in hands), parse_card(turned))
    game = KachufulGame(config, deals=[deal], first_dealer=0, max_hands=1)
    for move in moves:
        seat = game.to_act
        assert seat is not None
        action = Bid.of(move) if isinstance(move, int) else Play.of(parse_card(move))
        game.apply(seat, action)
    return game


def kachuful_choice(game: KachufulGame, level: str) -> Action:
    seat = game.to_act
    assert seat is not None
    policy = LevelPolicy("kachuful", level, seconds=None)
    return policy.choose(game.view(seat), game.legal_actions(seat), random.Random(7))


def played(action: Action) -> str:
    assert isinstance(action, Play)
    return str(action.card)


@pytest.mark.parametrize("level", LEVELS)
def test_k9_needing_every_trick_leads_the_winners_from_the_top(level: str) -> None:
    """Bid 3 with A♠ K♠ 4♠: cash the top spades first; the 4♠ can only win last."""
    hands = ["5♣ 9♦ 3♦", "A♠ K♠ 4♠", "7♣ 8♦ 3♠", "Q♣ J♦ 6♠"]
    game = kachuful_position(hands, "2♥", [3, 0, 0, 1])
    assert played(kachuful_choice(game, level)) in {"A♠", "K♠"}


@pytest.mark.parametrize("level", LEVELS)
def test_k10_a_bid_made_sheds_high_cards(level: str) -> None:
    """Seat 2 made its bid of 1 with A♠; void in spades it throws the A♣, which would
    take an unwanted trick later, not the Q♦."""
    hands = ["10♠ 6♠ 6♣ 7♦", "K♠ 4♠ 8♣ 9♦", "A♠ A♣ Q♦ 2♦", "J♠ 5♠ 4♣ 5♦"]
    moves = [1, 1, 0, 0, "K♠", "A♠", "J♠", "10♠", "2♦", "5♦", "7♦", "9♦", "4♠"]
    game = kachuful_position(hands, "2♥", moves)
    assert game.to_act == 2
    assert played(kachuful_choice(game, level)) == "A♣"


@pytest.mark.parametrize("level", LEVELS)
def test_kv5_per_trick_takes_a_trick_that_costs_nothing(level: str) -> None:
    """Seat 2 bid 0 and was forced to take a trick: under per-trick scoring every further
    trick is a point, so last to play it takes the spade trick with the A♠."""
    hands = ["5♦ 6♣ J♠ 3♠", "3♦ 9♠ 8♣ 7♣", "A♦ 2♣ A♠ 2♠", "4♦ K♣ 10♠ 4♣"]
    moves = [1, 0, 1, 1, "3♦", "A♦", "4♦", "5♦", "2♣", "K♣", "6♣", "8♣", "10♠", "J♠", "9♠"]
    game = kachuful_position(hands, "2♥", moves, scoring="per_trick")
    assert game.to_act == 2
    assert played(kachuful_choice(game, level)) == "A♠"


@pytest.mark.parametrize("level", LEVELS)
def test_k8_hooked_dealer_with_the_trump_ace_does_not_bid_zero(level: str) -> None:
    """The hook forbids the dealer's 1; the A♥ (trump) takes a trick whatever happens, so
    0 is a sure miss: bid 2."""
    hands = ["A♥ 7♣", "K♠ 4♦", "9♠ 8♦", "Q♣ J♦"]
    game = kachuful_position(hands, "2♥", [1, 0, 0])
    assert game.forbidden_bid() == 1
    action = kachuful_choice(game, level)
    assert isinstance(action, Bid)
    assert action.amount == 2
