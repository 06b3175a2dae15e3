"""A game night's final standings, posted once in its channel when the night ends
(docs/nights.md "The night's end").

The night is ended and marked "final still to post" (``final_pending``) in one write;
the standings, with the night's chart, are posted after it, and the mark is cleared
only once the post went out. A bot that stops in between finds the mark at its next
start-up and posts them then (:meth:`NightFinals.restore`), so they are posted once
whatever happens between. In a channel without Attach Files (as the cache says, or as
Discord answers: :mod:`bot.tables.channel_access`) the standings go out text-only; in
one where the bot cannot post them at all they wait for the next start-up.
Everything is in the server's table language (its saved one, else its Discord
language).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from typing import Final

import discord

from bot.i18n import _, language_of, speaking
from bot.permissions import blocking, in_channel
from bot.render import night_final
from bot.render.pictures import Picture, PictureError
from bot.render.table_pictures import Draw, attachment, show
from bot.storage import NightRecord, Storage
from bot.tables.channel_access import refused_for_permissions
from bot.tables.server_settings import ServerSettings

log = logging.getLogger(__name__)

CLOSE_WAIT: Final = 5.0
"""Seconds a closing bot gives the posts under way (the rest are posted at the next
start-up)."""


def ended_now(night: NightRecord, now: float | None = None) -> NightRecord:
    """The night, ended now, its final standings still to post."""
    at = time.time() if now is None else now
    return dataclasses.replace(night, status="ended", ended_at=at, updated_at=at,
                               final_pending=True)


class NightFinals:
    """Posts the final standings of ended nights, each once."""

    def __init__(self, client: discord.Client, storage: Storage, settings: ServerSettings) -> None:
        self.client = client
        self.storage = storage
        self.settings = settings
        self._lock = asyncio.Lock()
        self._posted: set[int] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    def schedule(self, night: NightRecord) -> None:
        """Post the ended ``night``'s final standings soon (not waited for)."""
        task = asyncio.get_running_loop().create_task(self._post_logged(night))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _post_logged(self, night: NightRecord) -> None:
        try:
            await self.post(night)
        except Exception:
            log.exception("night %s: posting its final standings failed; posted at the next "
                          "start-up", night.id)

    async def post(self, night: NightRecord) -> None:
        """Post the night's final standings, then clear its mark; left marked (posted
        at the next start-up) when Discord refuses them."""
        async with self._lock:
            if night.id in self._posted:
                return
            language = await self.settings.language(night.guild_id)
            guild = self.client.get_guild(night.guild_id)
            with speaking(language_of(language or (guild and guild.preferred_locale))):
                content = _(night_final.OVER, title=night.title)
                embed = night_final.final_embed(night)
                drawing = night_final.final_drawing(night)
            permissions = in_channel(self.client, night.channel_id)
            if permissions is not None and blocking(permissions):
                log.warning("night %s: missing %s in channel %s; its final standings are "
                            "posted at the next start-up", night.id,
                            ", ".join(need.name for need in blocking(permissions)),
                            night.channel_id)
                return
            allowed = permissions is None or permissions.attach_files
            try:
                await self._send(night, content, embed, await _draw(night, drawing, allowed))
            except discord.HTTPException as exc:
                log.warning("night %s: its final standings could not be posted in channel "
                            "%s (%s); posted at the next start-up", night.id, night.channel_id,
                            exc.status)
                return
            self._posted.add(night.id)
            await self.storage.save_night(dataclasses.replace(night, final_pending=False))
        log.info("night %s: final standings posted", night.id)

    async def _send(
        self, night: NightRecord, content: str, embed: discord.Embed, picture: Picture | None,
    ) -> None:
        channel = self.client.get_partial_messageable(night.channel_id, guild_id=night.guild_id)
        shown = embed.copy()
        show(shown, picture)
        try:
            await channel.send(
                content, embed=shown, allowed_mentions=discord.AllowedMentions.none(),
                file=attachment(picture) if picture else discord.utils.MISSING)
        except discord.Forbidden as exc:
            if picture is None or not refused_for_permissions(exc):
                raise
            await self._send(night, content, embed, None)  # no Attach Files: text-only

    async def close(self) -> None:
        """Give the posts under way :data:`CLOSE_WAIT` seconds, then stop them."""
        if self._tasks:
            await asyncio.wait(set(self._tasks), timeout=CLOSE_WAIT)
        for task in set(self._tasks):
            task.cancel()


async def _draw(night: NightRecord, drawing: Draw | None, allowed: bool) -> Picture | None:
    """The chart drawn off the event loop; None when there is none, pictures are not
    allowed in the channel, or it failed (logged)."""
    if drawing is None or not allowed:
        return None
    try:
        return await asyncio.to_thread(drawing)
    except PictureError as exc:
        log.warning("night %s: its chart failed (%s); posting text only", night.id,
                    type(exc.__cause__ or exc).__name__)
        return None
