"""The SQLite connection (WAL) and the migration runner."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import aiosqlite

from bot.storage.migrations import MIGRATIONS


async def connect(path: Path | str, migrations: Sequence[str] = MIGRATIONS) -> aiosqlite.Connection:
    """Open (creating folders and file as needed) and migrate the database at ``path``."""
    target = Path(path)
    if str(target) != ":memory:":
        target.parent.mkdir(parents=True, exist_ok=True)
    conn = await aiosqlite.connect(target)
    try:
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=NORMAL")
        await conn.execute("PRAGMA busy_timeout=5000")
        await migrate(conn, migrations)
    except BaseException:
        await conn.close()
        raise
    return conn


async def schema_version(conn: aiosqlite.Connection) -> int:
    async with conn.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    return int(row[0]) if row else 0


async def migrate(conn: aiosqlite.Connection, migrations: Sequence[str] = MIGRATIONS) -> int:
    """Apply every migration newer than the file's ``user_version``, each in one
    transaction; return the resulting version."""
    current = await schema_version(conn)
    if current > len(migrations):
        raise RuntimeError(
            f"database schema version {current} is newer than this bot ({len(migrations)})"
        )
    for version in range(current + 1, len(migrations) + 1):
        script = migrations[version - 1]
        await conn.executescript(
            f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {int(version)};\nCOMMIT;"
        )
    return len(migrations)
