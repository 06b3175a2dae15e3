"""Seasons (docs/nights.md "Seasons"): when a monthly season gives way to the next
(pure), and, on a real SQLite file and a real PostgreSQL server, ratings and
leaderboards per season: a new season starts everyone afresh, the earlier one stays
as it was, a member's stats and rating history are per season, and the records from
before seasons are season 1's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.seasons import FIRST, Season, current, rollover, start_next, with_monthly
from bot.storage.ratings import Skill, rate
from bot.storage.results import FinishedGame, record_game
from bot.storage.store import SqlStorage
from tests.backends import BACKENDS, StorageAt, at_version
from tests.leaderboard.builders import game_of

ALICE, BOB, CAROL = 101, 102, 103


def day(year: int, month: int, date: int, hour: int = 0) -> float:
    return datetime(year, month, date, hour, tzinfo=UTC).timestamp()


def test_a_season_runs_on_until_monthly_seasons_end_its_month() -> None:
    assert rollover(FIRST, day(2030, 1, 1)) is None
    monthly = with_monthly(FIRST, True, day(2024, 3, 15))
    assert monthly == Season(1, None, day(2024, 4, 1), monthly=True)
    assert rollover(monthly, day(2024, 3, 31, 23)) is None
    assert rollover(monthly, day(2024, 4, 1)) == Season(2, day(2024, 4, 1), day(2024, 5, 1),
                                                        monthly=True)
    # months without games make no season of their own
    assert current(monthly, day(2024, 6, 10)) == Season(2, day(2024, 6, 1), day(2024, 7, 1),
                                                        monthly=True)
    december = Season(7, day(2024, 12, 1), day(2025, 1, 1), monthly=True)
    assert rollover(december, day(2025, 1, 1, 5)) == Season(
        8, day(2025, 1, 1), day(2025, 2, 1), monthly=True)
    assert with_monthly(monthly, True, day(2024, 3, 20)) == monthly  # already monthly
    assert with_monthly(monthly, False, day(2024, 3, 20)) == FIRST


def test_starting_a_season_ends_the_running_one_now() -> None:
    ended, started = start_next(FIRST, day(2024, 5, 9), monthly=False)
    assert ended == Season(1, None, day(2024, 5, 9))
    assert started == Season(2, day(2024, 5, 9))
    _, monthly = start_next(started, day(2024, 5, 20), monthly=True)
    assert monthly == Season(3, day(2024, 5, 20), day(2024, 6, 1), monthly=True)


@pytest.fixture
async def storage(storage_at: StorageAt) -> AsyncIterator[SqlStorage]:
    opened = await storage_at.open()
    try:
        yield opened
    finally:
        await opened.close()


async def record(storage: SqlStorage, *games: FinishedGame) -> None:
    async with storage.writer.transaction() as tx:
        for g in games:
            await record_game(tx, g)


def at(game: FinishedGame, when: float) -> FinishedGame:
    return game.model_copy(update={"ended_at": when})


async def test_a_new_season_starts_afresh_and_keeps_the_old_one(storage: SqlStorage) -> None:
    await record(storage, *[game_of([(ALICE, 40), (BOB, 10), (CAROL, 0)]) for _ in range(4)])
    first = await storage.leaderboard(1, "kachuful")
    assert first.season == 1 and [s.player.user_id for s in first.ranked] == [ALICE, BOB, CAROL]
    alice_first = await storage.player_stats(1, "kachuful", ALICE)
    counts = await storage.db.sql.fetch(
        "SELECT (SELECT COUNT(*) FROM games), (SELECT COUNT(*) FROM ratings)")

    started = await storage.start_season(1, monthly=False)
    assert started.number == 2 and (await storage.season(1)).number == 2
    assert await storage.db.sql.fetch(
        "SELECT (SELECT COUNT(*) FROM games), (SELECT COUNT(*) FROM ratings)") == counts
    assert (await storage.leaderboard(1, "kachuful")).empty
    assert await storage.leaderboard(1, "kachuful", season=1) == first
    assert await storage.player_stats(1, "kachuful", ALICE) is None
    assert await storage.player_stats(1, "kachuful", ALICE, season=1) == alice_first
    assert (await storage.season(2)).number == 1  # other servers run on

    await record(storage, game_of([(BOB, 50), (ALICE, 0)]))
    bob, alice = rate([Skill(), Skill()], [50, 0])
    board = await storage.leaderboard(1, "kachuful")
    assert {p.user_id: p.skill for p in board.provisional} == {BOB: bob, ALICE: alice}
    assert await storage.skills(1, "kachuful", [ALICE, CAROL]) == {ALICE: alice}
    assert (await storage.skills(1, "kachuful", [ALICE], season=1))[ALICE].games == 4
    assert await storage.leaderboard(1, "kachuful", season=1) == first
    assert len(await storage.rating_history(1, "kachuful", ALICE)) == 1
    assert len(await storage.rating_history(1, "kachuful", ALICE, season=1)) == 4
    seasons = await storage.player_seasons(1, "kachuful", ALICE)
    assert [(s.season, s.summary.games, s.summary.wins, s.rank) for s in seasons] == [
        (1, 4, 4, 1), (2, 1, 0, None)]
    assert seasons[1].ranked_players == 0
    assert [s.number for s in await storage.seasons(1)] == [1, 2]


async def test_the_game_played_most_is_counted_in_its_season(storage: SqlStorage) -> None:
    await record(storage, *[game_of([(ALICE, 4), (BOB, 1)], game="mighty") for _ in range(3)])
    assert await storage.most_played_game(1, ["kachuful", "mighty"]) == "mighty"
    await storage.start_season(1, monthly=False)
    assert await storage.most_played_game(1, ["kachuful", "mighty"]) == "kachuful"
    await record(storage, game_of([(ALICE, 4), (BOB, 1)]))
    assert await storage.most_played_game(1, ["kachuful", "mighty"]) == "kachuful"
    assert await storage.most_played_game(1, ["kachuful", "mighty"], season=1) == "mighty"


async def test_monthly_seasons_start_with_the_first_game_of_a_month(
    storage: SqlStorage,
) -> None:
    march = day(2024, 3, 15)
    assert await storage.set_monthly_seasons(1, True, now=march) == Season(
        1, None, day(2024, 4, 1), monthly=True)
    await record(storage, at(game_of([(ALICE, 40), (BOB, 0)]), day(2024, 3, 20)))
    assert (await storage.season(1, now=day(2024, 4, 3))).number == 2  # read: nothing stored
    assert [s.number for s in await storage.seasons(1, now=day(2024, 3, 31))] == [1]
    await record(storage, at(game_of([(ALICE, 0), (BOB, 40)]), day(2024, 4, 2)))
    await record(storage, at(game_of([(ALICE, 0), (BOB, 40)]), day(2024, 6, 9)))
    seasons = await storage.seasons(1, now=day(2024, 6, 10))
    assert [(s.number, s.started_at) for s in seasons] == [
        (1, None), (2, day(2024, 4, 1)), (3, day(2024, 6, 1))]
    for number in (1, 2, 3):
        board = await storage.leaderboard(1, "kachuful", season=number)
        assert board.games_recorded == 1
    assert (await storage.set_monthly_seasons(1, False, now=day(2024, 6, 10))).ends_at is None
    await record(storage, at(game_of([(ALICE, 0), (BOB, 40)]), day(2024, 9, 1)))
    assert (await storage.season(1, now=day(2024, 9, 2))).number == 3


V5_ROWS = (
    "INSERT INTO games (id, guild_id, game, variant, status, hands_played, ended_at) VALUES "
    "(1, 1, 'kachuful', '{}', 'finished', 5, 100), (2, 1, 'kachuful', '{}', 'finished', 5, 200)",
    "INSERT INTO game_players (game_id, seat, user_id, is_ai, name, score, won, mu, sigma) "
    "VALUES (1, 0, 101, 0, 'Alice', 30, 1, 27.0, 8.0), (1, 1, 102, 0, 'Bob', 10, 0, 23.0, 8.0),"
    " (2, 0, 101, 0, 'Alice', 30, 1, 28.5, 7.5), (2, 1, 102, 0, 'Bob', 10, 0, 21.5, 7.5)",
    "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games) VALUES "
    "(1, 'kachuful', 101, 28.5, 7.5, 2), (1, 'kachuful', 102, 21.5, 7.5, 2)",
)


@pytest.mark.parametrize("kind", BACKENDS)
async def test_the_records_from_before_seasons_are_season_one(
    request: pytest.FixtureRequest, tmp_path: Path, kind: str,
) -> None:
    async with at_version(request, kind, tmp_path, 5, V5_ROWS) as older:
        storage = await older.open()  # migrates to the latest version
        try:
            assert await storage.season(1) == FIRST
            board = await storage.leaderboard(1, "kachuful")
            assert board.season == 1 and board.games_recorded == 2
            assert [(p.user_id, p.skill) for p in board.provisional] == [
                (ALICE, Skill(28.5, 7.5, 2)), (BOB, Skill(21.5, 7.5, 2))]
            assert await storage.rating_history(1, "kachuful", ALICE) == [
                (27.0, 8.0), (28.5, 7.5)]
            await storage.start_season(1, monthly=False)
            assert await storage.leaderboard(1, "kachuful", season=1) == board
        finally:
            await storage.close()
