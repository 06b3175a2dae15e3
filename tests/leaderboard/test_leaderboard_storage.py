"""Recording games and the leaderboard/stats queries, on a real SQLite file and a real
PostgreSQL server."""

from __future__ import annotations

import json

import aiosqlite
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from bot.storage.db import migrate
from bot.storage.ratings import MIN_RATED_GAMES, Skill
from bot.storage.results import FinishedGame, GameStatus, load_skills, record_game
from bot.storage.standings import leaderboard, most_played_game, player_stats
from engine.game import Results
from tests.backends import Session, SqliteSession
from tests.leaderboard.builders import game_of

ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104


async def record(conn: Session, *games: FinishedGame) -> None:
    for g in games:
        await record_game(conn, g)
    await conn.commit()


async def rows(conn: Session, sql: str, *params: object) -> list[tuple[object, ...]]:
    return await conn.fetch(sql, params)


async def test_record_game_stores_the_game_and_every_seat(conn: Session) -> None:
    g = game_of([(ALICE, 30), (None, 12), (BOB, 30)]).model_copy(
        update={"variant": {"scoring": "classic", "start_size": 7}, "table_id": 9}
    )
    game_id = await record_game(conn, g)
    await conn.commit()
    [stored] = await rows(conn, "SELECT id, table_id, guild_id, game, variant, status, "
                                "hands_played FROM games")
    assert stored[:4] == (game_id, 9, 1, "kachuful")
    assert json.loads(str(stored[4])) == {"scoring": "classic", "start_size": 7}
    assert stored[5:] == ("finished", 5)
    seats = await rows(conn, "SELECT seat, user_id, is_ai, name, score, won FROM game_players "
                             "WHERE game_id = ? ORDER BY seat", game_id)
    assert seats == [(0, ALICE, 0, f"member {ALICE}", 30, 1), (1, None, 1, "AI 1", 12, 0),
                     (2, BOB, 0, f"member {BOB}", 30, 1)]


async def test_record_game_leaves_committing_to_the_caller(conn: Session) -> None:
    await record_game(conn, game_of([(ALICE, 30), (BOB, 10)]))
    await conn.rollback()
    assert await rows(conn, "SELECT * FROM games") == []
    assert await rows(conn, "SELECT * FROM ratings") == []


async def test_rating_moves_winner_up_and_loser_down(conn: Session) -> None:
    await record(conn, game_of([(ALICE, 40), (BOB, 10), (CAROL, 25)]))
    skills = await load_skills(conn, 1, "kachuful")
    fresh = Skill()
    assert skills[ALICE].mu > skills[CAROL].mu > skills[BOB].mu
    assert skills[ALICE].mu > fresh.mu > skills[BOB].mu
    assert all(s.sigma < fresh.sigma and s.games == 1 for s in skills.values())


async def test_k10_shared_win_counts_for_each_and_rates_them_equal(
    conn: Session,
) -> None:
    await record(conn, game_of([(ALICE, 30), (BOB, 30), (CAROL, 0)]))
    skills = await load_skills(conn, 1, "kachuful")
    assert skills[ALICE] == skills[BOB]
    assert skills[ALICE].mu > skills[CAROL].mu
    board = await leaderboard(conn, 1, "kachuful")
    wins = {p.user_id: p.wins for p in board.provisional}
    assert wins == {ALICE: 1, BOB: 1, CAROL: 0}


async def test_ai_players_are_never_rated_counted_or_listed(conn: Session) -> None:
    # Alone with AI players: the game counts in the member's record but rates nothing.
    await record(conn, game_of([(ALICE, 50), (None, 10), (None, 0)]))
    assert await load_skills(conn, 1, "kachuful") == {}
    # With another member: only the members' order counts (the AI players beat both).
    await record(conn, game_of([(None, 90), (ALICE, 20), (None, 80), (BOB, 30)]))
    skills = await load_skills(conn, 1, "kachuful")
    assert set(skills) == {ALICE, BOB}
    assert skills[BOB].mu > skills[ALICE].mu
    board = await leaderboard(conn, 1, "kachuful")
    assert {p.user_id for p in board.provisional} == {ALICE, BOB}
    alice = next(p for p in board.provisional if p.user_id == ALICE)
    assert (alice.games, alice.wins, alice.skill.games) == (2, 1, 1)


