"""The game interface: refusals with stable codes, views, events, JSON and notation."""

from __future__ import annotations

import json

import pytest

from engine.cards import parse_card
from engine.game import IllegalAction, Play
from engine.kachuful import LOOK, Bid, KachufulGame
from engine.kachuful.descriptor import KACHUFUL
from tests.engine.moves import play

from .util import bid_all, one_hand

EXAMPLE = ("K♥ A♠ 3♦", "2♣ 5♠ 4♦", "A♥ 2♠ A♦", "7♥ 3♠ 5♦")


def refusal(game: KachufulGame, seat: int, action: object) -> IllegalAction:
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(seat, action)  # type: ignore[arg-type]
    assert game.to_json() == before
    return err.value


def test_refusal_codes_and_reasons() -> None:
    game = one_hand(*EXAMPLE, dealer=3)
    assert refusal(game, 1, Bid.of(0)).code == "not_your_turn"
    assert refusal(game, 1, Bid.of(0)).reason == "it is not your turn: seat 0 is to bid"
    assert refusal(game, 0, Play.of(parse_card("K♥"))).code == "wrong_phase"
    assert refusal(game, 0, Bid.of(4)).code == "bid_out_of_range"
    assert refusal(game, 0, Bid(-1)).code == "bid_out_of_range"
    assert refusal(game, 0, Bid(True)).code == "bid_out_of_range"
    assert refusal(game, 0, "bid 1").code == "bad_input"
    assert refusal(game, 0, Bid(1, "yes")).code == "bad_input"  # type: ignore[arg-type]
    bid_all(game, 1, 0, 1, 0)
    assert refusal(game, 0, Bid.of(1)).code == "wrong_phase"
    err = refusal(game, 0, Play.of(parse_card("2♣")))
    assert (err.code, err.reason) == ("card_not_in_hand", "you do not hold 2♣")
    assert refusal(game, 0, Play(parse_card("K♥"), call_joker=True)).code == "bad_input"
    play(game, "K♥")
    assert refusal(game, 2, Play.of(parse_card("A♥"))).code == "not_your_turn"
    play(game, "2♣", "A♥", "7♥", "5♠", "2♠", "3♠", "A♠", "3♦", "4♦", "A♦", "5♦")
    err = refusal(game, 0, Play.of(parse_card("K♥")))
    assert (err.code, err.reason) == ("wrong_phase", "the game is over")
    assert refusal(game, 0, LOOK).code == "wrong_phase"
    assert game.legal_actions(0) == []


def test_events_of_a_hand() -> None:
    game = one_hand(*EXAMPLE, dealer=3)
    opening = game.opening_events()
    assert [e.kind for e in opening] == ["dealt"] + ["cards_dealt"] * 4
    assert opening[0].data == {
        "hand_number": 1,
        "hand_count": 1,
        "hand_index": 10,
        "size": 3,
        "trump": "clubs",
        "dealer": 3,
        "turned": None,
    }
    assert opening[1].private_to == 0 and opening[1].data == {"cards": ["A♠", "K♥", "3♦"]}
    assert opening[2].data == {"cards": ["2♣", "5♠", "4♦"]}  # trumps first
    events = bid_all(game, 1)
    assert [(e.kind, e.seat, e.data) for e in events] == [("bid", 0, {"amount": 1, "blind": False})]
    bid_all(game, 0, 1, 0)
    events = play(game, "K♥", "2♣", "A♥", "7♥")
    assert [e.kind for e in events] == ["card_played"] * 4 + ["trick_won"]
    assert events[-1].data == {"leader": 0, "cards": ["K♥", "2♣", "A♥", "7♥"], "number": 1}
    events = play(game, "5♠", "2♠", "3♠", "A♠", "3♦", "4♦", "A♦", "5♦")
    kinds = [e.kind for e in events]
    assert kinds[-2:] == ["hand_scored", "game_over"]
    assert events[-2].data["scores"] == [11, 0, 11, 10]
    assert events[-1].data == {"totals": [11, 0, 11, 10], "winners": [0, 2]}


def test_next_hand_follows_in_the_same_events() -> None:
    game = KachufulGame({"players": 3, "start_size": 1, "schedule": "descending"}, seed=1)
    assert game.hand_count == 1
    game = KachufulGame({"players": 3, "start_size": 2}, seed=1, first_dealer=0, max_hands=2)
    events = []
    while game.current.number == 0:
        seat = game.to_act
        assert seat is not None
        events += game.apply(seat, game.legal_actions(seat)[0])
    kinds = [e.kind for e in events]
    assert kinds[-5:] == ["hand_scored", "dealt", "cards_dealt", "cards_dealt", "cards_dealt"]
    assert game.view(None)["dealer"] == 1 and game.view(None)["hand_number"] == 2


