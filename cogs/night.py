"""``/night start|join|leave|standings|seat|end``: a server's game night in a channel
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

    @app_commands.command(description=L_("Seat the night's next round (its host)"))
    @app_commands.describe(
        table2=L_("The channel of the second table (remembered for the next rounds)"),
        table3=L_("The channel of the third table"), table4=L_("The channel of the fourth table"),
        table5=L_("The channel of the fifth table"), table6=L_("The channel of the sixth table"))
    async def seat(
        self, interaction: Interaction, table2: discord.TextChannel | None = None,
        table3: discord.TextChannel | None = None, table4: discord.TextChannel | None = None,
        table5: discord.TextChannel | None = None, table6: discord.TextChannel | None = None,
    ) -> None:
        given = (table2, table3, table4, table5, table6)
        named = {n: c.id for n, c in enumerate(given, 2) if c is not None}
        await self.bot.controller.night_seat(interaction, named)

    @app_commands.command(description=L_("End this channel's game night (its host)"))
    async def end(self, interaction: Interaction) -> None:
        await self.bot.controller.night_end(interaction)


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Night(bot))
