"""The PostgreSQL implementation of :class:`~bot.storage.interface.Storage` (asyncpg):
the shared queries and group commit of :class:`~bot.storage.store.SqlStorage` on a
connection pool, versioned migrations, and shard leases.

A lease is a session advisory lock per shard, held on a connection of its own for the
process's life: a second process for a held shard is refused at once, and the server
releases the locks of a process that dies with its connection. When that connection
drops while the process runs (the server restarted), the process takes its leases
again as soon as the server answers, unless another process took them first.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import AsyncIterator, Sequence
from typing import Any, Final

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.shards import Shards
from bot.storage.interface import LeaseNotHeld, StartRefused, StorageUnavailable
from bot.storage.migrations import POSTGRES_MIGRATIONS
from bot.storage.sessions import GatewaySession, session_row
from bot.storage.sql import Sql, Statement
from bot.storage.store import SqlStorage
from bot.storage.writer import insert_sql

log = logging.getLogger(__name__)

LEASE_KEY: Final = 0x434E5348
"""First key of the shard leases' advisory locks (the second is the shard)."""
MIGRATION_KEY: Final = 0x434E4D49
"""First key of the advisory lock that lets one process at a time migrate."""
POOL_SIZE: Final = 4
RETAKE_EVERY: Final = 0.5
"""Seconds between two tries to take the leases back after their connection dropped."""
WAIT_EVERY: Final = 0.1
"""Seconds between two tries to take a lease another process holds (``LEASE_WAIT``)."""
HOLDS_LEASE: Final = (
    "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted "
    "AND pid = pg_backend_pid() AND classid = $1::bigint::oid "
    "AND objid = $2::bigint::oid AND objsubid = 2)")
"""Whether this connection holds the lease of shard ``$2`` (``$1``: :data:`LEASE_KEY`)."""

Connection = asyncpg.Connection | PoolConnectionProxy
"""A connection of its own or one lent by the pool."""


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """The shared queries' ``?`` placeholders as PostgreSQL's ``$1, $2, …``."""
    head, *rest = sql.split("?")
    return head + "".join(f"${i}{part}" for i, part in enumerate(rest, 1))


class PgSql:
    """:class:`~bot.storage.sql.Sql` over an asyncpg pool or connection."""

    def __init__(self, target: asyncpg.Pool | Connection) -> None:
        self.target = target

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        await self.target.execute(numbered(sql), *params)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.target.executemany(numbered(sql), rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in await self.target.fetch(numbered(sql), *params)]


class PostgresDatabase:
    """A pool: reads on any of its connections, each transaction on one."""

    integrity_errors: tuple[type[Exception], ...] = (asyncpg.IntegrityConstraintViolationError,)

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self.sql = PgSql(pool)

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Sql]:
        async with self.pool.acquire() as conn, conn.transaction():
            yield PgSql(conn)

    async def run(self, tx: Sql, statements: Sequence[Statement]) -> None:
        for sql, params in statements:
            await tx.execute(sql, params)

    async def close(self) -> None:
        await self.pool.close()


async def migrate(conn: Connection, migrations: Sequence[str] = POSTGRES_MIGRATIONS,
                  ) -> int:
    """Apply every migration newer than ``schema_version``, each in one transaction, one
    process at a time; return the resulting version."""
    await conn.execute("SELECT pg_advisory_lock($1, 0)", MIGRATION_KEY)
    try:
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        current = int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
        if current > len(migrations):
            raise RuntimeError(
                f"database schema version {current} is newer than this bot ({len(migrations)})")
        for version in range(current + 1, len(migrations) + 1):
            async with conn.transaction():
                await conn.execute(migrations[version - 1])
                await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", version)
            log.info("database migrated to schema version %d", version)
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1, 0)", MIGRATION_KEY)
    return len(migrations)


