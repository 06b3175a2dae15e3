"""The Discord client: opens storage, loads the cogs, restores tables, syncs commands."""

from __future__ import annotations

import asyncio
import gc
import importlib.util
import logging
import pkgutil

import discord
from discord.ext import commands

from bot.config import Settings
from bot.handover import HandoverBot
from bot.i18n.commands import CardTree, CatalogTranslator
from bot.interactions.controller import Controller
from bot.interactions.router import ROUTED, route
from bot.storage import GatewaySession, LeaseNotHeld, Storage, open_storage
from bot.tables.ai_players import AiPlayers
from bot.tables.permission_check import log_checks
from bot.tables.registry import TableRegistry
from bot.tables.service import TableService
from bot.tables.turns import Moves, TurnDriver

log = logging.getLogger(__name__)

IN_FLIGHT_WAIT = 5.0
"""Seconds a stopping process waits for the interactions it is handling."""
COGS = "cogs"
"""The package of the cogs, loaded by name (nothing in ``bot/`` imports it)."""


def extensions() -> list[str]:
    """Every cog module in ``cogs/`` (a game adds none: ``cogs/games.py`` builds its
    command group)."""
    spec = importlib.util.find_spec(COGS)
    assert spec is not None and spec.submodule_search_locations is not None
    return sorted(f"{COGS}.{m.name}"
                  for m in pkgutil.iter_modules(spec.submodule_search_locations))


