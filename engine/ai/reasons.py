"""Hint reasons (docs/playing.md "Hints"): what a game declares for :mod:`engine.ai.hints`
on its descriptor (:class:`HintReasons`), and the judgement of a card that both games'
reasons make (:func:`beats`).

A reason is a code with parameters, read from the hinted seat's view only, and its
sentence: an English template marked with :func:`~engine.i18n.N_` that the bot
translates and words (``("surest_winner", {"card": "A♥", "need": 1})``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.cards import ACE, Card, Suit
from engine.game import Action

Params = Mapping[str, str | int]


class HintReasons(ABC):
    """One game's reasons for a hinted move: a code and parameters for an action chosen
    from a seat's view, and each code's sentence."""

    sentences: ClassVar[Mapping[str, str]]
    """The sentence of every code :meth:`reason` gives."""
    plain: ClassVar[Mapping[str, frozenset[str]]] = {}
    """Per code, the number placeholders shown as bare numbers (the bot words the other
    numbers as counts: ``2 tricks``)."""

    @abstractmethod
    def reason(self, view: Mapping[str, Any], action: Action) -> tuple[str, Params]:
        """The code and parameters of the hinted ``action`` for the seat whose ``view``
        this is; never a card that seat may not see. ``ValueError`` for an action
        without a reason."""

    def template(self, code: str, params: Params) -> str:
        """The sentence of ``code`` with these ``params``, a :meth:`str.format`
        template."""
        return self.sentences[code]


def beats(card: Card, trick: Sequence[Card], trump: Suit | None) -> bool:
    """Whether ``card`` would now take a plain trick (led suit, trumps above it):
    leading, a card takes the trick when no one follows above it (an ace, or a trump
    ace), so a lead is judged by its rank."""
    if not trick:
        return card.rank == ACE
    led = trick[0].suit
    best = trick[0]
    for c in trick[1:]:
        if _over(c, best, led, trump):
            best = c
    return _over(card, best, led, trump)


def _over(card: Card, best: Card, led: Suit | None, trump: Suit | None) -> bool:
    if card.suit == best.suit:
        return card.rank > best.rank
    return (trump is not None and card.suit == trump and best.suit != trump) \
        or (best.suit not in (led, trump) and card.suit == led)


def suit_of(label: object) -> Suit | None:
    """The suit a view's trump label names (None for ``notrump`` or none)."""
    return Suit.from_label(label) if isinstance(label, str) and label != "notrump" else None
