"""One test per rule of RULES.md (K1–K11, KV1–KV8), through the public interface."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.cards import parse_card
from engine.game import IllegalAction, Play
from engine.kachuful import Bid, KachufulConfig, KachufulGame
from engine.kachuful.deal import SeededDecks, deal_from, draw_first_dealer
from engine.kachuful.scoring import hand_score
from tests.engine.moves import play, random_game

from .util import bid_all, one_hand

HANDS_PER_GAME = {3: 33, 4: 25, 5: 19, 6: 15, 7: 13}


def test_K1_three_to_seven_players() -> None:
    for players in range(3, 8):
        assert KachufulGame({"players": players}, seed=1).players == players
    for players in (2, 8):
        with pytest.raises(IllegalAction) as err:
            KachufulGame({"players": players}, seed=1)
        assert err.value.code == "bad_input"
        assert f"3 to 7 players, not {players}" in err.value.reason


def test_K2_start_size_is_52_over_players() -> None:
    expected = {3: 17, 4: 13, 5: 10, 6: 8, 7: 7}
    for players, size in expected.items():
        assert KachufulConfig(players=players).start_size == size  # type: ignore[call-arg]
        assert KachufulGame({"players": players}, seed=1).view(None)["size"] == size


def test_K3_schedule_down_to_one_and_back_up() -> None:
    for players, count in HANDS_PER_GAME.items():
        game = KachufulGame({"players": players}, seed=2)
        assert game.hand_count == count
        top = 52 // players
        assert game.config.sizes() == [*range(top, 0, -1), *range(2, top + 1)]
    game = KachufulGame({"players": 4}, seed=3)
    random_game(game, random.Random(3))
    sizes = [h.size for h in game.hands]
    assert sizes == [*range(13, 0, -1), *range(2, 14)]
    assert sizes.count(1) == 1


def test_K4_first_dealer_drawn_highest_card_ties_redrawn() -> None:
    saw_tie = False
    for seed in range(200):
        dealer, rounds = draw_first_dealer(random.Random(seed), 5)
        assert [s for s, _ in rounds[0]] == list(range(5))
        for before, after in itertools.pairwise(rounds):
            top = max(c.rank for _, c in before)
            assert [s for s, _ in after] == [s for s, c in before if c.rank == top]
        last = rounds[-1]
        top = max(c.rank for _, c in last)
        assert [s for s, c in last if c.rank == top] == [dealer]
        cards = [c for r in rounds for _, c in r]
        assert len(set(cards)) == len(cards)
        saw_tie = saw_tie or len(rounds) > 1
    assert saw_tie
    game = KachufulGame({"players": 4}, seed=9)
    drawn = game.opening_events()[0]
    assert drawn.kind == "dealer_drawn" and drawn.data["dealer"] == game.view(None)["dealer"]
    chosen = KachufulGame({"players": 4}, seed=9, first_dealer=2)
    assert chosen.view(None)["dealer"] == 2
    assert chosen.opening_events()[0].kind == "dealt"


def test_K5_deal_one_at_a_time_clockwise_and_deal_passes_left() -> None:
    deck = SeededDecks(7).deck(0)
    assert deck == SeededDecks(7).deck(0) and len(deck) == len(set(deck)) == 52
    a = deal_from(deck, 4, 13, dealer=0)
    b = deal_from(deck, 4, 13, dealer=1)
    # The same shuffled deck: each packet moves one seat to the left with the dealer.
    assert all(b.hands[(s + 1) % 4] == a.hands[s] for s in range(4))
    small = deal_from(deck, 4, 3, dealer=0)
    # One card at a time: the dealer's left gets the 1st, 5th, 9th card of the deck.
    assert small.hands[1] == a.hands[1][:3] and small.hands[0] == a.hands[0][:3]
    game = KachufulGame({"players": 4}, seed=5, first_dealer=2)
    dealers = []
    while not game.is_over:
        dealers.append(game.view(None)["dealer"])
        random_game(game, random.Random(1), stop_after=1)
    assert sorted(set(dealers)) == [0, 1, 2, 3]
    game = KachufulGame({"players": 4}, seed=5, first_dealer=2)
    random_game(game, random.Random(5))
    assert [h.dealer for h in game.hands] == [(2 + i) % 4 for i in range(25)]
    # Undealt cards are out of sight: the 3-card hand shows 12 cards in all.
    three = KachufulGame({"players": 4}, seed=5, first_dealer=0, start_hand=10, max_hands=1)
    assert sum(three.view(None)["hand_sizes"]) == 12


def test_K6_trump_cycle_by_hand_index_without_restart() -> None:
    cycle = ["spades", "diamonds", "clubs", "hearts"]
    game = KachufulGame({"players": 4}, seed=11)
    random_game(game, random.Random(11))
    assert [h.trump.label if h.trump is not None else None for h in game.hands] == [
        cycle[i % 4] for i in range(25)
    ]
    # The one-card hand (index 12) and the next (index 13) continue the cycle.
    for index in (12, 13):
        one = KachufulGame({"players": 4}, seed=11, first_dealer=0, start_hand=index, max_hands=1)
        assert one.view(None)["trump"] == cycle[index % 4]


def test_K7_bidding_in_turn_from_dealers_left_dealer_last() -> None:
    game = KachufulGame({"players": 4}, seed=4, first_dealer=1)
    order = []
    while game.phase == "bidding":
        seat = game.to_act
        assert seat is not None
        order.append(seat)
        legal = game.legal_actions(seat)
        assert all(isinstance(a, Bid) and 0 <= a.amount <= 13 for a in legal)
        game.apply(seat, legal[0])
    assert order == [2, 3, 0, 1]
    with pytest.raises(IllegalAction) as err:  # a bid is final
        game.apply(2, Bid.of(1))
    assert err.value.code in ("not_your_turn", "wrong_phase")
    with pytest.raises(IllegalAction) as err:
        KachufulGame({"players": 4}, seed=4, first_dealer=1).apply(2, Bid.of(14))
    assert err.value.code == "bid_out_of_range"


def test_K8_hook_rule_forbids_the_dealer_the_total() -> None:
    game = one_hand("K♥ A♠ 3♦", "2♣ 5♠ 4♦", "A♥ 2♠ A♦", "7♥ 3♠ 5♦", dealer=3)
    bid_all(game, 1, 0, 1)
    assert game.forbidden_bid() == 1
    assert Bid.of(1) not in game.legal_actions(3)
    with pytest.raises(IllegalAction) as err:
        game.apply(3, Bid.of(1))
    assert err.value.code == "hook_rule"
    assert err.value.reason == "as dealer you may not bid 1: the bids would total 3"
    # Others already bid more than the size: the forbidden value is negative, all legal.
    game = one_hand("K♥ A♠ 3♦", "2♣ 5♠ 4♦", "A♥ 2♠ A♦", "7♥ 3♠ 5♦", dealer=3)
    bid_all(game, 3, 1, 0)
    assert game.forbidden_bid() is None
    assert [a.amount for a in game.legal_actions(3)] == [0, 1, 2, 3]  # type: ignore[attr-defined]


def test_K9_follow_suit_no_duty_to_trump_highest_trump_wins() -> None:
    # Hand of 2 at index 11: hearts trump. Dealer 0, so seat 1 leads.
    game = one_hand("2♠ 3♦", "K♠ 9♦", "A♦ 4♥", "A♠ 5♦", dealer=0)
    assert game.view(None)["trump"] == "hearts"
    bid_all(game, 0, 0, 0, 0)
    assert game.to_act == 1
    play(game, "K♠")
    # Seat 2 has no spades: anything goes, there is no duty to trump.
    legal = {str(a.card) for a in game.legal_actions(2)}  # type: ignore[attr-defined]
    assert legal == {"A♦", "4♥"}
    play(game, "A♦")
    with pytest.raises(IllegalAction) as err:
        game.apply(3, Play.of(parse_card("5♦")))
    assert (err.value.code, err.value.reason) == ("must_follow_suit", "you must follow ♠")
    events = play(game, "A♠", "2♠")
    assert [e.seat for e in events if e.kind == "trick_won"] == [3]  # A♦ is off-suit
    assert game.to_act == 3  # the winner leads
    with pytest.raises(IllegalAction) as err:
        game.apply(0, Play.of(parse_card("3♦")))
    assert err.value.code == "not_your_turn"
    events = play(game, "5♦", "3♦", "9♦", "4♥")
    assert [e.seat for e in events if e.kind == "trick_won"] == [2]  # the trump wins
    assert game.is_over


def test_K9_trump_beats_led_suit_and_must_follow() -> None:
    # 4 players, hand of 3 at index 10: clubs trump; dealer 3, seat 0 leads.
    game = one_hand("K♥ A♠ 3♦", "2♣ 5♠ 4♦", "A♥ 2♠ A♦", "7♥ 3♠ 5♦", dealer=3)
    bid_all(game, 1, 0, 1, 0)
    assert game.to_act == 0
    play(game, "K♥", "2♣")
    with pytest.raises(IllegalAction) as err:
        game.apply(2, Play.of(parse_card("2♠")))
    assert (err.value.code, err.value.reason) == ("must_follow_suit", "you must follow ♥")
    events = play(game, "A♥", "7♥")
    assert [e.seat for e in events if e.kind == "trick_won"] == [1]
    play(game, "5♠", "2♠", "3♠", "A♠", "3♦", "4♦", "A♦", "5♦")
    assert game.is_over and all(n == 0 for n in game.view(None)["hand_sizes"])


def test_K10_scoring_totals_and_shared_win() -> None:
    assert hand_score("classic", 3, 3, False) == 13
    assert hand_score("classic", 0, 0, False) == 10
    assert hand_score("classic", 2, 3, False) == 0
    game = KachufulGame({"players": 4}, seed=8)
    random_game(game, random.Random(8), stop_after=40)
    res = game.results()
    assert res.winners == [] and not res.over
    random_game(game, random.Random(8))
    res = game.results()
    assert res.over and res.totals == [sum(h[s] for h in res.hand_scores) for s in range(4)]
    assert res.winners == [s for s in range(4) if res.totals[s] == max(res.totals)]
    # Equal totals share the win. One card each, spades trump: 3♠ wins.
    tie = one_hand("2♥", "3♠", "4♦", "5♣", dealer=3)
    bid_all(tie, 0, 0, 0, 0)
    play(tie, "2♥", "3♠", "4♦", "5♣")
    assert tie.results().totals == [10, 0, 10, 10]
    assert tie.results().winners == [0, 2, 3]


def test_K11_seed_example() -> None:
    """Seed 000 §06: four players, hand of 3, clubs trump."""
    game = one_hand("K♥ A♠ 3♦", "2♣ 5♠ 4♦", "A♥ 2♠ A♦", "7♥ 3♠ 5♦", dealer=3)
    view = game.view(None)
    assert (view["size"], view["trump"], view["dealer"]) == (3, "clubs", 3)
    assert 52 - sum(view["hand_sizes"]) == 40  # cards out of play
    bid_all(game, 1, 0, 1)
    assert [a.amount for a in game.legal_actions(3)] == [0, 2, 3]  # type: ignore[attr-defined]
    bid_all(game, 0)
    events = play(game, "K♥", "2♣", "A♥", "7♥")
    assert [e.seat for e in events if e.kind == "trick_won"] == [1]  # B wins with the trump
    play(game, "5♠", "2♠", "3♠", "A♠", "3♦", "4♦", "A♦", "5♦")
    view = game.view(None)
    assert view["tricks_won"] == [1, 1, 1, 0]
    assert game.results().hand_scores == [[11, 0, 11, 10]]


def test_KV1_fixed_start_size() -> None:
    game = KachufulGame({"players": 5, "start_size": 10}, seed=1)
    assert game.hand_count == 19 and game.view(None)["size"] == 10
    assert KachufulGame({"players": 6, "start_size": 8}, seed=1).hand_count == 15
    with pytest.raises(IllegalAction) as err:
        KachufulGame({"players": 4, "start_size": 14}, seed=1)
    assert err.value.code == "bad_input"
    assert "start_size must be from 1 to 13 for 4 players" in err.value.reason


def test_KV2_descending_schedule() -> None:
    game = KachufulGame({"players": 4, "schedule": "descending", "start_size": 5}, seed=1)
    assert game.hand_count == 5
    random_game(game, random.Random(1))
    assert [h.size for h in game.hands] == [5, 4, 3, 2, 1]


def test_KV3_cycle_with_no_trump_hand() -> None:
    game = KachufulGame({"players": 4, "trump": "cycle_notrump"}, seed=1)
    random_game(game, random.Random(1))
    labels = [h.trump.label if h.trump is not None else "notrump" for h in game.hands]
    cycle = ["spades", "diamonds", "clubs", "hearts", "notrump"]
    assert labels == [cycle[i % 5] for i in range(25)]
    # No trump: the highest card of the led suit wins; off-suit cards never win.
    nt = one_hand("2♥", "A♠", "3♥", "K♣", dealer=3, trump="cycle_notrump", start_size=5)
    assert nt.view(None)["trump"] == "notrump"
    bid_all(nt, 0, 0, 0, 0)
    events = play(nt, "2♥", "A♠", "3♥", "K♣")
    assert [e.seat for e in events if e.kind == "trick_won"] == [2]


def test_KV4_turned_trump() -> None:
    game = one_hand("2♥", "A♠", "3♥", "K♣", dealer=3, trump="turned", turned="9♠")
    view = game.view(None)
    assert (view["trump"], view["turned"]) == ("spades", "9♠")
    bid_all(game, 0, 0, 0, 0)
    events = play(game, "2♥", "A♠", "3♥", "K♣")
    assert [e.seat for e in events if e.kind == "trick_won"] == [1]
    # Every card dealt (4 x 13): no card to turn, no trump.
    full = KachufulGame({"players": 4, "trump": "turned"}, seed=3)
    assert full.view(None)["trump"] == "notrump" and full.view(None)["turned"] is None
    smaller = KachufulGame({"players": 4, "trump": "turned"}, seed=3, first_dealer=0, start_hand=1)
    turned = parse_card(smaller.view(None)["turned"])
    assert smaller.view(None)["trump"] == turned.suit.label  # type: ignore[union-attr]
    assert all(turned not in smaller.cards_of(s) for s in range(4))
    with pytest.raises(IllegalAction) as err:
        one_hand("2♥", "A♠", "3♥", "K♣", trump="turned")
    assert err.value.code == "bad_input" and "turned" in err.value.reason


@pytest.mark.parametrize(
    ("scoring", "made_two", "missed_by_two", "hand"),
    [
        ("classic", 12, 0, [10, 11, 10, 0]),
        ("penalty", 12, -2, [10, 11, 10, -1]),
        ("per_trick", 12, 4, [10, 11, 10, 0]),
        ("judgement", 10, -10, [10, 10, 10, -10]),
    ],
)
def test_KV5_scoring_variants(
    scoring: str, made_two: int, missed_by_two: int, hand: list[int]
) -> None:
    assert hand_score(scoring, 2, 2, False) == made_two  # type: ignore[arg-type]
    assert hand_score(scoring, 2, 4, False) == missed_by_two  # type: ignore[arg-type]
    # The one-card hand, spades trump: A♠ (seat 1) wins; seat 3 bid 1 and misses by one.
    game = one_hand("2♥", "A♠", "3♥", "K♣", dealer=3, scoring=scoring, hook=False)
    bid_all(game, 0, 1, 0, 1)
    play(game, "2♥", "A♠", "3♥", "K♣")
    assert game.results().hand_scores == [hand]


def test_KV6_hook_off_dealer_bids_anything() -> None:
    game = one_hand("K♥ A♠ 3♦", "2♣ 5♠ 4♦", "A♥ 2♠ A♦", "7♥ 3♠ 5♦", dealer=3, hook=False)
    bid_all(game, 1, 0, 1)
    assert game.forbidden_bid() is None
    assert [a.amount for a in game.legal_actions(3)] == [0, 1, 2, 3]  # type: ignore[attr-defined]
    game.apply(3, Bid.of(1))
    assert game.phase == "playing"


def test_KV7_blind_bids() -> None:
    hands = ("K♥ A♠ 3♦", "2♣ 5♠ 4♦", "A♥ 2♠ A♦", "7♥ 3♠ 5♦")
    off = one_hand(*hands, dealer=3)
    with pytest.raises(IllegalAction) as err:
        off.apply(0, Bid.of(1, blind=True))
    assert err.value.code == "blind_bid"
    game = one_hand(*hands, dealer=3, blind_bids=True)
    assert Bid.of(1, blind=True) in game.legal_actions(0)
    assert [e.kind for e in game.reveal_hand(1)] == ["looked"]
    assert game.reveal_hand(1) == []
    game.apply(0, Bid.of(1, blind=True))  # A bids blind and makes it
    assert Bid.of(0, blind=True) not in game.legal_actions(1)
    with pytest.raises(IllegalAction) as err:
        game.apply(1, Bid.of(0, blind=True))
    assert err.value.code == "blind_bid"
    game.apply(1, Bid.of(0))
    game.apply(2, Bid.of(0, blind=True))  # C bids 0 blind and misses
    # The hook rule still applies to a blind dealer bid.
    with pytest.raises(IllegalAction) as err:
        game.apply(3, Bid.of(2, blind=True))
    assert err.value.code == "hook_rule"
    game.apply(3, Bid.of(0, blind=True))
    play(game, "K♥", "2♣", "A♥", "7♥", "5♠", "2♠", "3♠", "A♠", "3♦", "4♦", "A♦", "5♦")
    assert game.hands[0].blind == [True, False, True, True]
    assert game.results().hand_scores == [[22, 0, 0, 20]]
    # Penalty scoring: an exact blind bid doubles the score in force.
    assert hand_score("penalty", 1, 1, True) == 22
    assert hand_score("penalty", 1, 3, True) == -2
    assert hand_score("judgement", 0, 0, True) == 20


def test_KV8_forehead_one_card_hand() -> None:
    game = one_hand("2♥", "A♠", "3♥", "K♣", dealer=3, forehead=True)
    view = game.view(0)
    assert view["forehead"] and view["hand"] is None
    assert view["others"] == [
        {"seat": 1, "card": "A♠"},
        {"seat": 2, "card": "3♥"},
        {"seat": 3, "card": "K♣"},
    ]
    assert view["legal"] == [{"bid": 0}, {"bid": 1}]
    assert game.view(None)["others"] == [] and game.view(None)["hand"] is None
    private = [e for e in game.opening_events() if e.kind == "cards_dealt"]
    assert private[0].private_to == 0 and private[0].data["cards"] == []
    assert {"seat": 0, "card": "2♥"} in private[1].data["others"]
    bid_all(game, 0, 1, 0, 1)
    assert game.view(0)["legal"] == []  # the card stays hidden, even as a legal play
    assert game.legal_actions(0) == [Play.of(parse_card("2♥"))]
    # Larger hands are played normally.
    big = KachufulGame({"players": 4, "forehead": True}, seed=1)
    assert big.view(0)["hand"] is not None and big.view(0)["others"] == []
