"""What a member's cards and moves do, from a command or a panel: the private panel
(``hand``, My hand, Refresh), an action (a command or a panel's button or menu) and the
panel's Hint. A panel click is one request to the table service: the action and the
panel it answers with come from the same lock section."""

from __future__ import annotations

from bot.games.adapter import ActionFor, Draft
from bot.i18n import N_, _
from bot.interactions.answers import Reply
from bot.interactions.handling import Interaction
from bot.interactions.live_panels import LivePanels, own_panel
from bot.interactions.table_lookup import TableLookup
from bot.tables.table import Accepted, Table
from engine.game import Action, IllegalAction

# TRANSLATORS: {action} is the game's phrase for the member's own action ("played K♥").
DONE = N_("Done: you {action}.")
DONE_LAST = N_("Done: you {action}. That was the last card!")


def _confirmation(accepted: Accepted) -> str:
    return _(DONE_LAST if accepted.finished else DONE, action=accepted.own or accepted.text)


class PanelHandlers(LivePanels, TableLookup):
    """The handlers of the members' panels and moves."""

    async def hand(
        self, interaction: Interaction, table: Table, *, update: bool = False,
        draft: str | None = None,
    ) -> None:
        """The member's private panel: a new ephemeral message, or (``update``: from that
        member's own panel, see :func:`own_panel`) an update of it."""
        async def work(reply: Reply) -> None:
            if update and self._stale(table, interaction):
                await self._out_of_date(reply, interaction)
                return
            shown = await self.service.panel(table, interaction.user.id, draft)
            await self._show(reply, interaction, table, shown, update=update)

        await self._run(interaction, work, update=update)

    async def act(
        self, interaction: Interaction, table: Table, action: Action | ActionFor,
        *, stamp: int | None = None, update: bool = False,
    ) -> None:
        """Apply a member's action. From a panel button (``stamp`` given) the member sees
        their panel again: an update of it when clicked on their own panel (``update``),
        else a new ephemeral one; from a command, an ephemeral confirmation."""
        async def work(reply: Reply) -> None:
            if update and self._stale(table, interaction):
                await self._out_of_date(reply, interaction)
                return
            accepted = await self.service.act(table, interaction.user.id, action, stamp,
                                              panel=stamp is not None)
            if accepted.panel is None:
                await reply.send(_confirmation(accepted))
                return
            await self._show(reply, interaction, table, accepted.panel, update=update,
                             content=_confirmation(accepted))

        await self._run(interaction, work, update=update)

    async def hand_button(self, interaction: Interaction, table_id: int) -> None:
        """The table's My hand (``t:<table>:hand``): the panel as a new private message."""
        await self.with_table_id(interaction, table_id,
                                 lambda table: self.hand(interaction, table))

    async def panel_button(self, interaction: Interaction, table_id: int) -> None:
        """A panel's Refresh (``p:<table>:<seat>``): the panel drawn again, in place when
        clicked on the member's own panel, else as a new private message."""
        await self.with_table_id(interaction, table_id, lambda table: self.hand(
            interaction, table, update=own_panel(interaction, table)))

    async def hint_button(self, interaction: Interaction, table_id: int) -> None:
        """A panel's Hint (``p:<table>:<seat>:hint``): the hint as a new private message;
        the panel stays as it was."""
        await self.with_table_id(interaction, table_id, lambda table: self._simple(
            interaction, lambda: self.service.hint(table, interaction.user.id)))

    async def action_button(
        self, interaction: Interaction, table_id: int, version: int, payload: str,
        values: tuple[str, ...] | None = None,
    ) -> None:
        """A panel's game button or select menu (``a:<table>:<version>:<payload>``, with
        the picked ``values`` for a menu)."""
        async def decoded(table: Table) -> None:
            action: Action | ActionFor | Draft
            try:
                if values is None:
                    action = table.adapter.decode_button(payload)
                else:
                    action = table.adapter.decode_select(payload, values)
            except IllegalAction as exc:
                await self.refuse(interaction, table.adapter.refusal(exc))
                return
            update = own_panel(interaction, table)
            if isinstance(action, Draft):
                await self.hand(interaction, table, update=update, draft=action.text)
                return
            await self.act(interaction, table, action, stamp=version, update=update)

        await self.with_table_id(interaction, table_id, decoded)
