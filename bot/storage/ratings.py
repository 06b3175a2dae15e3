"""Skill ratings: a thin wrapper over openskill's Plackett-Luce model.

Why Plackett-Luce: each of our games ends in a full order of the players by
final score (several players, ties possible), which is exactly the data Plackett-Luce
models. Its choice axiom also makes the order of any subset of the players a
Plackett-Luce ranking with the same strengths, so rating the members of a game among
themselves, leaving the AI players out, is sound: AI players have no skill to track,
and counting wins over them would let anyone farm rating against bots.

A rating is a belief ``N(mu, sigma²)`` about a member's skill. The displayed figure is
the conservative ordinal ``mu − 3·sigma`` (the skill is above it with ~99.7 % odds),
shown with the interval ``mu ± 3·sigma`` it is the low end of.

Ratings are kept per server, game and season (:mod:`bot.storage.results`,
:mod:`bot.seasons`): a member's first game of a season starts from the default
:class:`Skill`, whatever their rating in earlier seasons.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce

MODEL: Final = PlackettLuce()
"""The model, with openskill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300)."""

Z: Final = 3.0
"""Standard deviations between the mean and the displayed (conservative) rating."""

MIN_RATED_GAMES: Final = 3
"""Rated games a member needs before being ranked; until then they are provisional."""


@dataclass(frozen=True, slots=True)
class Skill:
    """A member's rating: the mean and standard deviation of the skill belief, and the
    number of rated games behind it."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative rating ``mu − Z·sigma`` leaderboards rank by."""
        return self.mu - Z * self.sigma

    @property
    def spread(self) -> float:
        """Half-width ``Z·sigma`` of the interval shown around ``mu``."""
        return Z * self.sigma

    @property
    def ranked(self) -> bool:
        """Enough rated games to be ranked (else provisional)."""
        return self.games >= MIN_RATED_GAMES


def competition_ranks(values: Sequence[float]) -> list[int]:
    """Rank 1 for the highest value; equal values share a rank ("1224" ranking)."""
    order = sorted(range(len(values)), key=lambda i: -values[i])
    ranks = [0] * len(values)
    for place, i in enumerate(order):
        tied = place > 0 and values[order[place - 1]] == values[i]
        ranks[i] = ranks[order[place - 1]] if tied else place + 1
    return ranks


def rate(skills: Sequence[Skill], scores: Sequence[int]) -> list[Skill]:
    """The ratings after one game between these members, ordered by final ``scores``
    (higher is better, ties share a place). Fewer than two members: no change."""
    if len(skills) != len(scores):
        raise ValueError("one score per rated player is needed")
    if len(skills) < 2:
        return list(skills)
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    ranks = [float(r) for r in competition_ranks(scores)]
    updated = MODEL.rate(teams, ranks=ranks)
    return [
        Skill(mu=float(team[0].mu), sigma=float(team[0].sigma), games=old.games + 1)
        for team, old in zip(updated, skills, strict=True)
    ]
