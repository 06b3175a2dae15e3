"""How long a searching AI player may think."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

DEFAULT_WORLDS: Final = 300


@dataclass(frozen=True, slots=True)
class Budget:
    """At most ``seconds`` of thinking (None: no clock, so a decision depends on its seed
    alone) and at most ``worlds`` sampled worlds per decision."""

    seconds: float | None = 0.5
    worlds: int = DEFAULT_WORLDS

    def capped(self, seconds: float) -> Budget:
        """This budget with its clock cut to at most ``seconds`` (no clock stays none)."""
        if self.seconds is None or self.seconds <= seconds:
            return self
        return Budget(seconds, self.worlds)


def rounds(budget: Budget) -> Iterator[int]:
    """Round numbers 0, 1, ... until ``budget.worlds`` rounds are done or the clock runs
    out; the first round always runs."""
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    for done in range(budget.worlds):
        if done and deadline is not None and time.perf_counter() > deadline:
            return
        yield done
