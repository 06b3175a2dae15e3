"""One live private panel per member: a panel answer is an update of the member's own
panel in place, or a new message at the bottom of their view that replaces (deletes)
the previous one while its interaction token allows; a replaced panel that is touched
says it is out of date. The bookkeeping is in memory (:attr:`Table.panels`): after a
restart the first panel a member touches becomes live."""

from __future__ import annotations

import logging

import discord

from bot.i18n import N_, _
from bot.interactions.answers import Reply
from bot.interactions.handling import Handlers, Interaction
from bot.render import table_pictures as pictures
from bot.render.components import RefreshButton, Rows, custom_ids_of
from bot.render.views import panel_view
from bot.tables.table import LivePanel, MemberPanel, Table

log = logging.getLogger(__name__)

PANEL_TOKEN_LIFE = 14 * 60.0
"""Seconds an old panel is still deleted through its interaction's token (Discord keeps
a token 15 minutes)."""
OUT_OF_DATE = N_("This panel is out of date: your newer panel is below. The table's "
                 "**My hand** button opens a fresh one.")


def own_panel(interaction: Interaction, table: Table) -> bool:
    """Whether the clicked message is the member's own private panel of ``table``: only
    such a message may be redrawn as a panel (anything else gets a new private one)."""
    message = interaction.message
    seat = table.seat_of(interaction.user.id)
    return (message is not None and seat is not None and message.flags.ephemeral
            and RefreshButton(table.id, seat).custom_id in custom_ids_of(message.components))


class LivePanels(Handlers):
    """Shows panels and keeps each member's live one."""

    async def _show(
        self, reply: Reply, interaction: Interaction, table: Table, shown: MemberPanel, *,
        update: bool, content: str | None = None,
    ) -> None:
        """Answer with the panel (and its hand picture) and make it the member's live
        panel: an update in place, or a new message that replaces the previous panel."""
        panel = shown.panel
        view = panel_view(table.id, shown.seat, shown.version, panel, hint=shown.hint)
        picture = await pictures.draw(table, shown.picture, at_once=True)
        pictures.show(panel.embed, picture)
        key = None if picture is None else picture.key
        user_id = interaction.user.id
        live = table.panels.get(user_id)
        now = self.registry.clock()
        if update and interaction.message is not None:
            message_id = interaction.message.id
            unchanged = live is not None and live.message_id == message_id \
                and live.picture_key == key
            files = None if unchanged else [pictures.attachment(picture)] if picture else []
            if self._stale(table, interaction):  # a newer panel opened meanwhile stays live
                lines = [content, _(OUT_OF_DATE)] if content else [_(OUT_OF_DATE)]
                await reply.edit("\n".join(lines), embed=panel.embed, view=view.disabled(),
                                 attachments=files)
                return
            await reply.edit(content, embed=panel.embed, view=view, attachments=files)
            table.panels[user_id] = LivePanel(interaction, message_id, now, key)
            return
        sent = await reply.send(content, embed=panel.embed, view=view,
                                file=pictures.attachment(picture) if picture else None)
        if sent is None:
            return
        table.panels[user_id] = LivePanel(interaction, sent, now, key)
        if live is not None and live.message_id != sent:
            await self._retire(live, now)

    @staticmethod
    async def _retire(live: LivePanel, now: float) -> None:
        """Delete a replaced panel while its interaction token lives; one that cannot be
        deleted is stale and says so when next touched (:meth:`_stale`)."""
        if now - live.opened >= PANEL_TOKEN_LIFE:
            return
        try:
            await live.interaction.delete_original_response()
        except discord.HTTPException as exc:
            log.debug("could not delete an old panel: %s", exc)

    @staticmethod
    def _stale(table: Table, interaction: Interaction) -> bool:
        """Whether the clicked panel was replaced by a newer one of the member's."""
        live = table.panels.get(interaction.user.id)
        message = interaction.message
        return live is not None and message is not None and live.message_id != message.id

    @staticmethod
    async def _out_of_date(reply: Reply, interaction: Interaction) -> None:
        """Redraw a replaced panel as out of date, its buttons and menus disabled."""
        message = interaction.message
        assert message is not None
        embed = message.embeds[0] if message.embeds else None
        if embed is None:
            await reply.send(_(OUT_OF_DATE))
            return
        await reply.edit(_(OUT_OF_DATE), embed=embed,
                         view=Rows.of_message(message.components).disabled())
