"""PNG pictures of the game for Discord: the table, a hand, the score chart, a
rating chart and a game night's chart.

Each function draws from plain data only: the public view (``game.view(None)``) for
the table, one seat's view (``game.view(seat)``) for a hand, never the game itself, so
a picture cannot show what its viewers may not see. Names are display names by seat
(the caller turns mentions into names). A picture is drawn once per state: results are
kept in ``cache`` (:data:`~bot.render.pictures.cache.CACHE` unless given; None draws afresh).
Every failure raises :class:`PictureError`, and the caller shows the text alone.
Drawing is CPU work of a few milliseconds (``bench/render.py``); the functions may be
called from worker threads (drawings are serialised). Human words, drawn and in the
alt text, come from ``words`` (:class:`Words`, English by default; :func:`words_for` a
language).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from typing import Any

from PIL import Image

from bot.render.pictures import charts, hand, night_chart, palette, table
from bot.render.pictures.cache import CACHE, PictureCache, produce
from bot.render.pictures.cards import DECKS, DeckStyle
from bot.render.pictures.picture import Picture, PictureError
from bot.render.pictures.tiles import Tiles
from bot.render.pictures.words import ENGLISH, Words, words_for

__all__ = [
    "CACHE",
    "DECKS",
    "ENGLISH",
    "DeckStyle",
    "Picture",
    "PictureCache",
    "PictureError",
    "Words",
    "hand_picture",
    "night_picture",
    "rating_chart",
    "score_chart",
    "table_picture",
    "words_for",
]


TABLE_TILES = Tiles(table.background)
"""The table picture's kept tiles."""


def _table(sc: table.TableScene) -> Image.Image:
    """The table picture of ``sc``, from its kept tiles."""
    return TABLE_TILES.assemble(table.parts(sc))


def table_picture(
    view: Mapping[str, Any], names: Sequence[str], *, deck: str = "classic",
    words: Words = ENGLISH, cache: PictureCache | None = CACHE,
) -> Picture:
    """The table (``table.png``) from the public ``view`` of any game, with
    ``names`` by seat, in the ``deck`` style (``classic`` or ``four_color``)."""
    return produce("table", lambda: table.scene(view, names, deck, words), _table, cache,
                   palette.palette)


def hand_picture(
    view: Mapping[str, Any], names: Sequence[str], playable: Collection[str] = (), *,
    deck: str = "classic", words: Words = ENGLISH, cache: PictureCache | None = CACHE,
) -> Picture:
    """One seat's cards (``hand.png``) from that seat's ``view``: sorted as in the text,
    trumps marked, the ``playable`` cards (C2 names: the seat's legal plays now) raised
    and the others dimmed, Mighty's kitty cards marked while the declarer discards. In
    Kachuful's forehead hand it shows the others' cards with their ``names`` and the
    seat's own card face down."""
    return produce(
        "hand", lambda: hand.scene(view, names, playable, deck, words), hand.draw, cache,
        palette.palette,
    )


def score_chart(
    view: Mapping[str, Any], names: Sequence[str], *, words: Words = ENGLISH,
    cache: PictureCache | None = CACHE,
) -> Picture:
    """Each seat's running total after every hand (``scores.png``), the winners marked,
    from any view of the game (its ``scores`` and ``winners``)."""
    return produce("scores", lambda: charts.score_scene(view, names, words),
                   charts.draw_scores, cache)


def rating_chart(
    name: str, game: str, ratings: Sequence[tuple[float, float]], *,
    words: Words = ENGLISH, cache: PictureCache | None = CACHE,
) -> Picture:
    """A member's rating ``mu − 3·sigma`` over their games (``rating.png``), with the
    band ``mu ± 3·sigma``: ``ratings`` holds ``(mu, sigma)`` after each rated game,
    oldest first; ``game`` is the name of a game the bot hosts."""
    return produce("rating", lambda: charts.rating_scene(name, game, ratings, words),
                   charts.draw_rating, cache)


def night_picture(
    title: str, names: Sequence[str], running: Sequence[Sequence[Fraction | float]],
    winners: Collection[int], *, words: Words = ENGLISH, cache: PictureCache | None = CACHE,
) -> Picture:
    """A game night's chart (``night.png``): each member's running total of night
    points after every round (``running``, members best first, ``names`` theirs), the
    ``winners`` (their indexes) marked; the night's ``title`` above it."""
    return produce("night", lambda: night_chart.night_scene(title, names, running, winners,
                                                            words),
                   night_chart.draw_night, cache)
