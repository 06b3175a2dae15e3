"""One test (or a few) per rule of RULES.md (M1–M18), through the public interface."""

from __future__ import annotations

import random

import pytest

from engine.cards import CARDS, JOKER, Suit, deck53, parse_card
from engine.game import Action, IllegalAction, Play
from engine.mighty import (
    DEAL_MISS,
    PASS,
    Contract,
    Discard,
    FriendCall,
    MightyBid,
    MightyGame,
)
from engine.mighty.actions import JOKER_DEMANDS, JOKER_LEADS
from engine.mighty.deals import seeded_deal
from engine.mighty.rules import (
    POINTS_OF,
    contract_change_error,
    dealmiss_halves,
    format_halves,
    joker_caller,
    mighty_card,
    settle,
)
from engine.mighty.spec import SPEC
from engine.mighty.trick import follow_cards, lead_options, trick_winner
from tests.engine.moves import play, random_game

from .util import build_deal, cards, declare, finish_trick

C = parse_card
SPADES, HEARTS, DIAMONDS, CLUBS = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def refused(game: MightyGame, seat: int, action: Action) -> IllegalAction:
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(seat, action)
    assert game.to_json() == before
    return err.value


def legal_cards(game: MightyGame) -> set[str]:
    seat = game.to_act
    assert seat is not None
    return {str(a.card) for a in game.legal_actions(seat) if isinstance(a, Play)}


# --- M1, M2, M3 ----------------------------------------------------------------------


def test_M1_five_players_53_cards_20_points() -> None:
    game = MightyGame(seed=1)
    assert game.players == 5
    assert len(deck53()) == 53 and sum(POINTS_OF) == 20 and not POINTS_OF[JOKER.index]
    with pytest.raises(IllegalAction) as err:
        SPEC.new_game(4, 1, {})
    assert err.value.code == "bad_input" and "exactly 5" in err.value.reason


def test_M2_first_dealer_at_random_ten_each_and_a_kitty_of_three() -> None:
    dealers = {MightyGame(seed=s).first_dealer for s in range(60)}
    assert dealers == set(range(5))
    assert MightyGame(seed=9).first_dealer == MightyGame(seed=9).first_dealer
    game = MightyGame(seed=3, first_dealer=2)
    assert game.dealer == 2 and game.to_act == 2
    deal = seeded_deal(3, 0, 2)
    assert [len(h) for h in deal.hands] == [10] * 5 and len(deal.kitty) == 3
    assert {c for h in deal.hands for c in h} | set(deal.kitty) == set(CARDS)
    assert seeded_deal(3, 1, 2) != deal


def test_M3_match_of_n_hands_highest_balance_wins() -> None:
    assert MightyGame(seed=1).match_length == 10
    game = MightyGame({"hands": 3}, seed=4)
    random_game(game, random.Random(4))
    res = game.results()
    assert res.over and len(res.hand_scores) == 3 and game.phase == "over"
    assert res.totals == [sum(h[s] for h in res.hand_scores) for s in range(5)]
    assert res.winners == [s for s in range(5) if res.totals[s] == max(res.totals)]
    with pytest.raises(IllegalAction):
        MightyGame({"hands": 0}, seed=1)


def test_M3_equal_balances_share_the_win() -> None:
    # A one-hand match where 13 is made with exactly 13 scores 0 for everyone (M16).
    for seed in range(400):
        game = MightyGame({"hands": 1}, seed=seed)
        first = game.to_act
        assert first is not None
        game.apply(first, MightyBid.of(13, SPADES))
        for k in range(1, 5):
            game.apply((first + k) % 5, PASS)
        random_game(game, random.Random(seed))
        if game.results().hand_scores == [[0] * 5]:
            assert game.current.settlement is not None
            assert game.current.settlement.points == 13
            assert game.results().winners == [0, 1, 2, 3, 4]
            return
    pytest.fail("no seed made 13 with exactly 13")


# --- M4 auction ------------------------------------------------------------------------


