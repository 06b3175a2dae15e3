"""Rows of tables: lobby settings, seats, the action log and the state snapshots.

Every function takes an open connection and leaves committing to the caller (or
returns a row for :class:`~bot.storage.writer.Writer`), so one accepted action (its log
line, the table row and, at most once per hand, a snapshot) lands in one transaction.
Only :mod:`bot.storage` uses this module; the runtime goes through
:class:`bot.storage.interface.Storage`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from bot.shards import ALL, Shards
from bot.storage.sql import Sql, fetchone
from bot.storage.writer import Row, insert
from engine.ai.levels import DEFAULT_LEVEL, LEVELS

OPEN_STATUSES = ("lobby", "running")


@dataclass(slots=True)
class SeatRecord:
    """One seat: a member (``user_id``) or an AI player (``user_id`` None, ``ai`` True)
    playing at ``level``. A member who left (or was kicked from) a running game keeps
    ``left_user_id``, ``left_name`` and their total at leaving ``left_score`` for the
    record (docs/playing.md "Fair records"). A member whose turn timed out three times in
    a row is ``away``: the AI plays their seat (``ai`` True, ``user_id`` kept) until they
    take it back; ``timeouts`` counts their time-outs in a row. Rows stored before AI
    levels existed load at the default level."""

    name: str
    user_id: int | None = None
    ai: bool = False
    left_user_id: int | None = None
    level: str = DEFAULT_LEVEL
    left_name: str | None = None
    left_score: int | None = None
    away: bool = False
    timeouts: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "user_id": self.user_id, "ai": self.ai,
                "left_user_id": self.left_user_id, "level": self.level,
                "left_name": self.left_name, "left_score": self.left_score,
                "away": self.away, "timeouts": self.timeouts}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatRecord:
        level = data.get("level")
        return cls(name=str(data["name"]), user_id=data.get("user_id"), ai=bool(data.get("ai")),
                   left_user_id=data.get("left_user_id"),
                   level=level if level in LEVELS else DEFAULT_LEVEL,
                   left_name=data.get("left_name"), left_score=data.get("left_score"),
                   away=bool(data.get("away")), timeouts=int(data.get("timeouts") or 0))


@dataclass(slots=True)
class TableRecord:
    """A row of ``tables``."""

    guild_id: int
    channel_id: int
    game: str
    host_id: int
    settings: dict[str, Any]
    seats: list[SeatRecord]
    created_at: float
    updated_at: float
    status: str = "lobby"
    id: int = 0
    message_id: int | None = None
    message_posted_at: float | None = None
    version: int = 0
    deadline: float | None = None
    final_pending: bool = False
    """The game is over (or was ended) but its final standings are not posted yet."""


@dataclass(frozen=True, slots=True)
class LoggedAction:
    """One line of a table's action log: ``seq`` counts from 1 (the deal), ``seat`` is
    None for the deal, ``user_id`` None for an AI player or the turn timer."""

    seq: int
    seat: int | None
    user_id: int | None
    action: dict[str, Any]
    at: float


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The engine state of a table after its action ``seq``."""

    seq: int
    state: str


_COLUMNS = (
    "id, guild_id, channel_id, game, host_id, status, settings, seats, message_id, "
    "message_posted_at, version, deadline, created_at, updated_at, final_pending"
)


def _row_to_record(row: tuple[Any, ...]) -> TableRecord:
    (tid, guild_id, channel_id, game, host_id, status, settings, seats, message_id,
     posted_at, version, deadline, created_at, updated_at, final_pending) = row
    return TableRecord(
        id=tid, guild_id=guild_id, channel_id=channel_id, game=game, host_id=host_id,
        status=status, settings=json.loads(settings),
        seats=[SeatRecord.from_dict(s) for s in json.loads(seats)],
        message_id=message_id, message_posted_at=posted_at, version=version,
        deadline=deadline, created_at=created_at, updated_at=updated_at,
        final_pending=bool(final_pending),
    )


def _seats_json(rec: TableRecord) -> str:
    return json.dumps([s.to_dict() for s in rec.seats], ensure_ascii=False)


async def insert_table(db: Sql, rec: TableRecord) -> int:
    """Insert a new open table; sets and returns ``rec.id``. Raises the backend's
    integrity error when the channel already has an open table."""
    row = await fetchone(
        db,
        "INSERT INTO tables (guild_id, channel_id, game, host_id, status, settings, seats, "
        "message_id, message_posted_at, version, deadline, created_at, updated_at, "
        "final_pending) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (rec.guild_id, rec.channel_id, rec.game, rec.host_id, rec.status,
         json.dumps(rec.settings, ensure_ascii=False), _seats_json(rec), rec.message_id,
         rec.message_posted_at, rec.version, rec.deadline, rec.created_at, rec.updated_at,
         int(rec.final_pending)),
    )
    assert row is not None
    rec.id = int(row[0])
    return rec.id


