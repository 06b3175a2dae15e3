"""Whist's panel payloads (``p<card index>`` play) and its command (``/whist play
card:``)."""

from __future__ import annotations

import re
from typing import Final

from engine.cards import CARDS
from engine.game import Action, Play
from testkit.driver.moves import Command, GameMoves, Plan, Step
from testkit.driver.panels import Panel

_CARD = re.compile(r"p([0-9]{1,2})")


class WhistMoves(GameMoves):
    name = "whist"

    def plan(self, action: Action, panel: Panel) -> Plan | None:
        return (Step(f"p{action.card.index}"),) if isinstance(action, Play) else None

    def action(self, plan: Plan) -> Action | None:
        match = _CARD.fullmatch(plan[-1].payload)
        return Play.of(CARDS[int(match[1])]) if match and int(match[1]) < len(CARDS) else None

    def command(self, action: Action) -> Command | None:
        return Command("play", {"card": str(action.card)}) if isinstance(action, Play) else None


WHIST: Final = WhistMoves()
