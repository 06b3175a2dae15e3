"""The open tables of this bot, by id and by channel: at most one per channel. Restoring
them after a restart rebuilds each game from its latest snapshot and the actions logged
after it. A process holds only the tables of its shards' servers."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from collections.abc import Callable

import discord

from bot.games.registry import game_named
from bot.ops import metrics
from bot.shards import ALL, Shards
from bot.storage import Storage, StoredTable
from bot.tables.coalesced import CoalescedMessage
from bot.tables.publisher import Publisher
from bot.tables.table import Table, TableMessage

log = logging.getLogger(__name__)


class TableRegistry:
    """Looks tables up and keeps each one's message publisher."""

    def __init__(self, client: discord.Client, storage: Storage, shards: Shards = ALL) -> None:
        self.client = client
        self.storage = storage
        self.shards = shards
        self._tables: dict[int, Table] = {}
        self._channels: dict[int, Table] = {}
        self._closing: weakref.WeakSet[TableMessage] = weakref.WeakSet()
        """Messages of tables that just closed, until their last edit is out."""
        self.serving = asyncio.Event()
        """Set while the process serves its shards' tables (cleared while they are
        being restored at start)."""
        self.serving.set()
        self._finals: list[Publisher] = []
        """Final standings being posted after a restart."""
        self._others: weakref.WeakSet[CoalescedMessage] = weakref.WeakSet()
        """The other messages kept in step (the game nights')."""
        self.clock: Callable[[], float] = time.time
        """Now, for the table message's age (Discord's clock)."""

    def now(self) -> float:
        return self.clock()

    def in_channel(self, channel_id: int) -> Table | None:
        return self._channels.get(channel_id)

    def get(self, table_id: int) -> Table | None:
        return self._tables.get(table_id)

    def __len__(self) -> int:
        return len(self._tables)

    def tables(self) -> list[Table]:
        return list(self._tables.values())

    def publishing(self) -> bool:
        """Whether any table message update (of an open or a just-closed table) is
        pending or in flight."""
        publishers = [t.publisher for t in self._tables.values()] + list(self._closing)
        return any(p is not None and p.busy for p in publishers) or \
            any(m.busy for m in self._others)

    def watch(self, message: CoalescedMessage) -> None:
        """Count ``message``'s updates as this registry's (:meth:`publishing`,
        :meth:`close`)."""
        self._others.add(message)

    def add(self, table: Table) -> Table:
        """Make ``table`` known, with a publisher for its message."""
        table.publisher = Publisher(self.client, table, self.storage, self.now)
        self._tables[table.id] = table
        self._channels[table.rec.channel_id] = table
        self._count(table.rec.game)
        return table

    def forget(self, table: Table) -> None:
        """Drop a closed table; its message still gets its last edit."""
        table.stop_tasks()
        if table.publisher is not None:
            self._closing.add(table.publisher)
        self._tables.pop(table.id, None)
        if self._channels.get(table.rec.channel_id) is table:
            del self._channels[table.rec.channel_id]
        self._count(table.rec.game)

    def _count(self, game: str) -> None:
        """Report how many tables of ``game`` are open now (``cardnight_open_tables``)."""
        metrics.open_tables(game, sum(t.rec.game == game for t in self._tables.values()))

    async def restore(self) -> list[Table]:
        """Load every open table of this process's shards from storage; a table whose
        game or state is unknown or unreadable is left as it is (logged)."""
        restored = []
        for stored in await self.storage.open_tables(self.shards):
            table = self._rebuild(stored)
            if table is not None:
                restored.append(self.add(table))
        return restored

    async def restore_finals(self) -> list[Table]:
        """The closed tables whose final standings were not posted before the bot
        stopped, each with a publisher to post them (they are not open)."""
        finals = []
        for stored in await self.storage.pending_finals(self.shards):
            table = self._rebuild(stored)
            if table is None or table.game is None:
                continue
            table.publisher = Publisher(self.client, table, self.storage, self.now)
            self._finals.append(table.publisher)
            finals.append(table)
        return finals

    @staticmethod
    def _rebuild(stored: StoredTable) -> Table | None:
        rec = stored.rec
        adapter = game_named(rec.game)
        if adapter is None:
            log.warning("table %s is for unknown game %r; left as is", rec.id, rec.game)
            return None
        table = Table(rec, adapter, None)
        table.seq = stored.last_seq
        table.snapshot = stored.snapshot
        try:
            for entry in stored.actions:
                if entry.seat is None:
                    raise ValueError(f"action {entry.seq} after the snapshot has no seat")
                action = adapter.parse_action(entry.action)
                table.since.append((entry.seat, action))
            table.game = table.stored_game()
        except Exception:
            log.exception("table %s has an unreadable state; left as is", rec.id)
            return None
        if rec.status == "running" and table.game is None:
            log.warning("running table %s has no stored state; left as is", rec.id)
            return None
        return table

    async def close(self, timeout: float = 5.0) -> None:
        """Stop every table's tasks and let pending table edits finish."""
        for table in self._tables.values():
            table.stop_tasks()
        publishers = {t.publisher for t in self._tables.values() if t.publisher}
        pending = [p.flush() for p in publishers | set(self._closing) | set(self._finals)]
        pending += [m.flush() for m in self._others]
        if pending:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*pending), timeout)
