"""``/night start|join|leave|standings|end``: a server's game night in a channel
(docs/nights.md). Thin: the shared controller does the work."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.registry import GAMES
from bot.i18n.commands import L_
from bot.nights import MAX_ROUNDS

if TYPE_CHECKING:
    from bot.client import CardBot

Interaction = discord.Interaction[Any]
GAME_CHOICES = [app_commands.Choice(name=app_commands.locale_str(g.title), value=g.name)
                for g in GAMES]
"""The games a night may hold: those offered to members (``GAMES`` leaves hidden ones out)."""


@app_commands.guild_only()
class Night(commands.GroupCog, group_name="night",
            group_description=L_("A game night: several tables, one night's standings")):
    """The game night commands."""

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(description=L_("Start a game night in this channel"))
    @app_commands.describe(
        title=L_("The night's name"), game=L_("The one game played (default: every game)"),
        rounds=L_("How many rounds (default: until the host ends the night)"),
        ai=L_("Whether AI players may fill seats"))
    @app_commands.choices(game=GAME_CHOICES)
    async def start(
        self, interaction: Interaction, title: app_commands.Range[str, 1, 100],
        game: str | None = None, rounds: app_commands.Range[int, 1, MAX_ROUNDS] | None = None,
        ai: bool = False,
    ) -> None:
        games = [game] if game is not None else [g.name for g in GAMES]
        await self.bot.controller.night_start(interaction, title, games, rounds, ai)

    @app_commands.command(description=L_("Join this channel's game night"))
    async def join(self, interaction: Interaction) -> None:
        await self.bot.controller.night_join(interaction)

    @app_commands.command(description=L_("Leave this channel's game night"))
    async def leave(self, interaction: Interaction) -> None:
        await self.bot.controller.night_leave(interaction)

    @app_commands.command(description=L_("This channel's game night standings"))
    async def standings(self, interaction: Interaction) -> None:
        await self.bot.controller.night_standings(interaction)

    @app_commands.command(description=L_("End this channel's game night (its host)"))
    async def end(self, interaction: Interaction) -> None:
        await self.bot.controller.night_end(interaction)


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Night(bot))
