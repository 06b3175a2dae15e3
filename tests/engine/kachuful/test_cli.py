"""``python -m engine replay`` and ``simulate`` for Kachuful."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cards import parse_card
from engine.game import IllegalAction, Play
from engine.kachuful.deal import read_deal
from engine.kachuful.game import KachufulGame
from engine.record import run_actions
from tests.engine.command_line import replay_doc, run

EXAMPLE: dict[str, Any] = {
    "game": "kachuful",
    "config": {"players": 4},
    "first_dealer": 3,
    "start_hand": 10,
    "max_hands": 1,
    "deals": [
        {"hands": [["K♥", "A♠", "3♦"], ["2♣", "5♠", "4♦"], ["A♥", "2♠", "A♦"], ["7♥", "3♠", "5♦"]]}
    ],
    "actions": [
        {"seat": 0, "bid": 1},
        {"seat": 1, "bid": 0},
        {"seat": 2, "bid": 1},
        {"seat": 3, "bid": 0},
        {"seat": 0, "play": "K♥"},
        {"seat": 1, "play": "2♣"},
        {"seat": 2, "play": "A♥"},
        {"seat": 3, "play": "7♥"},
        {"seat": 1, "play": "5♠"},
        {"seat": 2, "play": "2♠"},
        {"seat": 3, "play": "3♠"},
        {"seat": 0, "play": "A♠"},
        {"seat": 0, "play": "3♦"},
        {"seat": 1, "play": "4♦"},
        {"seat": 2, "play": "A♦"},
        {"seat": 3, "play": "5♦"},
    ],
}


def test_replay_of_the_seed_example(tmp_path: Path) -> None:
    code, out = replay_doc(tmp_path, EXAMPLE)
    assert code == 0
    assert out == {
        "hands": [
            {
                "dealer": 3,
                "size": 3,
                "trump": "clubs",
                "bids": [1, 0, 1, 0],
                "blind": [False] * 4,
                "tricks": [1, 1, 1, 0],
                "trick_winners": [1, 0, 2],
                "scores": [11, 0, 11, 10],
            }
        ],
        "totals": [11, 0, 11, 10],
        "winners": [0, 2],
        "over": True,
        "to_act": None,
        "legal": [],
    }


def test_replay_of_an_unfinished_hand(tmp_path: Path) -> None:
    code, out = replay_doc(tmp_path, {**EXAMPLE, "actions": EXAMPLE["actions"][:3]})
    assert code == 0 and out["to_act"] == 3 and not out["over"] and out["winners"] == []
    assert out["legal"] == [{"bid": 0}, {"bid": 2}, {"bid": 3}]
    assert out["hands"][0]["bids"] == [1, 0, 1, None] and out["hands"][0]["scores"] is None
    code, out = replay_doc(tmp_path, {**EXAMPLE, "actions": EXAMPLE["actions"][:5]})
    assert out["legal"] == [{"play": "2♣"}, {"play": "5♠"}, {"play": "4♦"}]


def test_replay_of_a_game_cut_after_its_first_hands(tmp_path: Path) -> None:
    """Deals for the hands played so far are enough; only the play that needs the next
    deal is refused, with its index."""
    cut = {k: v for k, v in EXAMPLE.items() if k != "max_hands"}
    code, out = replay_doc(tmp_path, {**cut, "actions": EXAMPLE["actions"][:-1]})
    assert code == 0 and out["to_act"] == 3 and out["legal"] == [{"play": "5♦"}]
    assert len(out["hands"]) == 1 and not out["over"]
    code, out = replay_doc(tmp_path, cut)
    assert code == 2 and out["code"] == "bad_input" and out["action_index"] == 15
    assert out["error"] == "the deals list has no deal 2 for the next hand"
    code, out = replay_doc(tmp_path, {**cut, "deals": EXAMPLE["deals"] * 16})
    assert code == 2 and out["code"] == "bad_input" and out["action_index"] is None
    assert "plays 15 hand(s) but 16 deal(s)" in out["error"]
    code, out = replay_doc(tmp_path, {**cut, "deals": []})
    assert code == 2 and out["code"] == "bad_input" and out["action_index"] is None


def test_a_game_cut_short_refuses_the_last_play_and_changes_nothing() -> None:
    deal = read_deal(EXAMPLE["deals"][0], 1)
    game = KachufulGame({"players": 4}, deals=[deal], first_dealer=3, start_hand=10)
    run_actions(game, EXAMPLE["actions"][:-1])
    before = game.to_json()
    with pytest.raises(IllegalAction) as refused:
        game.apply(3, Play.of(parse_card("5♦")))
    assert refused.value.code == "bad_input" and game.to_json() == before
    assert game.record(expand_deals=True)["deals"] == EXAMPLE["deals"]


@pytest.mark.parametrize(
    ("change", "code", "index"),
    [
        ({"actions": [{"seat": 1, "bid": 0}]}, "not_your_turn", 0),
        ({"actions": [{"seat": 0, "bid": 4}]}, "bid_out_of_range", 0),
        ({"actions": [*EXAMPLE["actions"][:3], {"seat": 3, "bid": 1}]}, "hook_rule", 3),
        ({"actions": [*EXAMPLE["actions"][:4], {"seat": 0, "play": "2♣"}]}, "card_not_in_hand", 4),
        ({"actions": [*EXAMPLE["actions"][:6], {"seat": 2, "play": "2♠"}]}, "must_follow_suit", 6),
        ({"actions": [{"seat": 0, "play": "K♥"}]}, "wrong_phase", 0),
        ({"actions": [{"seat": 0, "bid": 1, "blind": True}]}, "blind_bid", 0),
        ({"actions": [{"seat": 7, "bid": 1}]}, "bad_input", 0),
        ({"actions": [{"seat": 0, "play": "X♥"}]}, "bad_input", 0),
        ({"actions": [*EXAMPLE["actions"], {"seat": 0, "bid": 1}]}, "wrong_phase", 16),
        ({"actions": "bid"}, "bad_input", None),
        ({"config": {"players": 8}}, "bad_input", None),
        ({"config": {"players": 4, "start_size": 20}}, "bad_input", None),
        ({"config": {"players": 4, "trump": "sometimes"}}, "bad_input", None),
        ({"deals": [{"hands": [["K♥"], ["2♣"], ["A♥"], ["7♥"]]}]}, "bad_input", None),
        ({"deals": [{"hands": [["K♥", "A♠", "3♦"]] * 4}]}, "bad_input", None),
        ({"seed": 3}, "bad_input", None),
        ({"first_dealer": 9}, "bad_input", None),
        ({"game": "poker"}, "bad_input", None),
        ({"extra": 1}, "bad_input", None),
    ],
)
def test_replay_errors(
    tmp_path: Path, change: dict[str, Any], code: str, index: int | None
) -> None:
    status, out = replay_doc(tmp_path, {**EXAMPLE, **change})
    assert status == 2
    assert out["code"] == code and out["action_index"] == index and out["error"]


def test_replay_with_a_seed_and_defaults(tmp_path: Path) -> None:
    status, out = replay_doc(tmp_path, {"game": "kachuful", "config": {"players": 5}, "seed": 4})
    assert status == 0 and len(out["hands"]) == 1 and out["hands"][0]["size"] == 10
    status, out = replay_doc(tmp_path, {"game": "kachuful", "seed": 4})
    assert status == 2 and "players" in out["error"]


def test_replay_of_a_bad_file(tmp_path: Path) -> None:
    for content in ("{not json", "\xff\xfe", "[1, 2]", "42"):
        path = tmp_path / "bad.json"
        path.write_bytes(content.encode("latin-1"))
        code, text = run("replay", str(path))
        out = json.loads(text)
        assert (
            code == 2 and out["action_index"] is None and out["code"] in ("bad_file", "bad_input")
        )
    code, text = run("replay", str(tmp_path / "missing.json"))
    assert code == 2 and json.loads(text)["code"] == "bad_file"


def test_simulate_log_and_standings() -> None:
    """The log lists the bids in their order (K7) and each trick's cards with their
    seats (K9)."""
    code, text = run("simulate", "kachuful", "--players", "4", "--seed", "1")
    assert code == 0
    assert "Hand 25/25" in text and "Final standings:" in text and "winner" in text
    lines = text.splitlines()
    hand = next(k for k, line in enumerate(lines) if line.startswith("Hand 2/25"))
    dealer = int(lines[hand].split("seat ")[1].split()[0])
    order = [(dealer + k) % 4 for k in range(1, 5)]
    assert [int(line.split()[1]) for line in lines[hand + 1 : hand + 5]] == order
    assert lines[hand + 5].startswith("  trick 1: seat ") and lines[hand + 5].count("seat ") == 5
    scored = next(line for line in lines[hand:] if line.startswith("  scores: "))
    assert [int(p.split()[1]) for p in scored.removeprefix("  scores: ").split("; ")[:4]] == order
    assert "took" in scored and "totals [" in scored


@pytest.mark.parametrize(
    "options",
    [
        [],
        [
            "--option",
            "trump=turned",
            "--option",
            "blind_bids=true",
            "--option",
            "forehead=on",
            "--option",
            "scoring=penalty",
        ],
        [
            "--option",
            "schedule=descending",
            "--option",
            "trump=cycle_notrump",
            "--option",
            "hook=off",
        ],
    ],
)
def test_simulate_json_replays_to_the_same_game(tmp_path: Path, options: list[str]) -> None:
    code, text = run("simulate", "kachuful", "--players", "5", "--seed", "7", "--json", *options)
    assert code == 0
    played = json.loads(text)
    assert played["over"] and played["deals"] and played["actions"]
    status, out = replay_doc(tmp_path, played)
    assert status == 0
    assert out == {k: played[k] for k in out}


def test_simulate_refusals() -> None:
    for argv in (
        ["--option", "bogus=1"],
        ["--option", "nonsense"],
        ["--players", "8"],
        ["--level", "genius"],
    ):
        code, text = run("simulate", "kachuful", *argv)
        assert code == 2 and json.loads(text)["code"] == "bad_input"


def test_module_entry_point(tmp_path: Path) -> None:
    path = tmp_path / "example.json"
    path.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["totals"] == [11, 0, 11, 10]
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(tmp_path / "nope")],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
