"""What one seat may see of a Kachuful game (RULES "Who may see what", KV8)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from engine.cards import NAMES, Card, sort_hand, trump_label
from engine.game import Play, Viewed
from engine.kachuful.actions import encode_action
from engine.kachuful.config import KachufulConfig
from engine.kachuful.hand import HandRecord


class Seen(Viewed[KachufulConfig, HandRecord], Protocol):
    """What a view reads of the game (:class:`engine.kachuful.game.KachufulGame`, which
    imports this module) besides what every view reads."""

    @property
    def hands(self) -> Sequence[HandRecord]: ...

    @property
    def hand_count(self) -> int: ...

    @property
    def trick(self) -> list[tuple[int, Card]]: ...

    @property
    def forehead(self) -> bool: ...

    def cards_of(self, seat: int) -> list[Card]: ...

    def has_looked(self, seat: int) -> bool: ...

    def forbidden_bid(self) -> int | None: ...


def _cards(leader: int, cards: tuple[Card, ...] | list[Card], players: int) -> list[dict[str, Any]]:
    return [{"seat": (leader + i) % players, "card": NAMES[c.index]} for i, c in enumerate(cards)]


def _trick(leader: int, cards: tuple[Card, ...], winner: int, players: int) -> dict[str, Any]:
    return {"leader": leader, "cards": _cards(leader, cards, players), "winner": winner}


def _tricks(rec: HandRecord, players: int) -> list[dict[str, Any]]:
    return [_trick(leader, cards, winner, players)
            for (leader, cards), winner in zip(rec.tricks, rec.trick_winners, strict=True)]


def build_view(game: Seen, seat: int | None) -> dict[str, Any]:
    """Public facts for everyone; ``seat``'s own cards (hidden from it in the forehead
    hand, where it sees the others' instead); ``None`` gives the public view."""
    n = game.players
    rec = game.current
    res = game.results()
    trick = game.trick
    last: dict[str, Any] | None = None
    for past in reversed(game.hands):
        if (done := past.last_trick) is not None:
            last = {"hand_number": past.number + 1, **_trick(*done, n)}
            break
    own: list[str] | None = None
    own_trumps: list[str] = []
    others: list[dict[str, Any]] = []
    legal: list[dict[str, Any]] = []
    if seat is not None:
        held = game.cards_of(seat)
        if game.forehead:
            others = [
                {"seat": s, "card": NAMES[c.index]}
                for s in range(n)
                if s != seat
                for c in game.cards_of(s)
            ]
        else:
            own = [NAMES[c.index] for c in sort_hand(held, rec.trump)]
            own_trumps = [NAMES[c.index] for c in sort_hand(held) if c.suit is rec.trump]
        legal = [
            encode_action(a)
            for a in game.legal_actions(seat)
            if not (game.forehead and isinstance(a, Play))
        ]
    return {
        "game": game.name,
        "seat": seat,
        "players": n,
        "config": dict(game.config.settings),
        "phase": game.phase,
        "to_act": game.to_act,
        "hand_number": rec.number + 1,
        "hand_count": game.hand_count,
        "hand_index": rec.index,
        "size": rec.size,
        "trump": trump_label(rec.trump),
        "turned": None
        if game.config.trump != "turned" or rec.deal.turned is None
        else NAMES[rec.deal.turned.index],
        "dealer": rec.dealer,
        "forbidden_bid": game.forbidden_bid(),
        "bids": list(rec.bids),
        "blind": list(rec.blind),
        "tricks_won": list(rec.tricks_won),
        "leader": trick[0][0] if trick else (game.to_act if game.phase == "playing" else None),
        "trick": [{"seat": s, "card": NAMES[c.index]} for s, c in trick],
        "led": trick[0][1].suit.label if trick and trick[0][1].suit is not None else None,
        "tricks": _tricks(rec, n),
        "last_trick": last,
        "hand_sizes": [len(game.cards_of(s)) for s in range(n)],
        "hand": own,
        "hand_trumps": own_trumps,
        "others": others,
        "forehead": game.forehead,
        "looked": None if seat is None else game.has_looked(seat),
        "scores": res.hand_scores,
        "totals": res.totals,
        "winners": res.winners,
        "over": res.over,
        "legal": legal,
    }
