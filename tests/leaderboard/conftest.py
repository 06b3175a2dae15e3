from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest

from bot.storage.db import connect


@pytest.fixture
async def conn(tmp_path: Path) -> AsyncIterator[aiosqlite.Connection]:
    """A real SQLite file, migrated by the runtime's own migration runner."""
    db = await connect(tmp_path / "leaderboard.sqlite3")
    try:
        yield db
    finally:
        await db.close()
