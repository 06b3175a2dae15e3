"""The table registry: at most one open table per channel, one lock per table, and the
one path every change takes (check the member's seat, apply to the engine, commit,
then answer and schedule the table-message update).

Slash commands, buttons, the AI players and the turn timer all come through here, so
an action is committed to SQLite before anyone is told it happened, and two requests
at once for the same table apply one after the other.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import random
import sqlite3
import time
import weakref
from collections.abc import Callable, Mapping
from typing import Any, cast

import aiosqlite
import discord

from bot.ai_players import AiPlayers, check_level, snapshot, stamp
from bot.games import ADAPTERS, ActionFor, GameAdapter, Panel
from bot.publisher import Payload, Publisher
from bot.render import final_embed, lobby_embed, seat_label, table_embed
from bot.storage import tables as store
from bot.storage.results import FinishedGame, GameName, record_game
from bot.storage.tables import SeatRecord, TableRecord
from bot.storage.writer import Writer, insert
from bot.table import Accepted, Refusal, Table
from bot.views import lobby_view, table_view
from engine.ai.decide import DEFAULT_LEVEL
from engine.game import Action, IllegalAction

log = logging.getLogger(__name__)

AI_NAMES = ("Ada", "Boole", "Curie", "Dijkstra", "Euler", "Fermat", "Gauss", "Hopper")
STORAGE_FAILED = "The table could not save that, so nothing changed. Please try again."


class TableExists(Exception):
    """The channel already has an open table."""

    def __init__(self, table: Table) -> None:
        super().__init__(f"table {table.id} is open here")
        self.table = table


class TableRegistry:
    """Every open table of this bot, by id and by channel."""

    def __init__(
        self, client: discord.Client, conn: aiosqlite.Connection, *, ai_delay: float = 1.0,
        seed: int | None = None,
    ) -> None:
        self.client = client
        self.conn = conn
        self.ai = AiPlayers(ai_delay)
        self._seeds: random.Random = random.SystemRandom() if seed is None else random.Random(seed)
        self._tables: dict[int, Table] = {}
        self._channels: dict[int, Table] = {}
        self.writer = Writer(conn)
        self._background: set[asyncio.Task[None]] = set()
        self._closing: weakref.WeakSet[Publisher] = weakref.WeakSet()
        """Messages of tables that just closed, until their last edit is out."""
        self.clock: Callable[[], float] = time.time
        """Now, for the table message's age (Discord's clock)."""
        self.accepted = 0
        """Accepted turn actions since start (members, AI players and timers)."""

    # --- lookup --------------------------------------------------------------------

    def in_channel(self, channel_id: int) -> Table | None:
        return self._channels.get(channel_id)

    def get(self, table_id: int) -> Table | None:
        return self._tables.get(table_id)

    def __len__(self) -> int:
        return len(self._tables)

    # --- storage -------------------------------------------------------------------

    async def _save(self, table: Table, change: Callable[[TableRecord], None]) -> None:
        """Apply ``change`` to the record and commit it; on failure restore the record
        and refuse (nothing changed)."""
        before = copy.deepcopy(table.rec)
        change(table.rec)
        table.rec.updated_at = time.time()
        try:
            await self.writer.write([store.table_row(table.rec)])
        except Exception:
            table.rec = before
            log.exception("could not save table %s", table.id)
            raise Refusal(STORAGE_FAILED, "storage") from None

    async def restore(self) -> int:
        """Load every open table from storage and resume its AI players and timer."""
        for rec in await store.load_open_tables(self.conn):
            adapter = ADAPTERS.get(rec.game)
            if adapter is None:
                log.warning("table %s is for unknown game %r; left as is", rec.id, rec.game)
                continue
            try:
                game = adapter.load(rec.state) if rec.state else None
            except Exception:
                log.exception("table %s has an unreadable state; left as is", rec.id)
                continue
            table = self._add(Table(rec, adapter, game))
            table.seq = await store.last_seq(self.conn, rec.id)
            assert table.publisher is not None
            table.publisher.schedule()
            self._kick(table)
        return len(self._tables)

    async def close(self, timeout: float = 5.0) -> None:
        """Stop the AI players and timers and let pending table edits finish."""
        for table in self._tables.values():
            table.stop_tasks()
        publishers = {t.publisher for t in self._tables.values() if t.publisher}
        pending = [p.flush() for p in publishers | set(self._closing)]
        if pending:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*pending), timeout)
        for task in list(self._background):
            task.cancel()

    def _add(self, table: Table) -> Table:
        rec = table.rec
        table.publisher = Publisher(
            self.client, rec.channel_id, rec.guild_id, lambda: self.render(table),
            lambda mid, at: self._moved(table, mid, at), rec.message_id, rec.message_posted_at,
            lambda: self.clock(),
        )
        self._tables[rec.id] = table
        self._channels[rec.channel_id] = table
        return table

    def _forget(self, table: Table) -> None:
        table.stop_tasks()
        if table.publisher is not None:
            self._closing.add(table.publisher)
        self._tables.pop(table.id, None)
        if self._channels.get(table.rec.channel_id) is table:
            del self._channels[table.rec.channel_id]
        self._spawn(self._clear_ping(table))

    async def _moved(self, table: Table, message_id: int, at: float) -> None:
        table.rec.message_id, table.rec.message_posted_at = message_id, at
        async with self.writer.transaction() as conn:
            await store.save_message(conn, table.rec)

    # --- rendering -----------------------------------------------------------------

    def render(self, table: Table) -> Payload:
        """The table message for the table's current state (public data only)."""
        rec, adapter = table.rec, table.adapter
        if rec.status == "lobby":
            embed = lobby_embed(adapter, adapter.describe_settings(rec.settings), rec.seats,
                                rec.host_id)
            return Payload([embed], lobby_view(rec.id))
        if table.game is None:
            closed = discord.Embed(title=f"{adapter.title} — closed",
                                   description="The host ended this table before the deal.")
            return Payload([closed], None)
        if rec.status == "running":
            embed = table_embed(adapter, table.game, rec.seats, table.note, rec.deadline)
            return Payload([embed], table_view(rec.id))
        return Payload([final_embed(adapter, table.game, rec.seats,
                                    abandoned=rec.status == "abandoned")], None)

    # --- lobby ---------------------------------------------------------------------

    async def open(
        self, adapter: GameAdapter, *, guild_id: int, channel_id: int, host_id: int,
        host_name: str, settings: Mapping[str, Any],
    ) -> Table:
        """Open a lobby in the channel with the host seated; :class:`TableExists` when
        the channel has one already."""
        existing = self._channels.get(channel_id)
        if existing is not None:
            raise TableExists(existing)
        try:
            adapter.check_settings(settings, None)
        except IllegalAction as exc:
            raise Refusal(adapter.refusal(exc), exc.code) from None
        now = time.time()
        rec = TableRecord(
            guild_id=guild_id, channel_id=channel_id, game=adapter.name, host_id=host_id,
            settings=dict(settings), seats=[SeatRecord(host_name, host_id)], created_at=now,
            updated_at=now,
        )
        try:
            async with self.writer.transaction() as conn:
                await store.insert_table(conn, rec)
        except sqlite3.IntegrityError:
            other = self._channels.get(channel_id)
            if other is not None:
                raise TableExists(other) from None
            raise Refusal("This channel already has an open table.", "table_exists") from None
        table = self._add(Table(rec, adapter, None))
        self._publish(table)
        return table

    async def join(self, table: Table, user_id: int, name: str) -> str:
        async with table.lock:
            self._require_lobby(table, "join")
            if table.seat_of(user_id) is not None:
                raise Refusal("You already have a seat at this table.", "already_seated")
            if len(table.seats) >= table.adapter.max_seats:
                raise Refusal(f"The table is full ({table.adapter.max_seats} seats).", "full")
            await self._save(table, lambda rec: rec.seats.append(SeatRecord(name, user_id)))
            seat = len(table.seats)
        self._publish(table)
        return f"You joined the table (seat {seat})."

    async def leave(self, table: Table, user_id: int) -> str:
        async with table.lock:
            seat = self._seat(table, user_id)
            if table.rec.status == "lobby":
                return await self._leave_lobby(table, user_id, seat)
            table.running_game()
            label = seat_label(table.seats[seat])

            def to_ai(rec: TableRecord) -> None:
                old = rec.seats[seat]
                rec.seats[seat] = SeatRecord(self._ai_name(rec), None, True, user_id,
                                             DEFAULT_LEVEL)
                others = [s.user_id for s in rec.seats if s.user_id is not None]
                if rec.host_id == old.user_id and others:
                    rec.host_id = others[0]

            await self._save(table, to_ai)
            table.note = f"{label} left; {seat_label(table.seats[seat])} plays their seat."
            if all(s.user_id is None for s in table.seats):
                await self._end(table, "abandoned")
                return "You left. No member is left at the table, so it was ended."
        self._publish(table)
        self._kick(table)
        return "You left the table; an AI player took your seat."

    async def _leave_lobby(self, table: Table, user_id: int, seat: int) -> str:
        humans = [s.user_id for s in table.seats if s.user_id is not None and s.user_id != user_id]
        if not humans:
            await self._end(table, "abandoned")
            return "You left, and the table closed: nobody else was seated."

        def remove(rec: TableRecord) -> None:
            del rec.seats[seat]
            if rec.host_id == user_id:
                rec.host_id = humans[0]

        await self._save(table, remove)
        self._publish(table)
        return "You left the table."

    async def add_bots(
        self, table: Table, user_id: int, count: int, level: str = DEFAULT_LEVEL,
    ) -> str:
        """Seat ``count`` AI players playing at ``level`` (host only, in the lobby)."""
        check_level(level)
        async with table.lock:
            self._require_lobby(table, "addbot")
            self._require_host(table, user_id, "add AI players")
            free = table.adapter.max_seats - len(table.seats)
            if free <= 0:
                raise Refusal(f"The table is full ({table.adapter.max_seats} seats).", "full")
            if not 1 <= count <= free:
                raise Refusal(f"You can add 1 to {free} AI players here.", "bad_input")

            def add(rec: TableRecord) -> None:
                for _ in range(count):
                    rec.seats.append(SeatRecord(self._ai_name(rec), None, True, level=level))

            await self._save(table, add)
        self._publish(table)
        return f"Added {count} AI player{'s' if count > 1 else ''} ({level})."

    async def deal(self, table: Table, user_id: int) -> str:
        async with table.lock:
            self._require_lobby(table, "deal")
            self._require_host(table, user_id, "deal")
            adapter, players = table.adapter, len(table.seats)
            if not adapter.min_seats <= players <= adapter.max_seats:
                needs = f"{adapter.min_seats}–{adapter.max_seats}" \
                    if adapter.min_seats < adapter.max_seats else f"exactly {adapter.min_seats}"
                raise Refusal(
                    f"{adapter.title} needs {needs} players and "
                    f"{players} {'is' if players == 1 else 'are'} seated: ask others to `join`, "
                    "or add AI players with `addbot`.", "seats",
                )
            seed = self._seeds.getrandbits(63)
            try:
                game = adapter.new_game(table.rec.settings, players, seed)
            except IllegalAction as exc:
                raise Refusal(adapter.refusal(exc), exc.code) from None
            now = time.time()
            before = copy.deepcopy(table.rec)
            rec = table.rec
            rec.status, rec.state, rec.updated_at = "running", game.to_json(), now
            table.game = game
            rec.deadline = self._deadline(table, now)
            try:
                await self.writer.write([
                    store.action_row(rec.id, table.seq + 1, None, user_id,
                                     {"deal": {"seed": seed, "players": players}}, now),
                    store.table_row(rec),
                ])
            except Exception:
                table.rec, table.game = before, None
                log.exception("could not save the deal of table %s", table.id)
                raise Refusal(STORAGE_FAILED, "storage") from None
            table.seq += 1
            table.note = "The cards are dealt."
        self._publish(table)
        self._kick(table)
        return "Dealt! Open your cards with the table's **My hand** button or `hand`."

    async def end(self, table: Table, user_id: int, can_manage: bool) -> str:
        async with table.lock:
            if not table.is_open:
                raise Refusal("This table is already closed.", "closed")
            if user_id != table.rec.host_id and not can_manage:
                raise Refusal(
                    f"Only the host (<@{table.rec.host_id}>) or someone with Manage Messages "
                    "can end this table.", "not_host",
                )
            await self._end(table, "abandoned")
        return "The table was ended" + (" and recorded as abandoned." if table.game else ".")

    async def _end(self, table: Table, status: str) -> None:
        """Close the table (lock held); record the game when one was dealt."""
        before = copy.deepcopy(table.rec)
        now = time.time()
        table.rec.status, table.rec.deadline, table.rec.updated_at = status, None, now
        try:
            async with self.writer.transaction() as conn:
                await store.save_table(conn, table.rec)
                if table.game is not None:
                    await record_game(conn, await self._result(conn, table, now))
        except Exception:
            table.rec = before
            log.exception("could not close table %s", table.id)
            raise Refusal(STORAGE_FAILED, "storage") from None
        self._forget(table)
        self._publish(table, repost=table.game is not None)

    # --- the action path -----------------------------------------------------------

    async def act(
        self, table: Table, user_id: int, action: Action | ActionFor, stamp: int | None = None,
    ) -> Accepted:
        """Apply a member's action for their own seat. ``action`` may depend on the game
        and seat (given a callable); ``stamp`` is the table version a panel button was
        drawn at."""
        async with table.lock:
            game = table.running_game()
            seat = self._seat(table, user_id)
            if stamp is not None and stamp != table.rec.version:
                raise Refusal(
                    "That button is from an earlier turn. Press Refresh (or the table's My hand) "
                    "to see your hand as it is now.",
                    "stale",
                )
            try:
                chosen = action(game, seat) if callable(action) else action
                turn = table.adapter.is_turn(chosen)
                accepted = await self._apply(table, seat, user_id, chosen, turn=turn)
            except IllegalAction as exc:
                raise Refusal(table.adapter.refusal(exc), exc.code) from None
        if turn:
            self._after(table, accepted)
        return accepted

    async def panel(
        self, table: Table, user_id: int, draft: str | None = None,
    ) -> tuple[Panel, int]:
        """The member's private panel and the version it shows (also once the game is
        over), with a pending menu pick when ``draft`` is given. Opening it counts as
        looking at the hand (KV7)."""
        async with table.lock:
            game = table.game if table.rec.status == "finished" else table.running_game()
            assert game is not None
            seat = self._seat(table, user_id)
            look = None if game.is_over else table.adapter.look_action(game, seat)
            if look is not None:
                try:
                    await self._apply(table, seat, user_id, look, turn=False)
                except IllegalAction as exc:
                    raise Refusal(table.adapter.refusal(exc), exc.code) from None
            adapter = table.adapter
            panel = adapter.panel(game, seat, table.seats) if draft is None else \
                adapter.draft_panel(game, seat, table.seats, draft)
            return panel, table.rec.version

    async def _apply(
        self, table: Table, seat: int, user_id: int | None, action: Action, *, turn: bool = True,
    ) -> Accepted:
        """Apply and commit one action (lock held). :class:`IllegalAction` when the rules
        refuse it; :class:`Refusal` when it could not be stored. Either way nothing
        changed."""
        game, rec, adapter = table.running_game(), table.rec, table.adapter
        hidden = adapter.hidden_actor(game)
        game.apply(seat, action)
        before = (rec.version, rec.state, rec.deadline, rec.status, rec.updated_at)
        now = time.time()
        rec.version += int(turn)
        rec.state = game.to_json()
        over = game.is_over
        rec.status = "finished" if over else "running"
        if over:
            rec.deadline = None
        elif turn:  # looking at one's hand is not a turn: the deadline stands
            rec.deadline = self._deadline(table, now)
        rec.updated_at = now
        logged = store.action_row(rec.id, table.seq + 1, seat, user_id,
                                  type(game).encode_action(action), now)
        try:
            if over:
                async with self.writer.transaction() as conn:
                    await insert(conn, logged)
                    await store.save_table(conn, rec)
                    await record_game(conn, await self._result(conn, table, now))
            else:
                await self.writer.write([logged, store.table_row(rec)])
        except Exception:
            rec.version, rec.state, rec.deadline, rec.status, rec.updated_at = before
            table.game = adapter.load(rec.state) if rec.state else None
            log.exception("could not save an action of table %s", table.id)
            raise Refusal(STORAGE_FAILED, "storage") from None
        table.seq += 1
        if turn:
            self.accepted += 1
            actor = hidden or seat_label(table.seats[seat])
            table.note = f"{actor} {adapter.describe_action(action)}."
        return Accepted(seat, adapter.describe_action(action), over)

    def _after(self, table: Table, accepted: Accepted) -> None:
        """What follows an accepted action: the table edit, then the next turn or the end."""
        if accepted.finished:
            self._forget(table)
            self._publish(table, repost=True)
            return
        self._publish(table)
        self._kick(table)

    async def _result(self, conn: aiosqlite.Connection, table: Table, now: float) -> FinishedGame:
        assert table.game is not None
        rec = table.rec
        return FinishedGame.from_results(
            guild_id=rec.guild_id, game=cast(GameName, rec.game),
            status="finished" if rec.status == "finished" else "abandoned",
            seats=[(s.user_id, s.name) for s in rec.seats], results=table.game.results(),
            ended_at=now, started_at=await store.first_action_at(conn, rec.id),
            table_id=rec.id, variant=dict(rec.settings),
        )

    # --- AI players, the turn timer and the turn ping --------------------------------

    def _kick(self, table: Table) -> None:
        """Start whatever the next turn needs: an AI player, the timer, the ping (none
        while the turn is secret)."""
        game = table.game
        if table.rec.status != "running" or game is None or game.to_act is None:
            return
        hidden = table.adapter.hidden_actor(game) is not None
        if table.rec.settings.get("turn_ping") and not hidden:
            self._spawn(self._ping(table, game.to_act, table.rec.version))
        if table.seats[game.to_act].ai:
            if table.ai_task is None or table.ai_task.done():
                table.ai_task = asyncio.create_task(self._drive_ai(table))
            return
        deadline = table.rec.deadline
        if deadline is not None:
            if table.timer_task is not None:
                table.timer_task.cancel()
            table.timer_task = asyncio.create_task(
                self._timer(table, table.rec.version, deadline)
            )

    def _deadline(self, table: Table, now: float) -> float | None:
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

    async def _drive_ai(self, table: Table) -> None:
        """Let AI players take their turns, one after another, while it is theirs."""
        while True:
            accepted = await self._ai_turn(table)
            if accepted is None:
                return
            self._after(table, accepted)
            if accepted.finished:
                return

    async def _timer(self, table: Table, version: int, deadline: float) -> None:
        """When the deadline passes with the turn unchanged, the AI acts for it at the
        default level."""
        await asyncio.sleep(max(0.0, deadline - time.time()))
        accepted = await self._ai_turn(table, timer_version=version)
        if accepted is not None:
            self._after(table, accepted)

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
                try:
                    accepted = await self._apply(table, seat, None, action)
                except (IllegalAction, Refusal):
                    log.exception("the AI player of table %s could not act", table.id)
                    return None
                # A secret turn's note stays as for any answer: saying that time ran out
                # would tell a member's seat from an AI player's.
                if timer_version is not None and hidden is None:
                    label = seat_label(table.seats[seat])
                    table.note = f"⏱️ Time ran out for {label}: the AI {accepted.text} for them."
                return accepted

    async def _ping(self, table: Table, seat: int, version: int) -> None:
        """A short new message that pings the member to act (an edit pings nobody);
        deleted once the turn has moved on."""
        await self._clear_ping(table)
        user_id = table.seats[seat].user_id
        if user_id is None or table.rec.version != version or not table.is_open:
            return
        channel = self.client.get_partial_messageable(table.rec.channel_id)
        url = table.publisher.jump_url if table.publisher else None
        try:
            message = await channel.send(
                f"<@{user_id}>, it's your turn" + (f": {url}" if url else "."),
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

    # --- helpers -------------------------------------------------------------------

    def _publish(self, table: Table, *, repost: bool = False) -> None:
        if table.publisher is not None:
            table.publisher.schedule(repost=repost)

    def _spawn(self, coro: Any) -> None:
        task: asyncio.Task[None] = asyncio.create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    @staticmethod
    def _seat(table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal(
                "You are not playing at this table. In the lobby you can `join`; "
                "otherwise wait for the next game.", "not_a_player",
            )
        return seat

    @staticmethod
    def _require_lobby(table: Table, what: str) -> None:
        if table.rec.status == "running":
            raise Refusal(f"The game is already running, so `{what}` is closed; "
                          "`leave` hands your seat to an AI player.", "running")
        if table.rec.status != "lobby":
            raise Refusal("This table is closed. Open a new one with `start`.", "closed")

    @staticmethod
    def _require_host(table: Table, user_id: int, what: str) -> None:
        if user_id != table.rec.host_id:
            raise Refusal(f"Only the host (<@{table.rec.host_id}>) can {what}.", "not_host")

    @staticmethod
    def _ai_name(rec: TableRecord) -> str:
        used = {s.name for s in rec.seats if s.ai}
        for name in AI_NAMES:
            if name not in used:
                return name
        return f"AI {len(rec.seats) + 1}"
