"""Both storage backends for tests: a real SQLite file, and a real PostgreSQL server
(:mod:`testkit.postgres`) started once per session, with a fresh database per test
copied from a migrated template.

Without PostgreSQL on the machine its tests are skipped with one reason, unless
``CARDNIGHT_REQUIRE_POSTGRES=1`` (set by ``.ci/run``) makes that a failure.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import os
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import asyncpg
import pytest

from bot.storage.db import connect
from bot.storage.migrations import MIGRATIONS, POSTGRES_MIGRATIONS
from bot.storage.postgres import PgSql, PostgresStorage, migrate
from bot.storage.sql import SqliteSql
from bot.storage.sqlite import SqliteStorage
from bot.storage.store import SqlStorage
from testkit.postgres import PostgresMissing, PostgresServer

REQUIRE_POSTGRES = "CARDNIGHT_REQUIRE_POSTGRES"
TEMPLATE = "cardnight_template"
BACKENDS = ("sqlite", "postgres")
_numbers = itertools.count(1)


@dataclass(frozen=True)
class StorageAt:
    """Where a test's database is: an SQLite file, or a PostgreSQL URL."""

    kind: str
    path: Path
    url: str | None = None

    async def open(self) -> SqlStorage:
        """A storage on this database (each call a new one, as after a restart)."""
        if self.url is not None:
            return await PostgresStorage.open(self.url)
        return await SqliteStorage.open(self.path)

    def settings(self) -> dict[str, Any]:
        """The settings that name this database."""
        return {"database_path": self.path, "database_url": self.url}


def _in_a_thread(coro: Any) -> None:
    """Run a coroutine to the end on a loop of its own, away from the tests' loop."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coro).result()


async def _migrate(url: str) -> None:
    await (await PostgresStorage.open(url)).close()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the session, with the migrated template database."""
    try:
        server = PostgresServer()
    except PostgresMissing as exc:
        if os.environ.get(REQUIRE_POSTGRES) == "1":
            pytest.fail(f"{exc}, and {REQUIRE_POSTGRES}=1 requires it")
        pytest.skip(f"{exc}: install PostgreSQL to run the PostgreSQL tests")
    with server:
        _in_a_thread(_migrate(server.create(TEMPLATE)))
        yield server


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """A fresh, migrated database of its own, dropped afterwards."""
    name = f"test_{next(_numbers)}"
    yield postgres_server.create(name, TEMPLATE)
    postgres_server.drop(name)


@pytest.fixture(params=BACKENDS)
def storage_at(request: pytest.FixtureRequest, tmp_path: Path) -> StorageAt:
    """The test's database, once on each backend."""
    url = request.getfixturevalue("postgres_url") if request.param == "postgres" else None
    return StorageAt(request.param, tmp_path / "bot.sqlite3", url)


@contextlib.asynccontextmanager
async def at_version(
    request: pytest.FixtureRequest, kind: str, tmp_path: Path, version: int,
    rows: Sequence[str],
) -> AsyncIterator[StorageAt]:
    """A database of backend ``kind`` at schema ``version`` (as an older bot left it),
    holding ``rows`` (INSERT statements with explicit ids, ``games`` ids included)."""
    if kind == "sqlite":
        path = tmp_path / "bot.sqlite3"
        lite = await connect(path, MIGRATIONS[:version])
        for sql in rows:
            await lite.execute(sql)
        await lite.commit()
        await lite.close()
        yield StorageAt("sqlite", path)
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    name = f"v{version}_{next(_numbers)}"
    url = server.create(name)
    pg = await asyncpg.connect(url)
    try:
        await migrate(pg, POSTGRES_MIGRATIONS[:version])
        for sql in rows:
            await pg.execute(sql)
        await pg.execute("SELECT setval(pg_get_serial_sequence('games', 'id'), "
                         "(SELECT COALESCE(MAX(id), 0) + 1 FROM games), false)")
    finally:
        await pg.close()
    try:
        yield StorageAt("postgres", tmp_path / "unused.sqlite3", url)
    finally:
        server.drop(name)


class Session(Protocol):
    """A connection in a transaction: the shared queries, then commit or roll back."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None: ...
    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...
    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...
    async def commit(self) -> None: ...
    async def rollback(self) -> None: ...


class SqliteSession(SqliteSql):
    async def close(self) -> None:
        await self.conn.close()

    async def commit(self) -> None:
        await self.conn.commit()

    async def rollback(self) -> None:
        await self.conn.rollback()


class PostgresSession(PgSql):
    async def commit(self) -> None:
        await self.target.execute("COMMIT; BEGIN")

    async def rollback(self) -> None:
        await self.target.execute("ROLLBACK; BEGIN")


async def open_sqlite(path: Path) -> SqliteSession:
    """The migrated SQLite file at ``path``, for the shared queries."""
    return SqliteSession(await connect(path))


@contextlib.asynccontextmanager
async def session(at: StorageAt) -> AsyncIterator[Session]:
    """A connection to the migrated database ``at``, in a transaction."""
    if at.url is None:
        lite = await open_sqlite(at.path)
        try:
            yield lite
        finally:
            await lite.close()
        return
    pg = await asyncpg.connect(at.url)
    try:
        await pg.execute("BEGIN")
        yield PostgresSession(pg)
    finally:
        await pg.close()
