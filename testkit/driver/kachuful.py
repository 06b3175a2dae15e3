"""Kachuful's panel payloads (``b<n>`` bid, ``B<n>`` blind bid, ``p<card index>`` play,
``look``, ``ph`` the forehead hand's hidden card) and its commands (``/kachuful bid
amount:``, ``/kachuful play card:``)."""

from __future__ import annotations

import re
from typing import Final

from engine.cards import CARDS
from engine.game import Action, Play
from engine.kachuful.actions import LOOK, Bid, Look
from testkit.driver.moves import Command, GameMoves, Plan, Step, step_for
from testkit.driver.panels import Panel

_BID = re.compile(r"([bB])([0-9]{1,2})")
_CARD = re.compile(r"p([0-9]{1,2})")


class KachufulMoves(GameMoves):
    name = "kachuful"
    turnless = frozenset({"look"})

    def plan(self, action: Action, panel: Panel) -> Plan | None:
        if isinstance(action, Bid):
            return (Step(f"{'B' if action.blind else 'b'}{action.amount}"),)
        if isinstance(action, Play):
            return step_for(panel, f"p{action.card.index}", "ph")
        if isinstance(action, Look):
            return (Step("look"),)
        return None

    def action(self, plan: Plan) -> Action | None:
        payload = plan[-1].payload
        if payload == "look":
            return LOOK
        if match := _BID.fullmatch(payload):
            return Bid.of(int(match[2]), match[1] == "B")
        if (match := _CARD.fullmatch(payload)) and int(match[1]) < len(CARDS):
            return Play.of(CARDS[int(match[1])])
        return None

    def command(self, action: Action) -> Command | None:
        if isinstance(action, Bid) and not action.blind:
            return Command("bid", {"amount": action.amount})
        if isinstance(action, Play):
            return Command("play", {"card": str(action.card)})
        return None


KACHUFUL: Final = KachufulMoves()
