"""The rules of Whist (RULES W1–W7), through the public game interface."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.cards import JOKER, Suit, parse_card, shuffled
from engine.game import IllegalAction, Play
from engine.whist import WhistGame
from engine.whist.deal import DECK, seeded_first_dealer
from engine.whist.rules import BOOK, PARTNERSHIPS, deal_points, left_of, partnership, per_seat
from engine.whist.spec import SPEC
from tests.engine.moves import play, random_game

from .util import EXAMPLE, deal, one_deal

SUITED = ("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠", "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥",
          "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦", "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣")
"""One suit per seat, in seat order ♠ ♥ ♦ ♣."""


def refused(game: WhistGame, seat: int, card: str) -> str:
    """The code of the refusal of ``card`` for ``seat``, checking that nothing changed."""
    before = game.to_json(), [game.view(s) for s in range(4)]
    with pytest.raises(IllegalAction) as err:
        game.apply(seat, Play.of(parse_card(card)))
    assert (game.to_json(), [game.view(s) for s in range(4)]) == before
    return err.value.code


def test_W1_two_fixed_partnerships_of_facing_seats() -> None:
    assert PARTNERSHIPS == ((0, 2), (1, 3))
    assert [partnership(s) for s in range(4)] == [0, 1, 0, 1]
    game = WhistGame(seed=1)
    assert game.players == 4 and game.view(None)["partnerships"] == [[0, 2], [1, 3]]
    for players in (3, 5):
        with pytest.raises(IllegalAction, match="exactly 4 players"):
            SPEC.new_game(players, 1, {})


@pytest.mark.parametrize("seed", [1, 2, "night"])
def test_W2_the_seeded_deal_goes_one_card_at_a_time_from_the_dealers_left(
    seed: int | str,
) -> None:
    game = WhistGame({"deals": 2}, seed=seed)
    dealer = seeded_first_dealer(seed)
    hand = game.current
    assert hand.dealer == dealer and game.to_act == left_of(dealer)
    deck = shuffled(DECK, random.Random(f"{seed}:0"))
    for i, card in enumerate(deck):
        assert hand.deal.hands[(dealer + 1 + i) % 4][i // 4] is card
    assert hand.deal.turned is deck[-1] is hand.deal.hands[dealer][-1]
    random_game(game, random.Random(0), stop_after=52)
    assert game.current.number == 1 and game.current.dealer == left_of(dealer)


def test_W2_explicit_deals_hold_the_52_cards_and_need_the_first_dealer() -> None:
    good = deal(*SUITED, turned="2♠")
    WhistGame({"deals": 1}, deals=[good], first_dealer=0)
    bad: list[tuple[dict[str, Any], str]] = [
        ({"deals": [good], "first_dealer": 1}, "must be in the dealer's hand"),
        ({"deals": [good]}, "first_dealer is required"),
        ({"deals": [good, good], "first_dealer": 0}, "plays 1 deal"),
        ({"deals": [deal(*SUITED[:3], turned="2♠")], "first_dealer": 0}, "4 hands"),
        ({"deals": [deal(SUITED[0], SUITED[0], *SUITED[2:], turned="2♠")], "first_dealer": 0},
         "repeated: "),
        ({"deals": [deal(SUITED[0] + " 2♥", *SUITED[1:], turned="2♠")], "first_dealer": 0},
         "seat 0 holds 14 cards"),
        ({"deals": [deal("JK" + SUITED[0][2:], *SUITED[1:], turned="2♠")], "first_dealer": 0},
         "no joker"),
        ({"seed": 1, "deals": [good]}, "either a seed or the deals"),
        ({"seed": 1.5}, "whole number or text"),
        ({"seed": 1, "first_dealer": 4}, "from 0 to 3"),
    ]
    for kwargs, reason in bad:
        with pytest.raises(IllegalAction, match=reason) as err:
            WhistGame({"deals": 1}, **kwargs)
        assert err.value.code == "bad_input"


def test_W3_the_turned_card_is_trump_and_public_while_the_dealer_holds_it() -> None:
    game = one_deal(*EXAMPLE, turned="4♣")
    for seat in (None, 0, 1, 2, 3):
        view = game.view(seat)
        assert view["trump"] == "clubs" and view["turned"] == "4♣"
    assert "4♣" in game.view(0)["hand"]
    events = game.opening_events()
    assert events[0].kind == "dealt" and events[0].data["turned"] == "4♣"
    assert events[0].data["trump"] == "clubs" and events[0].seat == 0
    play(game, "K♥", "2♣", "A♥", "7♥", "A♠", "6♠", "2♠", "3♠")
    assert game.view(None)["turned"] == "4♣"
    play(game, "K♣", "Q♣")  # seat 2 leads trumps, seat 3 follows
    assert Play.of(parse_card("4♣")) in game.legal_actions(0)
    play(game, "4♣")
    assert game.view(None)["turned"] is None and game.view(1)["trump"] == "clubs"


def test_W4_follow_suit_when_you_can_otherwise_anything() -> None:
    game = one_deal(*EXAMPLE, turned="4♣")
    assert game.to_act == 1 and len(game.legal_actions(1)) == 13
    assert all(game.legal_actions(s) == [] for s in (0, 2, 3))
    play(game, "K♥")
    assert len(game.legal_actions(2)) == 13  # no hearts: anything
    assert refused(game, 3, "A♥") == "not_your_turn"
    play(game, "2♣")
    legal = [str(a.card) for a in game.legal_actions(3) if isinstance(a, Play)]
    assert legal == ["A♥", "8♥", "6♥", "5♥", "4♥"]
    assert refused(game, 3, "Q♣") == "must_follow_suit"
    assert refused(game, 3, "K♠") == "card_not_in_hand"
    with pytest.raises(IllegalAction) as err:
        game.apply(3, Play.of(JOKER))
    assert err.value.code == "card_not_in_hand"
    with pytest.raises(IllegalAction, match="names only the card"):
        game.apply(3, Play(parse_card("A♥"), suit=Suit.HEARTS))


def test_W4_the_highest_card_of_the_suit_led_wins_without_a_trump() -> None:
    game = one_deal(*EXAMPLE, turned="4♣")
    events = play(game, "K♦", "Q♦", "9♦", "A♦")  # seats 1, 2, 3, 0
    assert events[-1].kind == "trick_won" and events[-1].seat == 0
    assert events[-1].data == {"leader": 1, "cards": ["K♦", "Q♦", "9♦", "A♦"], "number": 1}
    play(game, "Q♥", "J♥", "A♠", "A♥")  # seat 2 discards a spade ace: not the suit led
    assert game.current.winners == [0, 3] and game.to_act == 3


def test_W5_only_tricks_beyond_the_book_of_six_score() -> None:
    assert BOOK == 6
    assert deal_points([7, 6]) == [1, 0]
    assert deal_points([6, 7]) == [0, 1]
    assert deal_points([13, 0]) == [7, 0]
    assert deal_points([9, 4]) == [3, 0]
    assert per_seat([3, 0]) == [3, 0, 3, 0]


def test_W5_every_deal_scores_for_exactly_one_partnership() -> None:
    game = WhistGame({"deals": 5}, seed=11)
    random_game(game, random.Random(11))
    for hand in game.hands:
        assert sum(hand.won) == 13 and hand.scores is not None
        winner = 0 if hand.won[0] > hand.won[1] else 1
        assert hand.scores[winner] == hand.won[winner] - 6 >= 1 and hand.scores[1 - winner] == 0


def test_W6_the_game_lasts_its_deals_and_the_side_with_more_points_wins() -> None:
    assert WhistGame(seed=1).config.deals == 4
    for deals in (0, 21, "2", True, 2.0):
        with pytest.raises(IllegalAction) as err:
            WhistGame({"deals": deals}, seed=1)
        assert err.value.code == "bad_input" and "deals" in err.value.reason
    with pytest.raises(IllegalAction, match="hands: is not an option"):
        WhistGame({"hands": 2}, seed=1)
    game = WhistGame({"deals": 3}, seed=5)
    random_game(game, random.Random(5))
    res = game.results()
    assert game.phase == "over" and game.to_act is None and len(game.hands) == 3
    assert [h.dealer for h in game.hands] == [(game.hands[0].dealer + k) % 4 for k in range(3)]
    assert res.totals == per_seat(game.totals) and sum(game.totals) > 0
    assert res.totals == [sum(h[s] for h in res.hand_scores) for s in range(4)]
    side = 0 if game.totals[0] > game.totals[1] else 1
    assert game.totals[0] != game.totals[1] and res.winners == list(PARTNERSHIPS[side])


def test_W6_equal_points_are_a_draw() -> None:
    # Whoever holds all thirteen trumps takes every trick, however anyone plays.
    first = deal(SUITED[3], *SUITED[:3], turned="2♣")
    second = deal(SUITED[0], SUITED[3], *SUITED[1:3], turned="2♣")
    game = WhistGame({"deals": 2}, deals=[first, second], first_dealer=0)
    random_game(game, random.Random(3), stop_after=52)
    assert not game.results().over and game.results().winners == []
    random_game(game, random.Random(3))
    res = game.results()
    assert res.hand_scores == [[7, 0, 7, 0], [0, 7, 0, 7]]
    assert res.totals == [7, 7, 7, 7] and res.winners == [0, 1, 2, 3] and res.over


def test_W7_worked_example() -> None:
    game = one_deal(*EXAMPLE, turned="4♣")
    events = play(game, "K♥", "2♣", "A♥", "7♥")
    assert [e.kind for e in events] == ["card_played"] * 4 + ["trick_won"]
    assert events[-1].seat == 2 and game.view(None)["to_act"] == 2
    assert game.view(None)["partnership_tricks"] == [1, 0]
    while (seat := game.to_act) is not None:
        events = game.apply(seat, game.legal_actions(seat)[-1])
    assert game.current.won == [9, 4]
    scored = next(e for e in events if e.kind == "hand_scored")
    assert scored.data["scores"] == [3, 0, 3, 0] and scored.data["totals"] == [3, 0, 3, 0]
    assert events[-1].kind == "game_over" and events[-1].data["winners"] == [0, 2]
