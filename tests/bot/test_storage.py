"""Storage on a real SQLite file and a real PostgreSQL server: migrations, tables, the
action log, leaderboards, shard leases."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.shards import Shards
from bot.storage import ChannelTaken, PostgresStorage, SqliteStorage, StartRefused
from bot.storage import tables as store
from bot.storage.db import connect, schema_version
from bot.storage.migrations import MIGRATIONS, POSTGRES_MIGRATIONS
from bot.storage.results import FinishedGame, PlayerResult, record_game
from bot.storage.tables import LoggedAction, SeatRecord, Snapshot, TableRecord
from bot.storage.writer import Row, Writer
from tests.backends import StorageAt


def _table(channel: int = 10, guild: int = 1) -> TableRecord:
    return TableRecord(
        guild_id=guild, channel_id=channel, game="kachuful", host_id=100,
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


async def test_table_round_trip_action_log_and_snapshots(storage_at: StorageAt) -> None:
    storage = await storage_at.open()
    rec = _table()
    await storage.insert_table(rec)
    rec.status, rec.version, rec.deadline = "running", 3, 2000.5
    rec.message_id, rec.message_posted_at = 555, 1001.0
    rec.seats[1] = SeatRecord("Boole", None, True, left_user_id=7)
    deal = LoggedAction(1, None, 100, {"deal": {"seed": 1}}, 1000.0)
    await storage.log_action(rec, deal, Snapshot(1, '{"x": 1}'))
    await storage.log_action(rec, LoggedAction(2, 0, 100, {"bid": 2}, 1001.0))
    await storage.log_action(rec, LoggedAction(3, 1, None, {"bid": 1}, 1002.0),
                             Snapshot(3, '{"x": 3}'))
    await storage.log_action(rec, LoggedAction(4, 2, None, {"bid": 0}, 1003.0))
    await storage.close()

    storage = await storage_at.open()
    try:
        [stored] = await storage.open_tables()
        assert stored.rec == rec
        assert stored.snapshot == Snapshot(3, '{"x": 3}')
        assert [e.action for e in stored.actions] == [{"bid": 0}]
        assert stored.last_seq == 4
        assert [e.seq for e in await storage.actions(rec.id)] == [1, 2, 3, 4]
        rec.status = "finished"
        result = FinishedGame(
            guild_id=1, game="kachuful", status="finished", hands_played=1, ended_at=1004.0,
            table_id=rec.id, players=[
                PlayerResult(seat=0, user_id=100, name="Ana", score=12, won=True),
                PlayerResult(seat=1, user_id=None, name="Boole", score=0, won=False)])
        game_id = await storage.close_table(
            rec, entry=LoggedAction(5, 0, 100, {"play": "A♠"}, 1004.0),
            snapshot=Snapshot(5, '{"x": 5}'), result=result)
        assert game_id is not None
        assert await storage.open_tables() == []
        assert await storage.table(rec.id) == rec
        assert await storage.snapshot(rec.id) == Snapshot(5, '{"x": 5}')
        board = await storage.leaderboard(1, "kachuful")
        assert board.games_recorded == 1 and board.last_played == 1004.0
    finally:
        await storage.close()


async def test_one_open_table_per_channel(storage_at: StorageAt) -> None:
    storage = await storage_at.open()
    try:
        first = _table()
        await storage.insert_table(first)
        with pytest.raises(ChannelTaken):
            await storage.insert_table(_table())
        first.status = "abandoned"
        await storage.close_table(first)
        await storage.insert_table(_table())  # a closed table frees the channel
    finally:
        await storage.close()


async def test_guild_settings_round_trip(storage_at: StorageAt) -> None:
    storage = await storage_at.open()
    try:
        assert await storage.guild_settings(1) == {}
        await storage.save_guild_settings(1, {"language": "pt-BR"})
        await storage.save_guild_settings(1, {"language": "ko", "kachuful": {"hook": False}})
        assert await storage.guild_settings(1) == {"language": "ko", "kachuful": {"hook": False}}
        assert await storage.guild_settings(2) == {}
    finally:
        await storage.close()


async def test_version_3_moves_each_state_into_a_snapshot(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    conn = await connect(path, MIGRATIONS[:2])
    await conn.execute(
        "INSERT INTO tables (id, guild_id, channel_id, game, host_id, status, settings, seats, "
        "state, version, created_at, updated_at) VALUES (7, 1, 10, 'kachuful', 100, 'running', "
        "'{}', '[]', '{\"s\": 1}', 2, 0, 0)")
    await conn.execute("INSERT INTO actions VALUES (7, 1, NULL, 100, '{}', 0)")
    await conn.execute("INSERT INTO actions VALUES (7, 2, 0, 100, '{}', 0)")
    await conn.commit()
    await conn.close()
    storage = await SqliteStorage.open(path)
    try:
        assert await storage.snapshot(7) == Snapshot(2, '{"s": 1}')
        [stored] = await storage.open_tables()
        assert stored.actions == [] and stored.last_seq == 2
    finally:
        await storage.close()


async def test_leaderboard_after_recorded_games(storage_at: StorageAt) -> None:
    storage = await storage_at.open()
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
            async with storage.writer.transaction() as tx:
                await record_game(tx, result)
        board = await storage.leaderboard(1, "kachuful")
        assert board.games_recorded == 3
        assert [s.player.user_id for s in board.ranked] == [100, 200]
        assert board.ranked[0].player.wins == 3
        assert (await storage.leaderboard(2, "kachuful")).empty
        stats = await storage.player_stats(1, "kachuful", 200)
        assert stats is not None and stats.rank == 2 and stats.recent[0].place == 2
        assert await storage.most_played_game(1, ["mighty", "kachuful"]) == "kachuful"
    finally:
        await storage.close()


async def test_writer_batches_and_isolates_a_bad_write(storage_at: StorageAt) -> None:
    storage = await storage_at.open()
    try:
        records = [_table(channel) for channel in (1, 2, 3)]
        for rec in records:
            await storage.insert_table(rec)
        writer = Writer(storage.db)
        await writer.write([store.action_row(records[0].id,
                                             LoggedAction(1, 0, 100, {"bid": 1}, 1.0))])

        def move(rec: TableRecord, seq: int) -> list[Row]:
            rec.version = seq
            return [store.action_row(rec.id, LoggedAction(seq, 0, 100, {"bid": seq}, 2.0)),
                    store.table_row(rec)]

        results = await asyncio.gather(
            writer.write(move(records[0], 1)),  # seq 1 is taken: this write fails alone
            writer.write(move(records[1], 1)),
            writer.write(move(records[2], 1)),
            return_exceptions=True,
        )
        assert isinstance(results[0], storage.db.integrity_errors)
        assert results[1:] == [None, None]
        versions = {s.rec.channel_id: s.rec.version for s in await storage.open_tables()}
        assert versions == {1: 0, 2: 1, 3: 1}
        assert [e.action for e in await storage.actions(records[0].id)] == [{"bid": 1}]
    finally:
        await storage.close()


async def test_open_tables_of_a_process_are_its_shards_servers(storage_at: StorageAt) -> None:
    guilds = [(n << 22) | 5 for n in (10, 11, 12, 13)]  # shards 0, 1, 0, 1 of 2
    storage = await storage_at.open()
    try:
        for channel, guild in enumerate(guilds, 1):
            await storage.insert_table(_table(channel, guild))
        found = {s.rec.guild_id for s in await storage.open_tables(Shards(2, (1,)))}
        assert found == {guilds[1], guilds[3]}
        assert len(await storage.open_tables(Shards(2, (0, 1)))) == 4
        assert len(await storage.open_tables()) == 4
    finally:
        await storage.close()


async def test_one_process_per_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    first = await SqliteStorage.open(path, exclusive=True)
    try:
        with pytest.raises(StartRefused, match="another process already runs the bot on"):
            await SqliteStorage.open(path, exclusive=True)
    finally:
        await first.close()
    await (await SqliteStorage.open(path, exclusive=True)).close()


async def test_postgres_migrations_are_versioned_and_race_free(postgres_url: str) -> None:
    storages = await asyncio.gather(*(PostgresStorage.open(postgres_url) for _ in range(3)))
    try:
        rows = await storages[0].pool.fetch("SELECT version FROM schema_version ORDER BY 1")
        assert [r[0] for r in rows] == list(range(1, len(POSTGRES_MIGRATIONS) + 1))
    finally:
        for storage in storages:
            await storage.close()


async def test_a_held_shard_refuses_another_process_until_released(postgres_url: str) -> None:
    first = await PostgresStorage.open(postgres_url, Shards(2, (0,)))
    try:
        other = await PostgresStorage.open(postgres_url, Shards(2, (1,)))
        await other.close()
        with pytest.raises(StartRefused, match=r"^shard 0 of 2 is already run by another"):
            await PostgresStorage.open(postgres_url, Shards(2, (1, 0)))
        # the refused process took nothing: shard 1 is free again
        await (await PostgresStorage.open(postgres_url, Shards(2, (1,)))).close()
    finally:
        await first.close()
    await (await PostgresStorage.open(postgres_url, Shards(2, (0,)))).close()


async def test_a_dead_process_lease_is_released_by_the_server(postgres_url: str) -> None:
    first = await PostgresStorage.open(postgres_url, Shards(1, (0,)))
    # The connection dies as with a killed process, which takes nothing back (a live
    # storage whose leases' connection drops takes them again at once, and would race
    # the process opened below).
    leases, first._leases = first._leases, None
    assert leases is not None
    leases.terminate()
    try:
        for _ in range(300):
            try:
                await (await PostgresStorage.open(postgres_url, Shards(1, (0,)))).close()
                break
            except StartRefused:
                await asyncio.sleep(0.1)
        else:
            raise AssertionError("the lease of a dead connection was never released")
    finally:
        await first.close()


async def test_history_and_recorded_games(storage_at: StorageAt) -> None:
    storage = await storage_at.open()
    try:
        rec = _table()
        await storage.insert_table(rec)
        rec.status = "finished"
        players = [PlayerResult(seat=0, user_id=100, name="Ana", score=3, won=True),
                   PlayerResult(seat=1, user_id=200, name="Bo", score=9, won=False, left=True)]
        result = FinishedGame(guild_id=1, game="kachuful", status="finished", hands_played=2,
                              ended_at=1005.0, table_id=rec.id, players=players)
        game_id = await storage.close_table(rec, snapshot=Snapshot(9, '{"end": 1}'),
                                            result=result)
        assert game_id is not None
        games, total = await storage.history(1, "kachuful", 200, 0, 10)
        assert total == 1 and [g.game_id for g in games] == [game_id]
        assert [p.left for p in games[0].players] == [False, True]
        assert (await storage.history(1, None, 300, 0, 10)) == ([], 0)
        found = await storage.recorded_game(1, game_id)
        assert found is not None and found.state == '{"end": 1}'
        assert await storage.recorded_game(2, game_id) is None  # another server's game
        bo = await storage.player_stats(1, "kachuful", 200)
        assert bo is not None and bo.recent[0].place == 2  # left: last
    finally:
        await storage.close()
