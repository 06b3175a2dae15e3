"""A night's state through whole nights played at random (docs/nights.md): members join
and leave between rounds, rounds are seated, their tables opened and finished or
abandoned; the state goes to JSON and back unchanged at every step, and the standings
are the sum of the games' points and the byes. Then the refusals, one by one."""

from __future__ import annotations

from collections.abc import Callable, Collection
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.nights import (
    MEAN,
    NightError,
    NightSettings,
    NightState,
    TableResult,
    standings,
    table_points,
)

SIZES: dict[str, Collection[int]] = {"kachuful": range(3, 8), "mighty": (5,)}
KACHUFUL_ONLY = NightSettings(games=("kachuful",))


def joined(*members: int) -> NightState:
    state = NightState()
    for m in members:
        state = state.join(m, f"member {m}")
    return state


def play_round(state: NightState, settings_: NightSettings, seed: int = 0,
               first_table: int = 100) -> NightState:
    """Seat a round, open its tables and finish each, the member listed last winning."""
    state = state.seat_next(settings_, SIZES, {}, seed)
    number = len(state.rounds)
    for i, table in enumerate(state.rounds[-1].tables):
        table_id = first_table + 10 * number + i
        state = state.opened(number, i, table_id)
        standing = {m: k for k, m in enumerate(table.members)}
        state = state.record(table_id, TableResult(status="finished", standing=standing))
    return state


def expected_totals(state: NightState) -> dict[int, Fraction]:
    """Each member's total, straight from the points scheme."""
    totals = {m.user_id: Fraction(0) for m in state.members}
    for played in state.rounds:
        for table in played.tables:
            if table.result is not None and table.result.status == "finished":
                for member, points in table_points(table.result.standing).items():
                    totals[member] += points
        if played.complete:
            for member in played.waiting:
                totals[member] += MEAN
    return totals


@st.composite
def nights(draw: st.DrawFn) -> NightState:
    """A night played at random up to some point, checked at every step."""
    night = NightSettings(
        games=draw(st.sampled_from([("kachuful",), ("mighty",), ("kachuful", "mighty")])),
        rounds=draw(st.none() | st.integers(1, 4)), ai_fill=draw(st.booleans()))
    state = joined(*range(1, draw(st.integers(2, 14)) + 1))
    next_member, next_table = 100, 1
    for _ in range(draw(st.integers(0, 5))):
        for _ in range(draw(st.integers(0, 2))):  # comings and goings between rounds
            if state.active and draw(st.booleans()):
                state = state.leave(draw(st.sampled_from(state.active)))
            else:
                state, next_member = state.join(next_member, "late"), next_member + 1
        try:
            state = state.seat_next(night, SIZES, {m: draw(st.floats(0, 30))
                                                   for m in state.active}, draw(st.integers()))
        except NightError as exc:
            assert exc.code in ("too_few", "rounds_done")
            break
        assert NightState.from_json(state.to_json()) == state
        number = len(state.rounds)
        for i, table in enumerate(state.rounds[-1].tables):
            state, next_table = state.opened(number, i, next_table), next_table + 1
            if draw(st.booleans()) and draw(st.booleans()):
                result = TableResult(status="abandoned")
            else:
                scores = draw(st.lists(st.integers(-5, 5), min_size=len(table.members),
                                       max_size=len(table.members)))
                result = TableResult(status="finished",
                                     standing=dict(zip(table.members, scores, strict=True)))
            if draw(st.integers(0, 9)) == 0:  # the night is ended mid-round
                return state
            state = state.record(next_table - 1, result)
            assert NightState.from_json(state.to_json()) == state
    return state


@settings(max_examples=150, deadline=None)
@given(state=nights())
def test_standings_are_the_sum_of_the_games_points_and_byes(state: NightState) -> None:
    assert NightState.from_json(state.to_json()) == state
    table = standings(state)
    totals = expected_totals(state)
    assert {m.user_id: m.total for m in table.members} == totals
    assert [m.total for m in table.members] == sorted(totals.values(), reverse=True)
    for m in table.members:
        assert m.place == 1 + sum(t > m.total for t in totals.values())
        assert m.total == sum(p for p in m.rounds if p is not None)
        assert (m.running[-1] if m.running else 0) == m.total
        assert len(m.rounds) == len(state.rounds)
    assert {m.user_id for m in table.winners} <= {m.user_id for m in table.members if m.place == 1}


