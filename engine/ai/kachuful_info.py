"""Reading a Kachuful seat view (the JSON-able ``game.view(seat)``) into a :class:`KInfo`.

Everything the seat has seen is in the view: its hand (or, in a forehead hand, the
others' cards), the bids, the tricks of this hand and the current trick. Voids are
derived from the plays that did not follow the led suit (K9).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.ai.kachuful_levels import KInfo
from engine.ai.lean import BIT_OF_NAME, NO_TRUMP
from engine.cards import Suit


def _trump(label: str | None) -> int:
    if label is None or label == "notrump":
        return NO_TRUMP
    return int(Suit.from_label(label))


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
        trump=_trump(view["trump"]),
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
