"""Moves on a panel, and what a game tells the driver about its panels: the one place
where engine actions meet panel payloads and slash commands (a subclass per game)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.game import Action
from testkit.driver.panels import Control, Panel


@dataclass(frozen=True, slots=True)
class Step:
    """One interaction of a move: press the button ``payload``, or (``values`` given)
    pick ``values`` in the menu ``payload``; ``prefix``: the first control whose payload
    starts with ``payload`` (a menu whose payload carries a draft)."""

    payload: str
    values: tuple[str, ...] | None = None
    prefix: bool = False

    def find(self, panel: Panel) -> Control | None:
        """The enabled control of ``panel`` this step works, offering its values."""
        control = panel.find(self.payload, prefix=self.prefix)
        if control is None or control.menu != (self.values is not None):
            return None
        if self.values is not None and not set(self.values) <= set(control.values):
            return None
        return control


Plan = tuple[Step, ...]
"""A move on a panel: its last step makes the move; those before only draft it (a
menu pick the panel comes back with, such as a Mighty bid's points and trump)."""


@dataclass(frozen=True, slots=True)
class Command:
    """A move as a slash command: ``/<game> <name> option:value …``."""

    name: str
    options: dict[str, Any] = field(default_factory=dict)


class GameMoves:
    """What the driver knows of one game's panels: override the mappings per game."""

    name: str = ""
    """The game's slash command group."""
    turnless: frozenset[str] = frozenset()
    """Payloads that are offered outside one's turn and are not a turn."""

    def plan(self, action: Action, panel: Panel) -> Plan | None:
        """The panel move for ``action``, or None when ``panel`` cannot express it (a
        command may)."""
        raise NotImplementedError

    def action(self, plan: Plan) -> Action | None:
        """The engine action a panel move makes, or None when the driver cannot know it
        (then the move is not made by command)."""
        raise NotImplementedError

    def command(self, action: Action) -> Command | None:
        """The slash command for ``action``, or None when there is none."""
        raise NotImplementedError

    def pick(self, panel: Panel, rng: random.Random) -> Plan:
        """A random move among the panel's enabled controls: a button pressed, or as
        many random options as a menu takes at least."""
        control = rng.choice(panel.controls)
        if not control.menu:
            return (Step(control.payload),)
        return (Step(control.payload, tuple(rng.sample(control.values, control.min_values))),)

    def is_turn(self, panel: Panel) -> bool:
        """Whether ``panel`` offers its member a turn."""
        return bool(panel.turns(self.turnless))


def step_for(panel: Panel, *payloads: str) -> Plan | None:
    """A one-button move: the first of ``payloads`` the panel offers, else the first."""
    for payload in payloads:
        if panel.find(payload) is not None:
            return (Step(payload),)
    return (Step(payloads[0]),) if payloads else None