def test_a_night_of_rounds_then_the_end() -> None:
    night = NightSettings(games=("kachuful",), rounds=2)
    state = play_round(joined(1, 2, 3, 4, 5, 6), night)
    assert not state.all_played(night)
    state = play_round(state, night, seed=1)
    assert state.all_played(night)
    with pytest.raises(NightError) as done:
        state.seat_next(night, SIZES, {}, 2)
    assert done.value.code == "rounds_done"
    table = standings(state)
    assert table.rounds == 2 and sum(m.total for m in table.members) == MEAN * 12
    assert [len(m.running) for m in table.members] == [2] * 6


def test_a_round_is_seated_only_once_the_last_is_complete() -> None:
    state = joined(1, 2, 3).seat_next(KACHUFUL_ONLY, SIZES, {}, 0)
    with pytest.raises(NightError) as running:
        state.seat_next(KACHUFUL_ONLY, SIZES, {}, 0)
    assert running.value.code == "round_running" and state.round_running
    state = state.opened(1, 0, 7)
    assert state.table(7) == (1, 0) and state.waiting == ()
    state = state.record(7, TableResult(status="abandoned"))
    assert not state.round_running and state.waiting == (1, 2, 3)
    assert standings(state).winners == ()  # an abandoned game scores nothing
    state.seat_next(KACHUFUL_ONLY, SIZES, {}, 0)


def test_leaving_keeps_finished_games_and_seats_no_later_round() -> None:
    state = play_round(joined(1, 2, 3, 4), KACHUFUL_ONLY)
    before = {m.user_id: m.total for m in standings(state).members}
    state = state.leave(4)
    assert {m.user_id: m.total for m in standings(state).members} == before
    assert [m.left for m in standings(state).members if m.user_id == 4] == [True]
    state = state.seat_next(KACHUFUL_ONLY, SIZES, {}, 1)
    assert sorted(state.rounds[-1].tables[0].members) == [1, 2, 3]
    back = state.join(4, "Four again")
    assert back.active == (1, 2, 3, 4) and back.waiting == (4,)


def test_a_member_who_waits_scores_the_bye_once_the_round_is_complete() -> None:
    night = NightSettings(games=("mighty",))
    state = joined(*range(1, 7)).seat_next(night, SIZES, {}, 5)
    [waiting] = state.rounds[0].waiting
    state = state.opened(1, 0, 9)
    assert standings(state).members[0].total == 0
    members = state.rounds[0].tables[0].members
    state = state.record(9, TableResult(status="finished",
                                        standing={m: i for i, m in enumerate(members)}))
    mine = next(m for m in standings(state).members if m.user_id == waiting)
    assert mine.rounds == (MEAN,) and mine.games == 0


@pytest.mark.parametrize(("change", "code"), [
    (lambda s: s.join(1, "again"), "already_joined"),
    (lambda s: s.leave(9), "not_joined"),
    (lambda s: s.opened(2, 0, 5), "unknown_table"),
    (lambda s: s.record(5, TableResult(status="abandoned")), "unknown_table"),
    (lambda s: s.opened(1, 0, 5).record(5, TableResult(status="finished", standing={1: 1})),
     "bad_result"),
    (lambda s: s.opened(1, 0, 5).record(5, TableResult(status="abandoned"))
     .record(5, TableResult(status="abandoned")), "already_recorded"),
])
def test_refusals(change: Callable[[NightState], object], code: str) -> None:
    state = joined(1, 2, 3).seat_next(KACHUFUL_ONLY, SIZES, {}, 0)
    with pytest.raises(NightError) as refused:
        change(state)
    assert refused.value.code == code


def test_a_night_is_full_at_fifty_members() -> None:
    state = joined(*range(50))
    with pytest.raises(NightError) as full:
        state.join(50, "one too many")
    assert full.value.code == "night_full"


@pytest.mark.parametrize("bad", [
    '{"members": [{"user_id": 1, "name": "a"}, {"user_id": 1, "name": "b"}]}',
    '{"members": [], "rounds": [{"number": 1, "tables": [{"game": "kachuful", '
    '"members": [1, 2, 3]}]}]}',
    '{"members": [{"user_id": 1, "name": "a"}], "rounds": [{"number": 2, "tables": '
    '[{"game": "kachuful", "members": [1]}]}]}',
])
def test_a_malformed_state_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        NightState.from_json(bad)


def test_settings_name_each_game_once() -> None:
    with pytest.raises(ValueError):
        NightSettings(games=("kachuful", "kachuful"))
    with pytest.raises(ValueError):
        NightSettings(games=("Kachuful!",))
    with pytest.raises(ValueError):
        NightSettings(games=())
    assert NightSettings.model_validate_json(KACHUFUL_ONLY.model_dump_json()) == KACHUFUL_ONLY
