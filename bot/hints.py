"""The words of hints (README "Hints"): the sentence :mod:`engine.ai.hints` gives for
its reason (:attr:`~engine.ai.hints.Hint.template`), translated, with its counted words
(translations come later)."""

from __future__ import annotations

from typing import Final

from bot.i18n import _
from engine.ai.hints import Hint

HINT: Final = "💡 Hint: {sentence} (This is a hint only: nothing was played.)"
NO_HINT: Final = "There is nothing for you to decide right now, so there is no hint."
HINTS_OFF: Final = "Hints are turned off at this table."

_COUNTED: Final[dict[str, tuple[str, str]]] = {
    "need": ("1 trick", "{n} tricks"), "bid": ("1 trick", "{n} tricks"),
    "trumps": ("1 trump", "{n} trumps"), "high": ("1 ace or king", "{n} aces or kings"),
    "points": ("1 point card", "{n} point cards"),
}
"""Counted words, by placeholder (``bid`` and ``points`` only where they count)."""
_PLAIN: Final = {"auction_bid": {"points"}, "contract": {"points"}, "blind_bid": {"bid"},
                 "forehead_bid": {"bid"}}
"""Placeholders shown as bare numbers for these reasons."""


def words(found: Hint) -> str:
    """The member-facing text of a hint."""
    params: dict[str, str | int] = dict(found.params)
    plain = _PLAIN.get(found.reason, set())
    for key, (one, many) in _COUNTED.items():
        value = params.get(key)
        if isinstance(value, int) and key not in plain:
            params[key] = one if value == 1 else many.format(n=value)
    return HINT.format(sentence=_(found.template, **params))
