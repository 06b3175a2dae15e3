"""What one Kachuful seat knows (:class:`KInfo`), read once from its view (the JSON-able
``game.view(seat)``), and the hidden-card constraints that world sampling respects.

Everything the seat has seen is in the view: its hand (or, in a forehead hand, the
others' cards), the bids, the tricks of this hand and the current trick. Voids are
derived from the plays that did not follow the led suit (K9).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.ai.kachuful.simulate import ALL_CARDS
from engine.ai.lean import BIT_OF_NAME, SUIT_MASK, trump_of
from engine.kachuful.config import Scoring


@dataclass(slots=True)
class KInfo:
    """What one seat knows of the current Kachuful hand, in lean bits."""

    players: int
    seat: int
    size: int
    trump: int
    dealer: int
    hand: int
    """The seat's own cards (0 when unseen: a forehead hand, KV8)."""
    bids: list[int | None]
    won: list[int]
    leader: int
    trick: list[int]
    """Cards of the current trick, in play order from ``leader``."""
    played: list[int]
    """Cards each seat has played this hand (current trick included)."""
    voids: list[int]
    """Per seat, the mask of the suits it showed it lacks (K9)."""
    holding: list[int]
    """Cards each seat still holds (count)."""
    shown: list[int]
    """Cards known to be in each seat's hand (the other hands in a forehead hand)."""
    out: int
    """Cards known to be out of play (the turned card, KV4)."""
    scoring: Scoring = "classic"
    hook: bool = True
    blind: bool = False

    def forbidden_bid(self) -> int | None:
        """The dealer's hook value (K8), or None."""
        if not self.hook or self.seat != self.dealer:
            return None
        value = self.size - sum(b for b in self.bids if b is not None)
        return value if 0 <= value <= self.size else None

    @property
    def greedy(self) -> bool:
        """Whether every trick scores, so a missed bid still wants tricks (KV5)."""
        return self.scoring == "per_trick"

    def gone(self) -> int:
        """Cards known to be out of play: every card played this hand, the turned card."""
        known = self.out
        for cards in self.played:
            known |= cards
        return known

    def hidden(self) -> tuple[int, list[int], list[int]]:
        """The hidden cards, how many each seat (then the undealt pile) must receive, and
        what each may take (no suit it showed it lacks, K9)."""
        known = self.gone() | self.hand
        for cards in self.shown:
            known |= cards
        unknown = ALL_CARDS & ~known
        capacity = []
        allowed = []
        for s in range(self.players):
            mine = s == self.seat and self.hand
            need = 0 if mine else self.holding[s] - self.shown[s].bit_count()
            capacity.append(need)
            mask = ALL_CARDS
            for suit in range(4):
                if self.voids[s] >> suit & 1:
                    mask &= ~SUIT_MASK[suit]
            allowed.append(mask)
        rest = unknown.bit_count() - sum(capacity)
        capacity.append(rest)
        allowed.append(ALL_CARDS)
        return unknown, capacity, allowed


def _plays(entries: list[Mapping[str, Any]]) -> list[tuple[int, int]]:
    return [(int(e["seat"]), BIT_OF_NAME[e["card"]]) for e in entries]


def info_from_view(view: Mapping[str, Any]) -> KInfo:
    """The information set of ``view["seat"]`` in the current hand."""
    n = int(view["players"])
    seat = int(view["seat"])
    dealer = int(view["dealer"])
    played = [0] * n
    voids = [0] * n
    tricks = [_plays(t["cards"]) for t in view["tricks"]]
    current = _plays(view["trick"])
    for cards in [*tricks, current]:
        if not cards:
            continue
        led = cards[0][1] & 3
        for s, b in cards:
            played[s] |= 1 << b
            if b & 3 != led:
                voids[s] |= 1 << led
    hand = 0
    for name in view["hand"] or ():
        hand |= 1 << BIT_OF_NAME[name]
    shown = [0] * n
    for e in view["others"]:
        shown[int(e["seat"])] |= 1 << BIT_OF_NAME[e["card"]]
    leader = view["leader"]
    if leader is None:
        leader = (dealer + 1) % n
    config = view["config"]
    turned = view.get("turned")
    return KInfo(
        players=n,
        seat=seat,
        size=int(view["size"]),
        trump=trump_of(view["trump"]),
        dealer=dealer,
        hand=hand,
        bids=list(view["bids"]),
        won=list(view["tricks_won"]),
        leader=int(leader),
        trick=[b for _, b in current],
        played=played,
        voids=voids,
        holding=list(view["hand_sizes"]),
        shown=shown,
        out=(1 << BIT_OF_NAME[turned]) if turned else 0,
        scoring=config.get("scoring", "classic"),
        hook=bool(config.get("hook", True)),
        blind=bool(view["blind"][seat]),
    )
