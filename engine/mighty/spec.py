"""Mighty's part in ``python -m engine`` (replay and simulate)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.game import Action, Event, IllegalAction
from engine.mighty.game import MightyGame
from engine.mighty.record import game_from_doc
from engine.mighty.rules import PLAYERS

_TRUMP_TEXT = {
    "spades": "♠",
    "hearts": "♥",
    "diamonds": "♦",
    "clubs": "♣",
    "notrump": "no-trump",
}


def _contract(value: list[Any]) -> str:
    return f"{value[0]} {_TRUMP_TEXT[value[1]]}"


class MightySpec:
    """The :class:`engine.descriptor.GameSpec` of Mighty."""

    def from_replay(self, doc: Mapping[str, Any]) -> MightyGame:
        return game_from_doc(doc)

    def new_game(self, players: int, seed: int, options: Mapping[str, str]) -> MightyGame:
        if players != PLAYERS:
            raise IllegalAction("bad_input", f"Mighty is for exactly {PLAYERS} players")
        config: dict[str, Any] = {}
        for key, value in options.items():
            if key != "hands":
                raise IllegalAction("bad_input", f"{key}: is not an option here (only hands=N)")
            if not value.isdigit():
                raise IllegalAction("bad_input", f"hands: a whole number, not {value!r}")
            config["hands"] = int(value)
        return MightyGame(config, seed=seed)

    def hand_summaries(self, game: MightyGame) -> list[dict[str, Any]]:
        return [r.summary() for r in game.records]

    def replay_legal(self, game: MightyGame, seat: int) -> Sequence[Action]:
        return game.listed_actions(seat)

    def describe(self, game: MightyGame, event: Event) -> str | None:
        d = event.data
        seat = event.seat
        kind = event.kind
        if event.private_to is not None:
            return None
        if kind == "dealt":
            return (
                f"\nHand {d['hand_number']}/{d['hand_count']} (deal {d['deal_number']}): "
                f"seat {d['dealer']} deals, seat {d['first_speaker']} speaks first."
            )
        if kind == "bid":
            return f"  seat {seat} bids {_contract([d['points'], d['trump']])}"
        if kind == "passed":
            return f"  seat {seat} passes"
        if kind == "deal_miss":
            return f"  seat {seat} claims a deal-miss: {' '.join(d['hand'])} (worth {d['value']})"
        if kind == "redeal":
            return f"  redeal ({d['reason'].replace('_', ' ')}), seat {d['dealer']} deals again"
        if kind == "auction_won":
            return f"  seat {seat} declares {_contract([d['points'], d['trump']])}"
        if kind == "discarded":
            return f"  seat {seat} takes the kitty and discards three cards"
        if kind == "contract_changed":
            return f"  seat {seat} changes the contract to {_contract([d['points'], d['trump']])}"
        if kind == "friend_called":
            return f"  seat {seat} calls the friend: {d['call']}"
        if kind == "lead_asked":
            return f"  seat {seat} asks the friend to name the first lead"
        if kind == "lead_named":
            return f"  the friend asks for {_TRUMP_TEXT[d['suit']]}"
        if kind == "friend_revealed":
            return f"  seat {seat} is the friend"
        if kind == "trick_won":
            points = f", points {' '.join(d['points'])}" if d["points"] else ""
            cards = " ".join(d["cards"])
            led = f"led by seat {d['leader']}"
            return f"  trick {d['number']}: {cards} ({led}) -> seat {seat}{points}"
        if kind == "hand_scored":
            made = "made" if d["success"] else "failed"
            extra = f" x{d['multiplier']} ({', '.join(d['doublings'])})" if d["doublings"] else ""
            return (
                f"  {_contract(d['contract'])} {made} with {d['points']} "
                f"(buried {d['buried_points']}), S = {d['base_S']}{extra} = {d['S']}: "
                f"scores {d['scores']}, totals {d['totals']}"
            )
        return None


SPEC = MightySpec()
