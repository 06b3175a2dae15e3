"""``python -m engine simulate GAME --levels ...`` seats one AI level per seat."""

from __future__ import annotations

import json

import pytest

from tests.engine.command_line import run


def test_levels_seat_one_level_per_seat_and_reproduce_with_the_seed() -> None:
    argv = ("simulate", "kachuful", "--levels", "hard,normal,easy", "--seed", "3",
            "--option", "start_size=3", "--json")
    code, text = run(*argv)
    assert code == 0
    played = json.loads(text)
    assert played["over"] and played["levels"] == ["hard", "normal", "easy"]
    assert len(played["totals"]) == 3
    assert run(*argv) == (code, text)


def test_levels_in_the_readable_log() -> None:
    code, text = run("simulate", "mighty", "--levels", "hard,normal,easy,normal,simple",
                     "--seed", "2", "--option", "hands=1")
    assert code == 0
    assert "hard,normal,easy,normal,simple" in text.splitlines()[0]
    assert "Final standings:" in text


@pytest.mark.parametrize(
    "argv",
    [
        ["kachuful", "--levels", "hard,genius,normal"],
        ["kachuful", "--levels", "hard,normal,normal", "--players", "4"],
        ["mighty", "--levels", "hard,normal,normal,normal"],
        ["kachuful", "--levels", ""],
    ],
)
def test_levels_refusals(argv: list[str]) -> None:
    code, text = run("simulate", *argv)
    assert code == 2 and json.loads(text)["code"] == "bad_input"
