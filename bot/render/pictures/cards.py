"""Card faces drawn by the project: a white card with rounded corners, the rank and suit
large in the top-left corner and a big suit in the middle; the joker purple and gold.
Two decks: ``classic`` (♠ ♣ black, ♥ ♦ red) and ``four_color`` (♠ black, ♥ red,
♦ blue, ♣ green). Cards are named in RULES C2 notation (``A♠``, ``10♥``, ``JK``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Final, Literal, get_args

from PIL import Image

from bot.render.pictures.canvas import GOLD, INK, RGB, WHITE, hex_rgb, ink_centre, rounded, text_at

DeckStyle = Literal["classic", "four_color"]
"""The ``deck`` table option."""
DECKS: Final[tuple[DeckStyle, ...]] = get_args(DeckStyle)

JOKER: Final = "JK"
RANKS: Final = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS: Final = ("♠", "♥", "♦", "♣")
SUIT_OF_LABEL: Final = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}

RED: Final = hex_rgb("#C8102E")
BLUE: Final = hex_rgb("#1457B8")
GREEN: Final = hex_rgb("#12823A")
SUIT_COLOURS: Final[dict[DeckStyle, dict[str, RGB]]] = {
    "classic": {"♠": INK, "♥": RED, "♦": RED, "♣": INK},
    "four_color": {"♠": INK, "♥": RED, "♦": BLUE, "♣": GREEN},
}
JOKER_FILL: Final = hex_rgb("#4A2380")
BACK_FILL: Final = hex_rgb("#1F3A93")
EDGE: Final = hex_rgb("#9AA3AD")
ASPECT: Final = 1.4
"""Height over width."""


def split(name: str) -> tuple[str, str | None]:
    """``"10♥"`` → ``("10", "♥")``; the joker → ``("JK", None)``. Raise ``ValueError``
    on anything else."""
    if name == JOKER:
        return JOKER, None
    rank, suit = name[:-1], name[-1:]
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"{name!r} is not a card")
    return rank, suit


def check_deck(deck: str) -> DeckStyle:
    """``deck`` as a :data:`DeckStyle`; ``ValueError`` when it is none."""
    for style in DECKS:
        if deck == style:
            return style
    raise ValueError(f"deck must be one of {', '.join(DECKS)}, not {deck!r}")


def suit_colour(suit: str, deck: DeckStyle) -> RGB:
    """The ink of ``suit`` (a symbol) in ``deck``."""
    return SUIT_COLOURS[deck][suit]


def height_of(width: int) -> int:
    return round(width * ASPECT)


@lru_cache(maxsize=1024)
def face(name: str, width: int, deck: DeckStyle) -> Image.Image:
    """The RGBA face of card ``name``, ``width`` pixels wide (cached: read-only)."""
    rank, suit = split(name)
    w, h = width, height_of(width)
    radius = max(3, w // 9)
    if suit is None:
        card = rounded((w, h), radius, JOKER_FILL, GOLD, max(2, w // 22)).copy()
        ink: RGB = GOLD
        pip = "★"
    else:
        card = rounded((w, h), radius, WHITE, EDGE, max(1, w // 40)).copy()
        ink = suit_colour(suit, deck)
        pip = suit
    column = w * 0.29
    rank_size = round(w * (0.40 if len(rank) > 1 else 0.50))
    text_at(card, (column, h * 0.32), rank, rank_size, ink, anchor="ms")
    ink_centre(card, (column, h * 0.47), pip, round(w * 0.32), ink)
    ink_centre(card, (w * 0.65, h * 0.76), pip, round(w * 0.52), ink)
    return card


@lru_cache(maxsize=16)
def back(width: int) -> Image.Image:
    """The RGBA back of a card with a question mark: a card its holder may not see
    (cached: read-only)."""
    w, h = width, height_of(width)
    card = rounded((w, h), max(3, w // 9), BACK_FILL, WHITE, max(2, w // 16)).copy()
    ink_centre(card, (w / 2, h / 2), "?", round(w * 0.6), WHITE)
    return card
