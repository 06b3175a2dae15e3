"""A member's private panel, built under the table's lock from the committed state:
the adapter's panel for the seat, its hand picture (from the seat's view only) and
whether it offers a hint. Opening it counts as looking at the hand (KV7)."""

from __future__ import annotations

from bot.games.options import table_option
from bot.render.table_pictures import hand_drawing
from bot.tables.commit import TableWork
from bot.tables.table import MemberPanel, Refusal, Table
from engine.game import IllegalAction


class PanelJobs(TableWork):
    """The panels of the table service."""

    async def panel(self, table: Table, user_id: int, draft: str | None = None) -> MemberPanel:
        """The member's private panel (also once the game is over), with a pending menu
        pick when ``draft`` is given."""
        async with table.lock:
            return await self._member_panel(table, user_id, draft)

    async def _member_panel(
        self, table: Table, user_id: int, draft: str | None = None,
    ) -> MemberPanel:
        """The panel (lock held), after recording the look at the hand it shows."""
        game = table.game if table.rec.status == "finished" else table.running_game()
        assert game is not None
        seat = self._seat(table, user_id)
        adapter = table.adapter
        look = None if game.is_over else adapter.look_action(game, seat)
        if look is not None:
            try:
                await self.apply(table, seat, user_id, look, turn=False)
            except IllegalAction as exc:
                raise Refusal(adapter.refusal(exc), exc.code) from None
        panel = adapter.panel(game, seat, table.seats) if draft is None else \
            adapter.draft_panel(game, seat, table.seats, draft)
        playable = [] if game.is_over else adapter.legal_card_names(game, seat)
        hint = bool(table_option(table.rec.settings, "hints")) and table.rec.status == "running" \
            and bool(game.legal_actions(seat))
        return MemberPanel(panel, seat, table.rec.version, hint,
                           hand_drawing(table, seat, playable))
