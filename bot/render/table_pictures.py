"""The pictures a table shows, when its ``images`` option is on: the table picture in
the table embed, the score chart in the final standings, the hand picture in a private
panel (PRODUCT "What players see"). Each is drawn from a view only (the public one, or
the seat's own): the table and hand pictures (a millisecond or two) at once on the event
loop, the chart (tens of milliseconds) in a worker thread (docs/benchmarks.md "The bot
under load"); a picture that fails
to draw is left out and the text stays complete (logged once per table). The table picture
and the score chart speak the table's language; the hand picture the language of the panel
it is drawn for (the one being spoken when the panel is built). The words are chosen here,
before the drawing."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import discord

from bot.games.options import table_option
from bot.i18n import current
from bot.render.pictures import (
    Picture,
    PictureError,
    hand_picture,
    score_chart,
    table_picture,
    words_for,
)
from bot.render.table_state import TableState

log = logging.getLogger(__name__)

Draw = Callable[[], Picture]


def names(table: TableState) -> list[str]:
    """Display names by seat, for the pictures (never mentions)."""
    return [seat.name for seat in table.seats]


def _deck(settings: Mapping[str, Any]) -> str:
    return str(table_option(settings, "deck"))


def drawn_at_once(table: TableState) -> bool:
    """Whether :func:`table_drawing` is now the table picture, cheap enough to draw on
    the event loop (else the score chart, drawn in a worker thread)."""
    return table.rec.status == "running"


def table_drawing(table: TableState) -> Draw | None:
    """What the table message's picture is now (from the public view): the table while
    the game runs, the score chart once it is over (when a hand was scored); None with
    pictures off, in the lobby, or closed before the deal."""
    game = table.game
    if game is None or not table_option(table.rec.settings, "images"):
        return None
    view = game.view(None)
    words = words_for(table.language)
    if drawn_at_once(table):
        return partial(table_picture, view, names(table), deck=_deck(table.rec.settings),
                       words=words)
    if table.rec.status in ("finished", "abandoned") and game.results().hand_scores:
        return partial(score_chart, view, names(table), words=words)
    return None


def hand_drawing(table: TableState, seat: int, playable: list[str]) -> Draw | None:
    """The seat's hand picture (from that seat's view only) in the language being
    spoken (the panel's); None with pictures off."""
    game = table.game
    if game is None or not table_option(table.rec.settings, "images"):
        return None
    return partial(hand_picture, game.view(seat), names(table), playable,
                   deck=_deck(table.rec.settings), words=words_for(current()))


async def draw(
    table: TableState, drawing: Draw | None, *, at_once: bool = False,
) -> Picture | None:
    """The picture; None when there is none or it failed. A cheap one (``at_once``: a
    hand or table picture, a millisecond or two) is drawn on the event loop, which costs
    less than handing it to a thread and never queues; a chart in a worker thread."""
    if drawing is None:
        return None
    try:
        return drawing() if at_once else await asyncio.to_thread(drawing)
    except PictureError as exc:
        if not table.picture_failed:  # the cause's words are not logged: they may name cards
            table.picture_failed = True
            log.warning("table %s: a picture failed (%s); showing text only", table.id,
                        type(exc.__cause__ or exc).__name__)
        return None


def attachment(picture: Picture) -> discord.File:
    """The picture as an upload, with its alt text."""
    return discord.File(io.BytesIO(picture.data), picture.filename,
                        description=picture.description)


def show(embed: discord.Embed, picture: Picture | None) -> None:
    """Make ``picture`` the embed's image (an ``attachment://`` reference)."""
    if picture is not None:
        embed.set_image(url=f"attachment://{picture.filename}")
