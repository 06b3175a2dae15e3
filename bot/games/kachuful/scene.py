"""What the pictures draw for Kachuful (:class:`~bot.games.scene.GameScene`): under
each seat its bid (blind ones marked, KV7) and, once play starts, its tricks won; the
hand's size, the bids' total and the turned card (KV4) under the title."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.games.scene import PictureWords, SceneWords, TableLines, WordedScene, subtitle
from bot.i18n import NP_


@dataclass(frozen=True, slots=True)
class KachufulWords(SceneWords):
    """Kachuful's own words in pictures."""

    title: str = NP_("picture", "Kachuful")
    cards: str = NP_("picture", "{size} cards")
    one_card: str = NP_("picture", "1 card")
    bid: str = NP_("picture", "bid {bid}")
    blind_bid: str = NP_("picture", "bid {bid} blind")
    no_bid: str = NP_("picture", "bid –")
    won: str = NP_("picture", "won {won}")
    bids_total: str = NP_("picture", "bids {total}/{size}")


class KachufulScene(WordedScene[KachufulWords]):
    """Kachuful's bids and tricks in the table picture."""

    def lines(
        self, view: Mapping[str, Any], names: Sequence[str], words: PictureWords,
        own: KachufulWords,
    ) -> TableLines:
        bids, blind, won = view["bids"], view["blind"], view["tricks_won"]
        details = []
        for s in range(int(view["players"])):
            bid = bids[s]
            if bid is None:
                said = own.no_bid
            else:
                said = (own.blind_bid if blind[s] else own.bid).format(bid=bid)
            if view["phase"] != "bidding":
                said = f"{said} · {own.won.format(won=won[s])}"
            details.append(said)
        size = int(view["size"])
        parts = [own.one_card if size == 1 else own.cards.format(size=size)]
        made = [b for b in bids if b is not None]
        if made:
            parts.append(own.bids_total.format(total=sum(made), size=size))
        return TableLines(caption=words.trump, details=tuple(details),
                          subtitle=subtitle(view, words, *parts))


SCENE: Final = KachufulScene(KachufulWords())
"""Kachuful's pictures (``GameAdapter.scene``)."""
