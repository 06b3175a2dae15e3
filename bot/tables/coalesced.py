"""A bot message kept in step with changing state by coalesced edits: the table
message (:mod:`bot.tables.publisher`) and a game night's message
(:mod:`bot.tables.night_publisher`).

At most one update is in flight per message; updates asked for meanwhile collapse
into one more, showing the latest state. A 429 is waited out and retried, never
dropped; a message past Discord's edit cap (error 30046) is posted anew, and so is
one that was deleted (404).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from abc import ABC, abstractmethod

import discord

log = logging.getLogger(__name__)

EDIT_CAP_CODE = 30046
"""Discord's error code for an edit of a message over one hour old."""
REPOST_AGE = 50 * 60.0
"""Post a message anew once it is this old (seconds), well before that hour."""

_RUNNING: set[asyncio.Task[None]] = set()
"""Message updates under way, held until done."""


class CoalescedMessage(ABC):
    """One message's updates: :meth:`_kick` asks for one (``repost``: as a new
    message), :meth:`_push` makes it."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._dirty = False
        self._force_repost = False
        self._task: asyncio.Task[None] | None = None
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    @abstractmethod
    def message_id(self) -> int | None:
        """The message shown (None before it is posted)."""

    @abstractmethod
    def _forget_message(self) -> None:
        """The message was deleted: the next update posts a new one."""

    @abstractmethod
    async def _push(self, repost: bool) -> None:
        """Show the latest state (``repost``: as a new message)."""

    def _posting(self, repost: bool, now: float, posted_at: float | None) -> bool:
        """Whether the update posts a new message (else it edits the one shown): none
        is shown, a repost is asked for, or the one shown (posted at ``posted_at``) is
        about to pass Discord's hour."""
        too_old = posted_at is not None and now - posted_at >= REPOST_AGE
        return self.message_id is None or repost or too_old

    def _kick(self, repost: bool, context: contextvars.Context | None = None) -> None:
        """Ask for an update; the task (run in ``context``) starts unless one runs."""
        self._dirty = True
        self._force_repost = self._force_repost or repost
        if self._task is None or self._task.done():
            self._idle.clear()
            self._task = asyncio.create_task(self._run(), name=self._name, context=context)
            _RUNNING.add(self._task)  # the loop holds tasks weakly: a closed table's
            self._task.add_done_callback(_RUNNING.discard)  # last post must not be lost

    @property
    def busy(self) -> bool:
        """Whether an update is pending or in flight."""
        return not self._idle.is_set()

    async def flush(self) -> None:
        """Wait until no update is pending or in flight."""
        await self._idle.wait()

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()
        self._idle.set()

    async def _run(self) -> None:
        try:
            while self._dirty:
                self._dirty = False
                repost, self._force_repost = self._force_repost, False
                try:
                    await self._push(repost)
                except discord.RateLimited as exc:
                    self._dirty = True
                    await asyncio.sleep(exc.retry_after)
                except discord.HTTPException as exc:
                    if exc.status == 429:
                        self._dirty = True
                        await asyncio.sleep(_retry_after(exc))
                    elif exc.code == EDIT_CAP_CODE:
                        self._dirty = True
                        self._force_repost = True
                    elif exc.status == 404 and self.message_id is not None:
                        self._forget_message()  # deleted: post it again
                        self._dirty = True
                    else:
                        log.warning("%s: %s", self._name, exc)
                        if exc.status >= 500:
                            self._dirty = True
                            await asyncio.sleep(1.0)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("%s: update failed", self._name)
        finally:
            self._idle.set()


def _retry_after(exc: discord.HTTPException) -> float:
    headers = getattr(exc.response, "headers", None) or {}
    try:
        return max(0.05, float(headers.get("Retry-After", 1.0)))
    except (TypeError, ValueError):
        return 1.0
