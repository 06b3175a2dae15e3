"""``/<game> …`` for every game whose package declares its commands
(``GameAdapter.start_options``; :mod:`bot.interactions.game_commands`): a game not
offered to members only where the ``EXTRA_GAMES`` setting names it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.registry import GAMES
from bot.interactions.game_commands import commands_of

if TYPE_CHECKING:
    from bot.client import CardBot


async def setup(bot: CardBot) -> None:
    for adapter in GAMES:
        if adapter.start_options is not None and (
                adapter.offered or adapter.name in bot.settings.extra_games):
            await bot.add_cog(commands_of(adapter)(bot))
