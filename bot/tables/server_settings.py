"""A server's own settings (docs/playing.md "House rules", docs/languages.md): the start
options its tables of each game take by default, and the language its new tables speak."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from bot.games.adapter import GameAdapter
from bot.storage import Storage
from bot.tables.table import Refusal
from engine.game import IllegalAction

DEFAULTS_KEY = "start_defaults"
"""Where a server's saved start options live in its settings, by game name."""
LANGUAGE_KEY = "language"
"""Where a server's table language lives in its settings (``/settings language``)."""


class ServerSettings:
    """Reads and saves the servers' settings, one read-modify-write at a time."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._lock = asyncio.Lock()
        """Serialises read-modify-write of servers' settings."""

    async def defaults(self, guild_id: int, adapter: GameAdapter) -> dict[str, Any]:
        """The server's saved start options of the game (empty when none)."""
        saved = (await self.storage.guild_settings(guild_id)).get(DEFAULTS_KEY, {})
        return dict(saved.get(adapter.name, {})) if isinstance(saved, dict) else {}

    async def save_defaults(
        self, guild_id: int, adapter: GameAdapter, given: dict[str, Any],
        built_in: Mapping[str, Any],
    ) -> dict[str, Any]:
        """Save ``given`` over the server's defaults of the game (checked as a table's
        options would be); returns what is saved now."""
        async with self._lock:
            settings = await self.storage.guild_settings(guild_id)
            saved = settings.get(DEFAULTS_KEY)
            games = dict(saved) if isinstance(saved, dict) else {}
            merged = {**games.get(adapter.name, {}), **given}
            try:
                adapter.check_settings({**built_in, **merged}, None)
            except IllegalAction as exc:
                raise Refusal(adapter.refusal(exc), exc.code) from None
            games[adapter.name] = merged
            await self.storage.save_guild_settings(guild_id, {**settings, DEFAULTS_KEY: games})
        return merged

    async def language(self, guild_id: int) -> str | None:
        """The server's saved table language (a Discord locale code), if any."""
        saved = (await self.storage.guild_settings(guild_id)).get(LANGUAGE_KEY)
        return saved if isinstance(saved, str) else None

    async def save_language(self, guild_id: int, code: str) -> None:
        async with self._lock:
            settings = await self.storage.guild_settings(guild_id)
            await self.storage.save_guild_settings(guild_id, {**settings, LANGUAGE_KEY: code})