async def test_abandoned_games_are_kept_but_change_no_rating_or_total(
    conn: Session,
) -> None:
    await record(conn, game_of([(ALICE, 30), (BOB, 10)]))
    before = await load_skills(conn, 1, "kachuful")
    await record(conn, game_of([(ALICE, 0), (BOB, 70)], status="abandoned"))
    assert await load_skills(conn, 1, "kachuful") == before
    assert await rows(conn, "SELECT status FROM games ORDER BY id") == [
        ("finished",), ("abandoned",)]
    bob = await player_stats(conn, 1, "kachuful", BOB)
    assert bob is not None and bob.summary is not None
    assert (bob.summary.games, bob.summary.wins, bob.summary.best_score) == (1, 0, 10)
    assert bob.abandoned == 1
    assert [(g.status, g.won, g.place) for g in bob.recent] == [
        ("abandoned", False, 1), ("finished", False, 2)]


async def test_only_abandoned_games_give_stats_without_a_summary(
    conn: Session,
) -> None:
    await record(conn, game_of([(ALICE, 5), (BOB, 0)], status="abandoned"))
    stats = await player_stats(conn, 1, "kachuful", ALICE)
    assert stats is not None and stats.summary is None and stats.abandoned == 1
    assert (await leaderboard(conn, 1, "kachuful")).empty


async def test_minimum_games_before_being_ranked(conn: Session) -> None:
    for _ in range(MIN_RATED_GAMES - 1):
        await record(conn, game_of([(ALICE, 30), (BOB, 10)]))
    await record(conn, game_of([(CAROL, 30), (DAVE, 10)]))
    board = await leaderboard(conn, 1, "kachuful")
    assert board.ranked == []
    assert {p.user_id for p in board.provisional} == {ALICE, BOB, CAROL, DAVE}
    await record(conn, game_of([(ALICE, 30), (BOB, 10)]))
    board = await leaderboard(conn, 1, "kachuful")
    assert [(s.rank, s.player.user_id) for s in board.ranked] == [(1, ALICE), (2, BOB)]
    assert {p.user_id for p in board.provisional} == {CAROL, DAVE}
    alice = await player_stats(conn, 1, "kachuful", ALICE)
    bob = await player_stats(conn, 1, "kachuful", BOB)
    carol = await player_stats(conn, 1, "kachuful", CAROL)
    assert alice is not None and bob is not None and carol is not None
    assert (alice.rank, bob.rank, carol.rank, alice.ranked_players) == (1, 2, None, 2)


async def test_equal_ratings_share_a_rank(conn: Session) -> None:
    for _ in range(MIN_RATED_GAMES):
        await record(conn, game_of([(ALICE, 30), (BOB, 30), (CAROL, 0)]))
    board = await leaderboard(conn, 1, "kachuful")
    assert [(s.rank, s.player.user_id) for s in board.ranked] == [
        (1, ALICE), (1, BOB), (3, CAROL)]


async def test_each_server_and_game_keeps_its_own_records(conn: Session) -> None:
    await record(conn, game_of([(ALICE, 30), (BOB, 10)], guild_id=1))
    await record(conn, game_of([(ALICE, 10), (BOB, 30)], guild_id=2))
    await record(conn, game_of([(ALICE, 0), (BOB, 9)], guild_id=1, game="mighty"))
    one, two = await load_skills(conn, 1, "kachuful"), await load_skills(conn, 2, "kachuful")
    assert one[ALICE].mu > one[BOB].mu and two[BOB].mu > two[ALICE].mu
    assert (await load_skills(conn, 1, "mighty"))[BOB].mu > Skill().mu
    stats = await player_stats(conn, 2, "kachuful", ALICE)
    assert stats is not None and stats.summary is not None
    assert (stats.summary.games, stats.summary.wins) == (1, 0)
    assert (await leaderboard(conn, 3, "kachuful")).empty
    assert await player_stats(conn, 3, "kachuful", ALICE) is None


async def test_mighty_scores_sum_as_net_units(conn: Session) -> None:
    await record(conn, game_of([(ALICE, 8), (BOB, -2), (CAROL, -2), (DAVE, -2), (None, -2)],
                               game="mighty"))
    await record(conn, game_of([(ALICE, -6), (BOB, 3), (CAROL, 3), (DAVE, -4), (None, 4)],
                               game="mighty"))
    stats = await player_stats(conn, 1, "mighty", ALICE)
    assert stats is not None and stats.summary is not None
    assert (stats.summary.total_score, stats.summary.best_score, stats.summary.wins) == (2, 8, 1)


