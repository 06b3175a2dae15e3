"""Rows of game nights: a night's record (its settings and state as JSON,
:mod:`bot.nights`) and the members holding it.

A night is held by its host and by every member of it who has not left, while it is
open (:attr:`NightRecord.holders`). ``night_members`` keeps one row per member who ever
held the night, ``active`` while they hold it; its unique index lets a member hold one
open night per server at a time, and ``nights``' lets a channel have one open night.

Every function takes an open connection and leaves committing to the caller.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

from bot.nights import NightSettings, NightState
from bot.shards import ALL, Shards
from bot.storage.sql import Sql, fetchone
from bot.storage.tables import in_shards

NightStatus = Literal["open", "ended"]


@dataclass(slots=True)
class NightRecord:
    """A row of ``nights``. ``final_pending``: the night has ended but its final
    standings are not posted yet."""

    guild_id: int
    channel_id: int
    host_id: int
    title: str
    settings: NightSettings
    state: NightState
    created_at: float
    updated_at: float
    status: NightStatus = "open"
    id: int = 0
    message_id: int | None = None
    ended_at: float | None = None
    final_pending: bool = False

    @property
    def holders(self) -> set[int]:
        """The members holding the night: the host and every member who has not left,
        while it is open; nobody once it has ended."""
        if self.status != "open":
            return set()
        return {self.host_id, *self.state.active}


_COLUMNS: Final = (
    "id, guild_id, channel_id, host_id, title, settings, status, message_id, state, "
    "final_pending, created_at, updated_at, ended_at"
)


def _record(row: tuple[Any, ...]) -> NightRecord:
    (nid, guild_id, channel_id, host_id, title, settings, status, message_id, state,
     final_pending, created_at, updated_at, ended_at) = row
    return NightRecord(
        id=int(nid), guild_id=int(guild_id), channel_id=int(channel_id),
        host_id=int(host_id), title=str(title),
        settings=NightSettings.model_validate_json(settings),
        state=NightState.from_json(state), status=status,
        message_id=None if message_id is None else int(message_id),
        final_pending=bool(final_pending), created_at=float(created_at),
        updated_at=float(updated_at), ended_at=None if ended_at is None else float(ended_at),
    )


async def insert_night(db: Sql, night: NightRecord) -> int:
    """Insert a new night and its holders; sets and returns ``night.id``. Raises the
    backend's integrity error when a holder holds another open night of the server or
    the channel has one."""
    row = await fetchone(
        db,
        "INSERT INTO nights (guild_id, channel_id, host_id, title, settings, status, "
        "message_id, state, final_pending, created_at, updated_at, ended_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (night.guild_id, night.channel_id, night.host_id, night.title,
         night.settings.model_dump_json(), night.status, night.message_id,
         night.state.to_json(), int(night.final_pending), night.created_at,
         night.updated_at, night.ended_at),
    )
    assert row is not None
    night.id = int(row[0])
    await hold(db, night)
    return night.id


async def save_row(db: Sql, night: NightRecord) -> None:
    """Write every mutable column of the night (not who holds it)."""
    await db.execute(
        "UPDATE nights SET host_id = ?, title = ?, settings = ?, status = ?, message_id = ?, "
        "state = ?, final_pending = ?, updated_at = ?, ended_at = ? WHERE id = ?",
        (night.host_id, night.title, night.settings.model_dump_json(), night.status,
         night.message_id, night.state.to_json(), int(night.final_pending),
         night.updated_at, night.ended_at, night.id),
    )


async def hold(db: Sql, night: NightRecord) -> None:
    """Make the night's holders exactly :attr:`NightRecord.holders`. Raises the
    backend's integrity error when one of them holds another open night."""
    await db.execute("UPDATE night_members SET active = 0 WHERE night_id = ?", (night.id,))
    holders = sorted(night.holders)
    if holders:
        await db.executemany(
            "INSERT INTO night_members (night_id, user_id, guild_id, active) "
            "VALUES (?, ?, ?, 1) ON CONFLICT (night_id, user_id) DO UPDATE SET active = 1",
            [(night.id, uid, night.guild_id) for uid in holders])


async def held_elsewhere(db: Sql, night: NightRecord) -> tuple[int, int] | None:
    """A holder of ``night`` who holds another open night, and that night's id."""
    holders = sorted(night.holders)
    if not holders:
        return None
    row = await fetchone(
        db,
        "SELECT user_id, night_id FROM night_members WHERE guild_id = ? AND active = 1 "
        f"AND night_id <> ? AND user_id IN ({', '.join('?' * len(holders))}) "
        "ORDER BY user_id LIMIT 1",
        (night.guild_id, night.id, *holders))
    return None if row is None else (int(row[0]), int(row[1]))


async def member_night(db: Sql, guild_id: int, user_id: int) -> int | None:
    """The open night of the server the member holds."""
    row = await fetchone(
        db, "SELECT night_id FROM night_members WHERE guild_id = ? AND user_id = ? "
        "AND active = 1", (guild_id, user_id))
    return None if row is None else int(row[0])


async def open_in_channel(db: Sql, channel_id: int) -> int | None:
    """The id of the channel's open night."""
    row = await fetchone(
        db, "SELECT id FROM nights WHERE channel_id = ? AND status = 'open'", (channel_id,))
    return None if row is None else int(row[0])


async def load_night(db: Sql, night_id: int) -> NightRecord | None:
    row = await fetchone(db, f"SELECT {_COLUMNS} FROM nights WHERE id = ?", (night_id,))
    return None if row is None else _record(row)


async def load_open_nights(db: Sql, shards: Shards = ALL) -> list[NightRecord]:
    """Every open night in a server of ``shards``."""
    where, params = in_shards(shards)
    rows = await db.fetch(
        f"SELECT {_COLUMNS} FROM nights WHERE status = 'open'{where} ORDER BY id", params)
    return [_record(r) for r in rows]


async def load_pending_finals(db: Sql, shards: Shards = ALL) -> list[NightRecord]:
    """Every ended night, in a server of ``shards``, whose final standings are not
    posted yet."""
    where, params = in_shards(shards)
    rows = await db.fetch(
        f"SELECT {_COLUMNS} FROM nights WHERE final_pending = 1{where} ORDER BY id", params)
    return [_record(r) for r in rows]


async def ended_nights(
    db: Sql, guild_id: int, offset: int, limit: int, *, game: str | None = None,
    user_id: int | None = None,
) -> tuple[list[NightRecord], int]:
    """A page of the server's ended nights, the latest ended first, and how many
    there are in all: only those with a recorded game of ``game``, and only those
    ``user_id`` was in (held: as its host or a member), when given."""
    where, params = "guild_id = ? AND status = 'ended'", list[object]([guild_id])
    if game is not None:
        where += " AND EXISTS (SELECT 1 FROM games g WHERE g.night_id = nights.id " \
                 "AND g.game = ?)"
        params.append(game)
    if user_id is not None:
        where += " AND EXISTS (SELECT 1 FROM night_members m WHERE m.night_id = nights.id " \
                 "AND m.user_id = ?)"
        params.append(user_id)
    total = await fetchone(db, f"SELECT COUNT(*) FROM nights WHERE {where}", params)
    rows = await db.fetch(
        f"SELECT {_COLUMNS} FROM nights WHERE {where} "
        "ORDER BY ended_at DESC, id DESC LIMIT ? OFFSET ?", [*params, limit, offset])
    return [_record(r) for r in rows], int(total[0]) if total else 0
