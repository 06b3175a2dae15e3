"""The AI players' entry point: ``decide(game, level, view, legal, seed, budget)``.

Pure and thread-safe: a decision depends only on the seat's view, the legal actions,
the seed and (for ``hard``) the time budget; no shared state is touched, so a table may
run it in a worker thread or process. Levels: ``easy``, ``normal``, ``hard``
(:data:`engine.ai.levels.TABLE`, named by each game's ``GameDescriptor.decide``);
``policy_for(game, level)`` gives them, the game's further levels (``simple``) and
``random`` as a :class:`~engine.ai.policy.Policy`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.ai.budget import DEFAULT_WORLDS, Budget
from engine.ai.levels import LEVELS
from engine.ai.policy import Policy, RandomPolicy
from engine.game import Action
from engine.registry import game_named

DEFAULT_SECONDS: Final = 0.5
"""Default thinking time of ``hard`` per decision, in seconds (most take far less)."""


class LevelPolicy:
    """The AI player of one level for one game, as a policy (``choose(view, legal, rng)``)."""

    def __init__(
        self,
        game: str,
        level: str,
        seconds: float | None = DEFAULT_SECONDS,
        worlds: int = DEFAULT_WORLDS,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}: expected one of {', '.join(LEVELS)}")
        self._decide = game_named(game).decide
        self.level = level
        self.budget = Budget(seconds=seconds, worlds=worlds)

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return self._decide(self.level, view, legal, rng, self.budget)


def decide(
    game: str,
    level: str,
    view: Mapping[str, Any],
    legal: Sequence[Action],
    seed: int | str,
    budget: float | None = DEFAULT_SECONDS,
) -> Action:
    """One of ``legal`` for the seat whose ``view`` (``game.view(seat)``) this is.

    ``budget`` caps the thinking time in seconds (``None``: no clock, so the choice
    depends on the seed alone). Raises ``ValueError`` for an unknown game or level or
    an empty ``legal``."""
    return LevelPolicy(game, level, budget).choose(view, legal, random.Random(seed))


def policy_for(game: str, level: str = "simple", seconds: float | None = DEFAULT_SECONDS) -> Policy:
    """The AI player of ``level`` for ``game`` (``easy``, ``normal`` and ``hard`` think
    for ``seconds`` at most); ``ValueError`` for an unknown game, ``LookupError`` when
    the game has no such level."""
    info = game_named(game)
    if level in LEVELS:
        return LevelPolicy(game, level, seconds)
    if level == "random":
        return RandomPolicy()
    make = info.policies.get(level)
    if make is None:
        raise LookupError(f"there is no {level!r} AI player for {game!r}")
    return make()
