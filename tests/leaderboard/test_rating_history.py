"""A member's rating history (their rating after each rated game), on a real SQLite file
and a real PostgreSQL server: recorded with each game, and kept by the migration that
brought it for databases made before it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage.results import load_skills, record_game
from bot.storage.standings import rating_history
from tests.backends import BACKENDS, Session, StorageAt, at_version
from tests.leaderboard.builders import game_of

ALICE, BOB, CAROL = 101, 102, 103


async def test_history_holds_the_rating_after_each_rated_game(conn: Session) -> None:
    after: list[tuple[float, float]] = []
    for scores in ([(ALICE, 40), (BOB, 10)], [(ALICE, 0), (None, 50), (BOB, 30), (CAROL, 1)],
                   [(ALICE, 20), (CAROL, 20)]):
        await record_game(conn, game_of(scores))
        now = (await load_skills(conn, 1, "kachuful", [ALICE]))[ALICE]
        after.append((now.mu, now.sigma))
    # Games that move no rating add no point: an abandoned game, a game against AI
    # players only, another server's game, the other game.
    await record_game(conn, game_of([(ALICE, 90), (BOB, 0)], status="abandoned"))
    await record_game(conn, game_of([(ALICE, 90), (None, 0)]))
    await record_game(conn, game_of([(ALICE, 0), (BOB, 90)], guild_id=2))
    await record_game(conn, game_of([(ALICE, 0), (BOB, 90)], game="mighty"))
    await conn.commit()

    assert await rating_history(conn, 1, "kachuful", ALICE) == after
    assert after[0][0] > 25 and after[1][0] < after[0][0]  # won, then came last
    assert len(await rating_history(conn, 1, "kachuful", BOB)) == 2
    assert len(await rating_history(conn, 2, "kachuful", ALICE)) == 1
    assert len(await rating_history(conn, 1, "mighty", ALICE)) == 1
    assert await rating_history(conn, 1, "kachuful", 999) == []


V4_ROWS = (
    # Server 1: two rated games of Alice and Bob, then Alice against an AI player (not
    # rated), then an abandoned game; server 2: one rated game.
    "INSERT INTO games (id, guild_id, game, variant, status, hands_played, ended_at) VALUES "
    "(1, 1, 'kachuful', '{}', 'finished', 5, 100), (2, 1, 'kachuful', '{}', 'finished', 5, 200),"
    " (3, 1, 'kachuful', '{}', 'finished', 5, 300), (4, 1, 'kachuful', '{}', 'abandoned', 2, 400),"
    " (5, 2, 'kachuful', '{}', 'finished', 5, 150)",
    "INSERT INTO game_players (game_id, seat, user_id, is_ai, name, score, won) VALUES "
    "(1, 0, 101, 0, 'Alice', 30, 1), (1, 1, 102, 0, 'Bob', 10, 0), "
    "(2, 0, 101, 0, 'Alice', 30, 1), (2, 1, 102, 0, 'Bob', 10, 0), "
    "(3, 0, 101, 0, 'Alice', 30, 1), (3, 1, NULL, 1, 'Ada', 10, 0), "
    "(4, 0, 101, 0, 'Alice', 0, 0), (4, 1, 102, 0, 'Bob', 5, 0), "
    "(5, 0, 101, 0, 'Alice', 0, 0), (5, 1, 102, 0, 'Bob', 5, 1)",
    "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games) VALUES "
    "(1, 'kachuful', 101, 28.5, 7.5, 2), (1, 'kachuful', 102, 21.5, 7.5, 2), "
    "(2, 'kachuful', 101, 23.0, 8.0, 1), (2, 'kachuful', 102, 27.0, 8.0, 1)",
)

@pytest.fixture(params=BACKENDS)
async def version_4(
    request: pytest.FixtureRequest, tmp_path: Path,
) -> AsyncIterator[StorageAt]:
    """A database of each backend at schema version 4 (before the rating history), with
    :data:`V4_ROWS`."""
    async with at_version(request, request.param, tmp_path, 4, V4_ROWS) as at:
        yield at


async def test_version_5_keeps_each_members_last_rating_as_their_history(
    version_4: StorageAt,
) -> None:
    storage = await version_4.open()  # migrates to the latest version
    try:
        assert await storage.rating_history(1, "kachuful", ALICE) == [(28.5, 7.5)]
        assert await storage.rating_history(1, "kachuful", BOB) == [(21.5, 7.5)]
        assert await storage.rating_history(2, "kachuful", BOB) == [(27.0, 8.0)]
        seats = await storage.db.sql.fetch(
            "SELECT game_id, user_id FROM game_players WHERE mu IS NOT NULL ORDER BY 1, 2")
        assert seats == [(2, ALICE), (2, BOB), (5, ALICE), (5, BOB)]
        board = await storage.leaderboard(1, "kachuful")  # the old records still read
        assert [p.user_id for p in board.provisional] == [ALICE, BOB]

        async with storage.writer.transaction() as tx:
            await record_game(tx, game_of([(ALICE, 50), (BOB, 0)]))
        history = await storage.rating_history(1, "kachuful", ALICE)
        assert history[0] == (28.5, 7.5) and len(history) == 2
        assert history[1][0] > 28.5  # the new game continues from the stored rating
    finally:
        await storage.close()
