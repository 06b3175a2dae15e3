"""Answering one interaction exactly once: the work runs inside a :class:`Reply`, a
:class:`Refusal` becomes the member's private answer, anything unexpected the generic
one (its traceback logged). Every handler of :mod:`bot.interactions` runs this way."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, Final

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
WAITED: Final = "cardnight.reply"
"""The key of ``Interaction.extras`` under which an interaction that waited for its
shard to be served keeps its (deferred) reply, for the handler that answers it."""
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

    @contextlib.contextmanager
    def _busy(self) -> Iterator[None]:
        """Count an interaction being handled (see :meth:`idle`)."""
        self._running += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._running -= 1
            if not self._running:
                self._idle.set()

    async def serving(self, interaction: Interaction) -> bool:
        """Whether the process serves its shards' tables, waiting while they are being
        restored after a start (docs/service.md "Handover"): deferred at once, for at
        most :data:`SERVING_WAIT` seconds, else answered "restarting" (False). Called
        before anything looks a table up; the deferred reply answers the interaction."""
        serving = self.registry.serving
        if serving.is_set() or WAITED in interaction.extras:
            return True
        # A click on a private message (the member's panel) is answered by updating it,
        # any other by a new private message: defer for that, so that the original
        # response is never the table message a later answer might edit or delete.
        message = interaction.message
        update = interaction.type is discord.InteractionType.component \
            and message is not None and message.flags.ephemeral
        reply = Reply(interaction, update=update)
        interaction.extras[WAITED] = reply
        with self._busy():
            await reply.defer()
            try:
                await asyncio.wait_for(serving.wait(), SERVING_WAIT)
            except TimeoutError:
                metrics.handover_interaction("restarting")
                await self.refuse(interaction, _(RESTARTING))
                return False
        metrics.handover_interaction("waited")
        return True

    async def _run(
        self, interaction: Interaction, work: Callable[[Reply], Awaitable[None]], *,
        update: bool = False, refused: metrics.Outcome = "refused",
    ) -> None:
        """Answer ``interaction`` with ``work``, counted (docs/service.md "Metrics") as
        answered, or as ``refused`` when it ends in a refusal."""
        with self._busy():
            if not await self.serving(interaction):
                return
            waited = interaction.extras.pop(WAITED, None)
            reply = waited if isinstance(waited, Reply) else Reply(interaction, update=update)
            outcome: metrics.Outcome = "answered"
            try:
                await work(reply)
            except Refusal as exc:
                outcome = refused
                await self._refuse(reply, exc.message)
            except Exception:
                log.exception("handling an interaction failed")
                outcome = "refused"
                await self._refuse(reply, _(SOMETHING_WRONG))
            finally:
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