def test_M4_bids_must_beat_the_standing_bid() -> None:
    game = MightyGame(seed=5, first_dealer=0)
    assert game.to_act == 0
    err = refused(game, 0, MightyBid.of(12, SPADES))
    assert err.code == "bad_bid"
    game.apply(0, MightyBid.of(14, HEARTS))
    err = refused(game, 1, MightyBid.of(14, SPADES))
    assert err.code == "bid_too_low"
    assert err.reason == "a bid must beat 14 ♥: bid 15 or more, or 14 no-trump"
    game.apply(1, MightyBid.of(14, None))  # no-trump over a suit at the same number
    err = refused(game, 2, MightyBid.of(14, None))
    assert err.code == "bid_too_low" and "bid 15 or more" in err.reason
    legal = game.legal_actions(2)
    assert PASS in legal and MightyBid.of(14, None) not in legal
    assert MightyBid.of(15, CLUBS) in legal and MightyBid.of(20, None) in legal


def test_M4_a_pass_is_final_and_the_last_bidder_wins() -> None:
    game = MightyGame(seed=5, first_dealer=0)
    game.apply(0, MightyBid.of(13, CLUBS))
    game.apply(1, PASS)
    game.apply(2, MightyBid.of(15, SPADES))
    err = refused(game, 1, MightyBid.of(16, SPADES))
    assert err.code == "already_passed"
    game.apply(3, PASS)
    game.apply(4, PASS)
    assert game.to_act == 0  # seat 1 passed: skipped
    game.apply(0, PASS)
    assert game.phase == "discard" and game.declarer == 2 and game.to_act == 2
    assert game.view(None)["contract"] == [15, "spades"]


def test_M4_four_passes_then_the_fifth_may_bid_and_wins_at_once() -> None:
    game = MightyGame(seed=6, first_dealer=1)
    for seat in (1, 2, 3, 4):
        game.apply(seat, PASS)
    game.apply(0, MightyBid.of(13, None))
    assert game.phase == "discard" and game.declarer == 0


def test_M4_all_pass_redeals_same_dealer_same_first_speaker_not_counted() -> None:
    game = MightyGame({"hands": 2}, seed=7, first_dealer=3)
    before = [list(h) for h in game.hands]
    events = []
    for seat in (3, 4, 0, 1, 2):
        events += game.apply(seat, PASS)
    assert [e.kind for e in events if e.kind in ("redeal", "dealt")] == ["redeal", "dealt"]
    assert game.phase == "auction" and game.dealer == 3 and game.to_act == 3
    assert game.hand_number == 1 and len(game.records) == 2
    assert game.hands != before
    summary = SPEC.hand_summaries(game)[0]
    assert summary == {"dealer": 3, "redeal": "all_pass", "claimant": None}


def test_M4_first_speaker_is_the_dealer_then_the_previous_declarer() -> None:
    game = MightyGame({"hands": 2}, seed=8, first_dealer=4)
    assert game.to_act == 4
    game.apply(4, PASS)
    game.apply(0, PASS)
    game.apply(1, MightyBid.of(13, HEARTS))
    game.apply(2, PASS)
    game.apply(3, PASS)
    assert game.declarer == 1
    rng = random.Random(8)
    while game.hand_number == 1:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert game.phase == "auction" and game.first_speaker == 1 and game.to_act == 1


# --- M5 deal-miss ----------------------------------------------------------------------


def test_M5_deal_miss_valuation() -> None:
    assert dealmiss_halves(cards("A♠")) == 0
    assert dealmiss_halves(cards("JK")) == -2
    assert dealmiss_halves(cards("A♥ K♣ Q♦ J♠")) == 8
    assert dealmiss_halves(cards("10♥ 10♠ 9♣ 2♦")) == 2
    assert [format_halves(h) for h in (4, 1, 3, -2, -1, 0)] == ["2", "½", "1½", "−1", "−½", "0"]


def weak_strong_deal() -> MightyGame:
    weak = "A♠ JK 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥"  # 0 − 1 + ½ = −½
    strong = "A♥ K♥ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠"  # 2
    deal = build_deal({1: weak, 2: strong})
    return MightyGame({"hands": 1}, deals=[deal, build_deal({})], first_dealer=0)


def test_M5_a_weak_hand_may_claim_a_redeal_on_its_first_turn() -> None:
    game = weak_strong_deal()
    game.apply(0, MightyBid.of(13, CLUBS))  # also after others have bid
    events = game.apply(1, DEAL_MISS)
    shown = next(e for e in events if e.kind == "deal_miss")
    assert shown.private_to is None and shown.data["value"] == "−½"
    assert "JK" in shown.data["hand"]
    assert game.dealer == 1 and game.to_act == 1 and game.hand_number == 1
    assert game.view(3)["redeal"]["shown_hand"][0] == "A♠"
    assert SPEC.hand_summaries(game)[0]["redeal"] == "deal_miss"
    assert SPEC.hand_summaries(game)[0]["claimant"] == 1


