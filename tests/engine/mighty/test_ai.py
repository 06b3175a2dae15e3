"""The simple Mighty AI player: legal, and not silly (M4–M14)."""

from __future__ import annotations

import random

from engine.ai.decide import policy_for
from engine.ai.mighty.simple import MightySimple, card_value, hand_strength
from engine.cards import JOKER, parse_card
from engine.game import Play
from engine.mighty import PASS, Discard, FriendCall, MightyBid, MightyGame
from engine.mighty.rules import mighty_card
from engine.replay import play_out
from tests.engine.moves import play_out_checked

from .util import build_deal, cards


def test_simple_players_finish_matches_with_legal_actions() -> None:
    policy = policy_for("mighty")
    assert isinstance(policy, MightySimple)
    for seed in range(4):
        play_out_checked(MightyGame({"hands": 3}, seed=seed), policy, random.Random(seed))


def test_simple_players_through_the_driver() -> None:
    game = MightyGame({"hands": 2}, seed=11)
    play_out(game, MightySimple(), random.Random(1), lambda events: None)
    assert game.results().over


def test_bids_from_trumps_and_points_and_passes_a_poor_hand() -> None:
    strong = cards("A♠ JK A♥ K♥ Q♥ J♥ 10♥ 9♥ A♣ A♦")
    poor = cards("K♠ Q♣ 3♠ 4♥ 5♥ 6♦ 7♦ 8♣ 9♣ 3♦")  # worth 2: no deal-miss
    assert hand_strength(strong, parse_card("2♥").suit) > hand_strength(poor, None)
    deal = build_deal({0: " ".join(map(str, strong)), 1: " ".join(map(str, poor))})
    game = MightyGame(deals=[deal], first_dealer=0)
    policy = MightySimple()
    rng = random.Random(0)
    bid = policy.choose(game.view(0), game.legal_actions(0), rng)
    assert isinstance(bid, MightyBid) and bid.trump is parse_card("2♥").suit
    game.apply(0, bid)
    assert policy.choose(game.view(1), game.legal_actions(1), rng) == PASS


def test_discards_low_and_calls_the_best_missing_card() -> None:
    deal = build_deal({0: "JK A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥"}, kitty="2♣ 3♦ A♣")
    game = MightyGame(deals=[deal], first_dealer=0)
    game.apply(0, MightyBid.of(15, parse_card("2♥").suit))
    for seat in (1, 2, 3, 4):
        game.apply(seat, PASS)
    policy = MightySimple()
    rng = random.Random(0)
    discard = policy.choose(game.view(0), game.legal_actions(0), rng)
    assert isinstance(discard, Discard)
    kept = set(game.hands[0]) - set(discard.cards)
    assert JOKER in kept and parse_card("A♥") in kept and parse_card("A♣") in kept
    game.apply(0, discard)
    call = policy.choose(game.view(0), game.legal_actions(0), rng)
    assert call == FriendCall.of(mighty_card(parse_card("2♥").suit))


def test_card_value_keeps_the_mighty_and_joker_highest() -> None:
    trump = parse_card("2♦").suit
    values = {str(c): card_value(c, trump) for c in cards("A♠ JK A♦ 2♦ A♣ 2♣")}
    assert values["A♠"] > values["JK"] > values["A♦"] > values["A♣"] > values["2♦"] > values["2♣"]
    plays = [Play.of(c) for c in cards("2♣ A♣")]
    assert min(plays, key=lambda p: card_value(p.card, trump)).card is parse_card("2♣")
