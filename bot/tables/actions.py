"""Turns taken: a member's action, and the moves the turn driver has the AI decide (for
an AI seat, or for a member whose turn timed out). Each is one lock section: checked,
applied and committed, then the table message and the next turn, and for a panel click
the member's panel, all from the committed state."""

from __future__ import annotations

import logging

from bot.games.adapter import ActionFor
from bot.games.words import seat_label
from bot.i18n import _
from bot.tables.ai_players import Snapshot, snapshot, stamp
from bot.tables.panels import PanelJobs
from bot.tables.table import Accepted, Refusal, Table
from engine.game import Action, IllegalAction

log = logging.getLogger(__name__)


class ActionJobs(PanelJobs):
    """The turns of the table service."""

    async def act(
        self, table: Table, user_id: int, action: Action | ActionFor, stamp: int | None = None,
        *, panel: bool = False,
    ) -> Accepted:
        """Apply a member's action for their own seat. ``action`` may depend on the game
        and seat (given a callable); ``stamp`` is the table version a panel button was
        drawn at; with ``panel`` the answer carries the member's panel as it is now."""
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
            if panel:
                accepted.panel = await self._member_panel(table, user_id)
        return accepted

    # --- the moves the turn driver has decided (bot.tables.turns.Moves) ----------------

    async def turn_to_decide(self, table: Table, timer_version: int | None) -> Snapshot | None:
        """What the AI decides the next move on; None when there is nothing to decide.
        Without ``timer_version`` the seat to act must be an AI player's; with it, the
        turn must still be at that version (the turn timer)."""
        async with table.lock:
            return self._to_decide(table, timer_version)

    async def play_decided(
        self, table: Table, decided_on: Snapshot, action: Action, timer_version: int | None,
    ) -> Accepted | Snapshot | None:
        """Apply the AI's ``action``, decided on ``decided_on``, if the table has not moved
        since; else what to decide on now (None: nothing). A turn that timed out is
        noted as such, except a secret one (M9): saying that time ran out would tell a
        member's seat from an AI player's."""
        async with table.lock:
            if table.rec.status != "running" or stamp(table) != decided_on.stamp:
                return self._to_decide(table, timer_version)
            seat = decided_on.seat
            if timer_version is None and not table.seats[seat].ai:
                return None  # an away member took their seat back meanwhile
            game = table.running_game()
            hidden = table.adapter.hidden_actor(game)
            timed_out = timer_version is not None and hidden is None
            note = None
            if timed_out:
                # TRANSLATORS: {action} is the game's phrase for the action ("played K♥").
                note = _("⏱️ Time ran out for {member}: the AI {action} for them.",
                         member=seat_label(table.seats[seat]),
                         action=table.adapter.describe_action(action))
            try:
                accepted = await self.apply(table, seat, None, action, note=note,
                                            timed_out=timed_out)
            except (IllegalAction, Refusal):
                log.exception("the AI player of table %s could not act", table.id)
                return None
            self.after(table, accepted)
            return accepted

    @staticmethod
    def _to_decide(table: Table, timer_version: int | None) -> Snapshot | None:
        game = table.game
        if table.rec.status != "running" or game is None or game.to_act is None:
            return None
        seat = game.to_act
        if timer_version is None and not table.seats[seat].ai:
            return None
        if timer_version is not None and table.rec.version != timer_version:
            return None
        return snapshot(table, game, seat)
