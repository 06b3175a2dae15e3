"""What the runtime stores, as one typed interface: tables in play, their action log
and state snapshots, finished games, ratings by season, game nights and per-server
settings.

Nothing outside :mod:`bot.storage` talks to a database; :func:`bot.storage.open_storage`
gives the implementation (SQLite, :mod:`bot.storage.sqlite`, or PostgreSQL,
:mod:`bot.storage.postgres`). Every write returns only
once it is committed, so an action is stored before anyone is told it happened.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.seasons import Season
from bot.shards import ALL, Shards
from bot.storage.nights import NightRecord
from bot.storage.ratings import Skill
from bot.storage.recorded import RecordedGame
from bot.storage.results import FinishedGame, GameName
from bot.storage.sessions import GatewaySession
from bot.storage.standings import Leaderboard, PlayerSeason, PlayerStats
from bot.storage.tables import LoggedAction, Snapshot, TableRecord


class ChannelTaken(Exception):
    """The channel already has an open table, or an open night (one of each per
    channel)."""


class InAnotherNight(Exception):
    """A member would hold two open nights of one server (docs/nights.md): ``user_id``
    already holds ``night_id``."""

    def __init__(self, user_id: int, night_id: int) -> None:
        super().__init__(user_id, night_id)
        self.user_id = user_id
        self.night_id = night_id


class StorageUnavailable(Exception):
    """The database cannot be reached or opened (its server is down, the URL is wrong)."""


class StartRefused(Exception):
    """This process may not use the database: another process holds one of its shards
    or the SQLite file. The message is one sentence for the operator."""


class LeaseNotHeld(Exception):
    """A write only the holder of a shard's lease may make, by a process that does not
    hold it (any more)."""


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

    # --- handover (docs/service.md "Handover") -------------------------------------

    async def save_gateway_session(self, session: GatewaySession) -> None:
        """Leave the shard's gateway session for the next process of the shard (one a
        shard: the last saved wins). :class:`LeaseNotHeld` unless this process holds
        the shard's lease."""

    async def take_gateway_session(self, shard: int, shard_count: int) -> GatewaySession | None:
        """The session left for the shard, deleted (it is resumed at most once); None
        when there is none or it was left for another shard count."""

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
        night: NightRecord | None = None,
    ) -> int | None:
        """Close a table in one transaction: its record (status finished or
        abandoned), its last action and final snapshot when given, the game's
        ``result`` (its ``started_at`` filled from the log when unset) with the
        ratings it moves, and, for a table of a game night, the ``night``'s record
        with the game's result in its state (the game is linked to the night and the
        round its table is in; who holds the night is left as it is). Returns the
        recorded game's id."""

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

    async def leaderboard(
        self, guild_id: int, game: GameName, season: int | None = None,
    ) -> Leaderboard:
        """The server's leaderboard of ``game`` in ``season`` (the running one when
        None)."""

    async def player_stats(
        self, guild_id: int, game: GameName, user_id: int, season: int | None = None,
    ) -> PlayerStats | None:
        """A member's record of ``game`` on the server in ``season`` (the running one
        when None; None without one)."""

    async def skills(
        self, guild_id: int, game: GameName, user_ids: Sequence[int], season: int | None = None,
    ) -> dict[int, Skill]:
        """The ratings of ``game`` in ``season`` (the running one when None) of those of
        these members who have one (to seat a night's round by skill)."""

    async def player_seasons(
        self, guild_id: int, game: GameName, user_id: int,
    ) -> list[PlayerSeason]:
        """Each season in which the member finished a game of ``game`` on the server,
        with their record and rank in it, oldest first."""

    async def rating_history(
        self, guild_id: int, game: GameName, user_id: int, season: int | None = None,
    ) -> list[tuple[float, float]]:
        """A member's rating ``(mu, sigma)`` after each of their rated games of ``game``
        on the server in ``season`` (the running one when None), oldest first (games
        rated before the history was kept are missing, except each member's last
        one)."""

    async def history(
        self, guild_id: int, game: GameName | None, user_id: int | None, offset: int,
        limit: int,
    ) -> tuple[list[RecordedGame], int]:
        """A page of the server's recorded games, newest first (of ``game`` and with
        ``user_id`` among the players, when given), and how many match in all."""

    async def recorded_game(self, guild_id: int, game_id: int) -> RecordedGame | None:
        """One of the server's recorded games with its final engine state (None when
        the server has no such game: another server's game is never given)."""

    async def most_played_game(self, guild_id: int, games: Sequence[GameName],
                               season: int | None = None) -> GameName:
        """Of ``games``, the one the server finished most games of in ``season`` (the
        running one when None; the first on a tie)."""

    # --- seasons -------------------------------------------------------------------

    async def season(self, guild_id: int, now: float | None = None) -> Season:
        """The server's season running at ``now`` (the current time when None)."""

    async def seasons(self, guild_id: int, now: float | None = None) -> list[Season]:
        """The server's seasons, oldest first, to the one running at ``now``."""

    async def start_season(
        self, guild_id: int, *, monthly: bool, now: float | None = None,
    ) -> Season:
        """Start the server's next season at ``now`` (monthly seasons from then on, or
        not); the one running ends, its ratings and games kept as they are. Returns the
        new season."""

    async def set_monthly_seasons(
        self, guild_id: int, monthly: bool, now: float | None = None,
    ) -> Season:
        """Turn the server's monthly seasons on (the running season then ends with its
        month) or off; returns the running season."""

    # --- game nights ---------------------------------------------------------------

    async def insert_night(self, night: NightRecord) -> int:
        """Store a new night; set and return ``night.id``. :class:`InAnotherNight` when
        one of its holders (its host, its members) holds another open night of the
        server, :class:`ChannelTaken` when the channel has an open night."""

    async def save_night(self, night: NightRecord) -> None:
        """Write the night's record and who holds it (an ended night: nobody).
        :class:`InAnotherNight` when a holder holds another open night of the server
        (nothing is written)."""

    async def night(self, night_id: int) -> NightRecord | None:
        """A night's record, open or ended."""

    async def member_night(self, guild_id: int, user_id: int) -> int | None:
        """The id of the server's open night the member holds (as host or member)."""

    async def open_nights(self, shards: Shards = ALL) -> list[NightRecord]:
        """Every open night in a server of ``shards``."""

    async def pending_night_finals(self, shards: Shards = ALL) -> list[NightRecord]:
        """Every ended night in a server of ``shards`` whose final standings were not
        posted."""

    async def nights(
        self, guild_id: int, offset: int, limit: int, *, game: GameName | None = None,
        user_id: int | None = None,
    ) -> tuple[list[NightRecord], int]:
        """A page of the server's ended nights, the latest first, and how many there
        are in all; only those with a recorded game of ``game``, and only those
        ``user_id`` was in, when given."""

    async def night_games(self, guild_id: int, night_id: int) -> list[RecordedGame]:
        """The server's recorded games of a night, round by round."""

    # --- per-server settings -------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The server's saved settings (empty when none)."""

    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        """Replace the server's saved settings."""
