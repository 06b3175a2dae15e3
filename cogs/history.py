"""``/history [game] [member] [nights]`` and ``/replay game``: a server's recorded games
(or, with ``nights``, its finished game nights) and their replays (docs/playing.md
"/history", "/replay", docs/nights.md), answered privately. Thin: the shared controller
does the work, for the commands and their buttons alike."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.registry import GAMES, offered
from bot.i18n.commands import L_
from bot.interactions.game_choices import offer_games
from bot.render.history import autocomplete_name

if TYPE_CHECKING:
    from bot.client import CardBot

Interaction = discord.Interaction[Any]
RECENT = 25
"""Recent games offered by autocomplete (Discord's cap on its answers)."""


class History(commands.Cog):
    """The history and replay commands."""

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot
        offer_games(self, offered(bot.settings.extra_games))

    @app_commands.command(
        description=L_("This server's finished and abandoned games, newest first"))
    @app_commands.describe(
        game=L_("Only this game"), member=L_("Only games this member played"),
        nights=L_("Show the finished game nights, each with its games"))
    @app_commands.guild_only()
    async def history(
        self, interaction: Interaction, game: str | None = None,
        member: discord.User | None = None, nights: bool = False,
    ) -> None:
        user = None if member is None else member.id
        if nights:
            await self.bot.controller.night_history(interaction, game, user)
        else:
            await self.bot.controller.history(interaction, game, user)

    @app_commands.command(description=L_("Replay one of this server's games, privately"))
    @app_commands.describe(game=L_("The game (its id, e.g. 12; start typing for recent games)"))
    @app_commands.guild_only()
    async def replay(
        self, interaction: Interaction, game: app_commands.Range[int, 1, 2**53],
    ) -> None:
        await self.bot.controller.replay(interaction, game)

    @replay.autocomplete("game")
    async def _recent(self, interaction: Interaction, current: int | str) -> list[
            app_commands.Choice[int]]:
        if interaction.guild_id is None:
            return []
        games, _ = await self.bot.storage.history(interaction.guild_id, None, None, 0, RECENT)
        titles = {g.name: g.title for g in GAMES}
        typed = str(current or "").strip().lstrip("#")
        return [app_commands.Choice(name=autocomplete_name(g, titles.get(g.game, g.game)),
                                    value=g.game_id)
                for g in games if not typed or str(g.game_id).startswith(typed)]


async def setup(bot: CardBot) -> None:
    await bot.add_cog(History(bot))
