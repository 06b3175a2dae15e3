"""Rows of seasons: each server's seasons (:mod:`bot.seasons`), the one running, and
the changes its admins make. A server with no row is in season 1
(:data:`bot.seasons.FIRST`); a monthly season that is over is followed by the next
one as soon as anything asks (:func:`bot.seasons.current`), and that season is stored
when the first game is recorded in it (:func:`running`).

Every function takes an open connection and leaves committing to the caller.
"""

from __future__ import annotations

import time
from typing import Any, Final

from bot.seasons import FIRST, Season, current, start_next, with_monthly
from bot.storage.sql import Sql, fetchone

_UPSERT: Final = (
    "INSERT INTO seasons (guild_id, season, started_at, ends_at, monthly) "
    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, season) DO UPDATE SET "
    "started_at = excluded.started_at, ends_at = excluded.ends_at, monthly = excluded.monthly"
)


def _season(row: tuple[Any, ...]) -> Season:
    number, started, ends, monthly = row
    return Season(int(number), None if started is None else float(started),
                  None if ends is None else float(ends), bool(monthly))


async def _save(db: Sql, guild_id: int, season: Season) -> None:
    await db.execute(_UPSERT, (guild_id, season.number, season.started_at, season.ends_at,
                               int(season.monthly)))


async def latest(db: Sql, guild_id: int) -> Season:
    """The server's latest stored season (season 1 when none is)."""
    row = await fetchone(
        db, "SELECT season, started_at, ends_at, monthly FROM seasons WHERE guild_id = ? "
        "ORDER BY season DESC LIMIT 1", (guild_id,))
    return FIRST if row is None else _season(row)


async def at(db: Sql, guild_id: int, now: float) -> Season:
    """The season running at ``now`` (nothing is written)."""
    return current(await latest(db, guild_id), now)


async def number(db: Sql, guild_id: int, season: int | None) -> int:
    """``season``, or the number of the season running now when None."""
    return season if season is not None else (await at(db, guild_id, time.time())).number


async def running(db: Sql, guild_id: int, now: float) -> Season:
    """The season a game recorded at ``now`` belongs to, stored when a monthly
    season has just begun."""
    stored = await latest(db, guild_id)
    season = current(stored, now)
    if season != stored:
        await _save(db, guild_id, season)
    return season


async def every(db: Sql, guild_id: int, now: float) -> list[Season]:
    """The server's seasons, oldest first, to the one running at ``now``."""
    rows = await db.fetch(
        "SELECT season, started_at, ends_at, monthly FROM seasons WHERE guild_id = ? "
        "ORDER BY season", (guild_id,))
    stored = [_season(r) for r in rows] or [FIRST]
    now_running = current(stored[-1], now)
    return stored if now_running == stored[-1] else [*stored, now_running]


async def start(db: Sql, guild_id: int, monthly: bool, now: float) -> Season:
    """Start a new season at ``now``: the running one ends (its ratings and games are
    kept as they are); returns the new one."""
    ended, started = start_next(await at(db, guild_id, now), now, monthly)
    await _save(db, guild_id, ended)
    await _save(db, guild_id, started)
    return started


async def set_monthly(db: Sql, guild_id: int, monthly: bool, now: float) -> Season:
    """Turn the server's monthly seasons on or off at ``now``; returns the running
    season."""
    season = with_monthly(await at(db, guild_id, now), monthly, now)
    await _save(db, guild_id, season)
    return season
