"""``/<game> …``: one command group per game the bot offers (the registry's, with the
hidden games ``EXTRA_GAMES`` names), each built by :func:`bot.interactions.commands.command_group`.
Thin: no game is named here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.registry import offered
from bot.interactions.commands import command_group

if TYPE_CHECKING:
    from bot.client import CardBot


async def setup(bot: CardBot) -> None:
    for adapter in offered(bot.settings.extra_games):
        await bot.add_cog(command_group(adapter)(bot))
