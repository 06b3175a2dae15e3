"""Words the games share: a suit's name in sentences and a trump in words (RULES C2),
in the language being spoken."""

from __future__ import annotations

from typing import Final

from bot.i18n import N_, _
from engine.cards import CardParseError, Suit, trump_label

SUIT_WORDS: Final = {
    Suit.SPADES: N_("spades"), Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"), Suit.CLUBS: N_("clubs"),
}
"""The suits' names in sentences (translated where shown)."""


def trump_text(trump: Suit | None) -> str:
    """``♦ diamonds`` or ``no-trump``, in the language being spoken."""
    if trump is None:
        return _("no-trump")
    return _("{symbol} {suit}", symbol=trump.symbol, suit=_(SUIT_WORDS[trump]))


def trump_label_text(label: object) -> str:
    """A stored trump label (:func:`~engine.cards.trump_label`: ``spades`` …
    ``notrump``) in words, in the language being spoken; anything else as it is."""
    if label == trump_label(None):
        return trump_text(None)
    try:
        return trump_text(Suit.from_label(str(label)))
    except CardParseError:
        return str(label or "—")
