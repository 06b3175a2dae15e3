"""The one 256-colour palette of the table and hand pictures.

Their art is flat: a few fixed colours (felt, plates, gold, card faces, the suits of
both decks, the text) and the blends that anti-aliasing makes between them. Mapping a
picture onto one palette made once from a swatch of that art costs a quarter of an
adaptive quantisation per picture (``bench/render.py``) and gives the same picture for
the same scene, whatever was drawn before. The swatch is drawn with the pictures' own
code: every card of both decks face up, dimmed and raised, on the table and in a hand,
the seat plates in every state, and text in every colour.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator
from typing import Final

from PIL import Image

from bot.render.pictures import hand, table
from bot.render.pictures.cards import DECKS, JOKER, RANKS, SUITS

_CARDS: Final = [*(r + s for s in SUITS for r in RANKS), JOKER]
_BADGES: Final = (None, "winner", "declarer", "friend")
_STRIP: Final = (900, 24 * table.HEIGHT)
"""The swatch's size before its cut: room for the 14 tables and 10 hands drawn."""
_LOCK = threading.Lock()
_master: Image.Image | None = None
_own = threading.local()
"""Each thread's copy: Pillow keeps a colour cache on a palette image, which two threads
must not fill at once."""


def _seats(offset: int) -> tuple[table.SeatScene, ...]:
    return tuple(
        table.SeatScene(name=f"Player {s} Ag", detail="bid 3 · won 1", total=f"{offset + s}",
                        dealer=s == 0, to_act=s == offset % 4, badge=_BADGES[(s + offset) % 4],
                        badge_text="Winner")
        for s in range(4))


def _tables() -> Iterator[Image.Image]:
    for deck in DECKS:
        for start in range(0, len(_CARDS), 8):
            shown = _CARDS[start:start + 8]
            yield table.draw(table.TableScene(
                deck=deck, title="Kachuful · Hand 1/25", subtitle="13 cards · bids 5/4",
                corner=("Contract 15 ♠", "Friend: A♥"), trump=SUITS[start % 4],
                trump_caption="Trump", dealer_chip="D", seats=_seats(start),
                trick=tuple(enumerate(shown[:4])), note="Joker called",
                last_title="Last trick · won by Player 1",
                last=tuple(enumerate(shown[4:])), last_winner=start % 4, description=""))


def _hands() -> Iterator[Image.Image]:
    for deck in DECKS:
        for start in range(0, len(_CARDS), 13):
            cards = tuple(hand.HandCard(card, trump=i % 3 == 0, kitty=i % 5 == 0,
                                        playable=i % 2 == 0)
                          for i, card in enumerate(_CARDS[start:start + 13]))
            yield hand.draw(hand.HandScene(
                deck=deck, cards=cards, apart=True,
                legend=(("trump", "Trump ♠"), ("playable", "Playable now"),
                        ("kitty", "Kitty")), empty="", description=""))


def _swatch() -> Image.Image:
    """The pictures one under another in one strip, drawn one at a time (the strip is
    the only large image held)."""
    swatch = Image.new("RGB", _STRIP)
    y = 0
    for picture in itertools.chain(_tables(), _hands()):
        swatch.paste(picture.convert("RGB"), (0, y))
        y += picture.height
    return swatch.crop((0, 0, _STRIP[0], y))


def palette() -> Image.Image:
    """This thread's palette image (mode ``P``); the first call draws the swatch, so
    it is made while holding the drawing lock."""
    global _master
    mine: Image.Image | None = getattr(_own, "palette", None)
    if mine is None:
        with _LOCK:
            if _master is None:
                _master = _swatch().quantize(256, method=Image.Quantize.FASTOCTREE)
            mine = _own.palette = _master.copy()
    return mine
