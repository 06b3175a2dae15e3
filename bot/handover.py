"""Handing a shard's gateway session from a stopping process to the next one
(docs/service.md "Handover").

Discord keeps a session whose socket closed with a code other than 1000/1001
resumable for a while and buffers its events; a RESUME (session id, sequence) on its
resume URL replays them, from any connection. So a process stopping for a restart
stops reading each shard first, closing its socket with :data:`RESUMABLE_CLOSE`
(:meth:`HandoverBot.stop_reading`), and leaves each session in storage; the next
process of the shard resumes it and answers what members did in between.

discord.py resumes only sessions it started itself and has no public way to begin
with another process's, hence the one override here: :meth:`HandoverBot.launch_shard`
(a shard's first connection) passes the saved session to
``DiscordWebSocket.from_client(resume=True)``. Without a saved session, or when the
connection fails, it is discord.py's own IDENTIFY; a refused RESUME (op 9) makes
discord.py IDENTIFY by itself. A resumed process never received the shard's READY, so
its cache of servers and channels is empty: once the replay is done (RESUMED) it
identifies a fresh session on a second socket while still reading the resumed one,
and closes that one (1000) once the fresh session is READY. An interaction met twice
on the way is handled once (interaction ids are unique).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Final

import yarl
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.shard import Shard

from bot.ops import metrics
from bot.shards import Shards
from bot.storage import GatewaySession

log = logging.getLogger(__name__)

RESUMABLE_CLOSE: Final = 4000
"""The close code that leaves a session resumable (1000 and 1001 end it)."""
REMEMBERED: Final = 10_000
"""How many recent interaction ids are kept to recognise one met twice."""
CONNECT_TIMEOUT: Final = 60.0


class HandoverBot(commands.AutoShardedBot):
    """An AutoShardedBot that resumes the sessions :attr:`resumable` holds (by shard)
    and can stop reading to leave its own resumable."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.resumable: dict[int, GatewaySession] = {}
        self._replaying: set[int] = set()
        self._refreshing: set[asyncio.Task[None]] = set()
        self._seen: OrderedDict[str, None] = OrderedDict()
        parsers: dict[str, Callable[[Any], None]] = self._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def once(data: dict[str, Any]) -> None:
            if self._first_time(data):
                parse(data)

        parsers["INTERACTION_CREATE"] = once

    def _shard_table(self) -> dict[int, Shard]:
        shards: dict[int, Shard] = self._AutoShardedClient__shards  # type: ignore[attr-defined]
        return shards

    def _first_time(self, data: dict[str, Any]) -> bool:
        """Whether this interaction is new (else it is counted and dropped)."""
        key = str(data.get("id"))
        if key in self._seen:
            metrics.handover_interaction("duplicate")
            return False
        self._seen[key] = None
        if len(self._seen) > REMEMBERED:
            self._seen.popitem(last=False)
        guild = data.get("guild_id")
        if Shards.of(int(guild or 0), self.shard_count or 1) in self._replaying:
            metrics.handover_interaction("replayed")
        return True

    async def launch_shard(self, gateway: yarl.URL, shard_id: int, *,
                           initial: bool = False) -> None:
        saved = self.resumable.pop(shard_id, None)
        if saved is None:
            return await super().launch_shard(gateway, shard_id, initial=initial)
        try:
            ws = await asyncio.wait_for(DiscordWebSocket.from_client(
                self, initial=initial, gateway=yarl.URL(saved.resume_url), shard_id=shard_id,
                session=saved.session_id, sequence=saved.seq, resume=True), CONNECT_TIMEOUT)
        except Exception as exc:
            log.warning("could not resume shard %d's session (%s); identifying", shard_id, exc)
            return await super().launch_shard(gateway, shard_id, initial=initial)
        log.info("resuming shard %d's session from the previous process", shard_id)
        self._replaying.add(shard_id)
        queue = self._AutoShardedClient__queue  # type: ignore[attr-defined]
        self._shard_table()[shard_id] = shard = Shard(ws, self, queue.put_nowait)
        shard.launch()

    async def on_shard_connect(self, shard_id: int) -> None:
        self._replaying.discard(shard_id)  # a READY: a fresh session, its cache complete

    async def on_shard_resumed(self, shard_id: int) -> None:
        """The replay of a session from the previous process is done: now a fresh one."""
        if shard_id in self._replaying:
            self._replaying.discard(shard_id)
            task = asyncio.create_task(self._refresh(shard_id))
            self._refreshing.add(task)
            task.add_done_callback(self._refreshing.discard)

    async def _refresh(self, shard_id: int) -> None:
        shard = self._shard_table()[shard_id]
        resumed = shard.ws
        shard._cancel_task()
        reader = asyncio.create_task(_read(resumed))
        try:
            fresh = await asyncio.wait_for(
                DiscordWebSocket.from_client(self, shard_id=shard_id), CONNECT_TIMEOUT)
            ready = self.wait_for("shard_connect", check=lambda i: i == shard_id,
                                  timeout=CONNECT_TIMEOUT)
            shard.ws = fresh
            shard.launch()
            await ready
        except Exception as exc:
            log.warning("shard %d stays on its resumed session (%s)", shard_id, exc)
            reader.cancel()
            shard.ws = resumed
            shard.launch()
            return
        reader.cancel()
        await resumed.close(code=1000)
        log.info("shard %d moved to a fresh session", shard_id)

    async def stop_reading(self) -> list[GatewaySession]:
        """Stop reading every shard, closing each socket so that Discord keeps its
        session and buffers what comes; the sessions to resume."""
        left = []
        for task in list(self._refreshing):
            task.cancel()
        for shard_id, shard in self._shard_table().items():
            ws = shard.ws
            shard._cancel_task()
            if ws.session_id is not None and ws.sequence is not None:
                left.append(GatewaySession(shard_id, self.shard_count or 1, ws.session_id,
                                           ws.sequence, str(ws.gateway)))
            with contextlib.suppress(Exception):
                await ws.close(code=RESUMABLE_CLOSE)
        return left


async def _read(ws: DiscordWebSocket) -> None:
    """Keep handling a socket's events until it closes (or the task is cancelled)."""
    with contextlib.suppress(Exception):
        while True:
            await ws.poll_event()
