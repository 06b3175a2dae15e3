"""Game nights: the rules of a night, pure and synchronous (docs/nights.md).

It owns a night's settings and state (:mod:`~bot.nights.state`: members, rounds,
tables with their seats, games and results; JSON round trip), the seating of a round
(:mod:`~bot.nights.seating`), the points a game gives (:mod:`~bot.nights.points`)
and the standings (:mod:`~bot.nights.standings`), and why a change is refused
(:mod:`~bot.nights.errors`).

It may import the standard library, pydantic and its own modules, nothing else: no
Discord, no asyncio, no I/O, no storage, no clock. The runtime imports it (storage
keeps a night's state as its JSON), never the other way round.
"""

from __future__ import annotations

from bot.nights.errors import NightError, NightErrorCode
from bot.nights.points import MEAN, TOP, table_points
from bot.nights.seating import MIN_MEMBERS, SeatedTable, Seating, TableSizes, seat
from bot.nights.standings import MemberStanding, Standings, standings
from bot.nights.state import (
    MAX_MEMBERS,
    MAX_ROUNDS,
    NightMember,
    NightRound,
    NightSettings,
    NightState,
    NightTable,
    TableResult,
)

__all__ = [
    "MAX_MEMBERS", "MAX_ROUNDS", "MEAN", "MIN_MEMBERS", "TOP", "MemberStanding", "NightError",
    "NightErrorCode", "NightMember", "NightRound", "NightSettings", "NightState", "NightTable",
    "SeatedTable", "Seating", "Standings", "TableResult", "TableSizes", "seat", "standings",
    "table_points",
]
