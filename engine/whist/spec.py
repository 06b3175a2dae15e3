"""Whist's part in ``python -m engine`` (replay and simulate)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.descriptor import one_option_config
from engine.game import Action, Event
from engine.narration import trick_line, trump_text
from engine.record import game_from_doc
from engine.whist.deal import read_deal
from engine.whist.game import WhistGame
from engine.whist.hand import Hand
from engine.whist.rules import PLAYERS, per_seat


class WhistSpec:
    """The :class:`engine.descriptor.GameSpec` of Whist."""

    def from_replay(self, doc: Mapping[str, Any]) -> WhistGame:
        return game_from_doc(doc, WhistGame, read_deal)

    def new_game(self, players: int, seed: int, options: Mapping[str, str]) -> WhistGame:
        """``--option deals=N`` sets the length of the game (W6)."""
        config = one_option_config("Whist", players, PLAYERS, options, "deals")
        return WhistGame(config, seed=seed)

    def hand_summaries(self, game: WhistGame) -> list[dict[str, Any]]:
        return [_summary(hand) for hand in game.hands]

    def replay_legal(self, game: WhistGame, seat: int) -> Sequence[Action]:
        return game.legal_actions(seat)

    def describe(self, game: WhistGame, event: Event) -> str | None:
        d = event.data
        if event.private_to is not None:
            return None
        if event.kind == "dealt":
            return (
                f"\nDeal {d['hand_number']}/{d['hand_count']}: seat {d['dealer']} deals and "
                f"turns up {d['turned']}, trump {trump_text(d['trump'])}."
            )
        if event.kind == "trick_won":
            assert event.seat is not None
            return trick_line(d["number"], d["leader"], d["cards"], PLAYERS, event.seat)
        if event.kind == "hand_scored":
            tricks, scores, totals = d["partnership_tricks"], d["scores"], d["totals"]
            return (
                f"  seats 0 and 2 took {tricks[0]} tricks, seats 1 and 3 {tricks[1]}: "
                f"points {scores[0]}-{scores[1]}, totals {totals[0]}-{totals[1]}"
            )
        return None


def _summary(hand: Hand) -> dict[str, Any]:
    """One deal: dealer, trump, tricks by seat and by partnership, the winner of each
    trick, and each seat's score once the deal is over (W3–W5)."""
    return {
        "dealer": hand.dealer,
        "trump": hand.trump.label,
        "turned": str(hand.deal.turned),
        "tricks": hand.tricks_by_seat,
        "partnership_tricks": list(hand.won),
        "trick_winners": list(hand.winners),
        "scores": None if hand.scores is None else per_seat(hand.scores),
    }


SPEC = WhistSpec()
