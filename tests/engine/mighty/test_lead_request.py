"""M9: at 20 no-trump the declarer may ask the hidden friend to name the first lead."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.ai.decide import policy_for
from engine.cards import Suit, parse_card
from engine.game import IllegalAction, Play
from engine.mighty import ASK_LEAD, MightyGame, NameLead
from engine.mighty.descriptor import MIGHTY
from engine.mighty.notation import encode_action, parse_action
from engine.replay import replay
from tests.engine.moves import play

from .util import build_deal, declare

# Seat 0 declares; seat 2 holds the called K♦ (the friend).
DEAL = build_deal({0: "A♥ 2♥ 2♣ 3♣", 1: "3♥", 2: "4♥ K♦", 3: "5♥", 4: "6♥"})
NT20 = (20, "notrump")
ANSWERS = [{"lead_suit": s.label} for s in Suit]


def asked() -> MightyGame:
    game = declare(DEAL, bid=NT20, friend="K♦")
    game.apply(0, ASK_LEAD)
    return game


def refused(game: MightyGame, seat: int, action: Any) -> IllegalAction:
    before = game.to_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(seat, action)
    assert game.to_json() == before
    return info.value


def test_M9_the_declarer_may_ask_before_the_first_lead_at_20_no_trump() -> None:
    game = declare(DEAL, bid=NT20, friend="K♦")
    assert ASK_LEAD in game.legal_actions(0)
    assert {"ask_lead": True} in game.view(0)["legal"]
    events = game.apply(0, ASK_LEAD)
    assert [(e.kind, e.seat, e.data) for e in events] == [("lead_asked", 0, {})]
    assert game.to_act == 2 and game.secret_turn
    assert game.legal_actions(2) == [NameLead.of(s) for s in Suit]
    events = game.apply(2, NameLead.of(Suit.CLUBS))
    assert [(e.kind, e.seat, e.data) for e in events] == [("lead_named", None, {"suit": "clubs"})]
    assert game.to_act == 0 and not game.secret_turn
    assert game.legal_actions(0) == [Play.of(parse_card("2♣")), Play.of(parse_card("3♣"))]
    assert game.view(None)["lead_suit"] == "clubs"


def test_M9_the_declarer_must_lead_the_named_suit_when_held() -> None:
    game = asked()
    game.apply(2, NameLead.of(Suit.CLUBS))
    exc = refused(game, 0, Play.of(parse_card("A♥")))
    assert exc.code == "must_lead_named_suit" and exc.reason == "the friend asked for ♣: lead a ♣"
    play(game, "2♣")
    assert game.to_act == 1


def test_M9_a_named_suit_not_held_leaves_the_lead_free() -> None:
    deal = build_deal({0: "A♥ 2♥", 1: "3♥", 2: "4♥ K♦", 3: "5♥", 4: "6♥"}, avoid={0: "spades"})
    game = declare(deal, bid=NT20, friend="K♦")
    game.apply(0, ASK_LEAD)
    game.apply(2, NameLead.of(Suit.SPADES))
    assert len(game.legal_actions(0)) == 10
    play(game, "A♥")


@pytest.mark.parametrize(
    ("bid", "friend"),
    [((20, "spades"), "K♦"), ((19, "notrump"), "K♦"), (NT20, "first"), (NT20, "none"),
     (NT20, "A♥")],
)
def test_M9_no_request_without_20_no_trump_and_a_hidden_friend(
    bid: tuple[int, str], friend: str
) -> None:
    game = declare(DEAL, bid=bid, friend=friend)
    assert ASK_LEAD not in game.legal_actions(0)
    assert refused(game, 0, ASK_LEAD).code == "ask_lead_not_allowed"


def test_M9_at_most_once_and_only_before_the_first_lead() -> None:
    game = asked()
    game.apply(2, NameLead.of(Suit.HEARTS))
    assert ASK_LEAD not in game.legal_actions(0)
    exc = refused(game, 0, ASK_LEAD)
    assert exc.code == "ask_lead_not_allowed" and "already" in exc.reason
    game = declare(DEAL, bid=NT20, friend="K♦")
    play(game, "A♥", "3♥", "4♥", "5♥", "6♥")
    assert game.to_act == 0
    exc = refused(game, 0, ASK_LEAD)
    assert exc.code == "ask_lead_not_allowed" and "before the first lead" in exc.reason


def test_M9_only_the_declarer_asks_and_only_the_friend_answers() -> None:
    game = declare(DEAL, bid=NT20, friend="K♦")
    assert refused(game, 1, ASK_LEAD).code == "not_your_turn"
    assert refused(game, 0, NameLead.of(Suit.HEARTS)).code == "no_lead_asked"
    game.apply(0, ASK_LEAD)
    for seat in (0, 1, 3, 4):
        exc = refused(game, seat, NameLead.of(Suit.HEARTS))
        assert exc.code == "not_your_turn" and "2" not in exc.reason
        assert refused(game, seat, Play.of(game.hands[seat][0])).code == "not_your_turn"
        assert game.legal_actions(seat) == []
    assert refused(game, 2, Play.of(parse_card("K♦"))).code == "must_name_lead"
    assert refused(game, 2, ASK_LEAD).code == "must_name_lead"


def test_M9_the_answer_is_a_suit_not_no_trump() -> None:
    game = asked()
    assert refused(game, 2, NameLead(None)).code == "bad_input"  # type: ignore[arg-type]
    for raw in ("notrump", 3, None):
        with pytest.raises(IllegalAction) as info:
            parse_action({"lead_suit": raw})
        assert info.value.code == "bad_input"


def test_M9_views_hide_who_answers() -> None:
    game = asked()
    for seat in (None, 0, 1, 3, 4):
        view = game.view(seat)
        assert view["to_act"] is None and view["awaiting"] == "lead_suit"
        assert view["friend"] is None and view["legal"] == []
        assert view["lead_asked"] is True and view["lead_suit"] is None
    friend = game.view(2)
    assert friend["to_act"] == 2 and friend["legal"] == ANSWERS
    assert game.to_act == 2
    game.apply(2, NameLead.of(Suit.HEARTS))
    public = game.view(None)
    assert public["to_act"] == 0 and public["awaiting"] is None and public["friend"] is None


def test_M9_notation_round_trip() -> None:
    for action in (ASK_LEAD, *(NameLead.of(s) for s in Suit)):
        assert parse_action(json.loads(json.dumps(encode_action(action)))) is action
    game = asked()
    game.apply(2, NameLead.of(Suit.CLUBS))
    again = MIGHTY.from_json(game.to_json())
    assert again.to_json() == game.to_json() and again.lead_suit is Suit.CLUBS


def _doc(actions: list[dict[str, Any]]) -> dict[str, Any]:
    game = declare(DEAL, bid=NT20, friend="K♦")
    return {**game.record(expand_deals=True), "actions": [*game.record()["actions"], *actions]}


def test_M9_replay_mid_request_and_after() -> None:
    out, ok = replay(_doc([]))
    assert ok and {"ask_lead": True} in out["legal"]
    out, ok = replay(_doc([{"seat": 0, "ask_lead": True}]))
    assert ok and out["to_act"] == 2 and out["legal"] == ANSWERS
    assert out["hands"][0]["lead_suit"] is None
    out, ok = replay(_doc([{"seat": 0, "ask_lead": True}, {"seat": 2, "lead_suit": "clubs"}]))
    assert ok and out["to_act"] == 0 and out["legal"] == [{"play": "2♣"}, {"play": "3♣"}]
    assert out["hands"][0]["lead_suit"] == "clubs"
    out, ok = replay(_doc([{"seat": 0, "ask_lead": True}, {"seat": 2, "lead_suit": "notrump"}]))
    assert not ok and out["code"] == "bad_input" and out["action_index"] == 8


@pytest.mark.parametrize("level", ["simple", "easy", "normal", "hard"])
def test_M9_ai_friends_name_their_longest_suit_and_ai_declarers_never_ask(level: str) -> None:
    policy = policy_for("mighty", level)
    rng = random.Random(1)
    game = declare(DEAL, bid=NT20, friend="K♦")
    assert policy.choose(game.view(0), game.legal_actions(0), rng) is not ASK_LEAD
    game.apply(0, ASK_LEAD)
    longest = max(Suit, key=lambda s: sum(c.suit is s for c in game.hands[2]))
    answer = policy.choose(game.view(2), game.legal_actions(2), rng)
    assert answer is NameLead.of(longest)
