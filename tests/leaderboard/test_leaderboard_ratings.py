"""The rating wrapper: tie-sharing ranks and the openskill Plackett-Luce update."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.storage.ratings import MIN_RATED_GAMES, Skill, competition_ranks, rate


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(-30, 30), max_size=8))
def test_competition_ranks_share_ties(values: list[int]) -> None:
    assert competition_ranks(values) == [1 + sum(o > v for o in values) for v in values]


@settings(max_examples=25, deadline=None)
@given(scores=st.lists(st.integers(-20, 60), min_size=2, max_size=7), data=st.data())
def test_rating_ignores_seat_order(scores: list[int], data: st.DataObject) -> None:
    skills = [Skill(mu=20 + i, sigma=3 + i / 2, games=i) for i in range(len(scores))]
    order = data.draw(st.permutations(range(len(scores))))
    plain = rate(skills, scores)
    shuffled = rate([skills[i] for i in order], [scores[i] for i in order])
    for got, i in zip(shuffled, order, strict=True):
        assert got.mu == pytest.approx(plain[i].mu) and got.sigma == pytest.approx(plain[i].sigma)
        assert got.games == skills[i].games + 1


def test_fewer_than_two_members_rate_nobody() -> None:
    alone = Skill(mu=30.0, sigma=2.0, games=4)
    assert rate([alone], [50]) == [alone] and rate([], []) == []
    with pytest.raises(ValueError, match="one score per rated player"):
        rate([alone, alone], [1])


def test_ordinal_and_spread_are_three_sigma() -> None:
    skill = Skill(mu=25.0, sigma=2.0, games=MIN_RATED_GAMES)
    assert (skill.ordinal, skill.spread, skill.ranked) == (19.0, 6.0, True)
    assert not Skill(games=MIN_RATED_GAMES - 1).ranked
