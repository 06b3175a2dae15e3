"""A night's standings (docs/nights.md "Standings"): each member's points in each
round (:mod:`bot.nights.points`), their total, and their place. Equal totals share a
place; members are listed best first, in the order they joined on equal totals."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from bot.nights.points import MEAN, table_points
from bot.nights.state import NightState


@dataclass(frozen=True, slots=True)
class MemberStanding:
    """A member's night: their ``place`` (1 is first; shared on equal totals), total,
    points each round (None for a round they had no counted game and no bye in), games
    counted and first places (shared ones included)."""

    user_id: int
    name: str
    left: bool
    place: int
    total: Fraction
    rounds: tuple[Fraction | None, ...]
    games: int
    wins: int

    @property
    def running(self) -> tuple[Fraction, ...]:
        """The member's total after each round, for the night's chart."""
        return tuple(itertools.accumulate(p or Fraction(0) for p in self.rounds))


@dataclass(frozen=True, slots=True)
class Standings:
    """The night's members best first, and the number of rounds seated."""

    rounds: int
    members: tuple[MemberStanding, ...]

    @property
    def winners(self) -> tuple[MemberStanding, ...]:
        """The members placed first, once anyone has scored."""
        if not any(m.total for m in self.members):
            return ()
        return tuple(m for m in self.members if m.place == 1)


def standings(state: NightState) -> Standings:
    """The standings of the night so far."""
    points: dict[int, list[Fraction | None]] = {
        m.user_id: [None] * len(state.rounds) for m in state.members}
    games: Counter[int] = Counter()
    wins: Counter[int] = Counter()
    for i, played in enumerate(state.rounds):
        for table in played.tables:
            if table.result is None or table.result.status != "finished":
                continue
            standing = table.result.standing
            best = max(standing.values())
            for member, scored in table_points(standing).items():
                points[member][i] = scored
                games[member] += 1
                wins[member] += standing[member] == best
        if played.complete:
            for member in played.waiting:
                points[member][i] = MEAN
    totals = {m: sum((p for p in ps if p is not None), Fraction(0)) for m, ps in points.items()}
    order = sorted(state.members, key=lambda m: -totals[m.user_id])
    return Standings(len(state.rounds), tuple(
        MemberStanding(
            user_id=m.user_id, name=m.name, left=m.left,
            place=1 + sum(t > totals[m.user_id] for t in totals.values()),
            total=totals[m.user_id], rounds=tuple(points[m.user_id]),
            games=games[m.user_id], wins=wins[m.user_id],
        ) for m in order))
