"""The table service: the one path every change of a table takes, whether it comes
from a slash command, a button, an AI player or the turn timer.

Under the table's lock it checks the member's seat, applies the change to the record
and the engine, commits it (:meth:`TableService._commit`: the one commit-and-rollback
helper), and only then answers and schedules the table-message update. Two requests at
once for the same table apply one after the other.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import random
import time
from collections.abc import AsyncIterator, Mapping
from typing import Any, Protocol

from bot.ai_players import check_level
from bot.games.adapter import ActionFor, GameAdapter, Panel
from bot.games.words import LEVEL_LABELS, seat_label
from bot.i18n import N_, _, _n, speaking
from bot.registry import TableRegistry
from bot.render import hint_words as hints
from bot.render.table_pictures import hand_drawing
from bot.storage import ChannelTaken, Storage
from bot.storage.results import FinishedGame
from bot.storage.tables import LoggedAction, SeatRecord, Snapshot, TableRecord
from bot.table import Accepted, Refusal, Table
from engine.ai.hints import hint
from engine.ai.levels import DEFAULT_LEVEL
from engine.game import Action, Game, IllegalAction

log = logging.getLogger(__name__)

AI_NAMES = ("Ada", "Boole", "Curie", "Dijkstra", "Euler", "Fermat", "Gauss", "Hopper")
DEALT = N_("Dealt! Open your cards with the table's **My hand** button or `/{game} hand`.")
STORAGE_FAILED = N_("The table could not save that, so nothing changed. Please try again.")
OTHER_SHARD = N_("This server's tables are run by another process of the bot.")
DEFAULTS_KEY = "start_defaults"
"""Where a server's saved start options live in its settings, by game name."""
LANGUAGE_KEY = "language"
"""Where a server's table language lives in its settings (``/settings language``)."""
AWAY_AFTER = 3
"""Time-outs in a row after which a member is away: the AI plays their seat."""
AWAY_NOTE = N_("{seat} timed out three times in a row, so the AI plays their seat; "
                "they take it back with `/{game} join`.")
ONLY_HOST_KICK = N_("Only the host ({host}) or someone with Manage Messages can kick players.")
ONLY_HOST_END = N_("Only the host ({host}) or someone with Manage Messages can end this table.")
ONLY_HOST_ADD = N_("Only the host ({host}) can add AI players.")
ONLY_HOST_DEAL = N_("Only the host ({host}) can deal.")


class TableExists(Exception):
    """The channel already has an open table."""

    def __init__(self, table: Table) -> None:
        super().__init__(f"table {table.id} is open here")
        self.table = table


class Turns(Protocol):
    """What the service asks of the turn driver (:class:`bot.turns.TurnDriver`)."""

    def deadline(self, table: Table, now: float) -> float | None:
        """The deadline of the turn now to play, if the turn timer is on."""

    def kick(self, table: Table) -> None:
        """Start whatever the next turn needs (an AI player, the timer, the ping)."""

    def closed(self, table: Table) -> None:
        """The table closed: stop its turn's tasks and clear its ping."""


class NoTurns:
    """No turn driver: nothing is timed, pinged or played by AI players."""

    def deadline(self, table: Table, now: float) -> float | None:
        return None

    def kick(self, table: Table) -> None:
        return None

    def closed(self, table: Table) -> None:
        return None


def hands_scored(game: Game) -> int:
    return len(game.results().hand_scores)