def test_M5_a_claim_worth_more_than_half_is_refused_with_the_value() -> None:
    game = weak_strong_deal()
    game.apply(0, PASS)
    game.apply(1, PASS)
    err = refused(game, 2, DEAL_MISS)
    assert err.code == "dealmiss_too_strong"
    assert err.reason == "a deal-miss needs a hand worth ½ or less; yours is worth 2"
    assert DEAL_MISS not in game.legal_actions(2)


def test_M5_only_on_the_first_turn_to_speak() -> None:
    game = weak_strong_deal()
    game.apply(0, MightyBid.of(13, CLUBS))
    game.apply(1, MightyBid.of(14, CLUBS))
    game.apply(2, PASS)
    game.apply(3, PASS)
    game.apply(4, PASS)
    game.apply(0, MightyBid.of(15, CLUBS))
    err = refused(game, 1, DEAL_MISS)
    assert err.code == "dealmiss_not_allowed"
    assert DEAL_MISS not in game.legal_actions(1)


# --- M6 kitty ----------------------------------------------------------------------------


def test_M6_the_declarer_takes_the_kitty_and_discards_three() -> None:
    deal = build_deal({0: "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥"}, kitty="A♣ 10♣ 2♦")
    game = MightyGame(deals=[deal], first_dealer=0)
    game.apply(0, MightyBid.of(13, HEARTS))
    for seat in (1, 2, 3, 4):
        assert "kitty" not in game.view(seat)
        game.apply(seat, PASS)
    assert len(game.hands[0]) == 13 and game.phase == "discard"
    mine = game.view(0)
    assert mine["kitty"] == ["A♣", "10♣", "2♦"] and len(mine["hand"]) == 13
    assert "kitty" not in game.view(1) and "kitty" not in game.view(None)
    assert len(game.legal_actions(0)) == 286
    assert game.listed_actions(0)[0] == Discard((C("A♥"),))
    assert refused(game, 0, Discard(tuple(cards("A♣ 10♣")))).code == "bad_discard"
    assert refused(game, 0, Discard(tuple(cards("A♣ A♣ 2♦")))).code == "bad_discard"
    err = refused(game, 0, Discard(tuple(cards("A♣ 10♣ 2♠"))))
    assert err.code == "bad_discard" and err.reason == "you do not hold 2♠"
    game.apply(0, Discard(tuple(cards("A♣ 10♣ 5♥"))))
    assert game.phase == "friend" and len(game.hands[0]) == 10
    assert game.view(0)["discards"] == ["A♣", "10♣", "5♥"]
    assert game.view(0)["buried_points"] == 2
    for other in (1, 2, 3, 4, None):
        assert "discards" not in game.view(other)


def test_M6_buried_points_count_for_the_declarer() -> None:
    deal = build_deal({}, kitty="A♣ K♣ Q♣")
    game = declare(deal, friend="none", bid=(13, "spades"))
    random_game(game, random.Random(1))
    summary = SPEC.hand_summaries(game)[0]
    defence = sum(POINTS_OF[c.index] for t in game.tricks if t.winner != 0 for c in t.cards)
    mine = sum(POINTS_OF[c.index] for t in game.tricks if t.winner == 0 for c in t.cards)
    assert summary["buried_points"] == 3
    assert summary["points"] == 20 - defence == mine + 3


# --- M7 final contract -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "new", "ok"),
    [
        ((15, SPADES), (16, SPADES), True),
        ((15, SPADES), (16, HEARTS), False),
        ((15, SPADES), (17, HEARTS), True),
        ((15, None), (16, SPADES), False),
        ((15, None), (17, SPADES), True),
        ((15, SPADES), (15, None), False),
        ((15, SPADES), (16, None), True),
        ((19, SPADES), (20, HEARTS), True),
        ((19, None), (20, CLUBS), True),
        ((20, SPADES), (20, HEARTS), False),
        ((20, SPADES), (20, None), True),
        ((15, SPADES), (14, SPADES), False),
        ((15, SPADES), (21, SPADES), False),
    ],
)
def test_M7_contract_change_rules(
    bid: tuple[int, Suit | None], new: tuple[int, Suit | None], ok: bool
) -> None:
    assert (contract_change_error(bid, new) is None) is ok


