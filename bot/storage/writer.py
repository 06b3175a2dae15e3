"""Group commit: the writes of many tables share one transaction.

SQLite work runs in aiosqlite's thread, and every hop to it and back costs a thread
switch; one transaction per action would make the shared connection the bottleneck
under load. Each caller queues its statements and waits; whatever is queued while a
transaction is in flight goes out together in the next one (``executemany`` per
statement). A caller returns only once its statements are committed, so an action is
still committed before anyone is told about it. Queued writes must touch distinct
rows (each table writes only its own, under its lock). If a batch fails, each of its writes
is retried in a transaction of its own, so one bad write fails only its caller.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from typing import Any

import aiosqlite

Statement = tuple[str, tuple[Any, ...]]


class Writer:
    """Serialises every write transaction on one connection and batches small ones."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._lock = asyncio.Lock()
        self._queue: list[tuple[Sequence[Statement], asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None
        self.transactions = 0

    async def write(self, statements: Sequence[Statement]) -> None:
        """Run ``statements`` (in order) and return once they are committed."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append((statements, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain())
        await future

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """A transaction of its own, for writes that read back (ids) on the way."""
        async with self._lock:
            try:
                yield self.conn
                await self.conn.commit()
                self.transactions += 1
            except BaseException:
                await self.conn.rollback()
                raise

    async def _drain(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            async with self._lock:
                try:
                    await self._run([s for statements, _ in batch for s in statements])
                except Exception:
                    for statements, future in batch:
                        await self._alone(statements, future)
                    continue
            for _, future in batch:
                if not future.done():
                    future.set_result(None)

    async def _alone(self, statements: Sequence[Statement], future: asyncio.Future[None]) -> None:
        try:
            await self._run(statements)
        except Exception as exc:
            if not future.done():
                future.set_exception(exc)
        else:
            if not future.done():
                future.set_result(None)

    async def _run(self, statements: Sequence[Statement]) -> None:
        """One transaction; each distinct SQL goes out once, as an executemany, in the
        order it first appears (writes of one batch touch distinct rows, so their
        order does not matter)."""
        try:
            groups: dict[str, list[tuple[Any, ...]]] = {}
            for sql, params in statements:
                groups.setdefault(sql, []).append(params)
            for sql, rows in groups.items():
                if len(rows) == 1:
                    await self.conn.execute(sql, rows[0])
                else:
                    await self.conn.executemany(sql, rows)
            await self.conn.commit()
            self.transactions += 1
        except BaseException:
            await self.conn.rollback()
            raise