class TableService:
    """Opens tables and applies every change to them."""

    def __init__(
        self, registry: TableRegistry, storage: Storage, *, seed: int | None = None,
    ) -> None:
        self.registry = registry
        self.storage = storage
        self.turns: Turns = NoTurns()
        """The turn driver, once one drives this service's tables."""
        self._seeds: random.Random = random.SystemRandom() if seed is None else random.Random(seed)
        self.accepted = 0
        """Accepted turn actions since start (members, AI players and timers)."""
        self._opening = asyncio.Lock()
        """Serialises opening tables (with storage's one open table per channel)."""
        self._settings_lock = asyncio.Lock()
        """Serialises read-modify-write of servers' settings."""

    # --- the one commit-and-rollback helper ----------------------------------------

    @contextlib.asynccontextmanager
    async def _commit(self, table: Table) -> AsyncIterator[TableRecord]:
        """Change ``table`` (lock held): the body changes the record it is given (and
        the game) and stores it. When the body raises, the record and the game are put
        back as they were stored, so nothing changed; a storage failure becomes the
        :class:`Refusal` that says so."""
        before = copy.deepcopy(table.rec)
        game = table.game
        try:
            yield table.rec
        except IllegalAction:  # the engine refused: it changed nothing
            self._restore(table, before)
            table.game = game
            raise
        except BaseException as exc:
            self._restore(table, before)
            table.game = table.stored_game()
            if not isinstance(exc, Exception):
                raise
            log.exception("could not save a change of table %s", table.id)
            raise Refusal(_(STORAGE_FAILED), "storage") from None

    @staticmethod
    def _restore(table: Table, before: TableRecord) -> None:
        """Put the record back, keeping where its message is (moved meanwhile)."""
        before.message_id, before.message_posted_at = (table.rec.message_id,
                                                       table.rec.message_posted_at)
        table.rec = before

    async def _save(self, table: Table, change: Any) -> None:
        """Apply ``change`` to the record and store it."""
        async with self._commit(table) as rec:
            change(rec)
            rec.updated_at = time.time()
            await self.storage.save_table(rec)

    # --- lobby ---------------------------------------------------------------------

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
            seat = len(table.seats)
        self._publish(table)
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
        self.turns.kick(table)
        return _("You left the table; an AI player took your seat.")

    async def kick(
        self, table: Table, user_id: int, can_manage: bool, target_id: int,
    ) -> str:
        """Remove ``target_id``'s seat (the host, or Manage Messages): in the lobby the
        seat goes; in a running game an AI player (normal) takes it and the member is
        recorded as having left (README "Fair records")."""
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
        self.turns.kick(table)
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
            rec.seats[seat] = SeatRecord(_ai_name(rec), None, True, old.user_id, DEFAULT_LEVEL,
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
        self.turns.kick(table)
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
                    rec.seats.append(SeatRecord(_ai_name(rec), None, True, level=level))

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
        self.turns.kick(table)
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
            await self.storage.close_table(
                rec, snapshot=snapshot, result=None if game is None else _result(table, now))
        self._closed(table)
        self._publish(table, repost=table.game is not None)

    def _closed(self, table: Table) -> None:
        self.registry.forget(table)
        self.turns.closed(table)

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
            if table.seats[seat].away:
                raise Refusal(_(
                    "The AI plays your seat since your turn timed out three times in a row. "
                    "Take it back with `/{game} join`.", game=table.adapter.name), "away")
            if stamp is not None and stamp != table.rec.version:
                raise Refusal(_(
                    "That button is from an earlier turn. Press Refresh (or the table's My hand) "
                    "to see your hand as it is now."), "stale")
            try:
                chosen = action(game, seat) if callable(action) else action
                turn = table.adapter.is_turn(chosen)
                accepted = await self.apply(table, seat, user_id, chosen, turn=turn)
            except IllegalAction as exc:
                raise Refusal(table.adapter.refusal(exc), exc.code) from None
        if turn:
            self.after(table, accepted)
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
                    await self.apply(table, seat, user_id, look, turn=False)
                except IllegalAction as exc:
                    raise Refusal(table.adapter.refusal(exc), exc.code) from None
            adapter = table.adapter
            panel = adapter.panel(game, seat, table.seats) if draft is None else \
                adapter.draft_panel(game, seat, table.seats, draft)
            playable = [] if game.is_over else adapter.legal_card_names(game, seat)
            panel.picture = hand_drawing(table, seat, playable)
            return panel, table.rec.version

    async def hint(self, table: Table, user_id: int) -> str:
        """The normal AI's move for the member's seat with one reason (README "Hints"),
        decided in a worker thread from that seat's view only. Nothing changes."""
        async with table.lock:
            game = table.running_game()
            seat = self._seat(table, user_id)
            if not table.rec.settings.get("hints", True):
                raise Refusal(_(hints.HINTS_OFF), "hints_off")
            legal = list(game.legal_actions(seat))
            view = copy.deepcopy(game.view(seat))
        if not legal:
            return _(hints.NO_HINT)
        return hints.words(await asyncio.to_thread(hint, table.adapter.name, view, legal))

    async def apply(
        self, table: Table, seat: int, user_id: int | None, action: Action, *, turn: bool = True,
        note: str | None = None, timed_out: bool = False,
    ) -> Accepted:
        """Apply and commit one action (lock held). :class:`IllegalAction` when the rules
        refuse it; :class:`Refusal` when it could not be stored. Either way nothing
        changed. An action writes its log line and the table row, and the engine state
        only when a hand was scored (at most once per hand) or the game ended.
        ``timed_out``: the turn timer played for the member, the :data:`AWAY_AFTER`-th
        time in a row makes them away (the AI plays on); a member's own move resets it."""
        game, adapter = table.running_game(), table.adapter
        with speaking(table.language):
            hidden = adapter.hidden_actor(game)
        scored = hands_scored(game)
        now = time.time()
        async with self._commit(table) as rec:
            game.apply(seat, action)
            away = self._count_timeouts(rec.seats[seat], user_id, turn, timed_out)
            rec.version += int(turn)
            over = game.is_over
            rec.status = "finished" if over else "running"
            if over:
                rec.deadline, rec.final_pending = None, True
            elif turn:  # looking at one's hand is not a turn: the deadline stands
                rec.deadline = self.turns.deadline(table, now)
            rec.updated_at = now
            entry = LoggedAction(table.seq + 1, seat, user_id, adapter.encode_action(action), now)
            snapshot = Snapshot(entry.seq, game.to_json()) \
                if over or hands_scored(game) != scored else None
            if over:
                await self.storage.close_table(rec, entry=entry, snapshot=snapshot,
                                               result=_result(table, now))
            else:
                await self.storage.log_action(rec, entry, snapshot)
        table.seq = entry.seq
        if snapshot is not None:
            table.snapshot, table.since = snapshot, []
        else:
            table.since.append((seat, action))
        if turn:
            self.accepted += 1
            with speaking(table.language):
                # TRANSLATORS: {action} is the game's phrase for the action ("played K♥").
                table.note = note or _("{actor} {action}.",
                                       actor=hidden or seat_label(table.seats[seat]),
                                       action=adapter.describe_action(action))
                if away:
                    table.note += " " + _(AWAY_NOTE, seat=f"<@{table.seats[seat].user_id}>",
                                          game=adapter.name)
        return Accepted(seat, adapter.describe_action(action), over, adapter.describe_own(action))

    @staticmethod
    def _count_timeouts(
        seat: SeatRecord, user_id: int | None, turn: bool, timed_out: bool,
    ) -> bool:
        """Count a member seat's time-outs in a row; True when it just became away."""
        if timed_out and seat.user_id is not None:
            seat.timeouts += 1
            if seat.timeouts >= AWAY_AFTER:
                seat.ai = seat.away = True
                return True
        elif turn and user_id is not None:
            seat.timeouts = 0
        return False

    def after(self, table: Table, accepted: Accepted) -> None:
        """What follows an accepted action: the table edit, then the next turn or the end."""
        if accepted.finished:
            self._closed(table)
            self._publish(table, repost=True)
            return
        self._publish(table)
        self.turns.kick(table)

    # --- the server's defaults (README "House rules") -------------------------------

    async def defaults(self, guild_id: int, adapter: GameAdapter) -> dict[str, Any]:
        """The server's saved start options of the game (empty when none)."""
        saved = (await self.storage.guild_settings(guild_id)).get(DEFAULTS_KEY, {})
        return dict(saved.get(adapter.name, {})) if isinstance(saved, dict) else {}

    async def save_defaults(
        self, guild_id: int, adapter: GameAdapter, given: dict[str, Any],
        built_in: Mapping[str, Any],
    ) -> dict[str, Any]:
        """Save ``given`` over the server's defaults of the game (checked as a table's
        options would be); returns what is saved now."""
        async with self._settings_lock:
            settings = await self.storage.guild_settings(guild_id)
            saved = settings.get(DEFAULTS_KEY)
            games = dict(saved) if isinstance(saved, dict) else {}
            merged = {**games.get(adapter.name, {}), **given}
            try:
                adapter.check_settings({**built_in, **merged}, None)
            except IllegalAction as exc:
                raise Refusal(adapter.refusal(exc), exc.code) from None
            games[adapter.name] = merged
            await self.storage.save_guild_settings(guild_id, {**settings, DEFAULTS_KEY: games})
        return merged

    # --- the server's table language (README "Languages") -------------------------

    async def server_language(self, guild_id: int) -> str | None:
        """The server's saved table language (a Discord locale code), if any."""
        saved = (await self.storage.guild_settings(guild_id)).get(LANGUAGE_KEY)
        return saved if isinstance(saved, str) else None

    async def save_server_language(self, guild_id: int, code: str) -> None:
        async with self._settings_lock:
            settings = await self.storage.guild_settings(guild_id)
            await self.storage.save_guild_settings(guild_id, {**settings, LANGUAGE_KEY: code})

    # --- helpers -------------------------------------------------------------------

    @staticmethod
    def _publish(table: Table, *, repost: bool = False) -> None:
        if table.publisher is not None:
            table.publisher.schedule(repost=repost)

    @staticmethod
    def _seat(table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal(_("You are not playing at this table. In the lobby you can `join`; "
                            "otherwise wait for the next game."), "not_a_player")
        return seat

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


def _ai_name(rec: TableRecord) -> str:
    used = {s.name for s in rec.seats if s.ai}
    for name in AI_NAMES:
        if name not in used:
            return name
    return f"AI {len(rec.seats) + 1}"


def _result(table: Table, now: float) -> FinishedGame:
    """The record of the table's game as it stands (``started_at`` is filled by
    storage from the action log); members who left are recorded at their seats, last."""
    assert table.game is not None
    rec = table.rec
    left = {i: s.left_score or 0 for i, s in enumerate(rec.seats) if s.left_user_id is not None}
    return FinishedGame.from_results(
        guild_id=rec.guild_id, game=rec.game,
        status="finished" if rec.status == "finished" else "abandoned",
        seats=[(s.left_user_id, s.left_name or s.name) if i in left else (s.user_id, s.name)
               for i, s in enumerate(rec.seats)],
        results=table.game.results(), left=left,
        ended_at=now, table_id=rec.id, variant=dict(rec.settings),
    )
