"""A game night's message in its channel (docs/nights.md "The night message"), kept in
step with the night by coalesced edits (:mod:`bot.tables.coalesced`): at most one edit
in flight, the latest state wins. It is drawn when the edit goes out, from the night
as it stands then, with links to its tables' messages; a message about to turn one
hour old is posted anew (its age read from its id; the old one's buttons keep
working), and the new one's id is stored with the night. Like a table message it is
the bot's own message and needs the channel permissions of :mod:`bot.permissions`;
without them it waits for the next change."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.i18n import in_language, language_of, speaking
from bot.permissions import blocking, in_channel
from bot.render.night_message import night_message
from bot.storage.nights import NightRecord
from bot.tables.coalesced import CoalescedMessage
from bot.tables.registry import TableRegistry
from bot.tables.table import Table

log = logging.getLogger(__name__)

LINK_WAIT = 5.0
"""Seconds the night message waits for a new table's first post, to link to it."""
Source = Callable[[], NightRecord | None]
"""The night as it stands now (None once it is gone)."""
Placed = Callable[[NightRecord, int], Awaitable[NightRecord]]
"""Store where the night's message now is; the night as stored."""


class NightPublisher(CoalescedMessage):
    """One night's channel message."""

    def __init__(
        self, registry: TableRegistry, night: NightRecord, source: Source, placed: Placed,
    ) -> None:
        super().__init__(f"night message in channel {night.channel_id}")
        self._registry = registry
        self._night = night
        self._source = source
        self._placed = placed

    @property
    def message_id(self) -> int | None:
        return self._night.message_id

    def _forget_message(self) -> None:
        self._night.message_id = None

    def schedule(self, night: NightRecord, *, repost: bool = False) -> None:
        """Show the night (soon, coalesced), in the night's language."""
        self._night = night
        self._kick(repost, in_language(language_of(night.settings.language)))

    def _tables(self, night: NightRecord) -> list[Table]:
        """The open tables of the night's latest round."""
        ids = [] if night.state.current is None else [
            t.table_id for t in night.state.current.tables if t.table_id is not None]
        return [t for t in map(self._registry.get, ids) if t is not None]

    def links(self, night: NightRecord) -> dict[int, str]:
        """Where the messages of the night's open tables are (their channel until the
        message is posted)."""
        return {t.id: (t.publisher.jump_url if t.publisher else None)
                or f"https://discord.com/channels/{night.guild_id}/{t.rec.channel_id}"
                for t in self._tables(night)}

    async def _push(self, repost: bool) -> None:
        night = self._source() or self._night
        self._night = night
        client = self._registry.client
        if not client.is_ready():  # restored at start-up: the channels are not known yet
            await client.wait_until_ready()
        permissions = in_channel(client, night.channel_id)
        if permissions is not None and blocking(permissions):
            log.warning("night %s: missing permissions in channel %s; its message waits",
                        night.id, night.channel_id)
            return
        for table in self._tables(night):  # their links, once their first posts are out
            if table.publisher is not None and table.publisher.jump_url is None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(table.publisher.flush(), LINK_WAIT)
        with speaking(language_of(night.settings.language)):
            payload = night_message(night, self.links(night))
        channel = client.get_partial_messageable(night.channel_id, guild_id=night.guild_id)
        shown = night.message_id
        posted_at = None if shown is None else discord.utils.snowflake_time(shown).timestamp()
        if shown is not None and not self._posting(repost, self._registry.now(), posted_at):
            await channel.get_partial_message(shown).edit(
                content=payload.content, embeds=payload.embeds, view=payload.view)
            return
        message = await channel.send(content=payload.content, embeds=payload.embeds,
                                     view=payload.view or discord.utils.MISSING)
        self._night = await self._placed(night, message.id)