class CardBot(HandoverBot):
    """The bot, running the shards of the settings (``SHARD_COUNT``, ``SHARD_IDS``; one
    shard of one by default). ``ai_delay`` is the pause before an AI player acts
    (seconds; default the ``AI_DELAY`` setting); ``seed`` makes deals repeatable (tests
    only). ``storage``: already open for this process (else opened at login)."""

    def __init__(
        self, settings: Settings, *, ai_delay: float | None = None, seed: int | None = None,
        storage: Storage | None = None,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
            help_command=None, tree_cls=CardTree,
            allowed_mentions=discord.AllowedMentions.none(),
            # The bot never reads past messages: no cache of them (it would hold every
            # table edit and keep the garbage collector busy).
            max_messages=None,
            shard_count=settings.shards.count, shard_ids=list(settings.shards.ids),
        )
        self.settings = settings
        self.ai_delay = settings.ai_delay if ai_delay is None else ai_delay
        self.seed = seed
        self._storage = storage
        self._service: TableService | None = None
        self._turns: TurnDriver | None = None
        self._controller: Controller | None = None
        self._restoring: asyncio.Task[None] | None = None
        self._leaving: list[GatewaySession] = []

    @property
    def storage(self) -> Storage:
        if self._storage is None:
            raise RuntimeError("storage is not open yet")
        return self._storage

    @property
    def service(self) -> TableService:
        if self._service is None:
            raise RuntimeError("the table service is not ready yet")
        return self._service

    @property
    def registry(self) -> TableRegistry:
        return self.service.registry

    @property
    def turns(self) -> TurnDriver:
        if self._turns is None:
            raise RuntimeError("the turn driver is not ready yet")
        return self._turns

    @property
    def controller(self) -> Controller:
        if self._controller is None:
            raise RuntimeError("the bot is not ready yet")
        return self._controller

    def _drive_turns(self, moves: Moves) -> TurnDriver:
        """The driver of the tables' turns, playing through the service's ``moves``."""
        self._turns = TurnDriver(self, moves, AiPlayers(self.ai_delay),
                                 ping_delay=self.settings.ping_delay)
        return self._turns

    async def setup_hook(self) -> None:
        shards = self.settings.shards
        if self._storage is None:
            self._storage = await open_storage(self.settings)
        log.info("storage open (%s) for shard(s) %s of %d",
                 "PostgreSQL" if self.settings.database_url else self.settings.database_path,
                 ",".join(map(str, shards.ids)), shards.count)
        registry = TableRegistry(self, self._storage, shards)
        self._service = TableService(registry, self._storage, self._drive_turns,
                                     seed=self.seed)
        self._controller = Controller(self._service)
        await self.tree.set_translator(CatalogTranslator())
        for name in extensions():
            await self.load_extension(name)
        for shard in shards.ids:
            saved = await self._storage.take_gateway_session(shard, shards.count)
            if saved is not None:
                self.resumable[shard] = saved
        # The gateway is read from now on; interactions wait (deferred) until the
        # tables are back (docs/service.md "Handover").
        registry.serving.clear()
        self._restoring = asyncio.create_task(self._restore(registry, self._service))
        await self.sync_commands()

    async def _restore(self, registry: TableRegistry, service: TableService) -> None:
        restored = await registry.restore()
        # The nights first: a restored table of a night that ends at once records there.
        if open_nights := await service.nights.restore():
            log.info("restored %d open game night(s)", len(open_nights))
        for table in restored:
            await service.resume(table)
        log.info("restored %d open table(s)", len(restored))
        finals = await registry.restore_finals()
        for table in finals:
            await service.resume(table, final=True)
        if finals:
            log.info("posting the final standings of %d table(s)", len(finals))
        registry.serving.set()
        if nights := await service.nights.restore_finals():
            log.info("posting the final standings of %d game night(s)", nights)
        # What is alive now (libraries, catalogs, commands, restored tables) lives as long
        # as the process: keep it out of every later collection, whose pauses under load
        # otherwise grow with it (docs/benchmarks.md "The bot under load").
        gc.collect()
        gc.freeze()

    def is_ready(self) -> bool:
        """Connected, and this process's tables restored."""
        return super().is_ready() and self._restoring is not None and self._restoring.done()

    async def wait_until_ready(self) -> None:
        await super().wait_until_ready()
        if self._restoring is not None:
            await asyncio.shield(self._restoring)

    async def on_ready(self) -> None:
        log.info("ready as %s in %d server(s)", self.user, len(self.guilds))
        if self._restoring is not None:
            await asyncio.shield(self._restoring)
        if self._service is not None:
            log_checks(self, self.registry.tables())

    async def on_guild_channel_update(
        self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel,
    ) -> None:
        """A channel's permissions may have changed: its table shows what it now may."""
        table = self.registry.in_channel(after.id) if self._service else None
        if table is not None:
            await self.service.show(table)

    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        """A role's permissions may have changed: the server's tables show what they
        now may."""
        if self._service is None or before.permissions == after.permissions:
            return
        for table in self.registry.tables():
            if table.rec.guild_id == after.guild.id:
                await self.service.show(table)

    async def on_interaction(self, interaction: discord.Interaction[CardBot]) -> None:
        """Components and modals are routed by custom_id (slash commands go through the
        command tree)."""
        if interaction.type in ROUTED and self._controller:
            await route(self._controller, interaction)

    async def sync_commands(self) -> None:
        """Sync the slash commands: to the development guild at once when one is set,
        else globally."""
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d command(s) to guild %s", len(synced), guild.id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d command(s) globally", len(synced))

    async def hand_over(self) -> None:
        """Stop for a restart: stop reading the gateway (Discord keeps each shard's
        session and buffers what comes), finish what is under way, leave the sessions
        for the shards' next process, close."""
        self._leaving = await self.stop_reading()
        await self.close()

    async def _leave_sessions(self) -> None:
        leaving, self._leaving = self._leaving, []
        for session in leaving:
            try:
                await self.storage.save_gateway_session(session)
            except (LeaseNotHeld, OSError) as exc:
                log.warning("could not leave shard %d's session: %s", session.shard, exc)
        if leaving:
            log.info("left %d gateway session(s) to resume", len(leaving))

    async def close(self) -> None:
        gc.unfreeze()  # a process may start another client (the tests do)
        if self._restoring is not None and not self._restoring.done():
            self._restoring.cancel()
        if self._controller is not None:
            await self._controller.idle(IN_FLIGHT_WAIT)
        if self._service is not None:
            await self._service.registry.close()
            await self._service.night_finals.close()
        if self._turns is not None:
            await self._turns.close()
        if self._storage is not None:
            await self._leave_sessions()
        await super().close()
        if self._storage is not None:
            await self._storage.close()
            self._storage = None
