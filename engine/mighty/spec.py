"""Mighty's part in ``python -m engine`` (replay and simulate)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.descriptor import one_option_config
from engine.game import Action, Event
from engine.mighty.core.winner import joker_power
from engine.mighty.game import MightyGame
from engine.mighty.notation import read_deal
from engine.mighty.rules import MIN_BID, PLAYERS
from engine.narration import trick_line, trump_text
from engine.record import game_from_doc

_DOUBLINGS = {
    "notrump": "no-trump",
    "no_friend": "no friend",
    "run": "a run",
    "back_run": "a back-run",
}


def _contract(value: list[Any]) -> str:
    return f"{value[0]} {trump_text(value[1])}"


class MightySpec:
    """The :class:`engine.descriptor.GameSpec` of Mighty."""

    def from_replay(self, doc: Mapping[str, Any]) -> MightyGame:
        return game_from_doc(doc, MightyGame, read_deal)

    def new_game(self, players: int, seed: int, options: Mapping[str, str]) -> MightyGame:
        config = one_option_config("Mighty", players, PLAYERS, options, "hands")
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
            return f"  the friend asks for {trump_text(d['suit'])}"
        if kind == "friend_revealed":
            return f"  seat {seat} is the friend"
        if kind == "trick_won":
            assert seat is not None
            cards = list(d["cards"])
            if d["joker_demanded"]:
                cards[0] += " (demands the joker)"
            elif cards[0] == "JK" and joker_power(d["number"], False):
                cards[0] += f" (names {trump_text(d['led'])})"
            points = f", points {' '.join(d['points'])}" if d["points"] else ""
            return trick_line(d["number"], d["leader"], cards, PLAYERS, seat) + points
        if kind == "hand_scored":
            return f"  {_settlement(d)}: scores {d['scores']}, totals {d['totals']}"
        return None


def _settlement(d: Mapping[str, Any]) -> str:
    """P, B and S of a scored hand, with its doublings (M16)."""
    points, bid = d["points"], d["contract"][0]
    made = "made" if d["success"] else "failed"
    side = "declarer" if d["friend"] is None else "declarer's side"
    buried = f" ({d['buried_points']} buried)" if d["buried_points"] else ""
    formula = f"2·({bid}−{MIN_BID}) + ({points}−{bid})" if d["success"] else f"{bid}−{points}"
    text = (
        f"{_contract(d['contract'])} {made}: {side} captured P={points}{buried} of B={bid}: "
        f"S = {formula} = {d['base_S']}"
    )
    doublings = [_DOUBLINGS[name] for name in d["doublings"]]
    if doublings:
        times = f" (×{d['multiplier']})" if len(doublings) > 1 else ""
        text += f", doubled for {' and '.join(doublings)}{times} → {d['S']}"
    return text


SPEC = MightySpec()
