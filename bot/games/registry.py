"""Every game the bot hosts, listed once: a new game is one package under
:mod:`bot.games` and one line here. A game listed in :data:`HIDDEN` too (a game under
test) is registered but offered to members only where the setting ``EXTRA_GAMES`` names
it (:attr:`bot.config.Settings.extra_games`): its commands are synced, and its name
offered in choices, only there."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from bot.games.adapter import GameAdapter
from bot.games.kachuful import KACHUFUL
from bot.games.mighty import MIGHTY
from bot.games.whist import WHIST

REGISTERED: Final[tuple[GameAdapter, ...]] = (KACHUFUL, MIGHTY, WHIST)
"""The games, in the order they are offered (the first wins ties, e.g. for ``/stats``)."""
HIDDEN: Final[frozenset[str]] = frozenset({WHIST.name})
"""The registered games offered only where ``EXTRA_GAMES`` names them."""
BY_NAME: Final[dict[str, GameAdapter]] = {game.name: game for game in REGISTERED}


def offered(extra: Collection[str] = ()) -> tuple[GameAdapter, ...]:
    """The games offered to members: every registered game but the hidden ones not
    named in ``extra``."""
    return tuple(g for g in REGISTERED if g.name not in HIDDEN or g.name in extra)


GAMES: Final[tuple[GameAdapter, ...]] = offered()
"""The games offered in production (no extra games), e.g. in ``/leaderboard``'s choices."""


def game_named(name: str) -> GameAdapter | None:
    """The registered game whose storage name is ``name``."""
    return BY_NAME.get(name)
