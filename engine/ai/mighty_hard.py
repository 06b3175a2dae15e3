"""The ``hard`` Mighty AI player (see :mod:`engine.ai.mighty_levels`)."""

from __future__ import annotations

from engine.ai.decide import DEFAULT_SECONDS, LevelPolicy


def make_policy(seconds: float | None = DEFAULT_SECONDS) -> LevelPolicy:
    return LevelPolicy("mighty", "hard", seconds)
