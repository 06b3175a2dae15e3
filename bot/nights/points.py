"""The points a night gives for each game (docs/nights.md "Points").

- Only members take places: AI seats (there only to make up a table) score nothing
  and are left out of the order, as they are left out of the ratings
  (:mod:`bot.storage.ratings`).
- The ``m`` members of a finished table are ordered by their standing in the game
  (higher first; a member who left the game is last, as in the game's record). The
  member in place ``k`` (0 for the first) scores ``TOP·(m−1−k)/(m−1)``: ``TOP`` for
  the first, 0 for the last, evenly spaced between. Members tied in the game share
  the mean of the places they cover. A member alone with AI players scores
  :data:`MEAN`.
- So every table gives its members :data:`MEAN` each on average, and ``MEAN·m`` in
  all, whatever its size, its game and its ties: a place counts the same at a
  seven-player Kachuful as at a five-player Mighty, and no table is worth more to sit
  at than another.
- An abandoned table gives nothing. A member who waits out a round (a bye, when the
  numbers leave them without a seat) scores :data:`MEAN` for it once the round is
  complete: waiting neither helps nor hurts on average.

Points are exact fractions; they are shown rounded to one decimal.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from fractions import Fraction
from typing import Final

TOP: Final = 10
"""The points of the first place."""
MEAN: Final = Fraction(TOP, 2)
"""The points of a bye and of a member alone at a table, and each table's mean."""


def table_points(standing: Mapping[int, int]) -> dict[int, Fraction]:
    """The points of each member of a finished table, given each member's standing in
    the game (higher is better, equal standings tie)."""
    order = sorted(standing, key=lambda member: -standing[member])
    last = len(order) - 1
    if last <= 0:
        return dict.fromkeys(order, MEAN)
    points: dict[int, Fraction] = {}
    first = 0
    for _, tied in itertools.groupby(order, key=lambda member: standing[member]):
        group = list(tied)
        final = first + len(group) - 1
        points.update(dict.fromkeys(group, Fraction(TOP * (2 * last - first - final), 2 * last)))
        first = final + 1
    return points
