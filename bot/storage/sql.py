"""The small dialect layer both backends share: one set of queries, written with ``?``
placeholders, over SQLite (:class:`SqliteDatabase`) and PostgreSQL
(:class:`bot.storage.postgres.PostgresDatabase`, which numbers the placeholders).

Every value reaches the database as a parameter, never inside the SQL text.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from typing import Any, Protocol

import aiosqlite

Statement = tuple[str, Sequence[Any]]
"""One SQL statement and its parameters."""


class Sql(Protocol):
    """A connection (or pool) to run the shared queries on."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Run one statement."""

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement once per row of parameters."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one statement and return its rows."""


async def fetchone(db: Sql, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
    """The first row of a query, or None."""
    rows = await db.fetch(sql, params)
    return rows[0] if rows else None


class Database(Protocol):
    """A backend: queries outside transactions on :attr:`sql`, writes in
    :meth:`transaction`, a batch of statements in one go with :meth:`run`."""

    integrity_errors: tuple[type[Exception], ...]
    """What a broken constraint (a unique index, a primary key) raises."""

    @property
    def sql(self) -> Sql:
        """Where queries outside transactions run."""

    def transaction(self) -> contextlib.AbstractAsyncContextManager[Sql]:
        """A transaction, committed when the block ends, rolled back when it raises."""

    async def run(self, tx: Sql, statements: Sequence[Statement]) -> None:
        """Run ``statements`` in order inside ``tx``; raise the first failure."""

    async def close(self) -> None:
        """Close the connections."""


class SqliteSql:
    """:class:`Sql` over an aiosqlite connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        await self.conn.execute(sql, params)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.conn.executemany(sql, rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in await self.conn.execute_fetchall(sql, params)]


class SqliteDatabase:
    """One SQLite connection: aiosqlite's thread runs its statements in order."""

    integrity_errors: tuple[type[Exception], ...] = (aiosqlite.IntegrityError,)

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self.sql = SqliteSql(conn)

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Sql]:
        try:
            yield self.sql
            await self.conn.commit()
        except BaseException:
            await self.conn.rollback()
            raise

    async def run(self, tx: Sql, statements: Sequence[Statement]) -> None:
        """Queue every statement to the thread at once (it runs them in order): one round
        trip to the thread, whatever the number of statements."""
        outcomes = await asyncio.gather(
            *(self.conn.execute(sql, params) for sql, params in statements),
            return_exceptions=True,
        )
        failed = next((o for o in outcomes if isinstance(o, BaseException)), None)
        if failed is not None:
            raise failed

    async def close(self) -> None:
        await self.conn.close()
