"""Kachuful (Oh Hell): rules K1–K11 and variants KV1–KV8 of RULES.md."""

from engine.kachuful.actions import LOOK, Bid, Look
from engine.kachuful.config import KachufulConfig
from engine.kachuful.deal import Deal
from engine.kachuful.game import KachufulGame

__all__ = ["LOOK", "Bid", "Deal", "KachufulConfig", "KachufulGame", "Look"]
