"""One command group per game, ``/<game> …`` (PRODUCT "Commands"): the table commands
every game shares (``join``, ``leave``, ``kick``, ``addbot``, ``deal``, ``hand``,
``table``, ``end`` and ``rules``), ``start`` and ``defaults`` built from the game's table
options (:mod:`bot.interactions.options`) and the game's own commands, which its
adapter hands out (:meth:`bot.games.adapter.GameAdapter.commands`).
:func:`command_group` builds the group of one game."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, ClassVar

import discord
from discord import app_commands

from bot.games.adapter import GameAdapter
from bot.games.words import LEVEL_LABELS
from bot.i18n.commands import L_
from bot.interactions.options import Group, Host, start_and_defaults
from bot.tables.table import Table
from engine.ai.levels import DEFAULT_LEVEL, LEVELS
from engine.cards import CardParseError
from engine.game import Action, Game

Interaction = discord.Interaction[Any]
Choice = app_commands.Choice


class TableCommands(Group):
    """A game's command group; ``adapter`` names the game (:func:`command_group`)."""

    adapter: ClassVar[GameAdapter]

    def __init__(self, bot: Host) -> None:
        super().__init__(bot)
        group = self.app_command
        assert group is not None
        for command in self.adapter.commands(self):
            group.add_command(command)

    async def here(self, interaction: Interaction, op: Callable[[Table], Awaitable[None]]) -> None:
        """Run ``op`` on this channel's table of this game, or refuse."""
        await self.controller.with_table(interaction, self.adapter, op)

    async def act(
        self, interaction: Interaction, make: Callable[[], Action | Callable[[Game, int], Action]],
        typo: Callable[[CardParseError], str],
    ) -> None:
        """Build the action from the command's options under the table's lock (refusing
        with ``typo`` input that names no card or suit), then take it."""

        async def op(table: Table) -> None:
            try:
                action = make()
            except CardParseError as exc:
                await self.controller.refuse(interaction, typo(exc))
                return
            await self.controller.act(interaction, table, action)

        await self.here(interaction, op)

    def seated_game(self, interaction: Interaction) -> tuple[Game, int] | None:
        """The running game of this channel and the member's seat (for autocomplete)."""
        table = self.controller.registry.in_channel(interaction.channel_id or 0)
        if table is None or table.game is None or table.adapter is not self.adapter:
            return None
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.rec.status != "running":
            return None
        return table.game, seat

    @app_commands.command(
        description=L_("Take a seat at this channel's table (or your own seat back when away)"))
    async def join(self, interaction: Interaction) -> None:
        await self.here(interaction, lambda t: self.controller.join(interaction, t))

    @app_commands.command(
        description=L_("Give up your seat (an AI player takes it in a running game)"))
    async def leave(self, interaction: Interaction) -> None:
        await self.here(interaction, lambda t: self.controller.leave(interaction, t))

    @app_commands.command(
        description=L_("Remove a player (host or Manage Messages); an AI takes a running seat"))
    @app_commands.describe(member=L_("The player to remove"))
    async def kick(self, interaction: Interaction, member: discord.User) -> None:
        await self.here(interaction, lambda t: self.controller.kick(interaction, t, member))

    @app_commands.command(description=L_("Seat AI players (host only)"))
    @app_commands.describe(count=L_("How many AI players to seat"),
                           level=L_("How well they play (default: normal)"))
    @app_commands.choices(level=[Choice(name=app_commands.locale_str(LEVEL_LABELS[name]),
                                        value=name) for name in LEVELS])
    async def addbot(
        self, interaction: Interaction, count: app_commands.Range[int, 1, 6] = 1,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        await self.here(interaction,
                        lambda t: self.controller.add_bots(interaction, t, count, level))

    @app_commands.command(description=L_("Start the game once the seats are right (host only)"))
    async def deal(self, interaction: Interaction) -> None:
        await self.here(interaction, lambda t: self.controller.deal(interaction, t))

    @app_commands.command(description=L_("Your cards, privately, with buttons for your moves"))
    async def hand(self, interaction: Interaction) -> None:
        await self.here(interaction, lambda t: self.controller.hand(interaction, t))

    @app_commands.command(name="table", description=L_("Post the table message again below"))
    async def table_(self, interaction: Interaction) -> None:
        await self.here(interaction, lambda t: self.controller.repost(interaction, t))

    @app_commands.command(
        description=L_("End the table (host or Manage Messages); recorded as abandoned"))
    async def end(self, interaction: Interaction) -> None:
        await self.here(interaction, lambda t: self.controller.end(interaction, t))

    @app_commands.command(description=L_("A short rules card, privately"))
    async def rules(self, interaction: Interaction) -> None:
        await self.controller.rules(interaction, self.adapter)


def command_group(adapter: GameAdapter) -> type[TableCommands]:
    """The command group ``/<adapter.name> …`` of one game, a cog class."""
    start, defaults = start_and_defaults(adapter)
    namespace = {"adapter": adapter, "start": start, "defaults": defaults,
                 "__doc__": f"The {adapter.title} command group."}
    return type(f"{adapter.title}Commands", (TableCommands,), namespace,
                group_name=adapter.name, group_description=L_(adapter.command_description))
