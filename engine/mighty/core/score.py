"""The points of the declarer's side (M15): P is 20 minus the point cards the defenders
took, so buried point cards count for the declarer."""

from __future__ import annotations

from collections.abc import Sequence

from engine.mighty.rules import PLAYERS, TOTAL_POINTS


def side_points(captured: Sequence[int], declarer: int, friend: int | None) -> int:
    """P (M15) from the number of point cards captured by each seat."""
    defenders = 0
    for s in range(PLAYERS):
        if s != declarer and s != friend:
            defenders += captured[s]
    return TOTAL_POINTS - defenders
