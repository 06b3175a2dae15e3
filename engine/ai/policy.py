"""The policy interface shared by every game's AI players.

A policy sees only what its seat may see: the seat's ``view`` (``Game.view(seat)``),
the legal actions and a random generator; never the full state. Levels live in
modules named ``engine.ai.<game>_<level>`` (``kachuful_simple``), each defining
``make_policy() -> Policy``; the level ``random`` plays any legal action in every game.
"""

from __future__ import annotations

import importlib
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


def policy_for(game: str, level: str = "simple") -> Policy:
    """The AI player of ``level`` for ``game``; ``LookupError`` when there is none."""
    if level == "random":
        return RandomPolicy()
    module_name = f"engine.ai.{game}_{level}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        raise LookupError(f"there is no {level!r} AI player for {game!r}") from None
    policy: Policy = module.make_policy()
    return policy
