"""The words every game shares: a seat's label, the turn mark, a trick and the last
trick by seat, a private hand by suit, the reasons a button is greyed out, the AI
levels' names, a suit's name in sentences and a trump in words (RULES C2). In the
language being spoken.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import groupby
from typing import Any, Final

from bot.i18n import N_, _
from bot.storage.tables import SeatRecord
from engine.cards import Card, CardParseError, Suit, sort_hand, trump_label

TURN_MARK = "▶"
"""Stands right before the seat to act wherever the table or a panel names it: the one
sign, in every language, of whose turn it is."""
LAST_TRICK = "{cards} → {winner}"
LAST_TRICK_LINE = N_("Last trick: {trick}")
NO_CARD_YET = N_("No card played yet.")
"""A trick field before its first card (translated where shown)."""
WON_TRICK = N_("{winner} won the last trick with {card}: {trick}")
GREYED_OUT = N_("Greyed out: {reason}.")
CARD_TYPO: Final = N_("{text} names no card. Write a rank and a suit, e.g. A♠, 10h or qc, or "
                      "pick one from the list.")
"""A ``play card:`` that names no card; shown translated: ``_(CARD_TYPO, text=typed)``."""
LEVEL_LABELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
"""The AI levels' names for people, by level (:data:`engine.ai.levels.LEVELS`)."""
SUIT_WORDS: Final = {
    Suit.SPADES: N_("spades"), Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"), Suit.CLUBS: N_("clubs"),
}
"""The suits' names in sentences (translated where shown)."""


def seat_label(seat: SeatRecord) -> str:
    """A member's mention (marked while away), or the AI player's name marked as AI
    with its level."""
    if seat.user_id is not None:
        member = f"<@{seat.user_id}>"
        return _("{member} (away: the AI plays)", member=member) if seat.away else member
    level = LEVEL_LABELS.get(seat.level)
    return _("🤖 {name} (AI, {level})", name=seat.name,
             level=_(level) if level else seat.level)


def trick_line(plays: Sequence[Mapping[str, Any]], labels: Sequence[str]) -> str:
    """A trick's cards by seat, in the order played: ``@ana 3♣ · @bo 8♣``."""
    return " · ".join(f"{labels[p['seat']]} {p['card']}" for p in plays)


def last_trick_text(last: Mapping[str, Any], labels: Sequence[str]) -> str:
    """The last completed trick by seat and its winner (a view's ``last_trick``)."""
    return LAST_TRICK.format(cards=trick_line(last["cards"], labels),
                             winner=labels[last["winner"]])


def last_trick_line(last: Mapping[str, Any], labels: Sequence[str]) -> str:
    """``Last trick: @ana 3♣ · @bo 8♣ → @bo``, for the table's trick field."""
    return _(LAST_TRICK_LINE, trick=last_trick_text(last, labels))


def won_trick_line(last: Mapping[str, Any], labels: Sequence[str]) -> str:
    """For a panel: who won the last trick, with which card, and the trick by seat."""
    winner = last["winner"]
    card = next(p["card"] for p in last["cards"] if p["seat"] == winner)
    return _(WON_TRICK, winner=labels[winner], card=card, trick=trick_line(last["cards"], labels))


def greyed_out(reasons: Sequence[str]) -> list[str]:
    """One line per reason some of a panel's buttons are disabled (each said once)."""
    return [_(GREYED_OUT, reason=reason) for reason in dict.fromkeys(reasons)]


def hand_text(cards: Sequence[Card], trump: Suit | None, name: Callable[[Card], str] = str) -> str:
    """A private hand, one line per suit, sorted by suit then rank with the trump suit
    first, bold and marked (PRODUCT "What players see"); ``name`` writes each card."""
    lines = []
    for suit, group in groupby(sort_hand(cards, trump), key=lambda c: c.suit):
        text = " ".join(name(c) for c in group)
        lines.append(_("**{cards}** ← trump", cards=text) if trump is not None and suit is trump
                     else text)
    return "\n".join(lines) or _("No cards left in this hand.")


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
