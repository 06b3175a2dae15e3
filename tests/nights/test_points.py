"""The points a night gives for a game (docs/nights.md "Points"): every table gives
its members the same points on average whatever its size and ties, the first place
``TOP`` and the last 0, ties share, and a better standing never scores less."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from bot.nights import MEAN, TOP, table_points

standings = st.dictionaries(st.integers(1, 10**6), st.integers(-30, 30), min_size=1,
                            max_size=7)


@given(standing=standings)
def test_every_table_gives_mean_points_a_member_whatever_its_size_and_ties(
    standing: dict[int, int],
) -> None:
    points = table_points(standing)
    assert points.keys() == standing.keys()
    assert sum(points.values()) == MEAN * len(standing)


@given(standing=standings)
def test_a_better_standing_scores_more_and_ties_score_alike(standing: dict[int, int]) -> None:
    points = table_points(standing)
    for a in standing:
        for b in standing:
            if standing[a] > standing[b]:
                assert points[a] > points[b]
            if standing[a] == standing[b]:
                assert points[a] == points[b]
    assert all(0 <= p <= TOP for p in points.values())


@given(size=st.integers(2, 7))
def test_a_sole_winner_scores_top_and_a_sole_last_nothing(size: int) -> None:
    points = table_points({member: member * 10 for member in range(size)})
    assert points[size - 1] == TOP and points[0] == 0
    assert len(set(points.values())) == size  # evenly spaced, all different


def test_examples() -> None:
    assert table_points({1: 30, 2: 20, 3: 20, 4: 0}) == {
        1: 10, 2: 5, 3: 5, 4: 0}  # the tied pair shares places 2 and 3: (20/3 + 10/3) / 2
    assert table_points({1: 5, 2: 5, 3: 5}) == dict.fromkeys((1, 2, 3), MEAN)
    assert table_points({7: -3}) == {7: MEAN}  # alone with AI players
    assert table_points({1: 3, 2: 2, 3: 1}) == {1: 10, 2: 5, 3: 0}
    assert table_points({1: 4, 2: 3, 3: 2, 4: 1})[2] == Fraction(20, 3)
