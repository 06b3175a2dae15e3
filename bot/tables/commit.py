"""The one path every change of a table takes: :meth:`TableWork._commit`, the one
commit-and-rollback helper, and :meth:`TableWork.apply`, one action applied and
committed. After a commit, still under the table's lock, the table message is built
from the committed state and scheduled (:meth:`TableWork._publish`) and the turn
driver is told (:class:`Turns`). What every job of the table service shares lives here.
"""

from __future__ import annotations

import contextlib
import copy
import logging
import time
from collections.abc import AsyncIterator, Callable
from typing import Protocol

from bot.games.words import seat_label
from bot.i18n import N_, _, speaking
from bot.storage import Storage
from bot.storage.tables import LoggedAction, SeatRecord, Snapshot, TableRecord
from bot.tables.game_record import finished_game
from bot.tables.nights import NightService
from bot.tables.registry import TableRegistry
from bot.tables.table import Accepted, Refusal, Table
from engine.game import Action, Game, IllegalAction

log = logging.getLogger(__name__)

STORAGE_FAILED = N_("The table could not save that, so nothing changed. Please try again.")
AWAY_AFTER = 3
"""Time-outs in a row after which a member is away: the AI plays their seat."""
AWAY_NOTE = N_("{seat} timed out three times in a row, so the AI plays their seat; "
                "they take it back with `/{game} join`.")


class Turns(Protocol):
    """What the service tells the turn driver (:class:`bot.tables.turns.TurnDriver`)."""

    def deadline(self, table: Table, now: float) -> float | None:
        """The deadline of the turn now to play, if the turn timer is on."""

    def on_committed(self, table: Table) -> None:
        """A change was committed: start whatever the next turn needs (an AI player,
        the timer, the ping)."""

    def closed(self, table: Table) -> None:
        """The table closed: stop its turn's tasks and clear its ping."""


def hands_scored(game: Game) -> int:
    return len(game.results().hand_scores)


class TableWork:
    """What the jobs of :class:`bot.tables.service.TableService` share (set up there)."""

    registry: TableRegistry
    storage: Storage
    turns: Turns
    nights: NightService
    accepted: int
    """Accepted turn actions since start (members, AI players and timers)."""

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

    async def _save(self, table: Table, change: Callable[[TableRecord], object]) -> None:
        """Apply ``change`` to the record and store it."""
        async with self._commit(table) as rec:
            change(rec)
            rec.updated_at = time.time()
            await self.storage.save_table(rec)

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
            if over:  # with its night's new standings, when the table is a night's
                result = finished_game(table, now)
                async with self.nights.recording(table.id, result) as night:
                    await self.storage.close_table(rec, entry=entry, snapshot=snapshot,
                                                   result=result, night=night)
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
        """What follows an accepted turn (lock held): the table message, then the next
        turn or the end."""
        if accepted.finished:
            self._closed(table)
            self._publish(table, repost=True)
            return
        self._publish(table)
        self.turns.on_committed(table)

    def _closed(self, table: Table) -> None:
        self.registry.forget(table)
        self.turns.closed(table)

    @staticmethod
    def _publish(table: Table, *, repost: bool = False) -> None:
        """Schedule the table message as the table stands now (lock held)."""
        if table.publisher is not None:
            table.publisher.schedule(repost=repost)

    @staticmethod
    def _seat(table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal(_("You are not playing at this table. In the lobby you can `join`; "
                            "otherwise wait for the next game."), "not_a_player")
        return seat
