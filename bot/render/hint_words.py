"""The words of hints (docs/playing.md "Hints"): the sentence :mod:`engine.ai.hints` gives
for its reason (:attr:`~engine.ai.hints.Hint.template`), translated, with its counted
words in the language being spoken."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from bot.i18n import N_, _, _n
from engine.ai.hints import Hint

HINT: Final = N_("💡 Hint: {sentence} (This is a hint only: nothing was played.)")
NO_HINT: Final = N_("There is nothing for you to decide right now, so there is no hint.")
HINTS_OFF: Final = N_("Hints are turned off at this table.")


def _tricks(count: int) -> str:
    return _n("{count} trick", "{count} tricks", count)


_COUNTED: Final[dict[str, Callable[[int], str]]] = {
    "need": _tricks, "bid": _tricks,
    "trumps": lambda count: _n("{count} trump", "{count} trumps", count),
    "high": lambda count: _n("{count} ace or king", "{count} aces or kings", count),
    "points": lambda count: _n("{count} point card", "{count} point cards", count),
}
"""Counted words, by placeholder (not where the hint has it bare: its ``plain``)."""


def words(found: Hint) -> str:
    """The member-facing text of a hint, in the language being spoken."""
    params: dict[str, str | int] = dict(found.params)
    for key, counted in _COUNTED.items():
        value = params.get(key)
        if isinstance(value, int) and key not in found.plain:
            params[key] = counted(value)
    return _(HINT, sentence=_(found.template, **params))
