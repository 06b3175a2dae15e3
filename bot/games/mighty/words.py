"""How Mighty's trumps, bids, friend calls and contracts read in messages and how they
travel in component payloads (RULES C2, M4, M7, M8)."""

from __future__ import annotations

from typing import Any, Final

from bot.games.adapter import number
from bot.i18n import _
from engine.cards import CARDS, Card, Suit
from engine.mighty.rules import Trump, parse_trump

TRUMP_LETTERS: Final[dict[str, Trump]] = {
    "s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS, "n": None,
}
"""One letter per trump, for short payloads."""
LETTER_OF: Final = {trump: letter for letter, trump in TRUMP_LETTERS.items()}
TRUMP_NAMES: Final = ("spades", "hearts", "diamonds", "clubs", "notrump")
"""The trump labels of the commands (``/mighty bid 15 diamonds``)."""


def bid_text(points: int, trump: Trump) -> str:
    """``15 ♦`` or ``15 no-trump``, in the language being spoken."""
    if trump is None:
        return _("{points} no-trump", points=points)
    return f"{points} {trump.symbol}"


def contract_of(raw: list[Any] | None) -> tuple[int, Trump] | None:
    """A contract from a view's ``[15, "diamonds"]``."""
    return None if raw is None else (int(raw[0]), parse_trump(str(raw[1])))


def call_text(call: str | None) -> str:
    """A friend call from a view, in words."""
    if call is None:
        return "—"
    if call == "first":
        return _("the winner of the first trick")
    if call == "none":
        return _("no friend (an open solo: the declarer plays alone)")
    return call


def card_at(value: str) -> Card | None:
    """The card a payload number names, or None."""
    index = number(value, len(CARDS))
    return None if index is None else CARDS[index]
