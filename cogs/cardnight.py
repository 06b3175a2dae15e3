"""``/cardnight check``: what the bot can and cannot do in each channel with an open
table (README "Troubleshooting"); server managers only. Thin: the shared controller
does the work."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n.commands import L_

if TYPE_CHECKING:
    from bot.client import CardBot

Interaction = discord.Interaction[Any]


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class CardNight(commands.GroupCog, group_name="cardnight",
                group_description=L_("The bot itself on this server")):
    """The bot's own server commands."""

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        description=L_("What I can and cannot do in each channel with a table (Manage Server)"))
    async def check(self, interaction: Interaction) -> None:
        await self.bot.controller.check_channels(interaction)


async def setup(bot: CardBot) -> None:
    await bot.add_cog(CardNight(bot))