def test_M7_contract_change_in_the_game() -> None:
    deal = build_deal({})
    game = MightyGame(deals=[deal], first_dealer=0)
    game.apply(0, MightyBid.of(15, SPADES))
    for seat in (1, 2, 3, 4):
        game.apply(seat, PASS)
    game.apply(0, Discard(deal.kitty))
    err = refused(game, 0, Contract.of(16, HEARTS))
    assert err.code == "bad_contract_change"
    assert err.reason == "changing spades to hearts needs 17 or more"
    assert refused(game, 0, Contract.of(15, SPADES)).code == "bad_contract_change"
    legal = game.legal_actions(0)
    assert Contract.of(17, HEARTS) in legal and Contract.of(16, HEARTS) not in legal
    assert sum(isinstance(a, FriendCall) for a in legal) == 55
    game.apply(0, Contract.of(17, HEARTS))
    assert refused(game, 0, Contract.of(18, HEARTS)).code == "bad_contract_change"
    assert not any(isinstance(a, Contract) for a in game.legal_actions(0))
    view = game.view(None)
    assert view["bid"] == [15, "spades"] and view["contract"] == [17, "hearts"]
    assert view["mighty"] == "A♠" and view["joker_caller"] == "3♣"
    game.apply(0, FriendCall.of("none"))
    summary = SPEC.hand_summaries(game)[0]
    assert summary["initial_contract"] == [15, "spades"]
    assert summary["contract"] == [17, "hearts"]
    err_20 = contract_change_error((20, SPADES), (20, HEARTS))
    assert err_20 == "changing spades to hearts is impossible at 20"


# --- M8 friend call --------------------------------------------------------------------------


def test_M8_called_card_holder_stays_secret_until_played() -> None:
    deal = build_deal({0: "A♥ 2♣", 1: "2♥", 2: "3♥ K♦", 3: "4♥", 4: "5♥"})
    game = declare(deal, friend="K♦")
    assert game.view(None)["friend"] is None and game.view(None)["friend_call"] == "K♦"
    assert game.view(2)["you_are_friend"] is True
    assert all(not game.view(s)["you_are_friend"] for s in (0, 1, 3, 4))
    assert SPEC.hand_summaries(game)[0]["friend"] is None
    play(game, "A♥", "2♥", "3♥", "4♥", "5♥")
    assert game.view(None)["friend"] is None
    events = play(game, "2♣")
    while not any(e.kind == "friend_revealed" for e in events):
        seat = game.to_act
        assert seat is not None
        options = game.legal_actions(seat)
        choice = next((a for a in options if a == Play.of(C("K♦"))), options[0])
        events += game.apply(seat, choice)
    revealed = next(e for e in events if e.kind == "friend_revealed")
    assert revealed.seat == 2 and game.view(None)["friend"] == 2
    assert SPEC.hand_summaries(game)[0]["friend"] == 2


def test_M8_first_trick_friend_and_first_trick_solo() -> None:
    deal = build_deal({0: "A♥", 1: "2♥", 2: "K♥ 3♥", 3: "4♥", 4: "5♥"})
    game = declare(deal, friend="first")
    events = play(game, "A♥", "2♥", "3♥", "4♥", "5♥")
    assert not any(e.kind == "friend_revealed" for e in events)
    assert game.view(None)["solo"] == "first_trick" and game.view(None)["friend"] is None
    game = declare(build_deal({0: "Q♥ 2♣", 1: "2♥", 2: "K♥ 3♥", 3: "4♥", 4: "5♥"}), friend="first")
    events = play(game, "Q♥", "2♥", "K♥", "4♥", "5♥")
    assert [e.seat for e in events if e.kind == "friend_revealed"] == [2]
    assert game.view(None)["friend"] == 2 and game.view(None)["solo"] == "none"


def test_M8_no_friend_is_an_open_solo() -> None:
    game = declare(build_deal({}), friend="none")
    assert game.view(None)["solo"] == "open"
    random_game(game, random.Random(2))
    summary = SPEC.hand_summaries(game)[0]
    assert summary["solo"] == "open" and summary["friend"] is None
    assert "no_friend" in summary["doublings"]


