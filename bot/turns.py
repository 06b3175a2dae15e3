"""The turn driver: AI players' moves, the turn timer and the turn ping.

After every accepted change the service asks it to :meth:`~TurnDriver.kick` the table:
an AI seat to act gets its move (decided in a worker thread, applied through the
service), a member's turn gets its deadline timer and its ping. Nothing is pinged or
timed differently while the turn is secret (M9).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import discord

from bot.ai_players import AiPlayers, snapshot, stamp
from bot.games.adapter import table_option
from bot.i18n import N_, _, in_language
from bot.permissions import can_post, in_channel
from bot.render import seat_label
from bot.service import TableService
from bot.table import Accepted, Refusal, Table
from engine.game import IllegalAction

log = logging.getLogger(__name__)

PING = N_("{member}, it's your turn.")
PING_AT = N_("{member}, it's your turn: {url}")


class TurnDriver:
    """Drives the turns of the tables of one :class:`TableService` (and becomes its
    :attr:`~TableService.turns`)."""

    def __init__(self, client: discord.Client, service: TableService, ai: AiPlayers) -> None:
        self.client = client
        self.service = service
        self.ai = ai
        self._background: set[asyncio.Task[None]] = set()
        service.turns = self

    def kick(self, table: Table) -> None:
        """Start whatever the next turn needs: an AI player, the timer, the ping (none
        while the turn is secret)."""
        game = table.game
        if table.rec.status != "running" or game is None or game.to_act is None:
            return
        hidden = table.adapter.hidden_actor(game) is not None
        if table_option(table.rec.settings, "turn_ping") and not hidden:
            self._spawn(self._ping(table, game.to_act, table.rec.version), table)
        if table.seats[game.to_act].ai:
            if table.ai_task is None or table.ai_task.done():
                table.ai_task = asyncio.create_task(self._drive_ai(table),
                                                    context=in_language(table.language))
            return
        deadline = table.rec.deadline
        if deadline is not None:
            if table.timer_task is not None:
                table.timer_task.cancel()
            table.timer_task = asyncio.create_task(
                self._timer(table, table.rec.version, deadline),
                context=in_language(table.language))

    def deadline(self, table: Table, now: float) -> float | None:
        """The turn's deadline; a secret turn gets one even at an AI seat, so that the
        timer shown does not tell a member's seat from an AI player's."""
        seconds = int(table.rec.settings.get("turn_timer") or 0)
        game = table.game
        seat = None if game is None else game.to_act
        if seconds <= 0 or seat is None or game is None:
            return None
        if table.seats[seat].ai and table.adapter.hidden_actor(game) is None:
            return None
        return now + seconds

    def closed(self, table: Table) -> None:
        table.stop_tasks()
        self._spawn(self._clear_ping(table), table)

    async def close(self) -> None:
        """Cancel the pings still under way."""
        for task in list(self._background):
            task.cancel()

    async def _drive_ai(self, table: Table) -> None:
        """Let AI players take their turns, one after another, while it is theirs."""
        while True:
            accepted = await self._ai_turn(table)
            if accepted is None:
                return
            self.service.after(table, accepted)
            if accepted.finished:
                return

    async def _timer(self, table: Table, version: int, deadline: float) -> None:
        """When the deadline passes with the turn unchanged, the AI acts for it at the
        default level (the third time in a row, the member is away: README "Away
        players")."""
        await asyncio.sleep(max(0.0, deadline - time.time()))
        accepted = await self._ai_turn(table, timer_version=version)
        if accepted is not None:
            self.service.after(table, accepted)

    async def _ai_turn(self, table: Table, *, timer_version: int | None = None) -> Accepted | None:
        """Decide the move of the seat to act in a worker thread, then apply it; None
        when there is nothing to do. Without ``timer_version`` the seat must be an AI
        player's and the move is paced; with it, the turn must still be at that version
        (the turn timer). The decision uses a snapshot taken under the lock and is
        applied only if the table did not move meanwhile; otherwise it is made again."""
        while True:
            async with table.lock:
                game = table.game
                if table.rec.status != "running" or game is None or game.to_act is None:
                    return None
                seat = game.to_act
                if timer_version is None and not table.seats[seat].ai:
                    return None
                if timer_version is not None and table.rec.version != timer_version:
                    return None
                snap = snapshot(table, game, seat)
                hidden = table.adapter.hidden_actor(game)
            action = await self.ai.move(table.adapter.name, snap, paced=timer_version is None)
            async with table.lock:
                if table.rec.status != "running" or stamp(table) != snap.stamp:
                    continue
                if timer_version is None and not table.seats[seat].ai:
                    return None  # an away member took their seat back meanwhile
                # A secret turn's note stays as for any answer: saying that time ran out
                # would tell a member's seat from an AI player's.
                note = None
                if timer_version is not None and hidden is None:
                    label = seat_label(table.seats[seat])
                    # TRANSLATORS: {action} is the game's phrase for the action ("played K♥").
                    note = _("⏱️ Time ran out for {member}: the AI {action} for them.",
                             member=label, action=table.adapter.describe_action(action))
                try:
                    return await self.service.apply(
                        table, seat, None, action, note=note,
                        timed_out=timer_version is not None and hidden is None)
                except (IllegalAction, Refusal):
                    log.exception("the AI player of table %s could not act", table.id)
                    return None

    async def _ping(self, table: Table, seat: int, version: int) -> None:
        """A short new message that pings the member to act (an edit pings nobody);
        deleted once the turn has moved on."""
        await self._clear_ping(table)
        user_id = table.seats[seat].user_id
        if user_id is None or table.rec.version != version or not table.is_open:
            return
        allowed = in_channel(self.client, table.rec.channel_id)
        if allowed is not None and not can_post(allowed):
            return  # the host is told by the table message's update (bot.channel_access)
        channel = self.client.get_partial_messageable(table.rec.channel_id)
        url = table.publisher.jump_url if table.publisher else None
        mention = f"<@{user_id}>"
        try:
            message = await channel.send(
                _(PING_AT if url else PING, member=mention, url=url),
                allowed_mentions=discord.AllowedMentions(users=True),
            )
        except discord.HTTPException as exc:
            log.info("turn ping failed in channel %s: %s", table.rec.channel_id, exc)
            return
        table.ping_message_id = message.id
        if table.rec.version != version or not table.is_open:
            await self._clear_ping(table)

    async def _clear_ping(self, table: Table) -> None:
        message_id, table.ping_message_id = table.ping_message_id, None
        if message_id is None:
            return
        channel = self.client.get_partial_messageable(table.rec.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).delete()

    def _spawn(self, coro: Any, table: Table) -> None:
        """Run ``coro`` in the background, in the table's language."""
        task: asyncio.Task[None] = asyncio.create_task(coro, context=in_language(table.language))
        self._background.add(task)
        task.add_done_callback(self._background.discard)
