"""Storage on a real SQLite file: migrations, tables, the action log, leaderboards."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.storage import tables as store
from bot.storage.db import connect, schema_version
from bot.storage.migrations import MIGRATIONS
from bot.storage.results import FinishedGame, PlayerResult, leaderboard, record_game
from bot.storage.tables import SeatRecord, TableRecord
from bot.storage.writer import Row, Writer, insert


def _table(channel: int = 10) -> TableRecord:
    return TableRecord(
        guild_id=1, channel_id=channel, game="kachuful", host_id=100,
        settings={"start_size": None, "hook": True, "turn_timer": 0},
        seats=[SeatRecord("Ana", 100), SeatRecord("Ada", None, True)],
        created_at=1000.0, updated_at=1000.0,
    )


async def test_migrations_from_empty_make_folders_and_wal(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "bot.sqlite3"
    conn = await connect(path)
    try:
        assert path.exists()
        assert await schema_version(conn) == len(MIGRATIONS)
        async with conn.execute("PRAGMA journal_mode") as cur:
            assert (await cur.fetchone())[0] == "wal"  # type: ignore[index]
        async with conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cur:
            names = {r[0] for r in await cur.fetchall()}
        assert {"tables", "actions", "games", "game_players", "ratings"} <= names
    finally:
        await conn.close()
    again = await connect(path)  # a second open migrates nothing and keeps the data
    try:
        assert await schema_version(again) == len(MIGRATIONS)
    finally:
        await again.close()


async def test_table_round_trip_and_action_log(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    conn = await connect(path)
    rec = _table()
    await store.insert_table(conn, rec)
    rec.status, rec.state, rec.version, rec.deadline = "running", '{"x": 1}', 3, 2000.5
    rec.message_id, rec.message_posted_at = 555, 1001.0
    rec.seats[1] = SeatRecord("Boole", None, True, left_user_id=7)
    await store.save_table(conn, rec)
    await insert(conn, store.action_row(rec.id, 1, None, 100, {"deal": {"seed": 1}}, 1000.0))
    await insert(conn, store.action_row(rec.id, 2, 0, 100, {"bid": 2}, 1001.0))
    await conn.commit()
    await conn.close()

    conn = await connect(path)
    try:
        [loaded] = await store.load_open_tables(conn)
        assert loaded == rec
        assert await store.last_seq(conn, rec.id) == 2
        assert await store.first_action_at(conn, rec.id) == 1000.0
        log = await store.load_actions(conn, rec.id)
        assert [e["action"] for e in log] == [{"deal": {"seed": 1}}, {"bid": 2}]
        rec.status = "finished"
        await store.save_table(conn, rec)
        await conn.commit()
        assert await store.load_open_tables(conn) == []
        assert (await store.load_table(conn, rec.id)) == rec
    finally:
        await conn.close()


async def test_one_open_table_per_channel(tmp_path: Path) -> None:
    conn = await connect(tmp_path / "bot.sqlite3")
    try:
        first = _table()
        await store.insert_table(conn, first)
        with pytest.raises(sqlite3.IntegrityError):
            await store.insert_table(conn, _table())
        await conn.rollback()
        first.status = "abandoned"
        await store.save_table(conn, first)
        await store.insert_table(conn, _table())  # a closed table frees the channel
        await conn.commit()
    finally:
        await conn.close()


async def test_leaderboard_after_recorded_games(tmp_path: Path) -> None:
    conn = await connect(tmp_path / "bot.sqlite3")
    try:
        for ended in range(3):
            result = FinishedGame(
                guild_id=1, game="kachuful", status="finished", hands_played=25,
                ended_at=2000.0 + ended, table_id=None,
                players=[
                    PlayerResult(seat=0, user_id=100, name="Ana", score=120, won=True),
                    PlayerResult(seat=1, user_id=200, name="Bo", score=80, won=False),
                    PlayerResult(seat=2, user_id=None, name="Ada", score=60, won=False),
                ],
            )
            await record_game(conn, result)
        await conn.commit()
        board = await leaderboard(conn, 1, "kachuful")
        assert board.games_recorded == 3
        assert [s.player.user_id for s in board.ranked] == [100, 200]
        assert board.ranked[0].player.wins == 3
        assert (await leaderboard(conn, 2, "kachuful")).empty
    finally:
        await conn.close()


async def test_writer_batches_and_isolates_a_bad_write(tmp_path: Path) -> None:
    conn = await connect(tmp_path / "bot.sqlite3")
    try:
        records = [_table(channel) for channel in (1, 2, 3)]
        for rec in records:
            await store.insert_table(conn, rec)
        await conn.commit()
        writer = Writer(conn)
        await writer.write([store.action_row(records[0].id, 1, 0, 100, {"bid": 1}, 1.0)])

        def move(rec: TableRecord, seq: int) -> list[Row]:
            rec.version = seq
            return [store.action_row(rec.id, seq, 0, 100, {"bid": seq}, 2.0),
                    store.table_row(rec)]

        results = await asyncio.gather(
            writer.write(move(records[0], 1)),  # seq 1 is taken: this write fails alone
            writer.write(move(records[1], 1)),
            writer.write(move(records[2], 1)),
            return_exceptions=True,
        )
        assert isinstance(results[0], sqlite3.IntegrityError)
        assert results[1:] == [None, None]
        versions = {r.channel_id: r.version for r in await store.load_open_tables(conn)}
        assert versions == {1: 0, 2: 1, 3: 1}
        assert [e["action"] for e in await store.load_actions(conn, records[0].id)] == [
            {"bid": 1}]
    finally:
        await conn.close()