@pytest.mark.parametrize("where", ["hand", "discards"])
def test_M8_own_or_buried_card_is_a_secret_solo(where: str) -> None:
    deal = build_deal({0: "A♦"}) if where == "hand" else build_deal({}, kitty="A♦ 2♠ 3♠")
    game = declare(deal, friend="A♦", bid=(14, "spades"))
    assert game.view(0)["solo"] == "secret"
    rng = random.Random(3)
    while game.hand_number == 1 and game.phase != "over":
        for seat in (1, 2, 3, 4, None):
            view = game.view(seat)
            assert view["solo"] is None and view["friend"] is None
            assert not view["you_are_friend"]
        seat = game.to_act
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    summary = SPEC.hand_summaries(game)[0]
    assert summary["solo"] == "secret" and summary["friend"] is None
    assert "no_friend" not in summary["doublings"]
    scores = summary["scores"]
    assert scores[0] == -sum(scores[1:]) and len(set(scores[1:])) == 1
    assert abs(scores[0]) == 4 * summary["S"]


# --- M10–M14 play ----------------------------------------------------------------------


def test_M10_the_mighty_and_the_joker_caller() -> None:
    assert str(mighty_card(HEARTS)) == "A♠" and str(mighty_card(None)) == "A♠"
    assert str(mighty_card(SPADES)) == "A♦"
    assert str(joker_caller(SPADES)) == "3♣" and str(joker_caller(None)) == "3♣"
    assert str(joker_caller(CLUBS)) == "3♠"
    game = declare(build_deal({}), bid=(13, "clubs"))
    assert game.view(None)["mighty"] == "A♠" and game.view(None)["joker_caller"] == "3♠"


def test_M11_declarer_leads_no_trump_in_trick_1_unless_only_trumps() -> None:
    deal = build_deal({0: "A♦ K♦ 5♣"})
    game = declare(deal)
    assert game.to_act == 0
    err = refused(game, 0, Play.of(C("K♦")))
    assert err.code == "trump_lead_in_first_trick"
    assert err.reason == "in trick 1 the declarer may not lead a trump while holding other suits"
    assert "K♦" not in legal_cards(game) and "5♣" in legal_cards(game)
    only = build_deal({0: "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦"})
    game = declare(only)
    assert legal_cards(game) == {str(c) for c in only.hands[0]}
    with_joker = build_deal({0: "JK A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦"})
    game = declare(with_joker)
    assert legal_cards(game) == {"JK"}
    assert lead_options(cards("JK A♦"), 2, DIAMONDS) == cards("JK A♦")
    game = declare(build_deal({0: "A♥"}), bid=(13, "notrump"))
    assert legal_cards(game) == {str(c) for c in game.hands[0]}


def test_M11_follow_suit_but_the_mighty_and_joker_go_any_time() -> None:
    deal = build_deal({0: "5♣", 1: "9♣ A♠ JK", 2: "K♣"})
    game = declare(deal)
    play(game, "5♣")
    assert legal_cards(game) == {"9♣", "A♠", "JK"}
    err = refused(game, 1, Play.of(game.hands[1][-1]))
    assert err.code == "must_follow_suit" and err.reason == "you must follow ♣"


def test_M11_the_mighty_alone_in_its_suit_must_be_played() -> None:
    deal = build_deal({0: "5♠", 1: "A♠"}, avoid={1: "spades"})
    game = declare(deal)
    play(game, "5♠")
    assert legal_cards(game) == {"A♠"}
    assert follow_cards(cards("A♠ JK 2♥"), SPADES, C("A♠"), False) == cards("A♠ JK")


def test_M11_a_led_mighty_leads_its_own_suit() -> None:
    deal = build_deal({0: "A♠", 1: "2♠ 3♥"})
    game = declare(deal)
    play(game, "A♠")
    assert game.view(None)["led"] == "spades"
    assert "3♥" not in legal_cards(game)
    spades_trump = declare(build_deal({0: "A♦ 2♣", 1: "2♦ 3♥"}), bid=(13, "spades"))
    play(spades_trump, "A♦")
    assert spades_trump.view(None)["led"] == "diamonds"


def test_M12_joker_has_no_power_in_trick_1() -> None:
    deal = build_deal({0: "5♠", 1: "JK", 2: "9♠", 3: "2♠", 4: "3♠"})
    game = declare(deal)
    play(game, "5♠", "JK", "9♠", "2♠", "3♠")
    assert game.tricks[0][2] == 2


