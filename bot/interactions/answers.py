"""Answering an interaction exactly once, within Discord's 3 seconds.

A :class:`Reply` defers on its own when the work is not done :data:`DEFER_AFTER`
seconds after Discord created the interaction (at once for one that arrives late, as
the replay of a resumed session does, docs/service.md "Handover"), then answers through
the follow-up webhook; whoever answers first, the interaction gets exactly one initial
response.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import discord

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0
"""Seconds from an interaction's creation before a slow answer is deferred (Discord
drops it at 3)."""


def age(interaction: discord.Interaction[Any]) -> float:
    """Seconds since Discord created the interaction (by its id's timestamp; 0 when
    that is ahead of this machine's clock)."""
    return max(0.0, time.time() - interaction.created_at.timestamp())


class Reply:
    """The single answer to one interaction: ephemeral messages, or for a component an
    update of the message it sits on."""

    def __init__(self, interaction: discord.Interaction[Any], *, update: bool = False) -> None:
        self.interaction = interaction
        self.update_mode = update
        self._lock = asyncio.Lock()
        self._deferral: asyncio.Task[None] | None = None
        self._timer = asyncio.get_running_loop().call_later(
            max(0.0, DEFER_AFTER - age(interaction)), self._defer_soon)
        self._arrived = time.perf_counter()
        self.answer_seconds: float | None = None
        """Seconds from this reply's start to the interaction's first answer; None
        until it is answered."""

    def _answered(self) -> None:
        if self.answer_seconds is None:
            self.answer_seconds = time.perf_counter() - self._arrived

    def _defer_soon(self) -> None:
        self._deferral = asyncio.create_task(self._defer())

    async def _defer(self) -> None:
        async with self._lock:
            response = self.interaction.response
            if response.is_done():
                return
            with contextlib.suppress(discord.HTTPException):
                if self.update_mode:
                    await response.defer()
                else:
                    await response.defer(ephemeral=True, thinking=True)
                self._answered()

    async def defer(self) -> None:
        """Defer now (the work waits for something), as the automatic deferral would."""
        self.close()
        await self._defer()

    def close(self) -> None:
        """Stop the automatic deferral (the answer went out)."""
        self._timer.cancel()

    async def send(
        self, content: str | None = None, *, embed: discord.Embed | None = None,
        view: discord.ui.View | None = None, file: discord.File | None = None,
    ) -> int | None:
        """An ephemeral message to the member who acted (with ``file`` attached; mentions
        never ping); its message id when Discord says it."""
        self.close()
        kwargs: dict[str, Any] = {"content": content, "ephemeral": True,
                                  "allowed_mentions": discord.AllowedMentions.none()}
        if embed is not None:
            kwargs["embed"] = embed
        if view is not None:
            kwargs["view"] = view
        if file is not None:
            kwargs["file"] = file
        async with self._lock:
            if not self.interaction.response.is_done():
                sent = await self.interaction.response.send_message(**kwargs)
                self._answered()
                return sent.message_id
            message = await self.interaction.followup.send(**kwargs, wait=True)
            return message.id

    async def edit(
        self, content: str | None = None, *, embed: discord.Embed, view: discord.ui.View | None,
        attachments: list[discord.File] | None = None,
    ) -> None:
        """Update the message the clicked component sits on (the member's own panel);
        ``attachments`` replace its files (None keeps them)."""
        self.close()
        kwargs: dict[str, Any] = {"content": content, "embed": embed, "view": view}
        if attachments is not None:
            kwargs["attachments"] = attachments
        async with self._lock:
            if not self.interaction.response.is_done():
                await self.interaction.response.edit_message(**kwargs)
                self._answered()
            else:
                await self.interaction.edit_original_response(**kwargs)
