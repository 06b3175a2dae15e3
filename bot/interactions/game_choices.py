"""The games a server's record commands offer (``/leaderboard``, ``/stats``,
``/history``): the registry's offered games (:func:`bot.games.registry.offered`), set as
the choices of each ``game`` option when the cog is made, so that a hidden game is
offered only where ``EXTRA_GAMES`` names it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.adapter import GameAdapter

GAME_OPTION = "game"


def game_choices(
    games: Sequence[GameAdapter],
) -> list[app_commands.Choice[str | int | float]]:
    """The ``game`` option's choices: each game by its title."""
    return [app_commands.Choice[str | int | float](name=app_commands.locale_str(g.title),
                                                  value=g.name) for g in games]


def offer_games(cog: commands.Cog, games: Sequence[GameAdapter]) -> None:
    """Offer ``games`` as the choices of the ``game`` option (a game's name) of each of
    ``cog``'s commands (the cog's own copies: other clients in the process keep theirs)."""
    choices = game_choices(games)
    for command in cog.get_app_commands():
        if not isinstance(command, app_commands.Command):
            continue
        param = command._params.get(GAME_OPTION)
        if param is not None and param.type is discord.AppCommandOptionType.string:
            command._params = {**command._params, GAME_OPTION: replace(param, choices=choices)}
