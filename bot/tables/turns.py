"""The turn driver: AI players' moves, the turn timer and the turn ping.

The table service tells it of every committed change (:meth:`TurnDriver.on_committed`):
an AI seat to act gets its move (decided in a worker thread, applied through the
service's :class:`Moves`), a member's turn gets its deadline timer and its ping.
Nothing is pinged or timed differently while the turn is secret (M9).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any, Protocol

import discord

from bot.games.options import table_option
from bot.i18n import N_, _, in_language
from bot.permissions import can_post, in_channel
from bot.tables.ai_players import AiPlayers, Snapshot
from bot.tables.table import Accepted, Table
from engine.game import Action

log = logging.getLogger(__name__)

PING = N_("{member}, it's your turn.")
PING_AT = N_("{member}, it's your turn: {url}")


class Moves(Protocol):
    """What the driver asks of the table service (:class:`bot.tables.actions.ActionJobs`),
    each in one lock section."""

    async def turn_to_decide(self, table: Table, timer_version: int | None) -> Snapshot | None:
        """What the AI decides the next move on; None when there is nothing to decide."""

    async def play_decided(
        self, table: Table, decided_on: Snapshot, action: Action, timer_version: int | None,
    ) -> Accepted | Snapshot | None:
        """Apply the decided move if the table has not moved since; else what to decide
        on now (None: nothing)."""


class TurnDriver:
    """Drives the turns of the tables of one table service, whose :class:`Moves` it is
    given. The turn ping goes out ``ping_delay`` seconds into a turn, if the turn has
    not moved on by then."""

    def __init__(
        self, client: discord.Client, moves: Moves, ai: AiPlayers, *, ping_delay: float = 0.0,
    ) -> None:
        self.client = client
        self.moves = moves
        self.ai = ai
        self.ping_delay = ping_delay
        self._background: set[asyncio.Task[None]] = set()
        self._closing = False

    def on_committed(self, table: Table) -> None:
        """Start whatever the next turn needs: an AI player, the timer, the ping (none
        while the turn is secret)."""
        if table.ping_message_id is not None:  # the turn moved on: the old ping goes
            self._spawn(self._clear_ping(table), table)
        game = table.game
        if table.rec.status != "running" or game is None or game.to_act is None:
            return
        hidden = table.adapter.hidden_actor(game) is not None
        if table_option(table.rec.settings, "turn_ping") and not hidden:
            seat, version = game.to_act, table.rec.version
            if self.ping_delay > 0:
                asyncio.get_running_loop().call_later(
                    self.ping_delay, self._ping_if_current, table, seat, version)
            else:
                self._ping_if_current(table, seat, version)
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
        """Cancel the pings still under way; send no more."""
        self._closing = True
        for task in list(self._background):
            task.cancel()

    async def _drive_ai(self, table: Table) -> None:
        """Let AI players take their turns, one after another, while it is theirs."""
        while True:
            accepted = await self._ai_turn(table)
            if accepted is None or accepted.finished:
                return

    async def _timer(self, table: Table, version: int, deadline: float) -> None:
        """When the deadline passes with the turn unchanged, the AI acts for it at the
        default level (the third time in a row, the member is away: docs/playing.md "Host
        tools")."""
        await asyncio.sleep(max(0.0, deadline - time.time()))
        await self._ai_turn(table, timer_version=version)

    async def _ai_turn(self, table: Table, *, timer_version: int | None = None) -> Accepted | None:
        """Decide the move of the seat to act in a worker thread and have the service
        apply it; None when there is nothing to do. Without ``timer_version`` the move
        is an AI player's, paced; with it, the turn timer's at that version. The move is
        decided on a snapshot taken under the lock and applied only if the table did
        not move meanwhile; otherwise it is decided again."""
        decided_on = await self.moves.turn_to_decide(table, timer_version)
        while decided_on is not None:
            action = await self.ai.move(table.adapter.name, decided_on,
                                        paced=timer_version is None)
            played = await self.moves.play_decided(table, decided_on, action, timer_version)
            if not isinstance(played, Snapshot):
                return played
            decided_on = played
        return None

    def _ping_if_current(self, table: Table, seat: int, version: int) -> None:
        """Ping the member to act, unless the turn has moved on (a member who acted
        within :attr:`ping_delay` is not pinged)."""
        if table.rec.version == version and table.is_open and not self._closing:
            self._spawn(self._ping(table, seat, version), table)

    async def _ping(self, table: Table, seat: int, version: int) -> None:
        """A short new message that pings the member to act (an edit pings nobody);
        deleted once the turn has moved on."""
        await self._clear_ping(table)
        user_id = table.seats[seat].user_id
        if user_id is None or table.rec.version != version or not table.is_open:
            return
        allowed = in_channel(self.client, table.rec.channel_id)
        if allowed is not None and not can_post(allowed):
            return  # the host is told by the table message's update (bot.tables.channel_access)
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
