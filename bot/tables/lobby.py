"""The lobby and the table's life: opening a table (and playing again), seats taken,
given up, handed to AI players and taken back, the deal, the end. Each change is one
lock section: checked, committed, the table message scheduled and the turn driver told.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Mapping
from typing import Any

from bot.games.adapter import GameAdapter
from bot.games.words import LEVEL_LABELS, seat_label
from bot.i18n import N_, _, _n, speaking
from bot.storage import ChannelTaken
from bot.storage.tables import LoggedAction, SeatRecord, Snapshot, TableRecord
from bot.tables.ai_players import ai_name, check_level
from bot.tables.commit import TableWork
from bot.tables.game_record import finished_game
from bot.tables.table import Refusal, Table
from engine.ai.levels import DEFAULT_LEVEL
from engine.game import IllegalAction

DEALT = N_("Dealt! Open your cards with the table's **My hand** button or `/{game} hand`.")
OTHER_SHARD = N_("This server's tables are run by another process of the bot.")
ONLY_HOST_KICK = N_("Only the host ({host}) or someone with Manage Messages can kick players.")
ONLY_HOST_END = N_("Only the host ({host}) or someone with Manage Messages can end this table.")
ONLY_HOST_ADD = N_("Only the host ({host}) can add AI players.")
ONLY_HOST_DEAL = N_("Only the host ({host}) can deal.")


class TableExists(Exception):
    """The channel already has an open table."""

    def __init__(self, table: Table) -> None:
        super().__init__(f"table {table.id} is open here")
        self.table = table


class LobbyJobs(TableWork):
    """The lobby of the table service."""

    _seeds: random.Random
    """Where the deals' seeds come from."""
    _opening: asyncio.Lock
    """Serialises opening tables (with storage's one open table per channel)."""

    async def open(
        self, adapter: GameAdapter, *, guild_id: int, channel_id: int, host_id: int,
        host_name: str, settings: Mapping[str, Any],
    ) -> Table:
        """Open a lobby in the channel with the host seated; :class:`TableExists` when
        the channel has one already."""
        now = time.time()
        return await self._open(adapter, TableRecord(
            guild_id=guild_id, channel_id=channel_id, game=adapter.name, host_id=host_id,
            settings=dict(settings), seats=[SeatRecord(host_name, host_id)], created_at=now,
            updated_at=now,
        ))

    async def open_again(self, adapter: GameAdapter, old: TableRecord, host_id: int) -> Table:
        """Play again: a new lobby in a closed table's channel with its seats in the same
        order (members, and AI players at their levels), its options and ``host_id``."""
        now = time.time()
        seats = [SeatRecord(s.name, s.user_id) if s.user_id is not None
                 else SeatRecord(s.name, None, True, level=s.level) for s in old.seats]
        return await self._open(adapter, TableRecord(
            guild_id=old.guild_id, channel_id=old.channel_id, game=old.game, host_id=host_id,
            settings=dict(old.settings), seats=seats, created_at=now, updated_at=now,
        ))

    async def _open(self, adapter: GameAdapter, rec: TableRecord) -> Table:
        """Store and register a new lobby; one at a time, and storage keeps one open
        table per channel, so two requests at once open one. A server of another
        process's shard is refused (Discord never sends its interactions here): every
        other change finds only tables of this process's shards in the registry."""
        if not self.registry.shards.owns(rec.guild_id):
            raise Refusal(_(OTHER_SHARD), "other_shard")
        async with self._opening:
            existing = self.registry.in_channel(rec.channel_id)
            if existing is not None:
                raise TableExists(existing)
            try:
                adapter.check_settings(rec.settings, None)
            except IllegalAction as exc:
                raise Refusal(adapter.refusal(exc), exc.code) from None
            try:
                await self.storage.insert_table(rec)
            except ChannelTaken:
                other = self.registry.in_channel(rec.channel_id)
                if other is not None:
                    raise TableExists(other) from None
                raise Refusal(_("This channel already has an open table."),
                              "table_exists") from None
            table = self.registry.add(Table(rec, adapter, None))
            self._publish(table)
        return table

    async def join(self, table: Table, user_id: int, name: str) -> str:
        async with table.lock:
            seat = table.seat_of(user_id)
            if seat is not None and table.seats[seat].away and table.rec.status == "running":
                return await self._come_back(table, seat)
            self._require_lobby(table, "join")
            if table.seat_of(user_id) is not None:
                raise Refusal(_("You already have a seat at this table."), "already_seated")
            if len(table.seats) >= table.adapter.max_seats:
                raise Refusal(_("The table is full ({seats} seats).",
                                seats=table.adapter.max_seats), "full")
            await self._save(table, lambda rec: rec.seats.append(SeatRecord(name, user_id)))
            self._publish(table)
            seat = len(table.seats)
        return _("You joined the table (seat {seat}).", seat=seat)

    async def leave(self, table: Table, user_id: int) -> str:
        async with table.lock:
            seat = self._seat(table, user_id)
            if table.rec.status == "lobby":
                if await self._leave_lobby(table, user_id, seat):
                    return _("You left, and the table closed: nobody else was seated.")
                return _("You left the table.")
            if await self._hand_over(table, seat, removed=False):
                return _("You left. No member is left at the table, so it was ended.")
        return _("You left the table; an AI player took your seat.")

    async def kick(
        self, table: Table, user_id: int, can_manage: bool, target_id: int,
    ) -> str:
        """Remove ``target_id``'s seat (the host, or Manage Messages): in the lobby the
        seat goes; in a running game an AI player (normal) takes it and the member is
        recorded as having left (docs/playing.md "Fair records")."""
        async with table.lock:
            if not table.is_open:
                raise Refusal(_("This table is already closed."), "closed")
            self._require_host(table, user_id, ONLY_HOST_KICK, can_manage)
            if target_id == user_id:
                raise Refusal(_("To give up your own seat, use `leave`."), "bad_input")
            seat = table.seat_of(target_id)
            if seat is None:
                raise Refusal(_("{member} has no seat at this table.", member=f"<@{target_id}>"),
                              "not_a_player")
            label = seat_label(table.seats[seat])
            if table.rec.status == "lobby":
                if await self._leave_lobby(table, target_id, seat):
                    return _("{member} was removed from the lobby, and the table closed: nobody "
                             "else was seated.", member=label)
                return _("{member} was removed from the lobby.", member=label)
            if await self._hand_over(table, seat, removed=True):
                return _("{member} was removed. No member is left at the table, so it was "
                         "ended.", member=label)
        return _("{member} was removed; an AI player took their seat.", member=label)

    async def _hand_over(self, table: Table, seat: int, *, removed: bool) -> bool:
        """Hand a running game's member seat to a new AI player (lock held), keeping the
        member for the record (``removed``: by the host); True when no member is left,
        so the table was ended. The table's note is in the table's language."""
        game = table.running_game()
        with speaking(table.language):
            member = seat_label(table.seats[seat])
        total = game.results().totals[seat]

        def to_ai(rec: TableRecord) -> None:
            old = rec.seats[seat]
            rec.seats[seat] = SeatRecord(ai_name(rec), None, True, old.user_id, DEFAULT_LEVEL,
                                         left_name=old.name, left_score=total)
            others = [s.user_id for s in rec.seats if s.user_id is not None]
            if rec.host_id == old.user_id and others:
                rec.host_id = others[0]

        await self._save(table, to_ai)
        with speaking(table.language):
            ai = seat_label(table.seats[seat])
            table.note = _("{member} was removed by the host; {ai} plays their seat.",
                           member=member, ai=ai) if removed else \
                _("{member} left; {ai} plays their seat.", member=member, ai=ai)
        if all(s.user_id is None for s in table.seats):
            await self._end(table, "abandoned")
            return True
        self._publish(table)
        self.turns.on_committed(table)
        return False

    async def _leave_lobby(self, table: Table, user_id: int, seat: int) -> bool:
        """Remove a lobby seat (lock held); True when nobody is left, so it closed."""
        humans = [s.user_id for s in table.seats if s.user_id is not None and s.user_id != user_id]
        if not humans:
            await self._end(table, "abandoned")
            return True

        def remove(rec: TableRecord) -> None:
            del rec.seats[seat]
            if rec.host_id == user_id:
                rec.host_id = humans[0]

        await self._save(table, remove)
        self._publish(table)
        return False

    async def _come_back(self, table: Table, seat: int) -> str:
        """An away member takes their seat back from the AI (lock held)."""
        def back(rec: TableRecord) -> None:
            rec.seats[seat].ai = rec.seats[seat].away = False
            rec.seats[seat].timeouts = 0
            game = table.game
            if game is not None and game.to_act == seat:
                rec.deadline = self.turns.deadline(table, time.time())

        await self._save(table, back)
        with speaking(table.language):
            table.note = _("{member} is back and plays their own seat again.",
                           member=seat_label(table.seats[seat]))
        self._publish(table)
        self.turns.on_committed(table)
        return _("Welcome back: your seat is yours again.")

    async def add_bots(
        self, table: Table, user_id: int, count: int, level: str = DEFAULT_LEVEL,
    ) -> str:
        """Seat ``count`` AI players playing at ``level`` (host only, in the lobby)."""
        check_level(level)
        async with table.lock:
            self._require_lobby(table, "addbot")
            self._require_host(table, user_id, ONLY_HOST_ADD)
            free = table.adapter.max_seats - len(table.seats)
            if free <= 0:
                raise Refusal(_("The table is full ({seats} seats).",
                                seats=table.adapter.max_seats), "full")
            if not 1 <= count <= free:
                raise Refusal(_("You can add 1 to {free} AI players here.", free=free),
                              "bad_input")

            def add(rec: TableRecord) -> None:
                for _seat in range(count):
                    rec.seats.append(SeatRecord(ai_name(rec), None, True, level=level))

            await self._save(table, add)
            self._publish(table)
        return _n("Added {count} AI player ({level}).", "Added {count} AI players ({level}).",
                  count, level=_(LEVEL_LABELS[level]))

    async def deal(self, table: Table, user_id: int) -> str:
        async with table.lock:
            self._require_lobby(table, "deal")
            self._require_host(table, user_id, ONLY_HOST_DEAL)
            adapter, players = table.adapter, len(table.seats)
            if not adapter.min_seats <= players <= adapter.max_seats:
                needs = _("{least}–{most}", least=adapter.min_seats, most=adapter.max_seats) \
                    if adapter.min_seats < adapter.max_seats else \
                    _("exactly {count}", count=adapter.min_seats)
                raise Refusal(_n(
                    "{game} needs {needs} players and {count} is seated: ask others to `join`, "
                    "or add AI players with `addbot`.",
                    "{game} needs {needs} players and {count} are seated: ask others to `join`, "
                    "or add AI players with `addbot`.", players, game=adapter.title, needs=needs,
                ), "seats")
            seed = self._seeds.getrandbits(63)
            try:
                game = adapter.new_game(table.rec.settings, players, seed)
            except IllegalAction as exc:
                raise Refusal(adapter.refusal(exc), exc.code) from None
            now = time.time()
            async with self._commit(table) as rec:
                table.game = game
                rec.status, rec.updated_at = "running", now
                rec.deadline = self.turns.deadline(table, now)
                entry = LoggedAction(table.seq + 1, None, user_id,
                                     {"deal": {"seed": seed, "players": players}}, now)
                snapshot = Snapshot(entry.seq, game.to_json())
                await self.storage.log_action(rec, entry, snapshot)
            table.seq, table.snapshot, table.since = entry.seq, snapshot, []
            with speaking(table.language):
                table.note = _("The cards are dealt.")
            self._publish(table)
            self.turns.on_committed(table)
        return _(DEALT, game=adapter.name)

    async def end(self, table: Table, user_id: int, can_manage: bool) -> str:
        async with table.lock:
            if not table.is_open:
                raise Refusal(_("This table is already closed."), "closed")
            self._require_host(table, user_id, ONLY_HOST_END, can_manage)
            await self._end(table, "abandoned")
        return _("The table was ended and recorded as abandoned.") if table.game else \
            _("The table was ended.")

    async def _end(self, table: Table, status: str) -> None:
        """Close the table (lock held); record the game when one was dealt."""
        now = time.time()
        async with self._commit(table) as rec:
            rec.status, rec.deadline, rec.updated_at = status, None, now
            game = table.game
            rec.final_pending = game is not None
            snapshot = None if game is None else Snapshot(table.seq, game.to_json())
            result = None if game is None else finished_game(table, now)
            async with self.nights.recording(table.id, result) as night:
                await self.storage.close_table(rec, snapshot=snapshot, result=result, night=night)
        self._closed(table)
        self._publish(table, repost=table.game is not None)

    async def repost(self, table: Table) -> str:
        """Post the table message again, at the bottom of the channel."""
        async with table.lock:
            if table.publisher is None:
                raise Refusal(_("This table has no message to post."), "closed")
            self._publish(table, repost=True)
        return _("The table is posted again at the bottom of the channel.")

    @staticmethod
    def _require_lobby(table: Table, what: str) -> None:
        if table.rec.status == "running":
            raise Refusal(_("The game is already running, so `{command}` is closed; "
                            "`leave` hands your seat to an AI player.", command=what), "running")
        if table.rec.status != "lobby":
            raise Refusal(_("This table is closed. Open a new one with `start`."), "closed")

    @staticmethod
    def _require_host(
        table: Table, user_id: int, refusal: str, can_manage: bool = False,
    ) -> None:
        """The host may, and so may whoever ``can_manage`` (Manage Messages); else the
        ``refusal`` (one of the ``ONLY_HOST_…`` texts)."""
        if user_id == table.rec.host_id or can_manage:
            return
        raise Refusal(_(refusal, host=f"<@{table.rec.host_id}>"), "not_host")
