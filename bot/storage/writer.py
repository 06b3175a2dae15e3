"""Group commit: the writes of many tables share one transaction and few statements,
on either backend (:class:`~bot.storage.sql.Database`).

SQLite runs in aiosqlite's thread, which must take the GIL back from the busy event
loop for every statement it steps, and each PostgreSQL statement is a round trip to the
server; one transaction of several statements per action would make the database the
bottleneck under load. So each caller queues its rows and waits; whatever is queued
while a transaction is in flight goes out together in the next one, every row for the
same table as one multi-row INSERT (an upsert for rows that exist). A caller returns
only once its rows are committed, so an action is still committed before anyone is told
about it. Queued rows must be distinct (each table writes only its own, under its lock;
PostgreSQL refuses one upsert touching a row twice). If a batch fails, each caller's
rows are retried in a transaction of their own, so one bad write fails only its caller.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.storage.sql import Database, Sql, Statement

MAX_VARIABLES: Final = 32766
"""The cap on parameters in one statement: SQLite's (3.32 and later); PostgreSQL's is
32767."""


@dataclass(frozen=True, slots=True)
class Row:
    """One row for ``INSERT INTO {into} VALUES (…) {tail}``: ``into`` names the table
    and its columns, ``tail`` an optional ``ON CONFLICT`` clause. Rows with the same
    ``into`` and ``tail`` are written by one statement."""

    into: str
    values: tuple[Any, ...]
    tail: str = ""


def insert_sql(row: Row, count: int = 1) -> str:
    """The INSERT writing ``count`` rows shaped like ``row``."""
    marks = ", ".join(["(" + ", ".join("?" * len(row.values)) + ")"] * count)
    return f"INSERT INTO {row.into} VALUES {marks} {row.tail}"


_observer: Callable[[float], None] | None = None
"""Who is told each write transaction's time, to its commit (the service's metrics)."""


def on_commit(observer: Callable[[float], None] | None) -> None:
    """Tell ``observer`` the seconds every write transaction takes, to its commit, from
    now on (None: tell no one)."""
    global _observer
    _observer = observer


def _report(started: float) -> None:
    if _observer is not None:
        _observer(time.perf_counter() - started)


async def insert(db: Sql, row: Row) -> None:
    """Write one row now, inside the caller's transaction."""
    await db.execute(insert_sql(row), row.values)


class Writer:
    """Serialises every write transaction and batches small ones."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._lock = asyncio.Lock()
        self._queue: list[tuple[Sequence[Row], asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None
        self.transactions = 0

    async def write(self, rows: Sequence[Row]) -> None:
        """Write ``rows`` and return once they are committed."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append((rows, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain())
        await future

    async def idle(self) -> None:
        """Return once every queued write is committed (or failed)."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Sql]:
        """A transaction of its own, for writes that read back (ids) on the way."""
        async with self._lock:
            started = time.perf_counter()
            async with self.db.transaction() as tx:
                yield tx
            _report(started)
            self.transactions += 1

    async def _drain(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            async with self._lock:
                try:
                    await self._run([row for rows, _ in batch for row in rows])
                except Exception:
                    for rows, future in batch:
                        await self._alone(rows, future)
                    continue
            for _, future in batch:
                if not future.done():
                    future.set_result(None)

    async def _alone(self, rows: Sequence[Row], future: asyncio.Future[None]) -> None:
        try:
            await self._run(rows)
        except Exception as exc:
            if not future.done():
                future.set_exception(exc)
        else:
            if not future.done():
                future.set_result(None)

    async def _run(self, rows: Sequence[Row]) -> None:
        """One transaction: one multi-row INSERT per kind of row, handed to the backend
        together (:meth:`~bot.storage.sql.Database.run`), then the commit."""
        groups: dict[tuple[str, str], list[Row]] = {}
        for row in rows:
            groups.setdefault((row.into, row.tail), []).append(row)
        statements: list[Statement] = []
        for same in groups.values():
            step = max(1, MAX_VARIABLES // len(same[0].values))
            for start in range(0, len(same), step):
                chunk = same[start:start + step]
                flat = tuple(v for one in chunk for v in one.values)
                statements.append((insert_sql(chunk[0], len(chunk)), flat))
        started = time.perf_counter()
        async with self.db.transaction() as tx:
            await self.db.run(tx, statements)
        _report(started)
        self.transactions += 1
