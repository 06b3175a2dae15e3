"""The health of a running bot, for ``/healthz`` and ``cardnight_shard_lease``: its
gateway shards, its storage and its shard leases, read off the client
(:class:`bot.client.CardBot` fits :class:`Bot`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import discord

from bot.config import Settings
from bot.storage import Storage


class Bot(Protocol):
    """What the checks (and :func:`bot.ops.serve.serving`) read of the client."""

    @property
    def settings(self) -> Settings: ...

    @property
    def storage(self) -> Storage:
        """The open storage (RuntimeError before it is opened)."""

    @property
    def shards(self) -> Mapping[int, discord.ShardInfo]: ...

    @property
    def http(self) -> discord.http.HTTPClient: ...

    def is_ready(self) -> bool: ...

    def is_closed(self) -> bool: ...


class BotHealth:
    """:class:`bot.ops.server.HealthSource` over a running client."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def gateway_connected(self) -> bool:
        """Ready, and a live websocket for each of this process's shards."""
        bot = self.bot
        if bot.is_closed() or not bot.is_ready():
            return False
        shards = bot.shards
        return all(i in shards and not shards[i].is_closed() for i in bot.settings.shards.ids)

    async def storage_ok(self) -> bool:
        try:
            storage = self.bot.storage
        except RuntimeError:
            return False
        return await storage.ping()

    def leases_held(self) -> bool:
        return all(self.leases().values())

    def leases(self) -> dict[int, bool]:
        """Each shard of this process and whether its lease is held (all of them share
        one connection, or SQLite's one lock)."""
        try:
            held = self.bot.storage.leases_held()
        except RuntimeError:
            held = False
        return dict.fromkeys(self.bot.settings.shards.ids, held)
