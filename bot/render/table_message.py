"""What a table's channel message shows, from the table's public state only."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.i18n import _
from bot.render.embeds import final_embed, lobby_embed, table_embed
from bot.render.table_state import TableState
from bot.render.views import final_view, lobby_view, table_view


@dataclass(slots=True)
class Payload:
    """What the table message shows."""

    embeds: list[discord.Embed]
    view: discord.ui.View | None
    content: str | None = None


def render(table: TableState) -> Payload:
    """The table message for the table's current state: the lobby, the running table,
    or the final standings (with Play again), in the language being spoken (the
    publisher's task speaks the table's)."""
    rec, adapter = table.rec, table.adapter
    if rec.status == "lobby":
        embed = lobby_embed(adapter, adapter.describe_settings(rec.settings), rec.seats,
                            rec.host_id)
        return Payload([embed], lobby_view(rec.id))
    if table.game is None:
        closed = discord.Embed(title=_("{game} — closed", game=adapter.title),
                               description=_("The host ended this table before the deal."))
        return Payload([closed], None)
    if rec.status == "running":
        embed = table_embed(adapter, table.game, rec.seats, table.note, rec.deadline)
        return Payload([embed], table_view(rec.id))
    return Payload([final_embed(adapter, table.game, rec.seats,
                                abandoned=rec.status == "abandoned")], final_view(rec.id))
