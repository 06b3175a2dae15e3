"""The table service: the one path every change of a table takes, whether it comes
from a slash command, a button, an AI player or the turn timer.

One lock section per request: under the table's lock it checks the member's seat,
applies the change to the record and the engine, commits it (:mod:`bot.tables.commit`),
and from the committed state schedules the table message, tells the turn driver and
builds what the answer shows. Two requests at once for the same table apply one after
the other. Its jobs live beside it: the lobby (:mod:`bot.tables.lobby`), turns
(:mod:`bot.tables.actions`), panels (:mod:`bot.tables.panels`), hints
(:mod:`bot.tables.hints`) and the servers' settings (:mod:`bot.tables.server_settings`);
the game nights' changes (:mod:`bot.tables.nights`) and final standings
(:mod:`bot.tables.night_finals`) beside it.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from bot.storage import Storage
from bot.tables.actions import ActionJobs
from bot.tables.commit import Turns
from bot.tables.hints import HintJobs
from bot.tables.lobby import LobbyJobs
from bot.tables.night_finals import NightFinals
from bot.tables.nights import NightService
from bot.tables.registry import TableRegistry
from bot.tables.server_settings import ServerSettings
from bot.tables.table import Table
from bot.tables.turns import Moves


class TableService(LobbyJobs, ActionJobs, HintJobs):
    """Opens tables and applies every change to them. ``turns`` builds the driver of
    its tables' turns from the service's moves (:class:`bot.tables.turns.Moves`);
    ``seed`` makes deals repeatable (tests only)."""

    def __init__(
        self, registry: TableRegistry, storage: Storage, turns: Callable[[Moves], Turns], *,
        seed: int | None = None,
    ) -> None:
        self.registry = registry
        self.storage = storage
        self.settings = ServerSettings(storage)
        self.night_finals = NightFinals(registry.client, storage, self.settings)
        self.nights = NightService(storage, registry.shards, self.night_finals.schedule)
        self.accepted = 0
        self._seeds = random.SystemRandom() if seed is None else random.Random(seed)
        self._opening = asyncio.Lock()
        self.turns = turns(self)

    async def show(self, table: Table) -> None:
        """Show the table message again as the table stands (what the bot may do in its
        channel changed)."""
        async with table.lock:
            self._publish(table)

    async def resume(self, table: Table, *, final: bool = False) -> None:
        """A table restored after a restart: its message shown again and its turn
        driven on; ``final``: a closed table's final standings, posted anew."""
        async with table.lock:
            self._publish(table, repost=final)
            if not final:
                self.turns.on_committed(table)
