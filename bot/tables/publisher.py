"""The table message: coalesced edits (:mod:`bot.tables.coalesced`), re-posts before
the one-hour edit cap.

What the message shows is built when the update is asked for, from the state just
committed (the caller holds the table's lock). At most one edit is in flight per
table; requests that arrive meanwhile collapse into one more edit showing the latest
state. A message about to turn one hour old (edits then hit error 30046) is replaced
by a new message, and the old one points to it. The message is the bot's own (not an
interaction answer, whose token dies after 15 minutes), so it needs the channel
permissions of :mod:`bot.permissions`: without Attach Files it goes on text-only, and
without the others it waits, the host told why (:mod:`bot.tables.channel_access`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import discord

from bot.games.options import table_option
from bot.i18n import N_, _, in_language, speaking
from bot.ops import metrics
from bot.render import table_message
from bot.render import table_pictures as pictures
from bot.render.pictures import Picture
from bot.storage import Storage
from bot.tables.channel_access import ChannelAccess, refused_for_permissions
from bot.tables.coalesced import CoalescedMessage
from bot.tables.table import Table

log = logging.getLogger(__name__)

MOVED = N_("This table moved: {url}")


Clock = Callable[[], float]


class Publisher(CoalescedMessage):
    """Keeps one table's channel message in step with its state (drawn by
    :func:`bot.render.table_message.render`); where the message is goes to ``storage``.
    It is the table's :class:`~bot.tables.table.TableMessage`."""

    def __init__(
        self, client: discord.Client, table: Table, storage: Storage, clock: Clock = time.time,
    ) -> None:
        super().__init__(f"table message in channel {table.rec.channel_id}")
        self._client = client
        self._table = table
        self._storage = storage
        self._channel_id = table.rec.channel_id
        self._guild_id = table.rec.guild_id
        self._clock = clock
        self._shown: tuple[int, str | None] | None = None
        """The message last drawn and the key of the picture it holds (None: none)."""
        self._next: tuple[table_message.Payload, pictures.Draw | None, bool] | None = None
        """What the message is to show next: its payload, how to draw its picture and
        whether that is drawn at once (:func:`~bot.render.table_pictures.draw`)."""
        self.access = ChannelAccess(client, table)
        """What the bot may do in the table's channel, and what the host was told."""

    @property
    def message_id(self) -> int | None:
        return self._table.rec.message_id

    @message_id.setter
    def message_id(self, value: int | None) -> None:
        self._table.rec.message_id = value

    @property
    def jump_url(self) -> str | None:
        if self.message_id is None:
            return None
        return f"https://discord.com/channels/{self._guild_id}/{self._channel_id}/{self.message_id}"

    def schedule(self, *, repost: bool = False) -> None:
        """Show the table as it is now (soon, coalesced), in the table's language:
        the payload and the picture's view are taken here."""
        table = self._table
        with speaking(table.language):
            self._next = (table_message.render(table), pictures.table_drawing(table),
                          pictures.drawn_at_once(table))
        self._kick(repost, in_language(table.language))  # not the member's language

    def told_of_pictures(self) -> None:
        """The host already knows the table is text-only (told when it opened)."""
        self.access.told_of_pictures()

    def _forget_message(self) -> None:
        self.message_id = None

    async def _push(self, repost: bool) -> None:
        table = self._table
        assert self._next is not None
        payload, drawing, at_once = self._next
        blocked = self.access.blocked(posting=self._posts(repost))
        if blocked:  # nothing can be shown: shown again with the next change once granted
            await self.access.tell_blocked(blocked)
            return
        # The text and the picture show the same moment: both taken by schedule().
        allowed = self.access.pictures_allowed()
        picture = await pictures.draw(table, drawing if allowed else None, at_once=at_once)
        try:
            await self._show(repost, payload, picture)
        except discord.Forbidden as exc:
            if not refused_for_permissions(exc):
                raise
            if picture is None:
                await self.access.tell_blocked([])
                return
            self.access.refuse_pictures()  # the cache could not tell: again, text-only
            self._dirty = True
            self._force_repost = self._force_repost or repost
        if table_option(table.rec.settings, "images") and not self.access.pictures_allowed():
            await self.access.tell_pictures()

    def _posts(self, repost: bool) -> bool:
        """Whether the update posts a new message (else it edits the one shown)."""
        return self._posting(repost, self._clock(), self._table.rec.message_posted_at)

    async def _show(
        self, repost: bool, payload: table_message.Payload, picture: Picture | None,
    ) -> None:
        """Post (or re-post) the message, else edit it, with ``picture`` if any."""
        table = self._table
        key = None if picture is None else picture.key
        embeds = [embed.copy() for embed in payload.embeds]  # the payload may be sent again
        if embeds:
            pictures.show(embeds[0], picture)
        channel = self._client.get_partial_messageable(self._channel_id, guild_id=self._guild_id)
        if self._posts(repost):
            old = self.message_id
            message = await channel.send(
                content=payload.content, embeds=embeds,
                view=payload.view if payload.view is not None else discord.utils.MISSING,
                file=pictures.attachment(picture) if picture else discord.utils.MISSING,
            )
            metrics.table_edited()
            rec = table.rec
            rec.message_id, rec.message_posted_at = message.id, message.created_at.timestamp()
            rec.final_pending = rec.final_pending and self._table.is_open
            self._shown = (message.id, key)
            await self._storage.save_message(rec)
            if old is not None:
                await self._point_old(channel, old, message.jump_url)
            return
        message_id = self.message_id
        assert message_id is not None  # not posting: there is a message to edit
        extra: dict[str, Any] = {}
        if self._shown != (message_id, key):  # an unchanged picture is not sent again
            extra["attachments"] = [pictures.attachment(picture)] if picture else []
        await channel.get_partial_message(message_id).edit(
            content=payload.content, embeds=embeds, view=payload.view, **extra,
        )
        metrics.table_edited()
        rec = self._table.rec
        if rec.final_pending and not self._table.is_open:
            rec.final_pending = False  # the final standings are out
            await self._storage.save_message(rec)
        self._shown = (message_id, key)

    async def _point_old(self, channel: discord.PartialMessageable, old: int, url: str) -> None:
        try:
            await channel.get_partial_message(old).edit(
                content=_(MOVED, url=url), embeds=[], view=None, attachments=[],
            )
            metrics.table_edited()
        except discord.HTTPException as exc:
            log.info("could not point the old table message %s to the new one: %s", old, exc)