def test_M12_powerless_joker_lead_the_second_card_sets_the_suit() -> None:
    deal = build_deal({0: "JK", 1: "9♣", 2: "2♣ 4♥", 3: "K♦", 4: "A♣"})
    game = declare(deal)
    assert refused(game, 0, Play(JOKER, suit=HEARTS)).code == "joker_suit_not_allowed"
    play(game, "JK")
    assert game.view(None)["led"] is None
    assert legal_cards(game) == {str(c) for c in game.hands[1]}
    play(game, "9♣")
    assert game.view(None)["led"] == "clubs" and "4♥" not in legal_cards(game)
    play(game, "2♣", "K♦", "A♣")
    assert game.tricks[0][2] == 3  # K♦: trumps work normally


def test_M12_joker_led_in_tricks_2_to_9_names_a_suit_and_wins() -> None:
    deal = build_deal({0: "A♥ JK", 1: "2♥ 3♠ A♦", 2: "3♥", 3: "4♥", 4: "5♥"})
    game = declare(deal)
    play(game, "A♥", "2♥", "3♥", "4♥", "5♥")
    assert game.to_act == 0
    err = refused(game, 0, Play.of(JOKER))
    assert err.code == "joker_suit_required"
    joker_leads = [a for a in game.legal_actions(0) if isinstance(a, Play) and a.card is JOKER]
    assert joker_leads == list(JOKER_LEADS.values())
    play(game, JOKER_LEADS[SPADES])
    assert game.view(None)["led"] == "spades"
    assert "A♦" not in legal_cards(game)
    play(game, "3♠")
    while game.trick:
        seat = game.to_act
        assert seat is not None
        first = game.legal_actions(seat)[0]
        assert isinstance(first, Play)
        play(game, first)
    assert game.tricks[1][2] == 0


def test_M12_the_mighty_counts_as_its_suit_after_a_powerless_joker_lead() -> None:
    deal = build_deal({0: "JK", 1: "A♠ 2♥", 2: "3♠ 4♥"})
    game = declare(deal)
    play(game, "JK", "A♠")
    assert game.view(None)["led"] == "spades"
    assert "4♥" not in legal_cards(game)


def joker_call_game(joker_seat: int, mighty_too: bool = False) -> MightyGame:
    fixed = {0: "A♥ 3♣", 1: "2♥ 9♣", 2: "3♥ K♣", 3: "4♥ 2♣", 4: "5♥ 7♦"}
    fixed[joker_seat] += " JK" + (" A♠" if mighty_too else "")
    game = declare(build_deal(fixed, avoid={4: "clubs"}))
    play(game, "A♥", "2♥", "3♥", "4♥", "5♥")
    return game


def test_M13_the_joker_caller_demands_the_joker() -> None:
    game = joker_call_game(2)
    leads = game.legal_actions(0)
    assert Play.of(C("3♣")) in leads and JOKER_DEMANDS[C("3♣")] in leads
    play(game, JOKER_DEMANDS[C("3♣")], "9♣")
    assert legal_cards(game) == {"JK"}
    err = refused(game, 2, Play.of(C("K♣")))
    assert err.code == "must_play_demanded_joker"
    assert err.reason == "the joker-caller demanded the joker: play it (or the Mighty)"
    play(game, "JK", "2♣", "7♦")
    assert game.tricks[1][2] == 4  # a demanded joker has no power: 7♦ trumps


def test_M12_M13_finished_tricks_keep_the_suit_asked_for_and_the_demand() -> None:
    game = joker_call_game(2)
    events = play(game, JOKER_DEMANDS[C("3♣")], "9♣", "JK", "2♣", "7♦")
    won = next(e for e in events if e.kind == "trick_won")
    assert won.data["led"] == "clubs" and won.data["joker_demanded"] is True
    view = game.view(3)
    assert [(t["led"], t["joker_demanded"]) for t in view["tricks"]] == [
        ("hearts", False),
        ("clubs", True),
    ]
    last = {k: v for k, v in view["tricks"][1].items() if k != "number"}
    assert view["last_trick"] == {"hand_number": 1, **last}
    game = declare(build_deal({0: "A♥ JK", 1: "2♥ 3♠", 2: "3♥", 3: "4♥", 4: "5♥"}))
    play(game, "A♥", "2♥", "3♥", "4♥", "5♥", JOKER_LEADS[HEARTS])
    finish_trick(game)
    assert game.view(None)["tricks"][1]["led"] == "hearts"
    assert not game.view(None)["tricks"][1]["joker_demanded"]


