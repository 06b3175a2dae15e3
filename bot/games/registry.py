"""Every game the bot hosts, listed once: a new game is one package under
:mod:`bot.games` and one line here."""

from __future__ import annotations

from typing import Final

from bot.games.adapter import GameAdapter
from bot.games.kachuful import KACHUFUL
from bot.games.mighty import MIGHTY
from bot.games.whist import WHIST

GAMES: Final[tuple[GameAdapter, ...]] = (KACHUFUL, MIGHTY, WHIST)
"""The games, in the order they are offered (the first wins ties, e.g. for ``/stats``)."""
BY_NAME: Final[dict[str, GameAdapter]] = {game.name: game for game in GAMES}


def game_named(name: str) -> GameAdapter | None:
    """The game whose storage name is ``name``."""
    return BY_NAME.get(name)
