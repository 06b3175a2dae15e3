"""The AI players' entry point: ``decide(game, level, view, legal, seed, budget)``.

Pure and thread-safe: a decision depends only on the seat's view, the legal actions,
the seed and (for ``hard``) the time budget; no shared state is touched, so a table may
run it in a worker thread or process. Levels: ``easy``, ``normal``, ``hard``; each is
also a :class:`~engine.ai.policy.Policy` through ``policy_for(game, level)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from engine.ai.budget import DEFAULT_WORLDS, Budget
from engine.ai.kachuful_player import decide_kachuful
from engine.ai.mighty_player import decide_mighty
from engine.game import Action

LEVELS: Final = ("easy", "normal", "hard")
DEFAULT_LEVEL: Final = "normal"
DEFAULT_SECONDS: Final = 0.5
"""Default thinking time of ``hard`` per decision, in seconds (most take far less)."""

Decider = Callable[[str, Mapping[str, Any], Sequence[Action], random.Random, Budget], Action]


DECIDERS: Final[dict[str, Decider]] = {"kachuful": decide_kachuful, "mighty": decide_mighty}


def _decider(game: str) -> Decider:
    decider = DECIDERS.get(game)
    if decider is None:
        raise ValueError(f"unknown game {game!r}: expected one of {', '.join(DECIDERS)}")
    return decider


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
        self._decide = _decider(game)
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
