"""The policy interface shared by every game's AI players.

A policy sees only what its seat may see: the seat's ``view`` (``Game.view(seat)``),
the legal actions and a random generator; never the full state. Every level of every
game is found by ``engine.ai.decide.policy_for(game, level)``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from engine.game import Action


class Policy(Protocol):
    """Chooses one of ``legal`` (never empty) for the seat whose ``view`` it is."""

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action: ...


class RandomPolicy:
    """Any legal action, uniformly."""

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return rng.choice(legal)
