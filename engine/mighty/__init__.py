"""Mighty for five players (RULES M1–M18): :class:`MightyGame` and its actions."""

from engine.game import Play
from engine.mighty.actions import (
    ASK_LEAD,
    DEAL_MISS,
    PASS,
    AskLead,
    Contract,
    DealMiss,
    Discard,
    FriendCall,
    MightyBid,
    NameLead,
    Pass,
)
from engine.mighty.game import MightyGame

__all__ = [
    "ASK_LEAD",
    "DEAL_MISS",
    "PASS",
    "AskLead",
    "Contract",
    "DealMiss",
    "Discard",
    "FriendCall",
    "MightyBid",
    "MightyGame",
    "NameLead",
    "Pass",
    "Play",
]
