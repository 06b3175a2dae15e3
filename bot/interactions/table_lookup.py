"""Finding the table a request is about: this channel's table of the command's game,
or the table a button names (gone once it closed), once the process serves its tables
(:meth:`~bot.interactions.handling.Handlers.serving`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.games.adapter import GameAdapter
from bot.i18n import N_, _
from bot.interactions.handling import Handlers, Interaction
from bot.tables.table import Refusal, Table

CLOSED = N_("This table is closed. Open a new one with `start`.")


class TableLookup(Handlers):
    """Looks the table up and refuses when there is none."""

    def table_here(self, interaction: Interaction, adapter: GameAdapter) -> Table:
        """The open table of this channel, for this game."""
        table = None if interaction.channel_id is None else self.registry.in_channel(
            interaction.channel_id)
        if table is None:
            raise Refusal(_("There is no open table in this channel. Open one with "
                            "`/{command} start`.", command=adapter.name), "no_table")
        if table.adapter is not adapter:
            raise Refusal(_("This channel's table is {game}: use the `/{command}` commands "
                            "here.", game=table.adapter.title, command=table.adapter.name),
                          "other_game")
        return table

    async def with_table(
        self, interaction: Interaction, adapter: GameAdapter,
        op: Callable[[Table], Awaitable[None]],
    ) -> None:
        """Run ``op`` on this channel's table, or refuse when there is none."""
        if not await self.serving(interaction):
            return
        try:
            table = self.table_here(interaction, adapter)
        except Refusal as exc:
            await self.refuse(interaction, exc.message)
            return
        await op(table)

    async def with_table_id(
        self, interaction: Interaction, table_id: int, op: Callable[[Table], Awaitable[None]],
    ) -> None:
        """Run ``op`` on the open table a button names, or say that it is closed."""
        if not await self.serving(interaction):
            return
        table = self.registry.get(table_id)
        if table is None:
            await self.refuse(interaction, _(CLOSED))
            return
        await op(table)
