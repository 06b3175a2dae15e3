"""Seasons: a server's ratings and leaderboards start afresh with each season, and the
earlier seasons stay as they were (docs/nights.md "Seasons"). Pure: no I/O, no clock
(every function is given ``now``, seconds since the epoch).

A server is in season 1 until one is started. A server with monthly seasons starts a
new one on the first day of each month (UTC): the current season's ``ends_at`` is then
the first instant of the next month, and the first game recorded after it, or the first
read of the leaderboard, finds the next season already running (:func:`current`). A
month without games makes no season of its own.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final


@dataclass(frozen=True, slots=True)
class Season:
    """One season of a server: its ``number`` (from 1), when it started (None for the
    first season of a server whose records began before seasons existed), when it ends
    or ended (None: it runs until a new one is started), and whether the server's seasons
    are ``monthly`` (then a running season's ``ends_at`` is the end of its month)."""

    number: int = 1
    started_at: float | None = None
    ends_at: float | None = None
    monthly: bool = False


FIRST: Final = Season()
"""The season of a server that never started one."""


def month_start(now: float) -> float:
    """The first instant (UTC) of the month ``now`` falls in."""
    day = datetime.fromtimestamp(now, UTC)
    return datetime(day.year, day.month, 1, tzinfo=UTC).timestamp()


def next_month(now: float) -> float:
    """The first instant (UTC) of the month after the one ``now`` falls in."""
    day = datetime.fromtimestamp(now, UTC)
    year, month = divmod(day.year * 12 + day.month, 12)
    return datetime(year, month + 1, 1, tzinfo=UTC).timestamp()


def rollover(season: Season, now: float) -> Season | None:
    """The season that has started by ``now`` after ``season``: with monthly seasons,
    once ``season``'s month is over, the next number, from the first day of ``now``'s
    month to the first of the following one. None while ``season`` runs on."""
    if not season.monthly or season.ends_at is None or now < season.ends_at:
        return None
    return Season(season.number + 1, month_start(now), next_month(now), monthly=True)


def current(season: Season, now: float) -> Season:
    """The season running at ``now``, given the latest one stored."""
    return rollover(season, now) or season


def start_next(season: Season, now: float, monthly: bool) -> tuple[Season, Season]:
    """A new season started at ``now`` by the server's admins: ``season`` (the one
    running) archived, ending now, and the new one, which ends with the month when
    ``monthly``."""
    ended = dataclasses.replace(season, ends_at=now)
    return ended, Season(season.number + 1, now, next_month(now) if monthly else None, monthly)


def with_monthly(season: Season, monthly: bool, now: float) -> Season:
    """``season`` (the one running) once the server turns monthly seasons on or off at
    ``now``: turned on, it ends with the current month; turned off, it runs on."""
    if season.monthly == monthly:
        return season
    return dataclasses.replace(season, monthly=monthly,
                               ends_at=next_month(now) if monthly else None)
