""":class:`~bot.storage.interface.Storage` over either backend: the shared queries of
:mod:`bot.storage.tables`, :mod:`bot.storage.results`, :mod:`bot.storage.seasons` and
:mod:`bot.storage.nights` on a :class:`~bot.storage.sql.Database`, every write
through the group commit of :class:`~bot.storage.writer.Writer`."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from bot.seasons import Season
from bot.shards import ALL, Shards
from bot.storage import nights as night_rows
from bot.storage import recorded, results, sessions, standings, tables
from bot.storage import seasons as season_rows
from bot.storage.interface import ChannelTaken, InAnotherNight, LeaseNotHeld, StoredTable
from bot.storage.nights import NightRecord
from bot.storage.ratings import Skill
from bot.storage.recorded import RecordedGame
from bot.storage.results import FinishedGame, GameName
from bot.storage.sessions import GatewaySession
from bot.storage.sql import Database, fetchone
from bot.storage.standings import Leaderboard, PlayerSeason, PlayerStats
from bot.storage.tables import LoggedAction, Snapshot, TableRecord
from bot.storage.writer import Row, Writer, insert


class SqlStorage:
    """Storage in one SQL database."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.writer = Writer(db)

    async def close(self) -> None:
        await self.writer.idle()
        await self.db.close()

    async def ping(self) -> bool:
        try:
            return await fetchone(self.db.sql, "SELECT 1") == (1,)
        except Exception:  # closed, or its server gone: not answering is the answer
            return False

    def leases_held(self) -> bool:
        raise NotImplementedError

    # --- handover ------------------------------------------------------------------

    async def save_gateway_session(self, session: GatewaySession) -> None:
        if not self.leases_held():
            raise LeaseNotHeld(f"shard {session.shard}'s lease is not held")
        await self.writer.write([sessions.session_row(session)])

    async def take_gateway_session(self, shard: int, shard_count: int) -> GatewaySession | None:
        async with self.writer.transaction() as tx:
            return await sessions.take(tx, shard, shard_count)

    # --- tables in play ------------------------------------------------------------

    async def insert_table(self, rec: TableRecord) -> int:
        try:
            async with self.writer.transaction() as tx:
                return await tables.insert_table(tx, rec)
        except self.db.integrity_errors:
            raise ChannelTaken(rec.channel_id) from None

    async def save_table(self, rec: TableRecord) -> None:
        await self.writer.write([tables.table_row(rec)])

    async def save_message(self, rec: TableRecord) -> None:
        async with self.writer.transaction() as tx:
            await tables.save_message(tx, rec)

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
        night: NightRecord | None = None,
    ) -> int | None:
        rows: list[Row] = [] if entry is None else [tables.action_row(rec.id, entry)]
        rows.append(tables.table_row(rec))
        if snapshot is not None:
            rows.append(tables.snapshot_row(rec.id, snapshot))
        place = None if night is None else night.state.table(rec.id)
        if result is not None and night is not None and place is not None:
            result = result.model_copy(update={"night_id": night.id, "night_round": place[0]})
        async with self.writer.transaction() as tx:
            for row in rows:
                await insert(tx, row)
            if night is not None:
                await night_rows.save_row(tx, night)
            if result is None:
                return None
            if result.started_at is None:
                started = await tables.first_action_at(tx, rec.id)
                result = result.model_copy(update={"started_at": started})
            return await results.record_game(tx, result)

    async def open_tables(self, shards: Shards = ALL) -> list[StoredTable]:
        return await self._stored(await tables.load_open_tables(self.db.sql, shards))

    async def pending_finals(self, shards: Shards = ALL) -> list[StoredTable]:
        return await self._stored(await tables.load_pending_finals(self.db.sql, shards))

    async def _stored(self, recs: list[TableRecord]) -> list[StoredTable]:
        found = []
        sql = self.db.sql
        for rec in recs:
            snap = await tables.load_snapshot(sql, rec.id)
            actions = await tables.load_actions(sql, rec.id, snap.seq if snap else 0)
            last = actions[-1].seq if actions else (snap.seq if snap else 0)
            found.append(StoredTable(rec, snap, actions, last))
        return found

    async def table(self, table_id: int) -> TableRecord | None:
        return await tables.load_table(self.db.sql, table_id)

    async def actions(self, table_id: int, after: int = 0) -> list[LoggedAction]:
        return await tables.load_actions(self.db.sql, table_id, after)

    async def snapshot(self, table_id: int) -> Snapshot | None:
        return await tables.load_snapshot(self.db.sql, table_id)

    # --- results -------------------------------------------------------------------

    async def leaderboard(
        self, guild_id: int, game: GameName, season: int | None = None,
    ) -> Leaderboard:
        return await standings.leaderboard(self.db.sql, guild_id, game, season)

    async def player_stats(
        self, guild_id: int, game: GameName, user_id: int, season: int | None = None,
    ) -> PlayerStats | None:
        return await standings.player_stats(self.db.sql, guild_id, game, user_id, season=season)

    async def skills(
        self, guild_id: int, game: GameName, user_ids: Sequence[int], season: int | None = None,
    ) -> dict[int, Skill]:
        if not user_ids:
            return {}
        return await results.load_skills(self.db.sql, guild_id, game, user_ids, season=season)

    async def player_seasons(
        self, guild_id: int, game: GameName, user_id: int,
    ) -> list[PlayerSeason]:
        return await standings.player_seasons(self.db.sql, guild_id, game, user_id)

    async def rating_history(
        self, guild_id: int, game: GameName, user_id: int, season: int | None = None,
    ) -> list[tuple[float, float]]:
        return await standings.rating_history(self.db.sql, guild_id, game, user_id, season)

    async def history(
        self, guild_id: int, game: GameName | None, user_id: int | None, offset: int,
        limit: int,
    ) -> tuple[list[RecordedGame], int]:
        return await recorded.history(self.db.sql, guild_id, game, user_id, offset, limit)

    async def recorded_game(self, guild_id: int, game_id: int) -> RecordedGame | None:
        return await recorded.recorded_game(self.db.sql, guild_id, game_id)

    async def most_played_game(self, guild_id: int, games: Sequence[GameName],
                               season: int | None = None) -> GameName:
        return await standings.most_played_game(self.db.sql, guild_id, games, season)

    # --- seasons -------------------------------------------------------------------

    async def season(self, guild_id: int, now: float | None = None) -> Season:
        return await season_rows.at(self.db.sql, guild_id, _now(now))

    async def seasons(self, guild_id: int, now: float | None = None) -> list[Season]:
        return await season_rows.every(self.db.sql, guild_id, _now(now))

    async def start_season(
        self, guild_id: int, *, monthly: bool, now: float | None = None,
    ) -> Season:
        async with self.writer.transaction() as tx:
            return await season_rows.start(tx, guild_id, monthly, _now(now))

    async def set_monthly_seasons(
        self, guild_id: int, monthly: bool, now: float | None = None,
    ) -> Season:
        async with self.writer.transaction() as tx:
            return await season_rows.set_monthly(tx, guild_id, monthly, _now(now))

    # --- game nights ---------------------------------------------------------------

    async def insert_night(self, night: NightRecord) -> int:
        try:
            async with self.writer.transaction() as tx:
                return await night_rows.insert_night(tx, night)
        except self.db.integrity_errors as exc:
            night.id = 0
            raise await self._night_refused(night, exc) from None

    async def save_night(self, night: NightRecord) -> None:
        try:
            async with self.writer.transaction() as tx:
                await night_rows.save_row(tx, night)
                await night_rows.hold(tx, night)
        except self.db.integrity_errors as exc:
            raise await self._night_refused(night, exc) from None

    async def _night_refused(self, night: NightRecord, exc: Exception) -> Exception:
        """Why the night could not be written: a holder's other night, or the
        channel's open night (else the database's own error)."""
        held = await night_rows.held_elsewhere(self.db.sql, night)
        if held is not None:
            return InAnotherNight(*held)
        taken = await night_rows.open_in_channel(self.db.sql, night.channel_id)
        if night.status == "open" and taken not in (None, night.id):
            return ChannelTaken(night.channel_id)
        return exc

    async def night(self, night_id: int) -> NightRecord | None:
        return await night_rows.load_night(self.db.sql, night_id)

    async def member_night(self, guild_id: int, user_id: int) -> int | None:
        return await night_rows.member_night(self.db.sql, guild_id, user_id)

    async def open_nights(self, shards: Shards = ALL) -> list[NightRecord]:
        return await night_rows.load_open_nights(self.db.sql, shards)

    async def pending_night_finals(self, shards: Shards = ALL) -> list[NightRecord]:
        return await night_rows.load_pending_finals(self.db.sql, shards)

    async def nights(
        self, guild_id: int, offset: int, limit: int, *, game: GameName | None = None,
        user_id: int | None = None,
    ) -> tuple[list[NightRecord], int]:
        return await night_rows.ended_nights(self.db.sql, guild_id, offset, limit, game=game,
                                             user_id=user_id)

    async def night_games(self, guild_id: int, night_id: int) -> list[RecordedGame]:
        return await recorded.night_games(self.db.sql, guild_id, night_id)

    # --- per-server settings -------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        row = await fetchone(
            self.db.sql, "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return {} if row is None else dict(json.loads(row[0]))

    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self.writer.write([Row(
            "guild_settings (guild_id, settings)",
            (guild_id, json.dumps(settings, ensure_ascii=False)),
            "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
        )])


def _now(now: float | None) -> float:
    return time.time() if now is None else now
