"""``python -m bot.records.migrate_db``: copy an SQLite database into PostgreSQL.

Both are first migrated to this bot's schema; then every row of every table (tables in
play, their actions and snapshots, finished games and their seats, ratings, seasons,
game nights and their members, server settings) is written to PostgreSQL in one
transaction, an upsert by primary key, and
the generated ids continue after the copied ones. The SQLite file is the source: a
second run copies it again and changes nothing else, so it is safe to repeat. Stop the
bot first: the copy refuses while a bot runs on the file (its lock) or on the
PostgreSQL database (its shard leases).

Defaults come from the settings (``DATABASE_PATH``, ``DATABASE_URL``).
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from pathlib import Path

from pydantic import ValidationError

from bot.config import Settings
from bot.storage import PostgresStorage, SqliteStorage, StartRefused
from bot.storage.postgres import LEASE_KEY
from bot.storage.sql import fetchone
from bot.storage.writer import Row

NAME = re.compile(r"^[a-z_][a-z0-9_]*$")
"""Table and column names, as they come from our own schema."""
SKIPPED = frozenset({"schema_version", "gateway_sessions"})


def _name(name: str) -> str:
    if not NAME.match(name):
        raise ValueError(f"unexpected name in the schema: {name!r}")
    return name


async def _tables(source: SqliteStorage) -> dict[str, tuple[list[str], list[str]]]:
    """Each SQLite table's columns and primary key columns."""
    found: dict[str, tuple[list[str], list[str]]] = {}
    names = await source.db.sql.fetch(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name")
    for (table,) in names:
        if table in SKIPPED:
            continue
        info = await source.db.sql.fetch(f"PRAGMA table_info({_name(table)})")
        columns = [_name(str(r[1])) for r in info]
        key = [str(r[1]) for r in sorted(info, key=lambda r: int(r[5])) if int(r[5]) > 0]
        found[table] = (columns, key)
    return found


def _upsert(table: str, columns: list[str], key: list[str]) -> tuple[str, str]:
    """The ``into`` and ``tail`` of a :class:`Row` that upserts by primary key."""
    rest = [c for c in columns if c not in key]
    tail = f"ON CONFLICT ({', '.join(key)}) " + (
        "DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in rest) if rest
        else "DO NOTHING")
    return f"{table} ({', '.join(columns)})", tail


async def copy(sqlite_path: Path, url: str) -> dict[str, int]:
    """Copy the SQLite database at ``sqlite_path`` into the PostgreSQL one at ``url``;
    the number of rows copied per table. :class:`StartRefused` while a bot runs on
    either."""
    source = await SqliteStorage.open(sqlite_path, exclusive=True)
    try:
        target = await PostgresStorage.open(url)
        try:
            running = await fetchone(
                target.db.sql, "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' "
                "AND classid = ? AND granted", (LEASE_KEY,))
            if running and int(running[0]):
                raise StartRefused(
                    "a bot is running on the PostgreSQL database: stop it before copying")
            counts: dict[str, int] = {}
            rows: list[Row] = []
            for table, (columns, key) in (await _tables(source)).items():
                into, tail = _upsert(table, columns, key)
                found = await source.db.sql.fetch(
                    f"SELECT {', '.join(columns)} FROM {table} ORDER BY {', '.join(key)}")
                rows += [Row(into, tuple(values), tail) for values in found]
                counts[table] = len(found)
            await target.writer.write(rows)
            await _continue_ids(target)
        finally:
            await target.close()
    finally:
        await source.close()
    return counts


async def _continue_ids(target: PostgresStorage) -> None:
    """Make each generated id start after the largest one copied."""
    generated = await target.db.sql.fetch(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND is_identity = 'YES'")
    async with target.writer.transaction() as tx:
        for table, column in generated:
            table, column = _name(str(table)), _name(str(column))
            await tx.execute(
                f"SELECT setval(pg_get_serial_sequence(?, ?), "
                f"COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)",
                (table, column))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.records.migrate_db", description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="source", type=Path,
                        help="the SQLite file (default: DATABASE_PATH)")
    parser.add_argument("--to", dest="target", help="postgresql://… (default: DATABASE_URL)")
    args = parser.parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as exc:
        print(f"settings: {exc.errors()[0]['msg']}", file=sys.stderr)
        return 2
    source = args.source or settings.database_path
    target = args.target or settings.database_url
    if target is None:
        print("say where to copy to: --to postgresql://… or DATABASE_URL", file=sys.stderr)
        return 2
    if not source.exists():
        print(f"there is no SQLite file at {source}", file=sys.stderr)
        return 2
    try:
        counts = asyncio.run(copy(source, target))
    except StartRefused as exc:
        print(exc, file=sys.stderr)
        return 2
    print("copied " + ", ".join(f"{n} {table}" for table, n in counts.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
