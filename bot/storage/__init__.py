"""Storage: the :class:`~bot.storage.interface.Storage` interface and its SQLite and
PostgreSQL implementations (migrations, tables in play, finished games and the ratings
they change, by season, game nights, per-server settings). It may import the foundation
(the settings, shards, i18n), the rules of nights and seasons and the engine; nothing
else of the bot."""

from __future__ import annotations

from bot.config import Settings
from bot.storage.interface import (
    ChannelTaken,
    InAnotherNight,
    LeaseNotHeld,
    StartRefused,
    Storage,
    StorageUnavailable,
    StoredTable,
)
from bot.storage.nights import NightRecord
from bot.storage.postgres import PostgresStorage
from bot.storage.sessions import GatewaySession
from bot.storage.sqlite import SqliteStorage


async def open_storage(settings: Settings) -> Storage:
    """The storage the settings name, held for this process: PostgreSQL at
    ``DATABASE_URL`` with the leases of this process's shards, else the SQLite file at
    ``DATABASE_PATH``, locked against other processes. :class:`StartRefused` when another
    process still holds them after ``LEASE_WAIT`` seconds."""
    if settings.database_url is not None:
        return await PostgresStorage.open(settings.database_url, settings.shards,
                                          lease_wait=settings.lease_wait)
    return await SqliteStorage.open(settings.database_path, exclusive=True,
                                    lease_wait=settings.lease_wait)


__all__ = [
    "ChannelTaken", "GatewaySession", "InAnotherNight", "LeaseNotHeld", "NightRecord",
    "PostgresStorage", "SqliteStorage", "StartRefused", "Storage", "StorageUnavailable",
    "StoredTable", "open_storage",
]
