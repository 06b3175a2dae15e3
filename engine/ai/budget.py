"""How long a searching AI player may think."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

DEFAULT_WORLDS: Final = 300


@dataclass(frozen=True, slots=True)
class Budget:
    """At most ``seconds`` of thinking (None: no clock, so a decision depends on its seed
    alone) and at most ``worlds`` sampled worlds per decision."""

    seconds: float | None = 0.5
    worlds: int = DEFAULT_WORLDS
