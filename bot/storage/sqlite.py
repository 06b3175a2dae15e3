"""The SQLite implementation of :class:`~bot.storage.interface.Storage` (one file, WAL,
group commit through :class:`~bot.storage.writer.Writer`)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage import results, tables
from bot.storage.db import connect
from bot.storage.interface import ChannelTaken, StoredTable
from bot.storage.results import (
    FinishedGame,
    GameName,
    Leaderboard,
    PlayerStats,
    RecordedGame,
)
from bot.storage.tables import LoggedAction, Snapshot, TableRecord
from bot.storage.writer import Row, Writer, insert


class SqliteStorage:
    """Storage in one SQLite file."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self.writer = Writer(conn)

    @classmethod
    async def open(cls, path: Path | str) -> SqliteStorage:
        """Open (creating folders and file as needed) and migrate the file at ``path``."""
        return cls(await connect(path))

    async def close(self) -> None:
        await self.writer.idle()
        await self.conn.close()

    # --- tables in play ------------------------------------------------------------

    async def insert_table(self, rec: TableRecord) -> int:
        try:
            async with self.writer.transaction() as conn:
                return await tables.insert_table(conn, rec)
        except sqlite3.IntegrityError:
            raise ChannelTaken(rec.channel_id) from None

    async def save_table(self, rec: TableRecord) -> None:
        await self.writer.write([tables.table_row(rec)])

    async def save_message(self, rec: TableRecord) -> None:
        async with self.writer.transaction() as conn:
            await tables.save_message(conn, rec)

    async def log_action(
        self, rec: TableRecord, entry: LoggedAction, snapshot: Snapshot | None = None,
    ) -> None:
        rows = [tables.action_row(rec.id, entry), tables.table_row(rec)]
        if snapshot is not None:
            rows.append(tables.snapshot_row(rec.id, snapshot))
        await self.writer.write(rows)

    async def close_table(
        self, rec: TableRecord, *, entry: LoggedAction | None = None,
        snapshot: Snapshot | None = None, result: FinishedGame | None = None,
    ) -> int | None:
        rows: list[Row] = [] if entry is None else [tables.action_row(rec.id, entry)]
        rows.append(tables.table_row(rec))
        if snapshot is not None:
            rows.append(tables.snapshot_row(rec.id, snapshot))
        async with self.writer.transaction() as conn:
            for row in rows:
                await insert(conn, row)
            if result is None:
                return None
            if result.started_at is None:
                started = await tables.first_action_at(conn, rec.id)
                result = result.model_copy(update={"started_at": started})
            return await results.record_game(conn, result)

    async def open_tables(self) -> list[StoredTable]:
        return await self._stored(await tables.load_open_tables(self.conn))

    async def pending_finals(self) -> list[StoredTable]:
        return await self._stored(await tables.load_pending_finals(self.conn))

    async def _stored(self, recs: list[TableRecord]) -> list[StoredTable]:
        found = []
        for rec in recs:
            snap = await tables.load_snapshot(self.conn, rec.id)
            actions = await tables.load_actions(self.conn, rec.id, snap.seq if snap else 0)
            last = actions[-1].seq if actions else (snap.seq if snap else 0)
            found.append(StoredTable(rec, snap, actions, last))
        return found

    async def table(self, table_id: int) -> TableRecord | None:
        return await tables.load_table(self.conn, table_id)

    async def actions(self, table_id: int, after: int = 0) -> list[LoggedAction]:
        return await tables.load_actions(self.conn, table_id, after)

    async def snapshot(self, table_id: int) -> Snapshot | None:
        return await tables.load_snapshot(self.conn, table_id)

    # --- results -------------------------------------------------------------------

    async def leaderboard(self, guild_id: int, game: GameName) -> Leaderboard:
        return await results.leaderboard(self.conn, guild_id, game)

    async def player_stats(
        self, guild_id: int, game: GameName, user_id: int,
    ) -> PlayerStats | None:
        return await results.player_stats(self.conn, guild_id, game, user_id)

    async def history(
        self, guild_id: int, game: GameName | None, user_id: int | None, offset: int,
        limit: int,
    ) -> tuple[list[RecordedGame], int]:
        return await results.history(self.conn, guild_id, game, user_id, offset, limit)

    async def recorded_game(self, guild_id: int, game_id: int) -> RecordedGame | None:
        return await results.recorded_game(self.conn, guild_id, game_id)

    async def most_played_game(self, guild_id: int, games: Sequence[GameName]) -> GameName:
        return await results.most_played_game(self.conn, guild_id, games)

    # --- per-server settings -------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        async with self.conn.execute(
            "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
        ) as cur:
            row = await cur.fetchone()
        return {} if row is None else dict(json.loads(row[0]))

    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self.writer.write([Row(
            "guild_settings (guild_id, settings)",
            (guild_id, json.dumps(settings, ensure_ascii=False)),
            "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
        )])
