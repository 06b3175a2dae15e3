"""One Kachuful hand as it goes (K5–K10): its deal, bids, tricks and scores, read from
the bit-mask rules core (:class:`~engine.kachuful.core.HandCore`)."""

from __future__ import annotations

from engine.cards import CARD_OF_BIT, Card, Suit
from engine.kachuful.core import HandCore
from engine.kachuful.deal import Deal


class HandRecord:
    """One hand as it goes: its deal, bids, tricks and (once scored) scores, read from
    its :class:`HandCore`. Read-only outside the game."""

    __slots__ = ("core", "deal", "dealer", "index", "number", "scores", "size", "trump")

    def __init__(
        self, number: int, index: int, deal: Deal, trump: Suit | None, core: HandCore
    ) -> None:
        self.number = number
        self.index = index
        self.size = core.size
        self.dealer = core.dealer
        self.deal = deal
        self.trump = trump
        self.core = core
        self.scores: list[int] | None = None

    @property
    def bids(self) -> list[int | None]:
        return self.core.bids

    @property
    def blind(self) -> list[bool]:
        return self.core.blind

    @property
    def tricks_won(self) -> list[int]:
        return self.core.won

    @property
    def trick_winners(self) -> list[int]:
        return self.core.winners

    @property
    def tricks(self) -> list[tuple[int, tuple[Card, ...]]]:
        """Every finished trick as ``(leader, cards in play order)``."""
        return [(leader, tuple(CARD_OF_BIT[b] for b in cards))
                for leader, cards in self.core.tricks]

    @property
    def last_trick(self) -> tuple[int, tuple[Card, ...], int] | None:
        """The last finished trick as ``(leader, cards in play order, winner)``; None
        before the first."""
        if not self.core.tricks:
            return None
        leader, cards = self.core.tricks[-1]
        return leader, tuple(CARD_OF_BIT[b] for b in cards), self.core.winners[-1]
