"""The rating chart of ``/stats``: a member's rating ``mu − 3σ`` over their rated games
(PRODUCT "Leaderboards and stats"), as the stats embed's image.

Stats list every game the member played; the chart shows one, the game they have the
most rated games of (the first listed on a tie), once they have at least
:data:`CHART_MIN_GAMES` rated games there. It is drawn in a worker thread; a chart that
fails to draw is left out and the text stays complete."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Final

from bot.i18n import current
from bot.render.pictures import Picture, PictureError, rating_chart, words_for
from bot.storage.results import GameName
from bot.storage.standings import PlayerStats

log = logging.getLogger(__name__)

CHART_MIN_GAMES: Final = 2
"""Rated games (points of the history) a chart needs: one point is no line."""


def chart_game(stats: Sequence[PlayerStats]) -> GameName | None:
    """The game whose rating chart the stats show, or None when no game has
    :data:`CHART_MIN_GAMES` rated games."""
    rated = [(s.summary.skill.games, s.game) for s in stats if s.summary is not None]
    best = max(rated, key=lambda r: r[0], default=None)
    return best[1] if best is not None and best[0] >= CHART_MIN_GAMES else None


async def rating_picture(
    name: str, game: GameName, history: Sequence[tuple[float, float]],
) -> Picture | None:
    """The chart of ``history`` (``(mu, sigma)`` after each rated game, oldest first)
    drawn off the event loop, in the language being spoken (the member's); None with
    fewer than :data:`CHART_MIN_GAMES` points or when it fails (logged)."""
    if len(history) < CHART_MIN_GAMES:
        return None
    try:
        return await asyncio.to_thread(rating_chart, name, game, list(history),
                                       words=words_for(current()))
    except PictureError as exc:
        log.warning("a rating chart failed (%s); showing text only",
                    type(exc.__cause__ or exc).__name__)
        return None
