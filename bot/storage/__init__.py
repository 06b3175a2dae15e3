"""Storage: the :class:`~bot.storage.interface.Storage` interface and its SQLite
implementation (migrations, tables in play, finished games, per-server settings)."""

from __future__ import annotations

from pathlib import Path

from bot.storage.interface import ChannelTaken, Storage, StoredTable
from bot.storage.sqlite import SqliteStorage


async def open_storage(path: Path | str) -> Storage:
    """The storage the settings name: the SQLite file at ``path``."""
    return await SqliteStorage.open(path)


__all__ = ["ChannelTaken", "SqliteStorage", "Storage", "StoredTable", "open_storage"]
