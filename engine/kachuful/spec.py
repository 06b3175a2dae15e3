"""Kachuful's part in ``python -m engine`` (replay and simulate)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import trump_label
from engine.game import Action, Event, IllegalAction
from engine.i18n import N_
from engine.kachuful.actions import Bid
from engine.kachuful.game import KachufulGame
from engine.kachuful.record import game_from_doc
from engine.narration import trick_line, trump_text


class KachufulSpec:
    """The :class:`engine.descriptor.GameSpec` of Kachuful."""

    def from_replay(self, doc: Mapping[str, Any]) -> KachufulGame:
        return game_from_doc(doc)

    def new_game(self, players: int, seed: int, options: Mapping[str, str]) -> KachufulGame:
        if "players" in options:
            raise IllegalAction("bad_input",
                                N_("give the players with --players, not as an option"))
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
            trump = "no trump" if d["trump"] == "notrump" else f"trump {trump_text(d['trump'])}"
            return (
                f"\nHand {d['hand_number']}/{d['hand_count']}: {d['size']} card(s) each, "
                f"{trump}{turned}, seat {d['dealer']} deals."
            )
        if event.kind == "bid":
            return f"  seat {event.seat} bids {d['amount']}{' blind' if d['blind'] else ''}"
        if event.kind == "trick_won":
            assert event.seat is not None
            return trick_line(d["number"], d["leader"], d["cards"], game.players, event.seat)
        if event.kind == "hand_scored":
            return f"  scores: {_scored(game, d['hand_number'] - 1)}; totals {d['totals']}"
        return None


def _scored(game: KachufulGame, number: int) -> str:
    """Each seat's bid, tricks and score in the order the bids were made (K7, K10)."""
    rec = game.hands[number]
    assert rec.scores is not None
    n = game.players
    parts = []
    for k in range(1, n + 1):
        s = (rec.dealer + k) % n
        bid = f"{rec.bids[s]}{' blind' if rec.blind[s] else ''}"
        parts.append(f"seat {s} bid {bid}, took {rec.tricks_won[s]}: {rec.scores[s]}")
    return "; ".join(parts)


SPEC = KachufulSpec()