async def test_most_played_game_defaults_to_kachuful(conn: Session) -> None:
    assert await most_played_game(conn, 1, ["kachuful", "mighty"]) == "kachuful"
    await record(conn, game_of([(ALICE, 1), (BOB, 0)], game="mighty"))
    assert await most_played_game(conn, 1, ["kachuful", "mighty"]) == "mighty"
    await record(conn, game_of([(ALICE, 1), (BOB, 0)]))
    assert await most_played_game(conn, 1, ["kachuful", "mighty"]) == "kachuful"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"status": "abandoned"}, "abandoned game has no winner"),
        ({"game": "Poker!"}, "String should match pattern"),
        ({"players": []}, "at least 1 item"),
    ],
)
def test_bad_records_are_refused(change: dict[str, object], message: str) -> None:
    data = game_of([(ALICE, 30), (BOB, 10)]).model_dump() | change
    with pytest.raises(ValidationError, match=message):
        FinishedGame.model_validate(data)


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ([(0, ALICE, 30, True), (2, BOB, 10, False)], "seats must be numbered"),
        ([(0, ALICE, 30, True), (1, ALICE, 10, False)], "only one seat"),
        ([(0, ALICE, 30, False), (1, BOB, 10, True)], "best total"),
        ([(0, ALICE, 30, True), (1, BOB, 30, False)], "best total"),
    ],
)
def test_inconsistent_seats_are_refused(
    seats: list[tuple[int, int, int, bool]], message: str
) -> None:
    players = [{"seat": s, "user_id": u, "name": "x", "score": sc, "won": w}
               for s, u, sc, w in seats]
    with pytest.raises(ValidationError, match=message):
        FinishedGame.model_validate({"guild_id": 1, "game": "kachuful", "status": "finished",
                                     "players": players, "hands_played": 1, "ended_at": 1.0})


def test_from_results_takes_the_engine_winners_and_seats() -> None:
    res = Results(hand_scores=[[11, 0, 11], [0, 12, 10]], totals=[11, 12, 21], winners=[2],
                  over=True)
    seats = [(ALICE, "Alice"), (None, "Ada"), (BOB, "Bob")]
    done = FinishedGame.from_results(guild_id=5, game="kachuful", status="finished",
                                     seats=seats, results=res, ended_at=2.0)
    assert [(p.user_id, p.is_ai, p.score, p.won) for p in done.players] == [
        (ALICE, False, 11, False), (None, True, 12, False), (BOB, False, 21, True)]
    assert done.hands_played == 2
    ended = FinishedGame.from_results(guild_id=5, game="kachuful", status="abandoned",
                                      seats=seats, results=res, ended_at=2.0)
    assert not any(p.won for p in ended.players)
    with pytest.raises(ValueError, match="one seat per total"):
        FinishedGame.from_results(guild_id=5, game="kachuful", status="finished",
                                  seats=seats[:2], results=res, ended_at=2.0)


members = st.sampled_from([ALICE, BOB, CAROL, DAVE, None])
STATUSES: tuple[GameStatus, ...] = ("finished", "finished", "abandoned")


@st.composite
def games(draw: st.DrawFn) -> FinishedGame:
    seats = draw(st.lists(members, min_size=2, max_size=5).filter(
        lambda us: len({u for u in us if u}) == len([u for u in us if u])))
    scores = draw(st.lists(st.integers(-20, 60), min_size=len(seats), max_size=len(seats)))
    status = draw(st.sampled_from(STATUSES))
    return game_of(list(zip(seats, scores, strict=True)), guild_id=draw(st.sampled_from([1, 2])),
                   status=status)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(history=st.lists(games(), max_size=12))
async def test_leaderboard_agrees_with_the_history(history: list[FinishedGame]) -> None:
    async with aiosqlite.connect(":memory:") as raw:
        await migrate(raw)
        db = SqliteSession(raw)
        await record(db, *history)
        for guild in (1, 2):
            board = await leaderboard(db, guild, "kachuful")
            done = [g for g in history if g.guild_id == guild and g.status == "finished"]
            listed = [s.player for s in board.ranked] + board.provisional
            assert board.games_recorded == len(done)
            for p in listed:
                mine = [q for g in done for q in g.players if q.user_id == p.user_id]
                assert (p.games, p.wins) == (len(mine), sum(q.won for q in mine))
                assert p.skill.ranked == (p in [s.player for s in board.ranked])
            assert {p.user_id for p in listed} == {
                q.user_id for g in done for q in g.players if q.user_id is not None}
            ordinals = [s.player.skill.ordinal for s in board.ranked]
            assert ordinals == sorted(ordinals, reverse=True)
