"""``/settings language [language]``: the server's table language (PRODUCT "Commands",
docs/languages.md); setting it needs Manage Server, and without a value it shows the
language new tables take. ``/settings season [now] [monthly]``: the server's seasons
(docs/nights.md "Seasons"), changed likewise with Manage Server. Thin: the shared
controller does the work."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n.commands import L_
from bot.interactions.options import LANGUAGE_CHOICES

if TYPE_CHECKING:
    from bot.client import CardBot

Interaction = discord.Interaction[Any]


@app_commands.guild_only()
class Settings(commands.GroupCog, group_name="settings",
               group_description=L_("This server's settings for the bot")):
    """The server settings commands."""

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        description=L_("The language of new tables here (set: Manage Server)"))
    @app_commands.describe(language=L_("The language (leave out to see the current one)"))
    @app_commands.choices(language=list(LANGUAGE_CHOICES))
    async def language(self, interaction: Interaction, language: str | None = None) -> None:
        await self.bot.controller.server_language(interaction, language)

    @app_commands.command(
        description=L_("This server's season of ratings (change: Manage Server)"))
    @app_commands.describe(
        now=L_("Start a new season now (the running one is kept as it was)"),
        monthly=L_("Start a new season on the first day of each month (UTC)"))
    @app_commands.choices(monthly=[
        app_commands.Choice(name=L_("on"), value="on"),
        app_commands.Choice(name=L_("off"), value="off")])
    async def season(
        self, interaction: Interaction, now: bool = False, monthly: str | None = None,
    ) -> None:
        await self.bot.controller.season_settings(
            interaction, now, None if monthly is None else monthly == "on")


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Settings(bot))
