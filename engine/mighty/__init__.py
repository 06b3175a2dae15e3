"""Mighty for five players (RULES M1–M18): :class:`MightyGame` and its actions."""

from engine.game import Play
from engine.mighty.actions import (
    DEAL_MISS,
    PASS,
    Contract,
    DealMiss,
    Discard,
    FriendCall,
    MightyBid,
    Pass,
)
from engine.mighty.game import MightyGame

__all__ = [
    "DEAL_MISS",
    "PASS",
    "Contract",
    "DealMiss",
    "Discard",
    "FriendCall",
    "MightyBid",
    "MightyGame",
    "Pass",
    "Play",
]