def test_view_shows_only_what_a_seat_may_see() -> None:
    game = one_hand(*EXAMPLE, dealer=3)
    public = game.view(None)
    assert public["hand"] is None and public["legal"] == [] and public["looked"] is None
    text = json.dumps(public, ensure_ascii=False)
    assert "2♠" not in text and "A♦" not in text
    mine = game.view(0)
    assert mine["hand"] == ["A♠", "K♥", "3♦"] and mine["hand_trumps"] == []
    assert game.view(1)["hand_trumps"] == ["2♣"]
    assert "2♠" not in json.dumps(mine, ensure_ascii=False)
    assert mine["legal"] == [{"bid": 0}, {"bid": 1}, {"bid": 2}, {"bid": 3}]
    assert game.view(1)["legal"] == []
    bid_all(game, 1, 0, 1, 0)
    play(game, "K♥", "2♣", "A♥", "7♥", "5♠")
    view = game.view(2)
    assert view["trick"] == [{"seat": 1, "card": "5♠"}] and view["led"] == "spades"
    assert view["leader"] == 1 and view["to_act"] == 2
    assert view["tricks"] == [
        {
            "leader": 0,
            "winner": 1,
            "cards": [
                {"seat": 0, "card": "K♥"},
                {"seat": 1, "card": "2♣"},
                {"seat": 2, "card": "A♥"},
                {"seat": 3, "card": "7♥"},
            ],
        }
    ]
    assert view["last_trick"] == {"hand_number": 1, **view["tricks"][0]}
    assert view["tricks_won"] == [0, 1, 0, 0] and view["bids"] == [1, 0, 1, 0]
    assert view["legal"] == [{"play": "2♠"}]
    assert view["hand_sizes"] == [2, 1, 2, 2]


def test_json_round_trip_mid_trick_and_bad_text() -> None:
    game = one_hand(*EXAMPLE, dealer=3, blind_bids=True)
    game.reveal_hand(2)
    bid_all(game, 1, 0, 1, 0)
    play(game, "K♥", "2♣")
    restored = KACHUFUL.from_json(game.to_json())
    assert restored.view(2) == game.view(2) and restored.has_looked(2)
    assert restored.to_json() == game.to_json()
    for text in ("", "[]", "{}", '{"game": "kachuful"}', "not json"):
        with pytest.raises(IllegalAction) as err:
            KACHUFUL.from_json(text)
        assert err.value.code == "bad_input"


def test_action_notation() -> None:
    parse, encode = KachufulGame.parse_action, KachufulGame.encode_action
    assert parse({"seat": 0, "bid": 2}) is Bid.of(2)
    assert parse({"bid": 0, "blind": True}) is Bid.of(0, blind=True)
    assert parse({"play": "kh"}) is Play.of(parse_card("K♥"))
    assert parse({"look": True}) is LOOK
    for action in (Bid.of(3), Bid.of(1, True), Play.of(parse_card("10♦")), LOOK):
        assert parse(encode(action)) == action
    for bad in (
        {},
        {"bid": "2"},
        {"bid": 1.5},
        {"bid": True},
        {"play": "zz"},
        {"play": 3},
        {"bid": 1, "play": "K♥"},
        {"bid": 1, "blind": "yes"},
        {"look": False},
    ):
        with pytest.raises(IllegalAction) as err:
            parse(bad)
        assert err.value.code == "bad_input"


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"config": {"players": 4}}, "either a seed or the deals"),
        (
            {"config": {"players": 4}, "seed": 1, "start_hand": 25},
            "start_hand must be from 0 to 24",
        ),
        ({"config": {"players": 4}, "seed": 1, "max_hands": 0}, "max_hands must be at least 1"),
        ({"config": {"players": 4}, "seed": 1, "first_dealer": 4}, "first_dealer must be a seat"),
        ({"config": {"players": 4, "scoring": "golf"}, "seed": 1}, "scoring:"),
        ({"config": {"players": 4}, "seed": 1.5}, "seed must be a whole number or text"),
    ],
)
def test_bad_setup_is_refused_clearly(kwargs: dict[str, object], words: str) -> None:
    config = kwargs.pop("config")
    with pytest.raises(IllegalAction) as err:
        KachufulGame(config, **kwargs)  # type: ignore[arg-type]
    assert err.value.code == "bad_input" and words in err.value.reason
