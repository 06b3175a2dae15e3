"""Answering one interaction exactly once: the work runs inside a :class:`Reply`, a
:class:`Refusal` becomes the member's private answer, anything unexpected the generic
one (its traceback logged). Every handler of :mod:`bot.interactions` runs this way."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.i18n import N_, _
from bot.interactions.answers import Reply
from bot.ops import metrics
from bot.tables.registry import TableRegistry
from bot.tables.service import TableService
from bot.tables.table import Refusal

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
SOMETHING_WRONG = N_("Something went wrong on our side and nothing changed. Please try again.")
NO_GUILD = N_("Tables live in server text channels; use this command there.")
KINDS = {
    discord.InteractionType.application_command: "command",
    discord.InteractionType.component: "component",
    discord.InteractionType.modal_submit: "modal",
}
"""The ``kind`` label of ``cardnight_interactions_total`` by interaction type."""
RESTARTING = N_("The bot is restarting; try again in a moment.")
SERVING_WAIT = 10.0
"""Seconds an interaction waits, deferred, for its process to serve its shard (its
tables restored after a start, docs/service.md "Handover")."""
NO_LONGER_IN_USE = N_("This button is no longer in use, so nothing changed. The table's "
                      "**My hand** button shows your cards as they are now.")


class Handlers:
    """The base of the handlers behind every command and button."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.registry: TableRegistry = service.registry
        self._running = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def idle(self, timeout: float) -> None:
        """Wait (up to ``timeout`` seconds) until no interaction is being handled."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), timeout)

    async def _serving(self, reply: Reply) -> None:
        """Return once the process serves its shard: at once, or deferred and within
        :data:`SERVING_WAIT`; else refuse with "restarting"."""
        serving = self.registry.serving
        if serving.is_set():
            return
        await reply.defer()
        try:
            await asyncio.wait_for(serving.wait(), SERVING_WAIT)
        except TimeoutError:
            metrics.handover_interaction("restarting")
            raise Refusal(_(RESTARTING)) from None
        metrics.handover_interaction("waited")

    async def _run(
        self, interaction: Interaction, work: Callable[[Reply], Awaitable[None]], *,
        update: bool = False, refused: metrics.Outcome = "refused",
    ) -> None:
        """Answer ``interaction`` with ``work``, counted (docs/service.md "Metrics") as
        answered, or as ``refused`` when it ends in a refusal."""
        reply = Reply(interaction, update=update)
        outcome: metrics.Outcome = "answered"
        self._running += 1
        self._idle.clear()
        try:
            await self._serving(reply)
            await work(reply)
        except Refusal as exc:
            outcome = refused
            await self._refuse(reply, exc.message)
        except Exception:
            log.exception("handling an interaction failed")
            outcome = "refused"
            await self._refuse(reply, _(SOMETHING_WRONG))
        finally:
            self._running -= 1
            if not self._running:
                self._idle.set()
            reply.close()
            if reply.answer_seconds is not None:
                metrics.interaction_answered(
                    KINDS.get(interaction.type, "other"), outcome, reply.answer_seconds)

    @staticmethod
    async def _refuse(reply: Reply, message: str) -> None:
        try:
            await reply.send(message)
        except discord.HTTPException as exc:
            log.warning("could not send a refusal: %s", exc)

    async def _simple(self, interaction: Interaction, op: Callable[[], Awaitable[str]]) -> None:
        """Answer with the text ``op`` returns."""
        async def work(reply: Reply) -> None:
            await reply.send(await op())

        await self._run(interaction, work)

    async def refuse(
        self, interaction: Interaction, message: str, *, outcome: metrics.Outcome = "refused",
    ) -> None:
        """Answer with a refusal only (bad input caught before reaching a table)."""
        async def work(reply: Reply) -> None:
            raise Refusal(message)

        await self._run(interaction, work, refused=outcome)

    async def unknown(self, interaction: Interaction) -> None:
        """A component that is not (or no longer) one of ours."""
        log.debug("unknown component %r", dict(interaction.data or {}).get("custom_id"))
        await self.refuse(interaction, _(NO_LONGER_IN_USE), outcome="unknown_id")

    async def failed(self, interaction: Interaction) -> None:
        """The answer when handling failed unexpectedly (the traceback is logged)."""
        if not interaction.response.is_done():
            await self.refuse(interaction, _(SOMETHING_WRONG))