def test_M13_no_demand_in_trick_1_and_only_with_the_joker_caller() -> None:
    game = declare(build_deal({0: "3♣ 4♣"}))
    err = refused(game, 0, Play(C("3♣"), call_joker=True))
    assert err.code == "bad_joker_call"
    game = joker_call_game(2)
    other = next(c for c in game.hands[0] if c is not C("3♣") and c is not JOKER)
    err = refused(game, 0, Play(other, call_joker=True))
    assert err.code == "bad_joker_call" and "only the joker-caller (3♣)" in err.reason


def test_M13_leaders_own_joker_is_never_demanded() -> None:
    game = joker_call_game(0)
    play(game, JOKER_DEMANDS[C("3♣")])
    hand = game.hands[1]
    assert legal_cards(game) == {str(c) for c in hand if c.suit is CLUBS or c is C("A♠")}


def test_M14_the_mighty_wins_over_joker_and_trumps() -> None:
    mighty = C("A♠")
    assert trick_winner(cards("2♣ JK A♠ K♦ A♣"), CLUBS, DIAMONDS, mighty, True) == 2
    assert trick_winner(cards("2♣ JK 5♦ K♦ A♣"), CLUBS, DIAMONDS, mighty, True) == 1
    assert trick_winner(cards("2♣ JK 5♦ K♦ A♣"), CLUBS, DIAMONDS, mighty, False) == 3
    assert trick_winner(cards("2♣ 9♣ 5♥ K♥ A♣"), CLUBS, DIAMONDS, mighty, False) == 4
    assert trick_winner(cards("2♣ 9♣ 5♥ K♥ 3♣"), CLUBS, None, mighty, False) == 1


# --- M15–M18 ---------------------------------------------------------------------------------


def test_M15_captured_points_are_public_and_the_friend_transfers_theirs() -> None:
    game = declare(
        build_deal(
            {0: "A♥ 3♣", 1: "2♥ 9♣ JK A♠", 2: "3♥ K♣", 3: "4♥ 2♣", 4: "5♥ 7♦"},
            avoid={4: "clubs"},
        ),
        friend="A♠",
    )
    play(game, "A♥", "2♥", "3♥", "4♥", "5♥")
    assert game.view(None)["captured"][0] == ["A♥"]
    assert game.view(None)["points"] == {"declarer_side": 1, "defenders": 0}
    play(game, JOKER_DEMANDS[C("3♣")], "A♠", "K♣", "2♣", "7♦")
    view = game.view(None)
    assert view["friend"] == 1 and view["captured"][1] == ["A♠", "K♣"]
    assert view["points"] == {"declarer_side": 3, "defenders": 0}


def test_M16_scoring_with_a_friend() -> None:
    s = settle(0, 1, 15, DIAMONDS, 16, "none")
    assert (s.base, s.multiplier, s.value, s.scores) == (5, 1, 5, (10, 5, -5, -5, -5))
    s = settle(0, 1, 15, DIAMONDS, 12, "none")
    assert not s.success and s.base == 3 and s.scores == (-6, -3, 3, 3, 3)
    assert settle(2, 4, 13, SPADES, 13, "none").scores == (0, 0, 0, 0, 0)


@pytest.mark.parametrize(
    ("trump", "points", "solo", "doublings"),
    [
        (None, 15, "none", ("notrump",)),
        (SPADES, 15, "open", ("no_friend",)),
        (SPADES, 20, "none", ("run",)),
        (SPADES, 9, "none", ("back_run",)),
        (None, 20, "open", ("notrump", "no_friend", "run")),
        (None, 5, "open", ("notrump", "no_friend", "back_run")),
        (SPADES, 15, "secret", ()),
        (SPADES, 15, "first_trick", ()),
    ],
)
def test_M16_each_doubling_and_their_products(
    trump: Suit | None, points: int, solo: str, doublings: tuple[str, ...]
) -> None:
    friend = 1 if solo == "none" else None
    s = settle(0, friend, 14, trump, points, solo)
    assert s.doublings == doublings and s.multiplier == 2 ** len(doublings)
    base = 2 * (14 - 13) + (points - 14) if points >= 14 else 14 - points
    assert s.base == base and s.value == base * s.multiplier
    assert sum(s.scores) == 0
    sign = 1 if s.success else -1
    if friend is None:
        assert s.scores == (4 * sign * s.value, *([-sign * s.value] * 4))
    else:
        assert s.scores[:2] == (2 * sign * s.value, sign * s.value)