_TABLE_COLUMNS: Final = _COLUMNS
_TABLE_UPDATE: Final = (
    "ON CONFLICT (id) DO UPDATE SET host_id = excluded.host_id, status = excluded.status, "
    "settings = excluded.settings, seats = excluded.seats, message_id = excluded.message_id, "
    "message_posted_at = excluded.message_posted_at, "
    "version = excluded.version, deadline = excluded.deadline, updated_at = excluded.updated_at, "
    "final_pending = excluded.final_pending"
)


def table_row(rec: TableRecord) -> Row:
    """The stored table ``rec`` as a row for :class:`~bot.storage.writer.Writer`: an
    upsert that writes every mutable column."""
    return Row(
        f"tables ({_TABLE_COLUMNS})",
        (rec.id, rec.guild_id, rec.channel_id, rec.game, rec.host_id, rec.status,
         json.dumps(rec.settings, ensure_ascii=False), _seats_json(rec), rec.message_id,
         rec.message_posted_at, rec.version, rec.deadline, rec.created_at, rec.updated_at,
         int(rec.final_pending)),
        _TABLE_UPDATE,
    )


async def save_table(db: Sql, rec: TableRecord) -> None:
    """Write every mutable column of ``rec``."""
    await insert(db, table_row(rec))


async def save_message(db: Sql, rec: TableRecord) -> None:
    """Write only the table message's id and post time (and whether the final
    standings are still to post)."""
    await db.execute(
        "UPDATE tables SET message_id = ?, message_posted_at = ?, final_pending = ? WHERE id = ?",
        (rec.message_id, rec.message_posted_at, int(rec.final_pending), rec.id),
    )


def action_row(table_id: int, entry: LoggedAction) -> Row:
    """One accepted action for the table's log, as a row for
    :class:`~bot.storage.writer.Writer`."""
    return Row(
        "actions (table_id, seq, seat, user_id, action, created_at)",
        (table_id, entry.seq, entry.seat, entry.user_id,
         json.dumps(entry.action, ensure_ascii=False, separators=(",", ":")), entry.at),
    )


def snapshot_row(table_id: int, snapshot: Snapshot) -> Row:
    """The table's latest state snapshot (one per table, replaced), as a row."""
    return Row("snapshots (table_id, seq, state)", (table_id, snapshot.seq, snapshot.state),
               "ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, state = excluded.state")


async def load_actions(db: Sql, table_id: int, after: int = 0) -> list[LoggedAction]:
    """The table's action log after ``seq`` ``after``, in order."""
    rows = await db.fetch(
        "SELECT seq, seat, user_id, action, created_at FROM actions "
        "WHERE table_id = ? AND seq > ? ORDER BY seq",
        (table_id, after),
    )
    return [LoggedAction(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]


async def load_snapshot(db: Sql, table_id: int) -> Snapshot | None:
    row = await fetchone(db, "SELECT seq, state FROM snapshots WHERE table_id = ?", (table_id,))
    return None if row is None else Snapshot(int(row[0]), str(row[1]))


_IN_SHARDS: Final = " AND ((guild_id >> 22) % ?) IN ({})"
"""The condition that a row's server is in one of some shards (:mod:`bot.shards`)."""


def in_shards(shards: Shards) -> tuple[str, list[object]]:
    """The condition (empty for every shard) that a row's ``guild_id`` is a server of
    ``shards``, to append to a ``WHERE``, and its parameters."""
    if shards.every:
        return "", []
    return _IN_SHARDS.format(", ".join("?" * len(shards.ids))), [shards.count, *shards.ids]


async def load_open_tables(db: Sql, shards: Shards = ALL) -> list[TableRecord]:
    """Every table still in the lobby or running, in a server of ``shards``."""
    where, params = in_shards(shards)
    rows = await db.fetch(
        f"SELECT {_COLUMNS} FROM tables WHERE status IN (?, ?){where} ORDER BY id",
        [*OPEN_STATUSES, *params])
    return [_row_to_record(r) for r in rows]


async def load_pending_finals(db: Sql, shards: Shards = ALL) -> list[TableRecord]:
    """Every closed table, in a server of ``shards``, whose final standings are not
    posted yet."""
    where, params = in_shards(shards)
    rows = await db.fetch(
        f"SELECT {_COLUMNS} FROM tables WHERE final_pending = 1{where} ORDER BY id", params)
    return [_row_to_record(r) for r in rows]


async def load_table(db: Sql, table_id: int) -> TableRecord | None:
    row = await fetchone(db, f"SELECT {_COLUMNS} FROM tables WHERE id = ?", (table_id,))
    return None if row is None else _row_to_record(row)


async def last_seq(db: Sql, table_id: int) -> int:
    """The highest sequence number in the table's action log (0 when empty)."""
    row = await fetchone(
        db, "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id = ?", (table_id,))
    return int(row[0]) if row else 0


async def first_action_at(db: Sql, table_id: int) -> float | None:
    """When the table's first logged action (the deal) happened."""
    row = await fetchone(
        db, "SELECT created_at FROM actions WHERE table_id = ? ORDER BY seq LIMIT 1",
        (table_id,))
    return None if row is None else float(row[0])
