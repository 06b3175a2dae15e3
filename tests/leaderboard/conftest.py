from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.backends import Session, StorageAt, session


@pytest.fixture
async def conn(storage_at: StorageAt) -> AsyncIterator[Session]:
    """A connection to a real database on each backend, migrated by the runtime's own
    migration runner, in a transaction."""
    async with session(storage_at) as db:
        yield db
