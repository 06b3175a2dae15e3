"""A game's command group built from its package (``GameAdapter.start_options``):
``/<game> start`` and ``defaults`` from its options and the table options every game
has, ``/<game> play card:`` with the legal cards offered as you type, and the table
commands every game shares (:class:`~bot.interactions.commands.TableCommands`)."""

from __future__ import annotations

import types
from typing import Any

import discord
from discord import app_commands

from bot.games.adapter import GameAdapter
from bot.games.words import CARD_TYPO
from bot.i18n import _
from bot.i18n.commands import L_
from bot.interactions.commands import TableCommands, card_choices
from bot.interactions.options import TURN_OPTIONS, start_and_defaults
from bot.tables.table import Table
from engine.cards import CardParseError

Interaction = discord.Interaction[Any]
Choice = app_commands.Choice


class CardGameCommands(TableCommands):
    """The commands of a game built from its package: the shared ones and ``play``."""

    @app_commands.command(description=L_("Play a card"))
    @app_commands.describe(card=L_("The card, e.g. A♠, 10h, qc"))
    async def play(self, interaction: Interaction, card: str) -> None:
        async def op(table: Table) -> None:
            try:
                action = self.adapter.parse_play(card)
            except CardParseError:
                await self.controller.refuse(interaction, _(CARD_TYPO, text=card))
                return
            await self.controller.act(interaction, table, action)

        await self.here(interaction, op)

    @play.autocomplete("card")
    async def _play_card(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        found = self.seated_game(interaction)
        return [] if found is None else card_choices(self.adapter.legal_card_names(*found),
                                                     current)


def commands_of(adapter: GameAdapter) -> type[CardGameCommands]:
    """The command group of ``adapter``'s game (it declares ``start_options``)."""
    start, defaults = start_and_defaults(adapter, (*(adapter.start_options or ()),
                                                   *TURN_OPTIONS))
    kwargs = {"group_name": adapter.name,
              "group_description": L_("Play {game}", game=adapter.title)}

    def body(namespace: dict[str, Any]) -> None:
        namespace.update(adapter=adapter, start=start, defaults=defaults,
                         __doc__=f"The {adapter.title} command group.")

    group: type[CardGameCommands] = types.new_class(
        f"{type(adapter).__name__}Commands", (CardGameCommands,), kwargs, body)
    return group
