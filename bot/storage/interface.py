"""What the runtime stores, as one typed interface: tables in play, their action log
and state snapshots, finished games, ratings and per-server settings.

Nothing outside :mod:`bot.storage` talks to a database; :func:`bot.storage.open_storage`
gives the implementation (SQLite, :mod:`bot.storage.sqlite`, or PostgreSQL,
:mod:`bot.storage.postgres`). Every write returns only
once it is committed, so an action is stored before anyone is told it happened.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.shards import ALL, Shards
from bot.storage.recorded import RecordedGame
from bot.storage.results import FinishedGame, GameName
from bot.storage.standings import Leaderboard, PlayerStats
from bot.storage.tables import LoggedAction, Snapshot, TableRecord


class ChannelTaken(Exception):
    """The channel already has an open table (one per channel)."""


class StorageUnavailable(Exception):
    """The database cannot be reached or opened (its server is down, the URL is wrong)."""


class StartRefused(Exception):
    """This process may not use the database: another process holds one of its shards
    or the SQLite file. The message is one sentence for the operator."""


@dataclass(frozen=True, slots=True)
class StoredTable:
    """An open table as stored: its record, its latest state snapshot (None before the
    deal), the actions logged after that snapshot, and the last ``seq`` of its log."""

    rec: TableRecord
    snapshot: Snapshot | None
    actions: list[LoggedAction]
    last_seq: int


class Storage(Protocol):
    """The runtime's storage."""

    async def close(self) -> None:
        """Finish pending writes and close."""

    async def ping(self) -> bool:
        """Whether the database answers a trivial query now (health checks)."""

    def leases_held(self) -> bool:
        """Whether this process still holds what it opened the database with: its
        shards' leases (PostgreSQL) or the file's lock (SQLite); True when it took none."""

    # --- tables in play ------------------------------------------------------------

    async def insert_table(self, rec: TableRecord) -> int:
        """Store a new open table; set and return ``rec.id``. :class:`ChannelTaken` when
        the channel already has an open table."""

    async def save_table(self, rec: TableRecord) -> None:
        """Write the table's record (seats, host, status, version, deadline …)."""

    async def save_message(self, rec: TableRecord) -> None:
        """Write only where the table message is (its id and post time)."""

    async def log_action(
        self, rec: TableRecord, entry: LoggedAction, snapshot: Snapshot | None = None,
    ) -> None:
        """Append ``entry`` to the table's log with its record (and a new snapshot, at
        most once per hand), in one transaction shared with other tables' writes."""

    async def close_table(
        self, rec: TableRecord, *, entry: LoggedAction | None = None,
        snapshot: Snapshot | None = None, result: FinishedGame | None = None,
    ) -> int | None:
        """Close a table in one transaction: its record (status finished or
        abandoned), its last action and final snapshot when given, and the game's
        ``result`` (its ``started_at`` filled from the log when unset) with the
        ratings it moves. Returns the recorded game's id."""

    async def open_tables(self, shards: Shards = ALL) -> list[StoredTable]:
        """Every table in the lobby or running in a server of ``shards``, with what
        restores its game."""

    async def pending_finals(self, shards: Shards = ALL) -> list[StoredTable]:
        """Every closed table in a server of ``shards`` whose final standings were not
        posted (the bot stopped between the game's end and the post), with its final
        snapshot."""

    async def table(self, table_id: int) -> TableRecord | None:
        """A table's record, open or closed."""

    async def actions(self, table_id: int, after: int = 0) -> list[LoggedAction]:
        """A table's action log after ``seq`` ``after``, in order."""

    async def snapshot(self, table_id: int) -> Snapshot | None:
        """A table's latest state snapshot."""

    # --- results -------------------------------------------------------------------

    async def leaderboard(self, guild_id: int, game: GameName) -> Leaderboard:
        """The server's leaderboard of ``game``."""

    async def player_stats(
        self, guild_id: int, game: GameName, user_id: int,
    ) -> PlayerStats | None:
        """A member's record of ``game`` on the server (None without one)."""

    async def rating_history(
        self, guild_id: int, game: GameName, user_id: int,
    ) -> list[tuple[float, float]]:
        """A member's rating ``(mu, sigma)`` after each of their rated games of ``game``
        on the server, oldest first (games rated before the history was kept are
        missing, except each member's last one)."""

    async def history(
        self, guild_id: int, game: GameName | None, user_id: int | None, offset: int,
        limit: int,
    ) -> tuple[list[RecordedGame], int]:
        """A page of the server's recorded games, newest first (of ``game`` and with
        ``user_id`` among the players, when given), and how many match in all."""

    async def recorded_game(self, guild_id: int, game_id: int) -> RecordedGame | None:
        """One of the server's recorded games with its final engine state (None when
        the server has no such game: another server's game is never given)."""

    async def most_played_game(self, guild_id: int, games: Sequence[GameName]) -> GameName:
        """Of ``games``, the one the server finished most games of (the first on a tie)."""

    # --- per-server settings -------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The server's saved settings (empty when none)."""

    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        """Replace the server's saved settings."""
