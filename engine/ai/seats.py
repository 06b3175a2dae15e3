"""A table of AI players with one level per seat (for ``python -m engine simulate --levels``)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.ai.decide import policy_for
from engine.ai.policy import Policy
from engine.game import Action


class SeatPolicies:
    """A policy that lets each seat's own policy choose (by ``view["seat"]``)."""

    def __init__(self, policies: Sequence[Policy]) -> None:
        self.policies = list(policies)

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        policy: Policy = self.policies[int(view["seat"])]
        return policy.choose(view, legal, rng)


def seated(game: str, levels: Sequence[str], seconds: float | None = None) -> SeatPolicies:
    """One policy per seat, in seat order (``policy_for``: ``LookupError`` for an unknown
    level). ``easy``/``normal``/``hard`` think for ``seconds`` at most (None: a fixed
    number of sampled worlds, so a seed reproduces the game)."""
    return SeatPolicies([policy_for(game, lv, seconds) for lv in levels])