def test_M17_seed_example_the_mighty_escapes_the_joker_caller() -> None:
    game = declare(
        build_deal(
            {0: "A♥ 3♣", 1: "2♥ JK A♠", 2: "3♥ K♣", 3: "4♥ 2♣", 4: "5♥ 7♦"},
            avoid={4: "clubs"},
        ),
        friend="A♠",
    )
    play(game, "A♥", "2♥", "3♥", "4♥", "5♥")
    play(game, JOKER_DEMANDS[C("3♣")])
    assert legal_cards(game) == {"JK", "A♠"}
    events = play(game, "A♠", "K♣", "2♣", "7♦")
    won = next(e for e in events if e.kind == "trick_won")
    assert won.seat == 1 and won.data["points"] == ["A♠", "K♣"]
    assert [e.seat for e in events if e.kind == "friend_revealed"] == [1]
    assert C("JK") in game.hands[1]
    s = settle(0, 1, 15, DIAMONDS, 16, "none")
    assert s.value == 5 and s.scores == (10, 5, -5, -5, -5) and sum(s.scores) == 0


def test_M18_next_dealer_is_the_friend_or_the_declarer_after_a_solo() -> None:
    for friend, seed in (("K♦", 1), ("none", 2)):
        deal = build_deal({2: "K♦"})
        game = declare(deal, friend=friend, hands=2, extra_deals=[build_deal({})])
        rng = random.Random(seed)
        while game.hand_number == 1:
            seat = game.to_act
            assert seat is not None
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        expected = 2 if friend == "K♦" else 0
        assert game.dealer == expected and game.first_speaker == 0
        assert game.view(None)["last_hand"]["friend"] == (2 if friend == "K♦" else None)


def test_M12_joker_led_in_trick_10_names_nothing_and_cannot_win() -> None:
    for seed in range(300):
        game = MightyGame({"hands": 1}, seed=seed)
        rng = random.Random(seed)
        while game.phase != "over":
            seat = game.to_act
            assert seat is not None
            if game.trick_no == 10 and not game.trick and JOKER in game.hands[seat]:
                assert game.legal_actions(seat) == [Play.of(JOKER)]
                assert refused(game, seat, JOKER_LEADS[HEARTS]).code == "joker_suit_not_allowed"
                play(game, Play.of(JOKER))
                assert game.view(None)["led"] is None
                second = game.hands[(seat + 1) % 5][0]
                play(game, str(second))
                assert second.suit is not None and game.view(None)["led"] == second.suit.label
                play(game, *(str(game.hands[(seat + k) % 5][0]) for k in range(2, 5)))
                assert game.current.trick_winners[-1] != seat  # a powerless joker loses
                return
            legal = game.legal_actions(seat)
            keep = [a for a in legal if not (isinstance(a, Play) and a.card is JOKER)]
            game.apply(seat, rng.choice(keep or legal))
    pytest.fail("no seed led the joker in trick 10")


def test_M12_the_mighty_alone_must_follow_a_suit_named_by_the_joker() -> None:
    deal = build_deal({0: "A♥ JK", 1: "2♥ A♠ 3♦", 2: "3♥", 3: "4♥", 4: "5♥"}, avoid={1: "spades"})
    game = declare(deal)
    play(game, "A♥", "2♥", "3♥", "4♥", "5♥")
    play(game, JOKER_LEADS[SPADES])
    assert legal_cards(game) == {"A♠"}


def test_M13_a_demand_when_the_joker_is_buried_has_no_effect() -> None:
    fixed = {0: "A♥ 3♣", 1: "2♥ 9♣", 2: "3♥ K♣", 3: "4♥ 2♣", 4: "5♥"}
    deal = build_deal(fixed, kitty="JK 2♠ 3♠")
    game = declare(deal)
    play(game, "A♥", "2♥", "3♥", "4♥", "5♥")
    play(game, JOKER_DEMANDS[C("3♣")])
    assert game.view(None)["joker_demanded"] is True
    assert "9♣" in legal_cards(game)
