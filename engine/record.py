"""Replay documents, the part both games share: ``{"game": name, ...setup...,
"actions": [{"seat": s, ...action...}]}``. The setup keys belong to each game
(``engine.<game>.record``), the action notation to ``Game.parse_action``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.game import Game, IllegalAction

OUTPUT_KEYS = frozenset({"hands", "totals", "winners", "over", "to_act", "legal"})
"""Keys of the replay output; a replay document may carry them (they are ignored), so
the output of ``simulate --json`` can be replayed as it is."""


class ReplayError(IllegalAction):
    """An action of a replay document refused; ``index`` is its position (from 0)."""

    def __init__(self, exc: IllegalAction, index: int) -> None:
        super().__init__(exc.code, exc.reason)
        self.index = index


def run_actions(game: Game, actions: Any) -> None:
    """Apply recorded actions ``[{"seat": s, ...}, ...]`` in order; raise
    :class:`ReplayError` at the first refused one (``IllegalAction`` if not a list)."""
    if not isinstance(actions, list):
        raise IllegalAction("bad_input", "'actions' must be a list")
    for index, raw in enumerate(actions):
        try:
            if not isinstance(raw, Mapping):
                raise IllegalAction("bad_input", "an action must be a JSON object")
            seat = raw.get("seat")
            if type(seat) is not int or not 0 <= seat < game.players:
                raise IllegalAction(
                    "bad_input", f"'seat' must be a seat number from 0 to {game.players - 1}"
                )
            game.apply(seat, type(game).parse_action(raw))
        except IllegalAction as exc:
            raise ReplayError(exc, index) from None
