"""A game night's final chart (docs/nights.md "The night's end"): drawn from the night's
standings only, against its reviewed references (English; Korean with many members,
some counted in the legend's last row), the same bytes for the same standings, and
refused input raising the pictures' one error."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from bot.i18n import language_of
from bot.nights import NightState, standings
from bot.render.pictures import ENGLISH, Picture, PictureError, Words, night_picture, words_for
from tests.nights.played import played_state
from tests.render.pictures import snapshots


def chart(state: NightState, title: str, words: Words = ENGLISH) -> Picture:
    """The chart of ``state``'s standings, as the final standings draw it."""
    table = standings(state)
    return night_picture(
        title, [m.name for m in table.members], [m.running for m in table.members],
        [i for i, m in enumerate(table.members) if m in table.winners], words=words,
        cache=None)


FIVE = played_state(
    ["Ann", "Bartholomew Longname", "Chidi", "Dana @everyone", "Eun-ji 은지"],
    [[{1: 30, 2: 20, 3: 10}, {4: 7, 5: 7}],
     [{1: 0, 4: 9, 5: 9}, {2: 3, 3: 8}],
     [{2: 1, 4: 3, 5: 3}, {1: 4, 3: 4}]])
"""Five members over three rounds: tables of three and two, ties included (Dana and
Eun-ji share the first place)."""


def many(count: int) -> NightState:
    """``count`` members (a multiple of four), three rounds of tables of four, each
    table's standing drawn from a seeded shuffle."""
    names = ["अर्जुन", "민준 Min-jun", "प्रिया क्षत्रिय 🎲", "Dana", *(f"Player {i}" for i in
                                                                range(5, count + 1))]
    rng = random.Random(5)
    rounds: list[Sequence[dict[int, int]]] = []
    for _ in range(3):
        order = rng.sample(range(1, count + 1), count)
        rounds.append([{m: rng.randrange(40) for m in order[i:i + 4]}
                       for i in range(0, count, 4)])
    return played_state(names, rounds)


def test_night_chart() -> None:
    table = standings(FIVE)
    assert [m.name for m in table.winners] == ["Dana @everyone", "Eun-ji 은지"]
    picture = chart(FIVE, "Friday cards")
    assert picture.filename == "night.png"
    assert picture.description.startswith(
        "Chart of the night's points after each round (rounds played: 3). Dana @everyone 20.0")
    assert picture.description.endswith("Winner: Dana @everyone, Eun-ji 은지.")
    snapshots.check(picture, "night")


def test_night_chart_many_members_in_korean() -> None:
    picture = chart(many(12), "금요일 카드 밤", words_for(language_of("ko")))
    snapshots.check(picture, "night_ko")


def test_the_same_standings_draw_the_same_bytes() -> None:
    first, again = chart(FIVE, "Friday cards"), chart(played_state(
        [m.name for m in FIVE.members], [[dict(t.result.standing) for t in r.tables
                                          if t.result] for r in FIVE.rounds]), "Friday cards")
    assert first == again
    assert chart(FIVE, "Saturday cards").key != first.key


def test_points_are_written_in_the_language() -> None:
    picture = chart(FIVE, "Sexta", words_for(language_of("pt-BR")))
    assert "20,0" in picture.description


@pytest.mark.parametrize(("names", "running"), [
    ([], []), (["A"], []), (["A", "B"], [[1.0], [1.0, 2.0]]), (["A"], [[float("nan")]]),
    (["A"], [[]]),
])
def test_bad_input_raises_picture_error(names: list[str], running: list[list[float]]) -> None:
    with pytest.raises(PictureError):
        night_picture("x", names, running, [], cache=None)
