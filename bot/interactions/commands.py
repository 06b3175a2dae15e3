"""The table commands every game shares (PRODUCT "Commands"): ``join``, ``leave``,
``kick``, ``addbot``, ``deal``, ``hand``, ``table``, ``end`` and ``rules``. A game's cog subclasses
:class:`TableCommands` with its ``group_name`` and its :attr:`~TableCommands.adapter`,
and adds ``start`` and its own actions."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import Any, ClassVar, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.adapter import GameAdapter
from bot.games.words import LEVEL_LABELS
from bot.i18n.commands import L_
from bot.interactions.controller import Controller
from bot.tables.table import Table
from engine.ai.levels import DEFAULT_LEVEL, LEVELS
from engine.cards import CardParseError, parse_card
from engine.game import Game

Interaction = discord.Interaction[Any]
Choice = app_commands.Choice
MAX_CHOICES = 25
"""Discord's cap on autocomplete answers."""


class Host(Protocol):
    """The client the commands run in, as they see it (:class:`bot.client.CardBot`)."""

    @property
    def controller(self) -> Controller: ...


class TableCommands(commands.GroupCog):
    """The shared part of a game's command group; ``adapter`` names the game."""

    adapter: ClassVar[GameAdapter]

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        super().__init__()

    @property
    def controller(self) -> Controller:
        return self.bot.controller

    async def here(self, interaction: Interaction, op: Callable[[Table], Awaitable[None]]) -> None:
        """Run ``op`` on this channel's table of this game, or refuse."""
        await self.controller.with_table(interaction, self.adapter, op)

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


def card_choices(names: Iterable[str], typed: str) -> list[Choice[str]]:
    """Autocomplete answers: the card ``names`` that start with what was typed or name
    the same card in another spelling (``as`` for ``A♠``)."""
    start = typed.strip().lower()
    return [Choice(name=n, value=n) for n in names
            if not start or n.lower().startswith(start) or same_card(n, typed)][:MAX_CHOICES]


def same_card(name: str, typed: str) -> bool:
    """True when ``typed`` names the card shown as ``name``."""
    try:
        return str(parse_card(typed)) == name
    except CardParseError:
        return False
