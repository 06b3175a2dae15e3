"""What one seat of a Whist game may see (RULES "Who may see what", W3): the keys of
Kachuful's view where they mean the same, and the partnerships' counts.

Public: the settings, the partnerships, dealer, deal number, trump and the turned card
until the dealer plays it, whose turn it is, the trick in play and every finished trick
of the deal, the last finished trick, tricks won, how many cards each seat holds, the
scores. Private: the seat's own cards and legal plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from engine.cards import NAMES, Card, sort_hand, trump_label
from engine.game import Viewed
from engine.whist.actions import encode_action
from engine.whist.config import WhistConfig
from engine.whist.hand import Hand
from engine.whist.rules import PARTNERSHIPS, PLAYERS


class Seen(Viewed[WhistConfig, Hand], Protocol):
    """What a view reads of the game (:class:`engine.whist.game.WhistGame`, which
    imports this module) besides what every view reads."""

    @property
    def hands(self) -> Sequence[Hand]: ...

    @property
    def totals(self) -> list[int]: ...


def _cards(leader: int, cards: Sequence[Card]) -> list[dict[str, Any]]:
    return [{"seat": (leader + i) % PLAYERS, "card": NAMES[c.index]} for i, c in enumerate(cards)]


def _tricks(hand: Hand) -> list[dict[str, Any]]:
    return [
        {"leader": leader, "cards": _cards(leader, cards), "winner": winner}
        for (leader, cards), winner in zip(hand.tricks, hand.winners, strict=True)
    ]


def _last_trick(game: Seen) -> dict[str, Any] | None:
    """The last finished trick, maybe of the previous deal."""
    for hand in reversed(game.hands):
        if hand.tricks:
            return {"hand_number": hand.number + 1, **_tricks(hand)[-1]}
    return None


def build_view(game: Seen, seat: int | None) -> dict[str, Any]:
    """The view of ``seat``: its own cards and legal plays besides the public facts;
    ``None`` gives the public view."""
    hand = game.current
    res = game.results()
    turned = hand.turned
    playing = not hand.over
    own = None if seat is None else sort_hand(hand.held[seat], hand.trump)
    return {
        "game": game.name,
        "seat": seat,
        "players": PLAYERS,
        "config": game.config.model_dump(),
        "phase": game.phase,
        "to_act": game.to_act,
        "partnerships": [list(p) for p in PARTNERSHIPS],
        "hand_number": hand.number + 1,
        "hand_count": game.config.deals,
        "dealer": hand.dealer,
        "trump": trump_label(hand.trump),
        "turned": None if turned is None else NAMES[turned.index],
        "tricks_won": hand.tricks_by_seat,
        "partnership_tricks": list(hand.won),
        "leader": hand.leader if playing else None,
        "trick": _cards(hand.leader, hand.trick),
        "led": None if hand.led is None else hand.led.label,
        "tricks": _tricks(hand),
        "last_trick": _last_trick(game),
        "hand_sizes": [len(h) for h in hand.held],
        "hand": None if own is None else [NAMES[c.index] for c in own],
        "scores": res.hand_scores,
        "totals": res.totals,
        "partnership_totals": game.totals,
        "winners": res.winners,
        "over": res.over,
        "legal": [] if seat is None else [encode_action(a) for a in game.legal_actions(seat)],
    }
