"""The SQLite implementation of :class:`~bot.storage.interface.Storage`: one file, WAL,
the shared queries and group commit of :class:`~bot.storage.store.SqlStorage`."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import time
from pathlib import Path

import aiosqlite

from bot.storage.db import connect
from bot.storage.interface import StartRefused
from bot.storage.sql import SqliteDatabase
from bot.storage.store import SqlStorage


class SqliteStorage(SqlStorage):
    """Storage in one SQLite file; ``conn`` is its connection."""

    def __init__(self, conn: aiosqlite.Connection, lock: int | None = None) -> None:
        super().__init__(SqliteDatabase(conn))
        self.conn = conn
        self._lock = lock
        self._exclusive = lock is not None

    @classmethod
    async def open(cls, path: Path | str, *, exclusive: bool = False,
                   lease_wait: float = 0.0) -> SqliteStorage:
        """Open (creating folders and file as needed) and migrate the file at ``path``.
        ``exclusive``: hold a lock on ``path``.lock for as long as it is open, refusing
        (:class:`StartRefused`) when another process still holds it after
        ``lease_wait`` seconds (the system drops the lock of a process that dies)."""
        lock = await _lock(Path(path), lease_wait) \
            if exclusive and str(path) != ":memory:" else None
        try:
            return cls(await connect(path), lock)
        except BaseException:
            if lock is not None:
                os.close(lock)
            raise

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            if self._lock is not None:
                os.close(self._lock)
                self._lock = None

    def leases_held(self) -> bool:
        return not self._exclusive or self._lock is not None


WAIT_EVERY = 0.1
"""Seconds between two tries to take the file's lock another process holds."""


async def _lock(path: Path, wait: float) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            if time.monotonic() < deadline:
                await asyncio.sleep(WAIT_EVERY)
                continue
            os.close(fd)
            raise StartRefused(
                f"another process already runs the bot on {path}: one SQLite file serves "
                "one process, so run several over PostgreSQL (DATABASE_URL)") from None
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
    return fd
