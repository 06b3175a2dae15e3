"""Kachuful's part in ``python -m engine`` (replay and simulate)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import trump_label
from engine.game import Action, Event, IllegalAction
from engine.kachuful.actions import Bid
from engine.kachuful.game import KachufulGame
from engine.kachuful.record import game_from_doc

_TRUMP_SYMBOLS = {
    "spades": "♠",
    "hearts": "♥",
    "diamonds": "♦",
    "clubs": "♣",
    "notrump": "no trump",
}


class KachufulSpec:
    """The :class:`engine.descriptor.GameSpec` of Kachuful."""

    def from_replay(self, doc: Mapping[str, Any]) -> KachufulGame:
        return game_from_doc(doc)

    def new_game(self, players: int, seed: int, options: Mapping[str, str]) -> KachufulGame:
        if "players" in options:
            raise IllegalAction("bad_input", "give the players with --players, not as an option")
        return KachufulGame({**options, "players": players}, seed=seed)

    def hand_summaries(self, game: KachufulGame) -> list[dict[str, Any]]:
        return [
            {
                "dealer": rec.dealer,
                "size": rec.size,
                "trump": trump_label(rec.trump),
                "bids": list(rec.bids),
                "blind": list(rec.blind),
                "tricks": list(rec.tricks_won),
                "trick_winners": list(rec.trick_winners),
                "scores": None if rec.scores is None else list(rec.scores),
            }
            for rec in game.hands
        ]

    def replay_legal(self, game: KachufulGame, seat: int) -> Sequence[Action]:
        return [a for a in game.legal_actions(seat) if not (isinstance(a, Bid) and a.blind)]

    def describe(self, game: KachufulGame, event: Event) -> str | None:
        d = event.data
        if event.private_to is not None:
            return None
        if event.kind == "dealer_drawn":
            rounds = "; then ".join(
                ", ".join(f"seat {x['seat']} {x['card']}" for x in r) for r in d["rounds"]
            )
            return f"Draw for the first dealer: {rounds}. Seat {d['dealer']} deals first."
        if event.kind == "dealt":
            turned = f" (turned {d['turned']})" if d["turned"] else ""
            return (
                f"\nHand {d['hand_number']}/{d['hand_count']}: {d['size']} card(s) each, "
                f"trump {_TRUMP_SYMBOLS[d['trump']]}{turned}, seat {d['dealer']} deals."
            )
        if event.kind == "bid":
            return f"  seat {event.seat} bids {d['amount']}{' blind' if d['blind'] else ''}"
        if event.kind == "trick_won":
            cards = " ".join(d["cards"])
            return (
                f"  trick {d['number']}: {cards} (led by seat {d['leader']}) -> seat {event.seat}"
            )
        if event.kind == "hand_scored":
            return (
                f"  bids {d['bids']}, tricks {d['tricks']}: scores {d['scores']}, "
                f"totals {d['totals']}"
            )
        return None


SPEC = KachufulSpec()
