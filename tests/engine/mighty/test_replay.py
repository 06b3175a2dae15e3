"""``python -m engine replay`` and ``simulate`` for Mighty."""

from __future__ import annotations

import io
import json
from typing import Any

from engine.cli import main
from engine.game import Event
from engine.mighty.game import MightyGame
from engine.mighty.notation import encode_deal
from engine.mighty.spec import SPEC
from engine.replay import replay

from .util import build_deal

EXAMPLE = build_deal(
    {0: "A♥ 3♣ 6♦", 1: "2♥ JK A♠", 2: "3♥ K♣", 3: "4♥ 2♣", 4: "5♥ 7♦"}, avoid={4: "clubs"}
)


def doc(actions: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {
        "game": "mighty",
        "config": {"hands": 1},
        "first_dealer": 0,
        "deals": [encode_deal(EXAMPLE)],
        "actions": actions,
        **extra,
    }


AUCTION: list[dict[str, Any]] = [
    {"seat": 0, "bid": [15, "diamonds"]},
    *({"seat": s, "pass": True} for s in (1, 2, 3, 4)),
]
DISCARD: list[dict[str, Any]] = [{"seat": 0, "discard": [str(c) for c in EXAMPLE.kitty]}]
FIRST_TRICK: list[dict[str, Any]] = [
    {"seat": s, "play": c} for s, c in zip(range(5), ["A♥", "2♥", "3♥", "4♥", "5♥"], strict=True)
]


def test_auction_output_has_nulls_and_bids() -> None:
    out, ok = replay(doc(AUCTION[:2]))
    assert ok
    hand = out["hands"][0]
    assert hand["declarer"] is None and hand["contract"] is None
    assert hand["initial_contract"] is None and hand["scores"] is None
    assert out["to_act"] == 2 and {"pass": True} in out["legal"]
    assert {"bid": [15, "notrump"]} in out["legal"] and {"bid": [15, "clubs"]} not in out["legal"]


def test_discard_and_friend_phase_legal_lists() -> None:
    out, ok = replay(doc(AUCTION))
    assert ok and out["hands"][0]["declarer"] == 0
    assert len(out["legal"]) == 13 and all(len(a["discard"]) == 1 for a in out["legal"])
    out, ok = replay(doc(AUCTION + DISCARD))
    friends = [a for a in out["legal"] if "friend" in a]
    contracts = [a for a in out["legal"] if "contract" in a]
    assert len(friends) == 55 and {"friend": "first"} in friends and {"friend": "none"} in friends
    assert {"contract": [16, "diamonds"]} in contracts
    assert {"contract": [16, "spades"]} not in contracts
    assert {"contract": [17, "spades"]} in contracts
    out, ok = replay(doc([*AUCTION, *DISCARD, {"seat": 0, "contract": [16, "notrump"]}]))
    assert ok and len(out["legal"]) == 55
    assert out["hands"][0]["contract"] == [16, "notrump"]
    assert out["hands"][0]["initial_contract"] == [15, "diamonds"]


def test_joker_and_joker_caller_leads_are_listed() -> None:
    actions = [*AUCTION, *DISCARD, {"seat": 0, "friend": "A♠"}, *FIRST_TRICK]
    out, ok = replay(doc(actions))
    assert ok and out["to_act"] == 0
    assert {"play": "3♣"} in out["legal"] and {"play": "3♣", "call_joker": True} in out["legal"]
    assert out["hands"][0]["friend"] is None
    actions += [
        {"seat": 0, "play": "3♣", "call_joker": True},
        {"seat": 1, "play": "A♠"},
        {"seat": 2, "play": "K♣"},
        {"seat": 3, "play": "2♣"},
        {"seat": 4, "play": "7♦"},
    ]
    out, ok = replay(doc(actions))
    assert ok and out["to_act"] == 1 and out["hands"][0]["friend"] == 1
    assert out["hands"][0]["trick_winners"] == [0, 1]
    jokers = [a for a in out["legal"] if a["play"] == "JK"]
    assert jokers == [{"play": "JK", "suit": s} for s in ("spades", "hearts", "diamonds", "clubs")]


def test_errors_name_the_code_and_the_action() -> None:
    out, ok = replay(doc([{"seat": 0, "bid": [15, "diamonds"]}, {"seat": 1, "bid": [14, "clubs"]}]))
    assert not ok and out["code"] == "bid_too_low" and out["action_index"] == 1
    out, ok = replay(doc([{"seat": 1, "pass": True}]))
    assert not ok and out["code"] == "not_your_turn" and out["action_index"] == 0
    bad = [*AUCTION, *DISCARD, {"seat": 0, "contract": [16, "spades"]}]
    out, ok = replay(doc(bad))
    assert not ok and out["code"] == "bad_contract_change"
    assert out["error"] == "changing diamonds to spades needs 17 or more"
    trump_lead = [*AUCTION, *DISCARD, {"seat": 0, "friend": "none"}, {"seat": 0, "play": "6♦"}]
    out, ok = replay(doc(trump_lead))
    assert not ok and out["code"] == "trump_lead_in_first_trick" and out["action_index"] == 7
    out, ok = replay({**doc([]), "deals": [{"hands": [["A♠"]] * 5, "kitty": []}]})
    assert not ok and out["code"] == "bad_input" and out["action_index"] is None
    out, ok = replay({**doc([]), "config": {"hands": 0}})
    assert not ok and out["code"] == "bad_input"
    out, ok = replay(doc([{"seat": 0, "bid": [15, "purple"]}]))
    assert not ok and out["code"] == "bad_input"


def test_a_finished_hand_reports_every_field() -> None:
    out = run(["simulate", "mighty", "--seed", "3", "--json", "--option", "hands=2"])
    assert out["over"] and out["legal"] == [] and out["to_act"] is None
    scored = [h for h in out["hands"] if "redeal" not in h]
    assert len(scored) == 2
    for hand in scored:
        for key in (
            "dealer", "declarer", "initial_contract", "contract", "mighty", "joker_caller",
            "friend_call", "friend", "solo", "trick_winners", "buried_points", "points",
            "success", "base_S", "doublings", "multiplier", "S", "scores",
        ):
            assert key in hand
        assert sum(hand["scores"]) == 0 and hand["S"] == hand["base_S"] * hand["multiplier"]
    again, ok = replay(out)
    assert ok and again["hands"] == out["hands"] and again["totals"] == out["totals"]


def run(argv: list[str]) -> dict[str, Any]:
    buf = io.StringIO()
    assert main(argv, buf) == 0
    result: dict[str, Any] = json.loads(buf.getvalue())
    return result


def test_simulate_prints_a_readable_match() -> None:
    buf = io.StringIO()
    assert main(["simulate", "mighty", "--seed", "2"], buf) == 0
    text = buf.getvalue()
    assert "Hand 10/10" in text and "Final standings:" in text and "calls the friend" in text
    buf = io.StringIO()
    assert main(["simulate", "mighty", "--players", "4"], buf) == 2
    assert json.loads(buf.getvalue())["code"] == "bad_input"


def _scored(**hand: Any) -> str | None:
    data = {
        "contract": [15, "diamonds"], "points": 16, "buried_points": 0, "success": True,
        "friend": 2, "base_S": 5, "doublings": [], "multiplier": 1, "S": 5,
        "scores": [10, 0, 5, -5, -10], "totals": [10, 0, 5, -5, -10], **hand,
    }
    return SPEC.describe(MightyGame(seed=1), Event("hand_scored", 0, data))


def test_m16_the_log_spells_out_p_b_s_and_the_doublings() -> None:
    assert _scored() == (
        "  15 ♦ made: declarer's side captured P=16 of B=15: S = 2·(15−13) + (16−15) = 5: "
        "scores [10, 0, 5, -5, -10], totals [10, 0, 5, -5, -10]"
    )
    line = _scored(contract=[15, "notrump"], doublings=["notrump"], multiplier=2, S=10)
    assert line is not None and "S = 2·(15−13) + (16−15) = 5, doubled for no-trump → 10:" in line
    line = _scored(
        points=9, buried_points=2, success=False, friend=None, base_S=6,
        doublings=["no_friend", "back_run"], multiplier=4, S=24,
    )
    assert line is not None and line.startswith(
        "  15 ♦ failed: declarer captured P=9 (2 buried) of B=15: S = 15−9 = 6, "
        "doubled for no friend and a back-run (×4) → 24:"
    )


def test_m12_m13_trick_lines_name_each_seat_the_joker_suit_and_the_demand() -> None:
    game = MightyGame(seed=1)
    joker = {"leader": 3, "cards": ["JK", "2♥", "3♥", "4♥", "5♥"], "number": 4,
             "points": [], "led": "hearts", "joker_demanded": False}
    assert SPEC.describe(game, Event("trick_won", 3, joker)) == (
        "  trick 4: seat 3 JK (names ♥), seat 4 2♥, seat 0 3♥, seat 1 4♥, seat 2 5♥ -> seat 3"
    )
    demand = {**joker, "cards": ["3♣", "JK", "4♣", "5♣", "K♣"], "led": "clubs",
              "joker_demanded": True, "points": ["K♣"]}
    assert SPEC.describe(game, Event("trick_won", 2, demand)) == (
        "  trick 4: seat 3 3♣ (demands the joker), seat 4 JK, seat 0 4♣, seat 1 5♣, "
        "seat 2 K♣ -> seat 2, points K♣"
    )
    powerless = {**joker, "number": 10, "led": "hearts"}
    line = SPEC.describe(game, Event("trick_won", 4, powerless))
    assert line is not None and "seat 3 JK, seat 4 2♥" in line
