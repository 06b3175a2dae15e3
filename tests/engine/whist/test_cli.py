"""``python -m engine replay`` and ``simulate`` for Whist."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.replay import replay
from tests.engine.command_line import replay_doc, run

from .util import EXAMPLE

DOC: dict[str, Any] = {
    "game": "whist",
    "config": {"deals": 1},
    "first_dealer": 0,
    "deals": [{"hands": [h.split() for h in EXAMPLE], "turned": "4♣"}],
    "actions": [
        {"seat": 1, "play": "K♥"},
        {"seat": 2, "play": "2♣"},
        {"seat": 3, "play": "A♥"},
        {"seat": 0, "play": "7♥"},
    ],
}
SEAT_2_HOLDS = ["A♣", "K♣", "10♣", "7♣", "6♣", "A♠", "Q♠", "9♠", "Q♦", "J♦", "10♦", "6♦"]
"""Seat 2's cards after the first trick of the worked example, as listed (trumps first)."""


def test_replay_of_the_worked_example(tmp_path: Path) -> None:
    code, out = replay_doc(tmp_path, DOC)
    assert code == 0
    assert out == {
        "hands": [
            {
                "dealer": 0,
                "trump": "clubs",
                "turned": "4♣",
                "tricks": [0, 0, 1, 0],
                "partnership_tricks": [1, 0],
                "trick_winners": [2],
                "scores": None,
            }
        ],
        "totals": [0, 0, 0, 0],
        "winners": [],
        "over": False,
        "to_act": 2,
        "legal": [{"play": c} for c in SEAT_2_HOLDS],
    }


@pytest.mark.parametrize(
    ("change", "error", "index"),
    [
        ({"actions": [{"seat": 2, "play": "2♣"}]}, "it is not your turn: seat 1 is to play", 0),
        ({"actions": [{"seat": 1, "play": "K♥"}, {"seat": 2, "bid": 1}]},
         'a Whist action is {"play": card}', 1),
        ({"actions": [{"seat": 1, "play": "zz"}]}, "'zz' is not a card", 0),
        ({"deals": [{"hands": []}]}, 'deal 1: expected {"hands"', None),
        ({"deals": [{"hands": [[]] * 4, "turned": "4♣"}]}, "deal 1: seat 0 holds 0 cards", None),
        ({"config": {"deals": 0}}, "deals: Input should be greater than or equal to 1", None),
        ({"trump": "clubs"}, "trump: is not an option here", None),
    ],
)
def test_replay_refusals_name_the_problem(
    tmp_path: Path, change: dict[str, Any], error: str, index: int | None
) -> None:
    code, out = replay_doc(tmp_path, {**DOC, **change})
    assert code == 2 and out["action_index"] == index and out["error"].startswith(error)


def test_simulate_plays_a_whole_game() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "whist", "--players", "4", "--seed", "1"],
        capture_output=True, text=True, encoding="utf-8", check=False,
    )
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert text.startswith("Whist, 4 players, seed 1, simple AI players\n")
    assert text.count("\nDeal ") == 4 and text.count("  trick ") == 52
    assert "Deal 1/4: seat " in text and "Final standings:" in text
    assert text.count("winner") in (2, 4)


def test_simulate_json_replays_to_the_same_result() -> None:
    code, text = run("simulate", "whist", "--seed", "7", "--json", "--option", "deals=2",
                     "--levels", "easy,normal,hard,random")
    assert code == 0
    doc = json.loads(text)
    assert doc["config"] == {"deals": 2} and len(doc["deals"]) == 2 and doc["over"]
    assert doc["levels"] == ["easy", "normal", "hard", "random"] and len(doc["actions"]) == 104
    # "levels" is not among engine.record.OUTPUT_KEYS: no game's replay accepts it.
    out, ok = replay({k: v for k, v in doc.items() if k != "levels"})
    assert ok and out == {k: doc[k] for k in out}


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["--players", "5"], "Whist is for exactly 4 players"),
        (["--levels", "easy,easy,easy"], "Whist is for exactly 4 players"),
        (["--option", "deals=x"], "deals: a whole number, not 'x'"),
        (["--option", "deals=21"], "deals: Input should be less than or equal to 20"),
        (["--option", "trump=clubs"], "trump: is not an option here (only deals=N)"),
        (["--level", "genius"], "there is no 'genius' AI player for 'whist'"),
    ],
)
def test_simulate_refusals(argv: list[str], error: str) -> None:
    code, text = run("simulate", "whist", *argv)
    assert code == 2 and json.loads(text)["error"] == error