async def take_leases(url: str, shards: Shards, wait: float = 0.0) -> asyncpg.Connection:
    """A connection holding the lease of every shard of ``shards``;
    :class:`StartRefused` when another process holds one (still, after ``wait``
    seconds)."""
    conn = await asyncpg.connect(url)
    deadline = time.monotonic() + wait
    waited = False
    try:
        for shard in shards.ids:
            while not await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)",
                                          LEASE_KEY, shard):
                if time.monotonic() >= deadline:
                    raise StartRefused(
                        f"{shards.describe(shard)} is already run by another process on "
                        "this database")
                if not waited:
                    log.info("%s is run by another process; waiting for it (at most %g s)",
                             shards.describe(shard), wait)
                    waited = True
                await asyncio.sleep(WAIT_EVERY)
    except BaseException:
        await conn.close()
        raise
    return conn


class PostgresStorage(SqlStorage):
    """Storage in a PostgreSQL database, shared by the processes of every shard."""

    def __init__(
        self, db: PostgresDatabase, leases: asyncpg.Connection | None = None,
        url: str = "", shards: Shards | None = None,
    ) -> None:
        super().__init__(db)
        self.pool = db.pool
        self._url = url
        self._shards = shards
        self._leases: asyncpg.Connection | None = None
        self._leased = leases is not None
        self._retaking: asyncio.Task[None] | None = None
        if leases is not None:
            self._hold(leases)

    @classmethod
    async def open(cls, url: str, shards: Shards | None = None, *, lease_wait: float = 0.0,
                   ) -> PostgresStorage:
        """Connect to ``url`` and migrate; with ``shards``, first take their leases
        (waiting up to ``lease_wait`` seconds for them). :class:`StorageUnavailable`
        when the server cannot be reached or refuses us."""
        try:
            return await cls._open(url, shards, lease_wait)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StorageUnavailable(f"{type(exc).__name__}: {exc}") from exc

    @classmethod
    async def _open(cls, url: str, shards: Shards | None, lease_wait: float,
                    ) -> PostgresStorage:
        leases = None if shards is None else await take_leases(url, shards, lease_wait)
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE)
            try:
                async with pool.acquire() as conn:
                    await migrate(conn)
            except BaseException:
                await pool.close()
                raise
        except BaseException:
            if leases is not None:
                await leases.close()
            raise
        return cls(PostgresDatabase(pool), leases, url, shards)

    def _hold(self, leases: asyncpg.Connection) -> None:
        self._leases = leases
        leases.add_termination_listener(self._dropped)

    def _dropped(self, leases: object) -> None:
        """The leases' connection ended: unless we closed it, take the leases back."""
        if self._leases is None or self._retaking is not None:
            return
        log.warning("the shard leases' connection dropped; taking the leases again")
        self._retaking = asyncio.get_running_loop().create_task(self._retake())

    async def _retake(self) -> None:
        assert self._shards is not None
        try:
            while self._leases is not None:
                try:
                    self._hold(await take_leases(self._url, self._shards))
                    log.info("shard leases taken again")
                    return
                except StartRefused as exc:
                    log.error("the shard leases are lost: %s", exc)
                    return
                except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
                    await asyncio.sleep(RETAKE_EVERY)  # the server is not back yet
        finally:
            self._retaking = None

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            leases, self._leases = self._leases, None
            if self._retaking is not None:
                self._retaking.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._retaking
            if leases is not None:
                await leases.close()

    async def save_gateway_session(self, session: GatewaySession) -> None:
        """Written on the leases' own connection, in a transaction that first checks
        that this connection holds the shard's lease."""
        leases = self._leases
        if not self._leased:
            await super().save_gateway_session(session)
            return
        if leases is None or leases.is_closed():
            raise LeaseNotHeld(f"shard {session.shard}'s lease is not held")
        async with leases.transaction():
            if not await leases.fetchval(HOLDS_LEASE, LEASE_KEY, session.shard):
                raise LeaseNotHeld(f"shard {session.shard}'s lease is not held")
            row = session_row(session)
            await PgSql(leases).execute(insert_sql(row), row.values)

    def leases_held(self) -> bool:
        """The leases' connection is open (the server drops the locks with it)."""
        if not self._leased:
            return True
        return self._leases is not None and not self._leases.is_closed()
